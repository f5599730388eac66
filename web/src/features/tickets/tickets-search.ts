/**
 * The search params of the tickets lists: the URL holds their filters, so a filtered list survives a reload and
 * back/forward and can be sent as a link. Parsed by hand, not with zod: route options (unlike route components) are
 * part of the initial bundle, and even `zod/mini` would add about 5 KB gzip to a budget with less than that to spare.
 */
import {
  LIST_LIMITS,
  PRIORITIES,
  type Priority,
  TICKET_SEARCH_MAX,
  TICKET_STATUSES,
  TICKET_TYPES,
  type TicketStatus,
  type TicketType,
} from '#shared/constants.ts';
import type { TicketFilters } from './queries.ts';

/** Staff ids are UUIDs; anything much longer is not one. */
const MAX_ID_LENGTH = 100;

/** What the search box and the status and priority selects of a tickets list set. */
export interface ListFilters {
  /** Search text, as the server reads it: a ticket code, a customer's e-mail address or words. */
  q?: string;
  status?: TicketStatus;
  priority?: Priority;
}

/**
 * All Tickets: the list filters, the type (how tickets came in), `assignedToId` (one person's tickets: Agent
 * Management and My tickets link here) and `ticket`, a ticket opened over the list (earlier notification e-mails link here).
 */
export interface TicketsSearch extends ListFilters {
  type?: TicketType;
  assignedToId?: string;
  ticket?: number;
}

/**
 * Keeps the usable filters and drops anything else, so a mangled link shows the unfiltered list, not an error page.
 * Every key is returned, an unusable one as undefined: the router merges this result over the raw params, so a bad
 * value has to be overwritten, not left out.
 */
export function parseListFilters(search: Record<string, unknown>): ListFilters {
  return {
    q: searchText(search.q),
    status: oneOf(TICKET_STATUSES, search.status),
    priority: oneOf(PRIORITIES, search.priority),
  };
}

/** All Tickets' search params: the list filters, the type, the assignee and the ticket opened over the list. */
export function parseTicketsSearch(search: Record<string, unknown>): TicketsSearch {
  // The router's default parser reads `?assignedToId=42` as a number; ids are strings.
  const id = typeof search.assignedToId === 'string' ? search.assignedToId.trim() : '';
  const ticket = Number(search.ticket);
  return {
    ...parseListFilters(search),
    type: oneOf(TICKET_TYPES, search.type),
    assignedToId: id && id.length <= MAX_ID_LENGTH ? id : undefined,
    ticket: Number.isSafeInteger(ticket) && ticket > 0 ? ticket : undefined,
  };
}

/** What All Tickets asks the server for: up to 100 tickets matching its search params. */
export function allTicketsFilters({ q, status, priority, type, assignedToId }: TicketsSearch): TicketFilters {
  return { limit: LIST_LIMITS.fullList, q, status, priority, type, assignedToId };
}

/** What Direct Tickets asks the server for: up to 100 direct tickets matching its search params. */
export function directTicketsFilters({ q, status, priority }: ListFilters): TicketFilters {
  return { limit: LIST_LIMITS.fullList, type: 'direct', q, status, priority };
}

/**
 * Search text as the server accepts it: trimmed, at most TICKET_SEARCH_MAX characters; empty is none. The router's
 * default parser turns `?q=42` into a number, which is still text to search for.
 */
function searchText(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  return text && text.length <= TICKET_SEARCH_MAX ? text : undefined;
}

function oneOf<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  return allowed.find((candidate) => candidate === value);
}
