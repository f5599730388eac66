/**
 * Merging one ticket into another (docs/product.md, "Merge"; docs/decisions/092-merge-copies-the-thread.md): who may,
 * what the source becomes (closed, pointing at the target), and how its messages join the target's thread. Pure rules;
 * functions/use-cases/tickets/merge-tickets.ts applies them.
 */
import { stableId } from './stable-id.ts';
import type { Comment } from '#shared/schemas/ticket.ts';
import type { User } from '#shared/schemas/user.ts';
import { ConflictError, ForbiddenError, ValidationError } from '../lib/errors.ts';
import { editTicket, type TicketRecord, type Transition } from './tickets.ts';

const MANAGERS: readonly User['role'][] = ['admin', 'manager'];

export const mergeRefusals = {
  intoItself: () =>
    new ValidationError('error.ticket.mergeIntoItself', { intoTicketId: 'error.ticket.mergeIntoItself' }),
  denied: () => new ForbiddenError('error.ticket.mergeDenied'),
  alreadyMerged: () => new ConflictError('error.ticket.alreadyMerged'),
  targetMerged: () => new ConflictError('error.ticket.mergeTargetMerged'),
  differentCustomer: () => new ConflictError('error.ticket.mergeDifferentCustomer'),
  differentCustomerDenied: () => new ForbiddenError('error.ticket.mergeDifferentCustomerDenied'),
};

/**
 * assertMergeable: admins and managers merge any two tickets; an agent only two tickets both assigned to them. Two
 * customers' tickets merge only when an admin or a manager says so (`allowDifferentCustomer`). A merged ticket is
 * neither merged again nor merged into.
 */
export function assertMergeable(
  user: Pick<User, 'id' | 'role'>,
  source: TicketRecord,
  target: TicketRecord,
  allowDifferentCustomer: boolean,
): void {
  if (source.id === target.id) throw mergeRefusals.intoItself();
  const manages = MANAGERS.includes(user.role);
  if (!manages && (source.assignedToId !== user.id || target.assignedToId !== user.id)) throw mergeRefusals.denied();
  if (source.mergedIntoId) throw mergeRefusals.alreadyMerged();
  if (target.mergedIntoId) throw mergeRefusals.targetMerged();
  if (source.customerEmail !== target.customerEmail) {
    if (!allowDifferentCustomer) throw mergeRefusals.differentCustomer();
    if (!manages) throw mergeRefusals.differentCustomerDenied();
  }
}

/** The source after the merge: closed (with a closing's bookkeeping when it was open) and pointing at the target. */
export function mergedSource(
  current: TicketRecord,
  target: Pick<TicketRecord, 'id' | 'ticketId'>,
  now: Date,
): Transition {
  const closed = editTicket(current, { status: 'closed' }, now);
  return {
    ticket: { ...closed.ticket, mergedIntoId: target.id, updatedAt: now.toISOString() },
    changes: [...closed.changes, { field: 'mergedInto', from: null, to: target.ticketId }],
  };
}

/**
 * A source message as it joins the target's thread: when and by whom it was written, unchanged, with where it was first
 * written (`mergedFrom`), which the thread shows beside it.
 */
export function mergedCopy(comment: Comment, targetId: number): Comment {
  // Sent to an incident's tickets once, where it was written: the copy goes nowhere.
  const { toChildren: _sent, ...copied } = comment;
  return {
    ...copied,
    id: stableId('merged', targetId, comment.ticketId, comment.id),
    ticketId: targetId,
    mergedFrom: comment.mergedFrom ?? { ticketId: comment.ticketId, commentId: comment.id },
  };
}
