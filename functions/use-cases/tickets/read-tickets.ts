/**
 * Reading tickets: lists, the overdue list, one ticket and its history. Staff and `tickets:read` keys alike.
 */
import { LIST_LIMITS } from '#shared/constants.ts';
import type { HistoryEntry, ListTicketsQuery } from '#shared/schemas/ticket.ts';
import { listOverdueTickets } from '../../data/tickets/deadlines.ts';
import { getTicket } from '../../data/tickets/item.ts';
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
import { requireVisibleTicket, visibleTickets } from './common.ts';

interface TicketPage {
  tickets: TicketRecord[];
  nextCursor: string | null;
}

/** A page as the caller may see it; `restrictedCount` (one customer's list only) says how many were left out. */
interface VisiblePage extends TicketPage {
  restrictedCount?: number;
}

/**
 * findTickets: one page of tickets matching the filters, newest first, and the cursor of the next. The search text
 * `q` is a ticket code (that ticket, by key), a customer's whole e-mail address (their tickets, by index), or words
 * (the term index: docs/decisions/090-search-by-term-index.md); each finds tickets of any age on the first page.
 */
export async function findTickets(caller: Caller, query: ListTicketsQuery): Promise<VisiblePage> {
  assertAccess(caller, TICKET_ACCESS.read);
  const page = await findPage(query);
  // Restricted cases leave the page after the query (docs/product.md §6 "Compliance"): a page may hold fewer than
  // `limit` and still have a next one. Only the customer panel's list (one customer) says how many it left out.
  const { tickets, hidden } = visibleTickets(caller, page.tickets);
  const oneCustomer = query.customerEmail !== undefined || (query.q !== undefined && isEmailAddress(query.q));
  return { tickets, nextCursor: page.nextCursor, ...(oneCustomer ? { restrictedCount: hidden } : {}) };
}

/** One page of tickets matching the query, as stored: every ticket, restricted or not. */
async function findPage(query: ListTicketsQuery): Promise<TicketPage> {
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
  return visibleTickets(caller, await listOverdueTickets(now, LIST_LIMITS.fullList)).tickets;
}

/** readTicket: one ticket (404 when there is none). */
export async function readTicket(caller: Caller, id: number): Promise<TicketRecord> {
  assertAccess(caller, TICKET_ACCESS.read);
  const ticket = await requireVisibleTicket(caller, id);
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
  return listHistory(id, (ticketId) => requireVisibleTicket(caller, ticketId));
}
