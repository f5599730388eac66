/**
 * The alarm service of a signed-in user (docs/product.md §2 "Real-time alarms"): mounted in the signed-in layout, it keeps
 * the alarm socket open while a user id is given and closes it when the id goes (sign-out). Every alarm is
 * presented (sound, toast, desktop notification); every ticket change, by alarm or change notice, is passed on so
 * that lists and dashboard figures refresh without a reload.
 */
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { AlarmMessage } from '#shared/schemas/alarm.ts';
import type { PresenceClientMessage, PresenceMessage } from '#shared/schemas/presence.ts';
import { api } from '../../lib/api.ts';
import { unlockAudioOnFirstInteraction } from './alarm-sound.ts';
import { connectAlarmSocket, type AlarmSocketStatus } from './alarm-socket.ts';
import { DEFAULT_ALARM_PREFERENCES, presentAlarm, type AlarmPreferences, type OpenTicket } from './present-alarm.ts';
import type { SocketMessage } from './server-messages.ts';

/**
 * Ticket changes are passed on at most this often, and never while the last ones are still being read: an alarm and
 * the change notice of the same change are one.
 */
export const TICKETS_CHANGED_COALESCE_MS = 300;
/**
 * An alarm that arrives this soon after the last one that sounded only shows its toast: a burst of alarms (a bulk
 * change, an incident's tickets) sounds and notifies the desktop once, and the toast on screen is the latest.
 */
export const ALARM_BURST_MS = 3_000;
/** Event ids remembered to drop a redelivered alarm (docs/decisions/020-alarm-delivery.md). */
const REMEMBERED_EVENTS = 200;

export interface TicketsChanged {
  /** Numeric ids of the tickets that changed; empty after a reconnect, when what changed meanwhile is unknown. */
  ticketIds: number[];
}

export interface AlarmState {
  /** `off` while nobody is signed in. */
  status: AlarmSocketStatus | 'off';
  lastAlarm: AlarmMessage | null;
}

const AlarmContext = createContext<AlarmState>({ status: 'off', lastAlarm: null });

/** The alarm socket's status and the last alarm received. */
export function useAlarms(): AlarmState {
  return useContext(AlarmContext);
}

/**
 * Presence over the same socket (docs/product.md §2 "Ticket page"): what this tab says about the ticket it shows, and
 * the lists of the others the server sends back.
 */
export interface PresenceChannel {
  /** Sends the message if the socket is open; false otherwise (the next heartbeat repeats it). */
  send(message: PresenceClientMessage): boolean;
  /** Calls `listener` with every presence list received; returns the unsubscribe. */
  listen(listener: (message: PresenceMessage) => void): () => void;
  /** Calls `listener` each time the socket (re)opens; returns the unsubscribe. */
  onOpen(listener: () => void): () => void;
}

/** Without a socket (signed out, component tests) nothing is sent and nothing heard. */
const NO_PRESENCE: PresenceChannel = { send: () => false, listen: () => () => {}, onOpen: () => () => {} };

const PresenceContext = createContext<PresenceChannel>(NO_PRESENCE);

/** The presence channel of the signed-in user's socket. */
export function usePresenceChannel(): PresenceChannel {
  return useContext(PresenceContext);
}

export interface AlarmProviderProps {
  /** The signed-in user's id; null or undefined keeps (or puts) the socket closed. */
  userId: string | null | undefined;
  /** The user's settings once loaded (`GET /api/user/settings`); the defaults until then. */
  preferences?: AlarmPreferences;
  /**
   * Tickets changed: invalidate the ticket lists and dashboard queries. The promise it may return ends when the
   * screens have read again; changes heard until then are passed on together afterwards.
   */
  onTicketsChanged?: (change: TicketsChanged) => Promise<unknown> | undefined;
  /** Every alarm received, after it was presented. */
  onAlarm?: (alarm: AlarmMessage) => void;
  /** Opens a ticket's page: an alarm's toast offers it, and a click on its desktop notification does it. */
  onOpenTicket?: OpenTicket;
  children?: ReactNode;
}

