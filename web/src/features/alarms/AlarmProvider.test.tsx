import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALARM } from '#shared/constants.ts';
import { toaster } from '../../lib/toaster-store.ts';
import {
  ALARM_BURST_MS,
  AlarmProvider,
  TICKETS_CHANGED_COALESCE_MS,
  useAlarms,
  type AlarmProviderProps,
} from './AlarmProvider.tsx';
import { fakeAudioContextClass, fakeNotificationClass, fakeWebSocketClass } from './browser-fakes.ts';
import { ASSIGNED_ALARM } from './test-alarms.ts';

const assigned = ASSIGNED_ALARM;

function Status() {
  const { status, lastAlarm } = useAlarms();
  return (
    <p>
      {status} {lastAlarm && 'ticketId' in lastAlarm.data ? lastAlarm.data.ticketId : 'none'}
    </p>
  );
}

let sockets: ReturnType<typeof fakeWebSocketClass>;
let audio: ReturnType<typeof fakeAudioContextClass>;
let notifications: ReturnType<typeof fakeNotificationClass>;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = fakeWebSocketClass();
  audio = fakeAudioContextClass();
  notifications = fakeNotificationClass('granted');
  vi.stubGlobal('WebSocket', sockets.WebSocket);
  vi.stubGlobal('AudioContext', audio.AudioContext);
  vi.stubGlobal('Notification', notifications.Notification);
});
afterEach(() => toaster.remove());

function renderProvider(props: Partial<AlarmProviderProps> = {}) {
  const onTicketsChanged = vi.fn();
  const view = render(
    <AlarmProvider userId="agent-1" onTicketsChanged={onTicketsChanged} {...props}>
      <Status />
    </AlarmProvider>,
  );
  const socket = () => sockets.instances.at(-1)!;
  act(() => socket()?.serverAccepts());
  return { ...view, onTicketsChanged, socket };
}

const receive = async (socket: { serverSends(message: unknown): void }, message: unknown) => {
  await act(async () => socket.serverSends(message));
};

