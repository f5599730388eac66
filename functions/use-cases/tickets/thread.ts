/**
 * A ticket's thread: staff replies and internal notes, and reading them.
 */
import { randomUUID } from 'node:crypto';
import type { Comment, CreateCommentInput } from '#shared/schemas/ticket.ts';
import { requireTicket } from '../../data/tickets/item.ts';
import { commentPut, listComments } from '../../data/tickets/thread.ts';
import { writeTicketChange } from '../../data/tickets/writes.ts';
import { type Caller, staffActor } from '../../domain/caller.ts';
import { assertAccess, staffMember, TICKET_ACCESS } from '../../domain/permissions.ts';
import { staffComment } from '../../domain/thread.ts';
import { commentOnTicket } from '../../domain/tickets.ts';
import { retryWhileStale } from './common.ts';

/**
 * addStaffComment: a public reply (isInternal false) or an internal note, with its history entry, only on an
 * existing ticket; the first reply the customer sees records the ticket's response time (over the version read).
 */
export async function addStaffComment(
  caller: Caller,
  ticketId: number,
  input: CreateCommentInput,
  now = new Date(),
): Promise<Comment> {
  const author = staffMember(caller, TICKET_ACCESS.comment);
  const comment = staffComment(ticketId, author, input, randomUUID(), now);
  await retryWhileStale(async () => {
    const current = await requireTicket(ticketId);
    return writeTicketChange(current, commentOnTicket(current, input, now), {
      actor: staffActor(author),
      action: 'commented',
      extra: [commentPut(comment)],
      now,
    });
  });
  return comment;
}

/** readComments: a ticket's comments, oldest first; internal notes are for staff only (404 for an unknown ticket). */
export async function readComments(caller: Caller, ticketId: number): Promise<Comment[]> {
  assertAccess(caller, TICKET_ACCESS.read);
  const comments = await listComments(ticketId);
  // Internal notes are for staff; an upstream system may show what it reads to the customer.
  return caller.kind === 'apiKey' ? comments.filter((c) => !c.isInternal) : comments;
}
