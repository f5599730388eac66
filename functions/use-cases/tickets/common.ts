/**
 * What several ticket use cases share: the retry of a read-decide-write that found the ticket changed, the read of a
 * ticket as the caller may see it, and the lookups that turn a request's names and ids into an active category or an
 * eligible assignee.
 */
import type { Category } from '#shared/schemas/category.ts';
import type { TicketAssignee } from '#shared/schemas/ticket.ts';
import type { User } from '#shared/schemas/user.ts';
import { getCategoryByName } from '../../data/categories.ts';
import { DEFAULT_RETRY, type RetryOptions, withRetries } from '../../data/transactions.ts';
import { requireTicket } from '../../data/tickets/item.ts';
import { getUser } from '../../data/users.ts';
import type { Caller } from '../../domain/caller.ts';
import { canBeAssigned, canSeeTicket } from '../../domain/permissions.ts';
import { type TicketRecord, ticketRefusals } from '../../domain/tickets.ts';

/**
 * Runs one read-decide-write of a ticket until it writes over the version it read: a StaleReadError means someone
 * changed the ticket meanwhile, so `work` reads and decides again (jittered backoff, bounded, then 409).
 */
export function retryWhileStale<T>(
  work: () => Promise<T>,
  options: Omit<RetryOptions, 'exhausted'> = DEFAULT_RETRY,
): Promise<T> {
  return withRetries({ ...options, exhausted: ticketRefusals.busy }, work);
}

/**
 * requireVisibleTicket: one ticket by id as `caller` may see it: a restricted case is a 404 to anyone without the
 * compliance permission, exactly as a missing ticket (docs/product.md §6 "Compliance"). Use cases call it where they
 * read the ticket anyway, so the check costs no read of its own.
 */
export async function requireVisibleTicket(caller: Caller, id: number): Promise<TicketRecord> {
  return assertVisible(caller, await requireTicket(id));
}

/** The ticket, if `caller` may see it; else the 404 of a missing ticket. */
export function assertVisible(caller: Caller, ticket: TicketRecord): TicketRecord {
  if (!canSeeTicket(caller, ticket)) throw ticketRefusals.notFound();
  return ticket;
}

/** Only the tickets `caller` may see, and how many were left out (restricted cases hidden from them). */
export function visibleTickets(caller: Caller, tickets: TicketRecord[]): { tickets: TicketRecord[]; hidden: number } {
  const visible = tickets.filter((ticket) => canSeeTicket(caller, ticket));
  return { tickets: visible, hidden: tickets.length - visible.length };
}

/** A category name resolved to an active category, or the form's "unknown category" refusal (400). */
export async function activeCategoryNamed(name: string): Promise<Category> {
  const category = await getCategoryByName(name);
  if (!category?.isActive) throw ticketRefusals.unknownCategory();
  return category;
}

/** An assignee id resolved to an active staff member, or a 400 on `field`. */
export async function eligibleAssignee(userId: string, field: 'assignedToId' | 'agentId'): Promise<User> {
  const user = await getUser(userId);
  if (!user || !canBeAssigned(user)) throw ticketRefusals.inactiveAssignee(field);
  return user;
}

/** The copy of a staff member a ticket keeps as its assignee. */
export const asAssignee = (user: User): TicketAssignee => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
});
