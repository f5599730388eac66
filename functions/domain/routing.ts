/**
 * Routing by availability, capacity and skill (docs/decisions/006-routing-by-availability-capacity-skill.md), as plain
 * rules: which agents may take a ticket, how a ticket moves its assignee's open-ticket counter, where a ticket waits
 * when nobody may take it, and when an agent's change may let the queue move. No AWS here.
 */
import {
  type Availability,
  type Priority,
  ROUTING,
  UNRESOLVED_STATUSES,
  type TicketStatus,
} from '#shared/constants.ts';
import type { AgentRouting, User } from '#shared/schemas/user.ts';

/** What routing reads of a staff member. */
export interface RoutableAgent {
  user: Pick<User, 'id' | 'role' | 'isActive' | 'availability'>;
  routing: AgentRouting;
  openTickets: number;
}

/** What routing reads of a ticket: its category and its customer's language. */
export interface RoutedTicket {
  categoryId: string;
  customerLanguage: string;
}

/** On the desk and with room: an active agent, `available`, under their cap (null: no cap). */
export function canTakeMore(agent: RoutableAgent): boolean {
  const { user, routing, openTickets } = agent;
  return (
    user.role === 'agent' &&
    user.isActive &&
    user.availability === 'available' &&
    (routing.maxOpenTickets === null || openTickets < routing.maxOpenTickets)
  );
}

/** Handles the ticket's category and language (an empty list handles all). */
export function isSkilledFor(routing: AgentRouting, ticket: RoutedTicket): boolean {
  return (
    (routing.categories.length === 0 || routing.categories.includes(ticket.categoryId)) &&
    (routing.languages.length === 0 || (routing.languages as readonly string[]).includes(ticket.customerLanguage))
  );
}

const byId = <T extends RoutableAgent>(a: T, b: T) => (a.user.id < b.user.id ? -1 : a.user.id > b.user.id ? 1 : 0);

/**
 * The agents eligible for a ticket, in round-robin order (by id): those who can take more, narrowed to the ones skilled
 * for it when any of them is. A ticket nobody is skilled for still goes to someone on the desk rather than wait.
 */
export function eligibleAgents<T extends RoutableAgent>(staff: readonly T[], ticket: RoutedTicket): T[] {
  const onDesk = staff.filter(canTakeMore).sort(byId);
  const skilled = onDesk.filter((agent) => isSkilledFor(agent.routing, ticket));
  return skilled.length ? skilled : onDesk;
}

/** The user a ticket counts against: its assignee while it is open or in progress. */
export function loadHolder(ticket: { assignedToId: string | null; status: TicketStatus } | null): string | null {
  return ticket?.assignedToId && UNRESOLVED_STATUSES.includes(ticket.status) ? ticket.assignedToId : null;
}

/** How a ticket write moves open-ticket counters: -1 for whom it leaves, +1 for whom it joins. */
export function loadDeltas(
  before: { assignedToId: string | null; status: TicketStatus } | null,
  after: { assignedToId: string | null; status: TicketStatus },
): Map<string, number> {
  const deltas = new Map<string, number>();
  const from = loadHolder(before);
  const to = loadHolder(after);
  if (from === to) return deltas;
  if (from) deltas.set(from, -1);
  if (to) deltas.set(to, 1);
  return deltas;
}

const PRIORITY_ORDER: Record<Priority, number> = { critical: 0, high: 1, medium: 2, low: 3 };

/**
 * A ticket waits in the queue while it is unresolved and nobody holds it. A restricted case never does: nothing
 * assigns it by itself; it waits, unassigned, for a compliance staff member to take it (docs/product.md §6
 * "Compliance").
 */
export const isWaiting = (ticket: {
  assignedToId: string | null;
  status: TicketStatus;
  restricted?: boolean | null;
}): boolean => !ticket.assignedToId && !ticket.restricted && UNRESOLVED_STATUSES.includes(ticket.status);

/** The queue's order: by priority, critical first, then oldest first. */
export const queueSortKey = (ticket: { priority: Priority; createdAt: string }): string =>
  `${PRIORITY_ORDER[ticket.priority]}#${ticket.createdAt}`;

/** The fields of a user item image that decide whether the change may let the queue move. */
export interface AgentImage {
  role?: string;
  isActive?: boolean;
  availability?: Availability;
  maxOpenTickets?: number | null;
  openTickets?: number;
}

const canTakeMoreImage = (image: AgentImage | undefined): boolean =>
  !!image &&
  canTakeMore({
    user: {
      id: '',
      role: (image.role ?? 'admin') as User['role'],
      isActive: image.isActive ?? false,
      availability: image.availability ?? 'available',
    },
    routing: {
      maxOpenTickets: image.maxOpenTickets ?? null,
      categories: [],
      languages: [],
    },
    openTickets: Number(image.openTickets ?? 0),
  });

/**
 * Whether a change of a user item may let a waiting ticket be assigned: the agent can take more after it and could not
 * before (became available, dropped under their cap, got a higher cap or none, was activated). Skills need not be
 * looked at: a ticket waits only while nobody at all can take more, and routing prefers skills, never requires them.
 */
export const mayFreeRoom = (before: AgentImage | undefined, after: AgentImage | undefined): boolean =>
  canTakeMoreImage(after) && !canTakeMoreImage(before);

/** The auto-away rule: an available agent quiet (no socket) since `quietSince` for the desk's minutes. */
export function isAwayByNow(
  agent: { availability: Availability; connected: boolean; quietSince: string },
  now: Date,
): boolean {
  return (
    agent.availability === 'available' &&
    !agent.connected &&
    now.getTime() - Date.parse(agent.quietSince || '1970-01-01T00:00:00Z') >= ROUTING.autoAwayMinutes * 60_000
  );
}
