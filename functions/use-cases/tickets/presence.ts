/**
 * Who else is on a ticket (docs/product.md §7 "WebSocket", docs/data-model.md P1-P4). A staff connection says it is
 * viewing a ticket, replying on it, or has left it; each connection on the ticket is sent the people there besides its
 * own user. Heartbeats that change nothing are answered to their sender only (its list, with anyone gone quiet left
 * out); a new entry, a changed state or a departure goes to everyone on the ticket.
 */
import type { PresenceClientMessage, PresenceMessage, PresenceViewer } from '#shared/schemas/presence.ts';
import { trackPresenceTicket } from '../../data/connections.ts';
import {
  deletePresence,
  isPresent,
  listPresence,
  namePresence,
  notePresence,
  type PresenceEntry,
} from '../../data/presence.ts';
import { getStaffRecord } from '../../data/users.ts';
import { logger } from '../../lib/logger.ts';
import { postFrames } from '../../outbound/ws-send.ts';

/** Sends in flight at once; a ticket has a handful of people on it. */
const SEND_CONCURRENCY = 10;

/** Whose socket sent the message: the connection and the user the authorizer admitted. */
export interface PresenceSender {
  connectionId: string;
  userId: string;
}

/**
 * The others on a ticket as one user sees them: each person once (`replying` from any of their tabs wins), their own
 * entries left out, ordered by name. Entries not yet named (their first message is being recorded) wait a beat.
 */
export function viewersFor(userId: string, entries: readonly PresenceEntry[]): PresenceViewer[] {
  const byUser = new Map<string, PresenceViewer>();
  for (const entry of entries) {
    if (entry.userId === userId || entry.firstName === undefined || entry.lastName === undefined) continue;
    const known = byUser.get(entry.userId);
    if (known?.state === 'replying') continue;
    byUser.set(entry.userId, {
      userId: entry.userId,
      firstName: entry.firstName,
      lastName: entry.lastName,
      state: entry.state,
    });
  }
  return [...byUser.values()].sort(
    (a, b) => a.firstName.localeCompare(b.firstName) || a.lastName.localeCompare(b.lastName),
  );
}

/** Sends each recipient its list of the ticket's others; an entry whose socket is gone (410) is removed. */
async function sendLists(
  ticketId: number,
  entries: readonly PresenceEntry[],
  recipients: readonly PresenceEntry[],
): Promise<void> {
  const frames = recipients.map((recipient) => {
    const message: PresenceMessage = { type: 'presence', ticketId, viewers: viewersFor(recipient.userId, entries) };
    return { connectionId: recipient.connectionId, body: JSON.stringify(message) };
  });
  const outcomes = await postFrames(frames, SEND_CONCURRENCY);
  await Promise.all(
    outcomes.map((outcome) => {
      if (outcome.status === 'gone') return deletePresence(ticketId, outcome.connectionId);
      if (outcome.status === 'failed') {
        logger.warn('Presence frame not delivered', { connectionId: outcome.connectionId, error: outcome.error });
      }
      return undefined;
    }),
  );
}

/**
 * updatePresence: records what the sender's connection is doing on the ticket and tells whoever should hear of it.
 * False when the sender is no active staff member (any more): nothing is recorded then.
 */
export async function updatePresence(
  sender: PresenceSender,
  message: PresenceClientMessage,
  now = new Date(),
): Promise<boolean> {
  const { connectionId, userId } = sender;
  const { ticketId, state } = message;
  if (state === 'left') {
    await Promise.all([leaveTicket(connectionId, ticketId, now), trackPresenceTicket(connectionId, ticketId, false)]);
    return true;
  }
  const before = await notePresence(ticketId, connectionId, userId, state, now);
  const isNew = before?.firstName === undefined;
  if (isNew) {
    // The first message of this connection on the ticket: its author's name goes on the entry, once.
    const record = await getStaffRecord(userId);
    if (!record?.user.isActive) {
      await deletePresence(ticketId, connectionId);
      return false;
    }
    const { firstName, lastName } = record.user;
    await Promise.all([
      namePresence(ticketId, connectionId, { firstName, lastName }),
      trackPresenceTicket(connectionId, ticketId, true),
    ]);
  }
  const changed = isNew || !before || !isPresent(before, now) || before.state !== state;
  const entries = await listPresence(ticketId, now);
  await sendLists(
    ticketId,
    entries,
    entries.filter((entry) => changed || entry.connectionId === connectionId),
  );
  return true;
}

/** The connection left the ticket: its entry goes, and the others there get their lists without it. */
async function leaveTicket(connectionId: string, ticketId: number, now: Date): Promise<void> {
  const gone = await deletePresence(ticketId, connectionId);
  if (!gone || !isPresent(gone, now)) return;
  const entries = await listPresence(ticketId, now);
  await sendLists(ticketId, entries, entries);
}

/** leaveTickets: a closed connection (`$disconnect`) leaves every ticket it was on. */
export async function leaveTickets(
  connectionId: string,
  ticketIds: readonly number[],
  now = new Date(),
): Promise<void> {
  await Promise.all(ticketIds.map((ticketId) => leaveTicket(connectionId, ticketId, now)));
}
