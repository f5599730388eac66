import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALARM } from '#shared/constants.ts';
import type { SocketMessage } from './server-messages.ts';
import { KEEP_ALIVE_MS, alarmSocketUrl, connectAlarmSocket, type AlarmSocketOptions } from './alarm-socket.ts';
import { fakeWebSocketClass } from './browser-fakes.ts';

const subscribe = JSON.stringify({ type: 'subscribe', userId: 'agent-1' });

function connect(overrides: Partial<AlarmSocketOptions> = {}) {
  const fake = fakeWebSocketClass();
  const received: SocketMessage[] = [];
  const statuses: string[] = [];
  const handle = connectAlarmSocket({
    userId: 'agent-1',
    url: 'ws://app.test/ws',
    WebSocketImpl: fake.WebSocket,
    onMessage: (message) => received.push(message),
    onStatusChange: (status) => statuses.push(status),
    ...overrides,
  });
  return { ...fake, handle, received, statuses, socket: () => fake.instances.at(-1)! };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.useRealTimers());

describe('the alarm socket', () => {
  it('sends the subscription for the signed-in user once the socket opens, not before', () => {
    const { socket, statuses } = connect();
    expect(socket().url).toBe('ws://app.test/ws');
    expect(socket().sent).toEqual([]);

    socket().serverAccepts();

    expect(socket().sent).toEqual([subscribe]);
    expect(statuses).toEqual(['connecting', 'open']);
  });

  it('sends presence only while the socket is open', () => {
    const { handle, socket } = connect();
    const viewing = { type: 'presence', ticketId: 7, state: 'viewing' };
    expect(handle.send(viewing)).toBe(false);
    socket().serverAccepts();
    expect(handle.send(viewing)).toBe(true);
    expect(socket().sent).toEqual([subscribe, JSON.stringify(viewing)]);
  });

  it('reconnects 5 s after the socket closes, and subscribes again', async () => {
    const { instances, socket } = connect();
    socket().serverAccepts();
    socket().serverDrops();

    await vi.advanceTimersByTimeAsync(ALARM.reconnectMs - 1);
    expect(instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(instances).toHaveLength(2);

    socket().serverAccepts();
    expect(socket().sent).toEqual([subscribe]);
  });

  it('keeps trying every 5 s while the server refuses the socket', async () => {
    const { instances, socket } = connect();
    for (let attempt = 1; attempt <= 3; attempt++) {
      socket().serverDrops();
      await vi.advanceTimersByTimeAsync(ALARM.reconnectMs);
    }
    expect(instances).toHaveLength(4);
  });

  it('refreshes the session before each reconnect, and reconnects even when that fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const beforeReconnect = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(null);
    const { instances, socket } = connect({ beforeReconnect });
    expect(beforeReconnect).not.toHaveBeenCalled();

    socket().serverDrops();
    await vi.advanceTimersByTimeAsync(ALARM.reconnectMs);
    expect(beforeReconnect).toHaveBeenCalledTimes(1);
    expect(instances).toHaveLength(2);
  });

  it('closes for good on sign-out: no reconnect, and nothing more reaches the caller', async () => {
    const { instances, socket, handle, statuses } = connect();
    socket().serverAccepts();
    const first = socket();

    handle.close();
    first.serverDrops();
    await vi.advanceTimersByTimeAsync(ALARM.reconnectMs * 3);

    expect(first.closedWith).toEqual({ code: 1000, reason: 'Signed out' });
    expect(instances).toHaveLength(1);
    expect(statuses).toEqual(['connecting', 'open']);
  });

  it('passes messages on and logs frames it cannot read', () => {
    const { socket, received } = connect();
    socket().serverAccepts();
    const notice = { type: 'tickets_changed', data: { ids: [3] } };

    socket().serverSends('not json');
    socket().serverSends(notice);

    expect(received).toEqual([notice]);
    expect(console.error).toHaveBeenCalledWith('Alarm socket: unrecognised message', 'not json');
  });

  it('repeats the subscription every 5 minutes so that a quiet socket is not closed as idle', async () => {
    const { socket } = connect();
    socket().serverAccepts();
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_MS * 2);
    expect(socket().sent).toEqual([subscribe, subscribe, subscribe]);
  });
});

describe('alarmSocketUrl', () => {
  it.each([
    ['http:', 'localhost:3000', 'ws://localhost:3000/ws'],
    ['https:', 'help.example.com', 'wss://help.example.com/ws'],
  ])('on a %s page at %s is %s', (protocol, host, url) => {
    expect(alarmSocketUrl({ protocol, host })).toBe(url);
  });
});
