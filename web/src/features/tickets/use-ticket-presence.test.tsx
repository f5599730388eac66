import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PRESENCE } from '#shared/constants.ts';
import { AlarmProvider } from '../alarms/AlarmProvider.tsx';
import { fakeAudioContextClass, fakeNotificationClass, fakeWebSocketClass } from '../alarms/browser-fakes.ts';
import { useTicketPresence } from './use-ticket-presence.ts';

let sockets: ReturnType<typeof fakeWebSocketClass>;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = fakeWebSocketClass();
  vi.stubGlobal('WebSocket', sockets.WebSocket);
  vi.stubGlobal('AudioContext', fakeAudioContextClass().AudioContext);
  vi.stubGlobal('Notification', fakeNotificationClass('granted').Notification);
});

let typed: (text: string) => void = () => {};

function OnTicket({ ticketId }: { ticketId: number }) {
  const presence = useTicketPresence(ticketId);
  typed = presence.typed;
  return <p>{presence.viewers.map((viewer) => `${viewer.firstName}:${viewer.state}`).join(',')}</p>;
}

const app = (open: boolean) => <AlarmProvider userId="agent-1">{open && <OnTicket ticketId={42} />}</AlarmProvider>;

function renderOnTicket() {
  const view = render(app(true));
  /** The ticket closes; the signed-in app (and its socket) stays. */
  const close = () => view.rerender(app(false));
  const socket = () => sockets.instances.at(-1)!;
  act(() => socket().serverAccepts());
  /** The presence messages sent so far. */
  const said = () =>
    socket()
      .sent.map((frame) => JSON.parse(frame) as { type: string; state?: string })
      .filter((message) => message.type === 'presence')
      .map((message) => message.state);
  return { ...view, socket, said, close };
}

describe('useTicketPresence', () => {
  it('says viewing once the socket opens, again every heartbeat, and left when the ticket closes', async () => {
    const { said, close } = renderOnTicket();
    expect(said()).toEqual(['viewing']);
    await act(() => vi.advanceTimersByTimeAsync(PRESENCE.heartbeatMs));
    expect(said()).toEqual(['viewing', 'viewing']);
    close();
    expect(said()).toEqual(['viewing', 'viewing', 'left']);
  });

  it('says replying while typed in, viewing when emptied or after 5 s without a keystroke', async () => {
    const { said } = renderOnTicket();
    act(() => typed('H'));
    act(() => typed('He'));
    expect(said()).toEqual(['viewing', 'replying']);
    act(() => typed(''));
    expect(said()).toEqual(['viewing', 'replying', 'viewing']);

    act(() => typed('Hello'));
    await act(() => vi.advanceTimersByTimeAsync(PRESENCE.idleMs - 1));
    expect(said().at(-1)).toBe('replying');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(said().at(-1)).toBe('viewing');
  });

  it('shows the others the server lists for this ticket only', async () => {
    const { socket } = renderOnTicket();
    const viewers = [{ userId: 'u-2', firstName: 'Priya', lastName: 'Nair', state: 'replying' }];
    await act(async () => socket().serverSends({ type: 'presence', ticketId: 7, viewers }));
    expect(screen.queryByText('Priya:replying')).toBeNull();
    await act(async () => socket().serverSends({ type: 'presence', ticketId: 42, viewers }));
    expect(screen.getByText('Priya:replying')).toBeTruthy();
  });
});
