/**
 * What several ticket use cases share: the retry of a read-decide-write that found the ticket changed, and the
 * lookups that turn a request's names and ids into an active category or an eligible assignee.
 */
import type { Category } from '#shared/schemas/category.ts';
import type { TicketAssignee } from '#shared/schemas/ticket.ts';
import type { User } from '#shared/schemas/user.ts';
import { getCategoryByName } from '../../data/categories.ts';
import { DEFAULT_RETRY, type RetryOptions, withRetries } from '../../data/transactions.ts';
import { getUser } from '../../data/users.ts';
import { canBeAssigned } from '../../domain/permissions.ts';
import { ticketRefusals } from '../../domain/tickets.ts';

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
