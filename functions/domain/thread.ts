/**
 * A ticket's thread: the messages on it, and what a message does to the ticket. Staff write public replies and
 * internal notes in the app (a first public reply is the response: functions/domain/tickets.ts `commentOnTicket`);
 * the customer writes in by e-mail or through an upstream system, and a message of theirs reopens a ticket that was
 * resolved or closed.
 */
import type { MessageChannel } from '#shared/constants.ts';
import type { Comment } from '#shared/schemas/ticket.ts';
import type { User } from '#shared/schemas/user.ts';
import { isUnresolved } from './deadlines.ts';
import { editTicket, type TicketRecord, type Transition } from './tickets.ts';

/** A staff member's comment in the app: a public reply, or an internal note the customer never sees. */
export function staffComment(
  ticketId: number,
  author: Pick<User, 'id' | 'firstName' | 'lastName' | 'email'>,
  input: { content: string; isInternal: boolean },
  id: string,
  now: Date,
): Comment {
  return {
    id,
    ticketId,
    userId: author.id,
    authorType: 'staff',
    channel: 'web',
    comment: input.content,
    isInternal: input.isInternal,
    createdAt: now.toISOString(),
    author: { firstName: author.firstName, lastName: author.lastName, email: author.email },
    attachments: [],
  };
}

/** A message from the ticket's customer: always public, signed with the ticket's customer e-mail. */
export function customerMessage(
  ticket: Pick<TicketRecord, 'id' | 'customerEmail'>,
  content: string,
  channel: MessageChannel,
  id: string,
  receivedAt: Date,
): Comment {
  return {
    id,
    ticketId: ticket.id,
    userId: null,
    authorType: 'customer',
    channel,
    comment: content,
    isInternal: false,
    createdAt: receivedAt.toISOString(),
    author: { firstName: '', lastName: '', email: ticket.customerEmail },
    attachments: [],
  };
}

/**
 * What a customer's message does to the ticket. A resolved or closed ticket reopens to `open`, with the bookkeeping
 * of an edit to open (resolvedAt, resolutionTime and the resolution credit cleared, overdue as the deadline says
 * now); a ticket waiting on the customer stops waiting (its deadline moves by the time paused); any other ticket only shows that it moved (`updatedAt`), with nothing for the history to list.
 */
export function customerWroteIn(current: TicketRecord, now: Date): Transition {
  if (!isUnresolved(current.status)) return editTicket(current, { status: 'open' }, now);
  // The answer staff waited for: the resolution clock runs again (docs/product.md §9).
  if (current.waitingOnCustomer) return editTicket(current, { waitingOnCustomer: false }, now);
  return { ticket: { ...current, updatedAt: now.toISOString() }, changes: [] };
}