describe('AlarmProvider', () => {
  it('connects for the signed-in user and subscribes to their alarms', () => {
    const { socket } = renderProvider();
    expect(socket().sent).toEqual([JSON.stringify({ type: 'subscribe', userId: 'agent-1' })]);
    expect(screen.getByText('open none')).toBeTruthy();
  });

  it('opens no socket while nobody is signed in', () => {
    renderProvider({ userId: null });
    expect(sockets.instances).toEqual([]);
    expect(screen.getByText('off none')).toBeTruthy();
  });

  it('closes the socket on sign-out and does not reconnect', () => {
    const { socket, rerender } = renderProvider();
    const first = socket();
    rerender(
      <AlarmProvider userId={null}>
        <Status />
      </AlarmProvider>,
    );
    act(() => vi.advanceTimersByTime(ALARM.reconnectMs * 2));
    expect(first.closedWith?.code).toBe(1000);
    expect(sockets.instances).toHaveLength(1);
    expect(screen.getByText('off none')).toBeTruthy();
  });

  it('shows an alarm as an 8-second toast with its product title, and plays the chosen sound', async () => {
    const { socket } = renderProvider({ preferences: { alarmSettings: { soundType: 'notification', volume: 40 } } });
    await receive(socket(), assigned);

    expect(toaster.getVisibleToasts()).toMatchObject([
      {
        title: 'New Ticket Assigned',
        description: 'TKT-000042: Withdrawal stuck (High priority)',
        duration: ALARM.toastMs,
      },
    ]);
    expect(audio.contexts[0]?.gains[0]?.gain.value).toBeCloseTo(0.4 * 0.3);
    expect(audio.contexts[0]?.oscillators.map((o) => o.type)).toEqual(['triangle', 'triangle']);
    expect(screen.getByText('open TKT-000042')).toBeTruthy();
  });

  it('shows a desktop notification that needs interaction and closes after 10 s', async () => {
    const { socket } = renderProvider();
    await receive(socket(), assigned);

    const [shown] = notifications.shown;
    expect(shown).toMatchObject({
      title: 'New Ticket Assigned',
      options: { body: 'TKT-000042: Withdrawal stuck (High priority)', requireInteraction: true },
    });
    act(() => vi.advanceTimersByTime(ALARM.desktopNotificationMs - 1));
    expect(shown?.closed).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(shown?.closed).toBe(true);
  });

  it('shows no desktop notification without permission, and no sound when sound alerts are off', async () => {
    const undecided = fakeNotificationClass('default');
    vi.stubGlobal('Notification', undecided.Notification);
    const { socket } = renderProvider({
      preferences: { alarmSettings: { soundType: 'bell', volume: 80 }, notifications: { soundAlerts: false } },
    });
    await receive(socket(), assigned);

    expect(undecided.shown).toEqual([]);
    expect(undecided.requestPermission).not.toHaveBeenCalled();
    expect(audio.contexts).toEqual([]);
    expect(toaster.getVisibleToasts()).toHaveLength(1);
  });

  it('sounds and notifies the desktop once for a burst of alarms, and toasts the latest', async () => {
    const { socket } = renderProvider();
    const oscillators = () => audio.contexts.flatMap((context) => context.oscillators).length;
    await receive(socket(), assigned);
    const oneSound = oscillators();
    expect(oneSound).toBeGreaterThan(0);

    for (const [i, code] of ['TKT-000043', 'TKT-000044'].entries()) {
      act(() => vi.advanceTimersByTime(ALARM_BURST_MS / 3));
      await receive(socket(), { ...assigned, eventId: `burst-${i}`, data: { ...assigned.data, ticketId: code } });
    }
    expect(oscillators()).toBe(oneSound);
    expect(notifications.shown).toHaveLength(1);
    expect(toaster.getVisibleToasts()).toHaveLength(1);
    expect(String(toaster.getVisibleToasts()[0]?.description)).toContain('TKT-000044');

    act(() => vi.advanceTimersByTime(ALARM_BURST_MS));
    await receive(socket(), { ...assigned, eventId: 'after-burst' });
    expect(oscillators()).toBe(2 * oneSound);
    expect(notifications.shown).toHaveLength(2);
  });

  it('presents an alarm delivered twice (a retried send) once', async () => {
    const { socket } = renderProvider();
    await receive(socket(), assigned);
    toaster.remove();
    await receive(socket(), assigned);

    expect(toaster.getVisibleToasts()).toEqual([]);
    expect(notifications.shown).toHaveLength(1);
  });

  it('reports changed tickets once for an alarm and the change notice that follows it', async () => {
    const { socket, onTicketsChanged } = renderProvider();
    await receive(socket(), assigned);
    await receive(socket(), { type: 'tickets_changed', data: { ids: [42, 43] } });
    expect(onTicketsChanged).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(TICKETS_CHANGED_COALESCE_MS));
    expect(onTicketsChanged).toHaveBeenCalledTimes(1);
    expect(onTicketsChanged).toHaveBeenCalledWith({ ticketIds: [42, 43] });
  });

  it('passes on changes heard during a refresh once that refresh has ended, without starting another meanwhile', async () => {
    let endRefresh = () => {};
    const onTicketsChanged = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          endRefresh = resolve;
        }),
    );
    const { socket } = renderProvider({ onTicketsChanged });
    await receive(socket(), { type: 'tickets_changed', data: { ids: [1] } });
    act(() => vi.advanceTimersByTime(TICKETS_CHANGED_COALESCE_MS));
    expect(onTicketsChanged).toHaveBeenCalledTimes(1);

    await receive(socket(), { type: 'tickets_changed', data: { ids: [2] } });
    await receive(socket(), { type: 'tickets_changed', data: { ids: [3, 2] } });
    act(() => vi.advanceTimersByTime(10 * TICKETS_CHANGED_COALESCE_MS));
    expect(onTicketsChanged).toHaveBeenCalledTimes(1);

    await act(async () => endRefresh());
    act(() => vi.advanceTimersByTime(TICKETS_CHANGED_COALESCE_MS));
    expect(onTicketsChanged).toHaveBeenCalledTimes(2);
    expect(onTicketsChanged).toHaveBeenLastCalledWith({ ticketIds: [2, 3] });
  });

  it('reconnects 5 s after the socket drops and subscribes again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ id: 'agent-1' }), { status: 200 })),
    );
    const { socket } = renderProvider();
    act(() => socket().serverDrops());
    expect(screen.getByText('closed none')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(ALARM.reconnectMs));
    expect(sockets.instances).toHaveLength(2);
    act(() => socket().serverAccepts());
    expect(socket().sent).toEqual([JSON.stringify({ type: 'subscribe', userId: 'agent-1' })]);
  });

  it('reports that tickets may have changed once it is connected again, since nothing was heard meanwhile', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ id: 'agent-1' }), { status: 200 })),
    );
    const { socket, onTicketsChanged } = renderProvider();
    act(() => vi.advanceTimersByTime(TICKETS_CHANGED_COALESCE_MS));
    expect(onTicketsChanged).not.toHaveBeenCalled();

    act(() => socket().serverDrops());
    await act(() => vi.advanceTimersByTimeAsync(ALARM.reconnectMs));
    act(() => socket().serverAccepts());
    act(() => vi.advanceTimersByTime(TICKETS_CHANGED_COALESCE_MS));
    expect(onTicketsChanged).toHaveBeenCalledWith({ ticketIds: [] });
  });
});
