import { type QueryClient, infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { LIST_LIMITS, type Priority, type TicketStatus, type TicketType } from '#shared/constants.ts';
import type { Category } from '#shared/schemas/category.ts';
import type { CustomerMailStatus } from '#shared/schemas/mail.ts';
import type { Comment, HistoryEntry, Ticket, TicketList } from '#shared/schemas/ticket.ts';
import type { Agent } from '#shared/schemas/user.ts';
import { api } from '../../lib/api.ts';

/** What a ticket list asks the server for (`GET /api/tickets`); filtering and search happen there. */
export interface TicketFilters {
  limit: number;
  q?: string;
  status?: TicketStatus;
  priority?: Priority;
  type?: TicketType;
  assignedToId?: string;
  /** One customer's tickets, through the byCustomer index (the customer panel). */
  customerEmail?: string;
}

export const ticketKeys = {
  all: ['tickets'] as const,
  lists: () => [...ticketKeys.all, 'list'] as const,
  list: (filters: TicketFilters) => [...ticketKeys.lists(), filters] as const,
  details: () => [...ticketKeys.all, 'detail'] as const,
  detail: (id: number) => [...ticketKeys.details(), id] as const,
  // Siblings of the detail, not children: an edit refreshes the ticket and its history, not its comments.
  comments: (id: number) => [...ticketKeys.all, 'comments', id] as const,
  history: (id: number) => [...ticketKeys.all, 'history', id] as const,
  mailStatus: (id: number) => [...ticketKeys.all, 'mail-status', id] as const,
};

/** `?limit=…&q=…` with only the filters that are set. */
export function ticketListSearch(filters: TicketFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** A ticket list, newest first, one page per `nextCursor` ("Load more"). */
export const ticketListQuery = (filters: TicketFilters) =>
  infiniteQueryOptions({
    queryKey: ticketKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get<TicketList>(`/api/tickets?${ticketListSearch(filters, pageParam)}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** The dashboard's latest tickets: the newest 10, without filters. */
export const LATEST_TICKETS: TicketFilters = { limit: LIST_LIMITS.dashboardTickets };

/**
 * A tickets screen's loader: entering the screen (or hovering a link to it) waits for its list, so it opens complete
 * and a failure shows as the route's error; a change of its own filters only starts the read, so the rows on screen
 * stay until the new ones arrive (TicketsTable) and the search box keeps its focus.
 */
export async function loadTicketList(
  queryClient: QueryClient,
  filters: TicketFilters,
  cause: 'enter' | 'stay' | 'preload',
): Promise<void> {
  const list = ticketListQuery(filters);
  if (cause === 'stay') void queryClient.prefetchInfiniteQuery(list);
  else await queryClient.ensureInfiniteQueryData(list);
}

/** How many of a customer's tickets the customer panel reads: their newest, from the byCustomer index. */
export const CUSTOMER_PANEL_LIMIT = LIST_LIMITS.fullList;

/**
 * A customer's tickets for the customer panel, newest first (`GET /api/tickets?customerEmail=`): under the lists' key,
 * so a live change refreshes it like every list.
 */
export const customerTicketsQuery = (customerEmail: string) =>
  queryOptions({
    queryKey: [...ticketKeys.lists(), 'customer', customerEmail] as const,
    queryFn: ({ signal }) =>
      api.get<TicketList>(`/api/tickets?${ticketListSearch({ customerEmail, limit: CUSTOMER_PANEL_LIMIT }, null)}`, {
        signal,
      }),
  });

/**
 * An incident's tickets, by number (`GET /api/tickets/{id}/children`; none for a ticket that is no incident): under the
 * lists' key, so a live change to any ticket refreshes it like every list (docs/product.md §2 "Incidents").
 */
export const incidentChildrenQuery = (id: number) =>
  queryOptions({
    queryKey: [...ticketKeys.lists(), 'children', id] as const,
    queryFn: ({ signal }) => api.get<Ticket[]>(`/api/tickets/${id}/children`, { signal }),
  });

/** One ticket, fresh from the server (the edit form and the detail view). */
export const ticketDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ticketKeys.detail(id),
    queryFn: ({ signal }) => api.get<Ticket>(`/api/tickets/${id}`, { signal }),
  });

/** A ticket's comments, internal notes included (staff only read this). */
export const ticketCommentsQuery = (id: number) =>
  queryOptions({
    queryKey: ticketKeys.comments(id),
    queryFn: ({ signal }) => api.get<Comment[]>(`/api/tickets/${id}/comments`, { signal }),
  });

/** Who changed what on a ticket, oldest first. */
export const ticketHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: ticketKeys.history(id),
    queryFn: ({ signal }) => api.get<HistoryEntry[]>(`/api/tickets/${id}/history`, { signal }),
  });

/** Whether e-mail reaches the ticket's customer (an address SES reported bouncing or complaining does not). */
export const ticketMailStatusQuery = (id: number) =>
  queryOptions({
    queryKey: ticketKeys.mailStatus(id),
    queryFn: ({ signal }) => api.get<CustomerMailStatus>(`/api/tickets/${id}/mail-status`, { signal }),
  });

/**
 * The categories a ticket may be filed under: active ones only (docs/product.md §4). Kept under the categories area's
 * key prefix so that Category Management's changes refresh the ticket forms too.
 */
export const activeCategoriesQuery = () =>
  queryOptions({
    queryKey: ['categories', 'list', { active: true }] as const,
    queryFn: ({ signal }) => api.get<Category[]>('/api/categories?active=true', { signal }),
  });

/** Every staff member, active or not (`GET /api/agents`: admins and managers only). */
export const staffQuery = () =>
  queryOptions({
    queryKey: ['agents', 'staff'] as const,
    queryFn: ({ signal }) => api.get<Agent[]>('/api/agents', { signal }),
  });

/** The staff a ticket can be given to: the active ones, agents first. */
export const assignableStaffQuery = () => queryOptions({ ...staffQuery(), select: activeByRoleThenName });

// Agents first: they are the ones who work tickets; admins and managers can still be chosen.
const ROLE_ORDER = { agent: 0, manager: 1, admin: 2 } as const;

function activeByRoleThenName(staff: Agent[]): Agent[] {
  const nameOf = (member: Agent) => `${member.firstName} ${member.lastName}`;
  return staff
    .filter((member) => member.isActive)
    .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || nameOf(a).localeCompare(nameOf(b)));
}
