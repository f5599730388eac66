/**
 * Incidents (docs/product.md, "Incidents"): a parent ticket stands for one outage, and the customers' tickets about it
 * are its children. The rules of linking, without storage; functions/use-cases/tickets/incidents.ts applies them.
 * One level only: a child is never a parent, and a parent is never a child.
 */
import type { User } from '#shared/schemas/user.ts';
import { ConflictError, ForbiddenError, ValidationError } from '../lib/errors.ts';
import { canEditTicket } from './permissions.ts';
import type { TicketRecord, Transition } from './tickets.ts';
import { ticketCode } from '#shared/format.ts';

/** Most children one incident holds: an exchange outage brings hundreds of tickets in an hour. */
export const INCIDENT_MAX_CHILDREN = 1_000;

export const incidentRefusals = {
  ownParent: () => new ValidationError('error.incident.ownParent', { parentId: 'error.incident.ownParent' }),
  editDenied: () => new ForbiddenError('error.ticket.editDenied'),
  parentIsChild: () => new ConflictError('error.incident.parentIsChild'),
  childIsParent: () => new ConflictError('error.incident.childIsParent'),
  merged: () => new ConflictError('error.incident.merged'),
  full: () => new ConflictError({ code: 'error.incident.full', params: { max: INCIDENT_MAX_CHILDREN } }),
  notLinked: () => new ConflictError('error.incident.notLinked'),
};

/**
 * assertLinkable: the caller may edit the child (admins and managers any ticket, an agent their own), the parent is
 * another ticket that is not itself a child, and neither was merged away. Whether the child has children of its own
 * is checked in the write (its incident item), as is the parent's state at that moment.
 */
export function assertLinkable(user: User, child: TicketRecord, parent: TicketRecord): void {
  if (child.id === parent.id) throw incidentRefusals.ownParent();
  if (!canEditTicket(user, child)) throw incidentRefusals.editDenied();
  if (parent.parentId) throw incidentRefusals.parentIsChild();
  if (child.mergedIntoId || parent.mergedIntoId) throw incidentRefusals.merged();
}

/** The child once linked to `parent` (moved from its previous incident, if it had one). */
export function linkedChild(current: TicketRecord, parent: Pick<TicketRecord, 'id'>, now: Date): Transition {
  if (current.parentId === parent.id) return { ticket: current, changes: [] };
  return {
    ticket: { ...current, parentId: parent.id, updatedAt: now.toISOString() },
    changes: [
      { field: 'parent', from: current.parentId ? ticketCode(current.parentId) : null, to: ticketCode(parent.id) },
    ],
  };
}

/** The child once it is no longer part of its incident. */
export function unlinkedChild(current: TicketRecord, now: Date): Transition {
  if (!current.parentId) throw incidentRefusals.notLinked();
  return {
    ticket: { ...current, parentId: null, updatedAt: now.toISOString() },
    changes: [{ field: 'parent', from: ticketCode(current.parentId), to: null }],
  };
}
