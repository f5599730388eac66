/**
 * Reading tickets: lists, the overdue list, one ticket and its history. Staff and `tickets:read` keys alike.
 */
import { LIST_LIMITS } from '#shared/constants.ts';
import type { HistoryEntry, ListTicketsQuery } from '#shared/schemas/ticket.ts';
import { listOverdueTickets } from '../../data/tickets/deadlines.ts';
import { requireTicket } from '../../data/tickets/item.ts';
import { listTickets } from '../../data/tickets/queries.ts';
import { listHistory } from '../../data/tickets/thread.ts';
import type { Caller } from '../../domain/caller.ts';
import { assertAccess, TICKET_ACCESS } from '../../domain/permissions.ts';
import type { TicketRecord } from '../../domain/tickets.ts';

/** findTickets: one page of tickets matching the filters, newest first, and the cursor of the next. */
export async function findTickets(
  caller: Caller,
  query: ListTicketsQuery,
): Promise<{ tickets: TicketRecord[]; nextCursor: string | null }> {
  assertAccess(caller, TICKET_ACCESS.read);
  const { limit, cursor, ...filters } = query;
  return listTickets(filters, limit, cursor);
}

/** findOverdueTickets: unresolved tickets past their deadline, earliest deadline first, at most a full list. */
export async function findOverdueTickets(caller: Caller, now = new Date()): Promise<TicketRecord[]> {
  assertAccess(caller, TICKET_ACCESS.read);
  return listOverdueTickets(now, LIST_LIMITS.fullList);
}

/** readTicket: one ticket (404 when there is none). */
export async function readTicket(caller: Caller, id: number): Promise<TicketRecord> {
  assertAccess(caller, TICKET_ACCESS.read);
  return requireTicket(id);
}

/** readHistory: what happened to a ticket, oldest first (404 for an unknown ticket). */
export async function readHistory(caller: Caller, id: number): Promise<HistoryEntry[]> {
  assertAccess(caller, TICKET_ACCESS.read);
  return listHistory(id);
}
