/**
 * This tab's presence on a ticket (docs/product.md §2 "Ticket page"): `viewing` while the ticket is open, repeated every
 * PRESENCE.heartbeatMs and whenever the socket reopens; `replying` while the composer is being typed in, back to
 * `viewing` when it is emptied or after PRESENCE.idleMs without a keystroke; `left` when the ticket closes. The others
 * on the ticket are what the server last sent.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { PRESENCE } from '#shared/constants.ts';
import type { PresenceViewer } from '#shared/schemas/presence.ts';
import { usePresenceChannel } from '../alarms/AlarmProvider.tsx';

type OwnState = 'viewing' | 'replying';

export interface TicketPresence {
  /** The other people on the ticket, as the server last listed them. */
  viewers: PresenceViewer[];
  /** The composer's text changed. */
  typed(text: string): void;
}

export function useTicketPresence(ticketId: number): TicketPresence {
  const channel = usePresenceChannel();
  const [viewers, setViewers] = useState<PresenceViewer[]>([]);
  const own = useRef<{ state: OwnState; sentAt: number }>({ state: 'viewing', sentAt: 0 });
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const say = useCallback(
    (state: OwnState) => {
      own.current = { state, sentAt: Date.now() };
      channel.send({ type: 'presence', ticketId, state });
    },
    [channel, ticketId],
  );

  useEffect(() => {
    setViewers([]);
    own.current = { state: 'viewing', sentAt: 0 };
    const stopListening = channel.listen((message) => {
      if (message.ticketId === ticketId) setViewers(message.viewers);
    });
    const repeat = () => channel.send({ type: 'presence', ticketId, state: own.current.state });
    const stopOnOpen = channel.onOpen(repeat);
    repeat();
    const heartbeat = setInterval(repeat, PRESENCE.heartbeatMs);
    // A tab closed or reloaded unmounts nothing: it says so as the page goes.
    const leave = () => channel.send({ type: 'presence', ticketId, state: 'left' });
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      clearInterval(heartbeat);
      clearTimeout(idleTimer.current);
      stopListening();
      stopOnOpen();
      leave();
    };
  }, [channel, ticketId]);

  const typed = useCallback(
    (text: string) => {
      clearTimeout(idleTimer.current);
      if (!text.trim()) {
        if (own.current.state !== 'viewing') say('viewing');
        return;
      }
      // Said once, then again only now and then: the heartbeat keeps it fresh in between.
      if (own.current.state !== 'replying' || Date.now() - own.current.sentAt >= PRESENCE.throttleMs) say('replying');
      idleTimer.current = setTimeout(() => say('viewing'), PRESENCE.idleMs);
    },
    [say],
  );

  return { viewers, typed };
}
