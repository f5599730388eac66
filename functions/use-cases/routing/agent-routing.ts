/**
 * Capacity and skills (docs/product.md §2 "Agent Management", docs/decisions/006): admins and managers set each agent's
 * cap on open tickets and the categories and customer languages they handle; every change is in the audit log, in
 * the same transaction. And the routing queue, which managers watch.
 */
import type { Ticket } from '#shared/schemas/ticket.ts';
import type { AgentRouting, StaffMember } from '#shared/schemas/user.ts';
import { recordAudit } from '../../data/audit.ts';
import { listCategories } from '../../data/categories.ts';
import { listWaitingTickets } from '../../data/tickets/queue.ts';
import { getStaffRecord, routingWrite } from '../../data/users.ts';
import { auditActorOf, clientAddressOf, describeChanges } from '../../domain/audit.ts';
import type { Caller } from '../../domain/caller.ts';
import { assertAccess, ROUTING_ACCESS } from '../../domain/permissions.ts';
import { toApiTicket } from '../../domain/tickets.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { visibleTickets } from '../tickets/common.ts';

/** The most waiting tickets the queue panel lists. */
const QUEUE_LIST_LIMIT = 100;

const listed = (values: readonly unknown[]) => (values.length ? values.join(', ') : 'all');

/**
 * setAgentRouting: admins and managers; an agent's cap, categories (existing ones) and languages, replaced whole.
 * A lower cap takes no ticket away: the agent gets no new one until they are under it.
 */
export async function setAgentRouting(
  caller: Caller,
  id: string,
  routing: AgentRouting,
  now = new Date(),
): Promise<Pick<StaffMember, 'id' | 'routing' | 'openTickets'>> {
  assertAccess(caller, ROUTING_ACCESS.manage);
  const record = await getStaffRecord(id);
  if (!record) throw new NotFoundError('error.staff.notFound');
  const known = new Set((await listCategories()).map((category) => category.id));
  if (routing.categories.some((categoryId) => !known.has(categoryId))) {
    throw new ValidationError('error.routing.unknownCategory', { categories: 'error.routing.unknownCategory' });
  }
  const before = record.routing;
  await recordAudit(
    {
      action: 'user_routing_changed',
      actor: auditActorOf(caller),
      target: { type: 'user', id, name: record.user.email },
      details: describeChanges({
        maxOpenTickets: [before.maxOpenTickets ?? 'none', routing.maxOpenTickets ?? 'none'],
        categories: [listed(before.categories), listed(routing.categories)],
        languages: [listed(before.languages), listed(routing.languages)],
      }),
      clientAddress: clientAddressOf(caller),
      at: now,
    },
    [routingWrite(id, routing, now)],
  );
  return { id, routing, openTickets: record.openTickets };
}

/** listRoutingQueue: admins and managers; the tickets waiting for an agent, in the order they will be assigned. */
export async function listRoutingQueue(caller: Caller): Promise<Ticket[]> {
  assertAccess(caller, ROUTING_ACCESS.manage);
  // A restricted case never waits in the queue (functions/domain/routing.ts isWaiting); one stored before that rule is
  // still left out for whoever may not see it.
  return visibleTickets(caller, await listWaitingTickets(QUEUE_LIST_LIMIT)).tickets.map(toApiTicket);
}
