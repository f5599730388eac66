/**
 * The alarm socket (docs/product.md §7 "WebSocket"): `/ws` on the page's own host, subscribed to the signed-in user's
 * alarms once open, reopened ALARM.reconnectMs after any close until it is closed on purpose.
 */
import { ALARM } from '#shared/constants.ts';
import { parseServerMessage, type SocketMessage } from './server-messages.ts';

export type AlarmSocketStatus = 'connecting' | 'open' | 'closed';

/**
 * API Gateway closes a WebSocket that carries nothing for 10 minutes. Repeating the (idempotent) subscription
 * well within that keeps a quiet connection open, so that no alarm is lost in a reconnect gap.
 */
export const KEEP_ALIVE_MS = 5 * 60_000;

/** `WebSocket.OPEN`, as a number: test fakes of the socket need not carry the constants. */
const OPEN = 1;

export interface AlarmSocketOptions {
  userId: string;
  onMessage: (message: SocketMessage) => void;
  onStatusChange?: (status: AlarmSocketStatus) => void;
  /**
   * Runs before each reconnect. The socket cannot refresh the session cookie itself, so the caller can make an
   * API call here that does; failures are logged and the reconnect goes ahead.
   */
  beforeReconnect?: () => Promise<unknown>;
  /** Defaults to `/ws` on the page's host, `wss:` when the page is served over https. */
  url?: string;
  /** The browser's WebSocket unless given (tests pass a fake). */
  WebSocketImpl?: typeof WebSocket;
}

export interface AlarmSocketHandle {
  /** Sends a message if the socket is open; false when it is not (the caller repeats it later, as presence does). */
  send(message: unknown): boolean;
  /** Closes the socket for good (sign-out): no reconnect follows. */
  close(): void;
}

/** `/ws` on the page's own origin. */
export function alarmSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/** Opens the alarm socket and keeps it open until `close()`. */
export function connectAlarmSocket(options: AlarmSocketOptions): AlarmSocketHandle {
  const { userId, onMessage, onStatusChange, beforeReconnect } = options;
  const url = options.url ?? alarmSocketUrl();
  const Impl = options.WebSocketImpl ?? globalThis.WebSocket;
  const subscribe = JSON.stringify({ type: 'subscribe', userId });
  let socket: WebSocket | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let keepAliveTimer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;

  const scheduleReconnect = () => {
    if (stopped) return;
    reconnectTimer = setTimeout(async () => {
      try {
        await beforeReconnect?.();
      } catch (error) {
        console.warn('Alarm socket: could not refresh the session before reconnecting', error);
      }
      open();
    }, ALARM.reconnectMs);
  };

  const open = () => {
    if (stopped) return;
    onStatusChange?.('connecting');
    let ws: WebSocket;
    try {
      ws = new Impl(url);
    } catch (error) {
      console.error('Alarm socket: could not connect', error);
      onStatusChange?.('closed');
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      ws.send(subscribe);
      keepAliveTimer = setInterval(() => ws.send(subscribe), KEEP_ALIVE_MS);
      onStatusChange?.('open');
    };
    ws.onmessage = (event: MessageEvent) => {
      const message = parseServerMessage(event.data);
      if (message) onMessage(message);
      else console.error('Alarm socket: unrecognised message', event.data);
    };
    ws.onerror = (event) => console.error('Alarm socket error', event);
    ws.onclose = () => {
      clearInterval(keepAliveTimer);
      socket = undefined;
      onStatusChange?.('closed');
      scheduleReconnect();
    };
  };

  open();
  return {
    send(message) {
      if (socket?.readyState !== OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    close() {
      stopped = true;
      clearTimeout(reconnectTimer);
      clearInterval(keepAliveTimer);
      if (socket) {
        // Nothing of this socket may reach the caller any more: it is being torn down.
        socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
        socket.close(1000, 'Signed out');
        socket = undefined;
      }
    },
  };
}
