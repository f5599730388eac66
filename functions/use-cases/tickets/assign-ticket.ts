/**
 * Assigning a ticket (docs/product.md §6): admins and managers give a ticket to any active staff member.
 */
import { ROLES } from '#shared/constants.ts';
import { writeTicketChange } from '../../data/tickets/writes.ts';
import { actorOf, type Caller } from '../../domain/caller.ts';
import { assertAccess, mayHoldRestricted, TICKET_ACCESS } from '../../domain/permissions.ts';
import { assignTicket as assignTransition, type TicketRecord, ticketRefusals } from '../../domain/tickets.ts';
import { asAssignee, eligibleAssignee, requireVisibleTicket, retryWhileStale } from './common.ts';

/**
 * assignTicket: only to an active staff member (checked again inside the write), only over the version read;
 * assigning a ticket to its current assignee changes nothing.
 */
export async function assignTicket(
  caller: Caller,
  id: number,
  assigneeId: string,
  now = new Date(),
): Promise<TicketRecord> {
  assertAccess(caller, TICKET_ACCESS.assign);
  const assignee = await eligibleAssignee(assigneeId, 'agentId');
  return retryWhileStale(async () => {
    const current = await requireVisibleTicket(caller, id);
    // A restricted case goes only to compliance staff (docs/product.md §6 "Compliance").
    if (current.restricted && !mayHoldRestricted(assignee)) throw ticketRefusals.assigneeNotCompliance('agentId');
    const transition = assignTransition(current, asAssignee(assignee), now);
    if (transition.changes.length === 0) return current;
    return writeTicketChange(current, transition, {
      actor: actorOf(caller),
      action: 'assigned',
      // A manager's choice: their availability and cap are the manager's to weigh (docs/decisions/006).
      assignee: {
        userId: assignee.id,
        guard: { roles: ROLES, onFailed: () => ticketRefusals.inactiveAssignee('agentId') },
      },
      now,
    });
  });
}
