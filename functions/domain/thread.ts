/**
 * A ticket's thread: the messages on it, as plain values. Who wrote a message decides what it does to the ticket:
 * functions/domain/tickets.ts `commentOnTicket` for staff.
 */
import type { Comment } from '#shared/schemas/ticket.ts';
import type { User } from '#shared/schemas/user.ts';

/** A staff member's comment: a public reply, or an internal note the customer never sees. */
export function staffComment(
  ticketId: number,
  author: User,
  input: { content: string; isInternal: boolean },
  id: string,
  now: Date,
): Comment {
  return {
    id,
    ticketId,
    userId: author.id,
    comment: input.content,
    isInternal: input.isInternal,
    createdAt: now.toISOString(),
    author: { firstName: author.firstName, lastName: author.lastName, email: author.email },
  };
}