/** Runs the alarm service for `userId` and offers its state to `useAlarms`. */
export function AlarmProvider({
  userId,
  preferences,
  onTicketsChanged,
  onAlarm,
  onOpenTicket,
  children,
}: AlarmProviderProps) {
  const [state, setState] = useState<AlarmState>({ status: 'off', lastAlarm: null });
  // The socket lives as long as the user id; the latest props are read through this ref, not reconnected on.
  const latest = useRef({ preferences, onTicketsChanged, onAlarm, onOpenTicket });
  latest.current = { preferences, onTicketsChanged, onAlarm, onOpenTicket };
  const socketRef = useRef<{ send(message: unknown): boolean } | null>(null);
  const presence = useMemo(() => {
    const listeners = new Set<(message: PresenceMessage) => void>();
    const openListeners = new Set<() => void>();
    const channel: PresenceChannel & { heard(message: PresenceMessage): void; opened(): void } = {
      send: (message) => socketRef.current?.send(message) ?? false,
      listen(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      onOpen(listener) {
        openListeners.add(listener);
        return () => openListeners.delete(listener);
      },
      heard: (message) => {
        for (const listener of listeners) listener(message);
      },
      opened: () => {
        for (const listener of openListeners) listener();
      },
    };
    return channel;
  }, []);

  useEffect(() => {
    if (!userId) return;
    const seenEvents = new Set<string>();
    let soundedAt = Number.NEGATIVE_INFINITY;
    let pendingIds = new Set<number>();
    let changePending = false;
    let refreshing = false;
    let stopped = false;
    let flushTimer: ReturnType<typeof setTimeout> | undefined;

    // One refresh at a time: a change heard while the screens are still reading the last one waits for that read to
    // end instead of aborting it, so a burst of changes (an import, a bulk change) on a slow server still ends with
    // every list on screen read, once more, after the last change.
    const flush = () => {
      flushTimer = undefined;
      const ticketIds = [...pendingIds];
      pendingIds = new Set();
      changePending = false;
      refreshing = true;
      void Promise.resolve(latest.current.onTicketsChanged?.({ ticketIds }))
        .catch(() => undefined)
        .finally(() => {
          refreshing = false;
          if (changePending && !stopped) schedule();
        });
    };
    const schedule = () => {
      flushTimer ??= setTimeout(flush, TICKETS_CHANGED_COALESCE_MS);
    };
    const ticketsChanged = (ids: number[]) => {
      for (const id of ids) pendingIds.add(id);
      changePending = true;
      if (!refreshing) schedule();
    };

    const received = (message: SocketMessage) => {
      if ('type' in message) {
        if (message.type === 'presence') presence.heard(message);
        else ticketsChanged(message.data.ids);
        return;
      }
      if (message.eventId) {
        if (seenEvents.has(message.eventId)) return;
        seenEvents.add(message.eventId);
        if (seenEvents.size > REMEMBERED_EVENTS) seenEvents.delete(seenEvents.values().next().value!);
      }
      const open = latest.current.onOpenTicket;
      const now = Date.now();
      const quiet = now - soundedAt < ALARM_BURST_MS;
      if (!quiet) soundedAt = now;
      presentAlarm(message, latest.current.preferences ?? DEFAULT_ALARM_PREFERENCES, open, { quiet });
      setState((s) => ({ ...s, lastAlarm: message }));
      if ('ticketId' in message.data && message.data.id !== undefined) ticketsChanged([message.data.id]);
      latest.current.onAlarm?.(message);
    };

    let wasOpen = false;
    const statusChanged = (status: AlarmSocketStatus) => {
      setState((s) => ({ ...s, status }));
      if (status !== 'open') return;
      presence.opened();
      // Changes made while the socket was down sent nothing here: whatever is on screen may be out of date.
      if (wasOpen) ticketsChanged([]);
      wasOpen = true;
    };

    const stopUnlocking = unlockAudioOnFirstInteraction();
    const socket = connectAlarmSocket({
      userId,
      onMessage: received,
      onStatusChange: statusChanged,
      // Any API call refreshes an expired access token, which the socket's upgrade needs.
      beforeReconnect: () => api.getOrNullWhenSignedOut('/api/auth/user'),
    });
    socketRef.current = socket;
    return () => {
      socketRef.current = null;
      socket.close();
      stopUnlocking();
      stopped = true;
      clearTimeout(flushTimer);
      setState({ status: 'off', lastAlarm: null });
    };
  }, [userId, presence]);

  return (
    <AlarmContext.Provider value={state}>
      <PresenceContext.Provider value={presence}>{children}</PresenceContext.Provider>
    </AlarmContext.Provider>
  );
}
