/**
 * Keeping the term index of word search (docs/decisions/090-search-by-term-index.md) in step with the tickets, one
 * stream change at a time: a ticket whose subject or description changed (or that is new) is indexed under its
 * text's terms now; a new public message (never an internal note) adds its terms to its ticket's.
 */
import { keys, PREFIX, ticketIdOfKey } from '../../data/table.ts';
import {
  indexPublicMessage,
  indexTicketText,
  saveBackfillPosition,
  ticketsToBackfill,
} from '../../data/search-index.ts';
import { listComments } from '../../data/tickets/thread.ts';
import { getTicket } from '../../data/tickets/item.ts';
import type { StreamChange } from '../../domain/outbound.ts';

/** indexChange: what one committed change means for the term index; anything but tickets and messages is ignored. */
export async function indexChange(change: StreamChange): Promise<void> {
  const ticketId = ticketIdOfKey(change.pk);
  const { before, after } = change;
  if (ticketId === undefined || !after) return;
  if (change.sk === keys.ticket(ticketId).sk) {
    if (before?.subject === after.subject && before?.description === after.description) return;
    await indexTicketText({
      id: ticketId,
      createdAt: String(after.createdAt),
      version: Number(after.version),
      subject: String(after.subject),
      description: String(after.description ?? ''),
    });
    return;
  }
  const newPublicMessage = change.eventName === 'INSERT' && change.sk.startsWith(PREFIX.comment) && !after.isInternal;
  if (!newPublicMessage) return;
  const ticket = await getTicket(ticketId);
  if (ticket) await indexPublicMessage(ticket, String(after.comment ?? ''));
}

/**
 * backfillSearchIndex: indexes up to `max` tickets written before the indexer (their texts and public messages),
 * oldest first from where the last run stopped; `done` once every ticket has been through it.
 */
export async function backfillSearchIndex(max: number): Promise<{ indexed: number; done: boolean }> {
  const { tickets, next, done } = await ticketsToBackfill(max);
  for (const ticket of tickets) {
    await indexTicketText(ticket);
    for (const message of await listComments(ticket.id))
      if (!message.isInternal) await indexPublicMessage(ticket, message.comment);
  }
  if (tickets.length > 0 || done) await saveBackfillPosition(next);
  return { indexed: tickets.length, done };
}
