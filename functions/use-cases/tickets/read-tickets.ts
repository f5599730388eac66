/**
 * Reading tickets: lists, the overdue list, one ticket and its history. Staff and `tickets:read` keys alike.
 */
import { LIST_LIMITS } from '#shared/constants.ts';
import type { HistoryEntry, ListTicketsQuery } from '#shared/schemas/ticket.ts';
import { listOverdueTickets } from '../../data/tickets/deadlines.ts';
import { getTicket, requireTicket } from '../../data/tickets/item.ts';
import { listTickets, type TicketFilters } from '../../data/tickets/queries.ts';
import { searchTickets } from '../../data/tickets/search.ts';
import { listHistory } from '../../data/tickets/thread.ts';
import type { Caller } from '../../domain/caller.ts';
import { assertAccess, TICKET_ACCESS } from '../../domain/permissions.ts';
import { ticketNumberOfCode } from '#shared/format.ts';
import { isEmailAddress, wordQuery } from '../../domain/search-terms.ts';
import type { TicketRecord } from '../../domain/tickets.ts';
import { withCurrentAttachments } from './attachments.ts';
import { noteTicketView } from '../insider-risk/access-watch.ts';

interface TicketPage {
  tickets: TicketRecord[];
  nextCursor: string | null;
}

/**
 * findTickets: one page of tickets matching the filters, newest first, and the cursor of the next. The search text
 * `q` is a ticket code (that ticket, by key), a customer's whole e-mail address (their tickets, by index), or words
 * (the term index: docs/decisions/090-search-by-term-index.md); each finds tickets of any age on the first page.
 */
export async function findTickets(caller: Caller, query: ListTicketsQuery): Promise<TicketPage> {
  assertAccess(caller, TICKET_ACCESS.read);
  const { limit, cursor, q, ...filters } = query;
  if (!q) return listTickets(filters, limit, cursor);
  const ticketNumber = ticketNumberOfCode(q);
  if (ticketNumber !== undefined) return findByCode(ticketNumber, filters);
  if (isEmailAddress(q)) {
    const customerEmail = q.trim();
    if (filters.customerEmail && filters.customerEmail !== customerEmail) return { tickets: [], nextCursor: null };
    return listTickets({ ...filters, customerEmail }, limit, cursor);
  }
  const words = wordQuery(q);
  return words ? searchTickets(filters, words, limit, cursor) : listTickets(filters, limit, cursor);
}

/** The ticket of a code, when it exists and passes the other filters. */
async function findByCode(id: number, filters: TicketFilters): Promise<TicketPage> {
  const ticket = await getTicket(id);
  const passes =
    ticket &&
    Object.entries(filters).every(
      ([field, value]) => value === undefined || ticket[field as keyof TicketFilters] === value,
    );
  return { tickets: passes ? [ticket] : [], nextCursor: null };
}

/** findOverdueTickets: unresolved tickets past their deadline, earliest deadline first, at most a full list. */
export async function findOverdueTickets(caller: Caller, now = new Date()): Promise<TicketRecord[]> {
  assertAccess(caller, TICKET_ACCESS.read);
  return listOverdueTickets(now, LIST_LIMITS.fullList);
}

/** readTicket: one ticket (404 when there is none). */
export async function readTicket(caller: Caller, id: number): Promise<TicketRecord> {
  assertAccess(caller, TICKET_ACCESS.read);
  const ticket = await requireTicket(id);
  // A staff member opening a ticket is recorded and counted (docs/decisions/097-insider-risk-alerts.md).
  await noteTicketView(caller, ticket);
  if (!ticket.attachments?.length) return ticket;
  // The opening e-mail's files with their state now (scanned, removed), as a thread's are.
  const [now] = await withCurrentAttachments(id, [{ attachments: ticket.attachments }]);
  return { ...ticket, attachments: now!.attachments };
}

/** readHistory: what happened to a ticket, oldest first (404 for an unknown ticket). */
export async function readHistory(caller: Caller, id: number): Promise<HistoryEntry[]> {
  assertAccess(caller, TICKET_ACCESS.read);
  return listHistory(id);
}
