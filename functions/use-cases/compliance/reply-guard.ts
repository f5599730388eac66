/**
 * The reply guard (docs/decisions/099-reply-guard.md; docs/product.md "Held replies"): what a public reply is checked
 * against, and the compliance users' side of it: the held replies they release or return, and the terms they edit.
 * Every decision is audited in the transaction that makes it.
 */
import type {
  GuardTerms,
  GuardTermsInput,
  HeldReply,
  Hold,
  ReturnHeldReplyInput,
} from '#shared/schemas/reply-guard.ts';
import { GUARD_TERM_LIMITS } from '#shared/schemas/reply-guard.ts';
import type { Comment } from '#shared/schemas/ticket.ts';
import { auditEntryItem, recordAudit } from '../../data/audit.ts';
import {
  getGuardTerms,
  guardTermsPut,
  heldReplyRemoval,
  heldReplyReturn,
  listHeldReplies,
} from '../../data/held-replies.ts';
import { recentDeskSettings } from '../../data/settings.ts';
import { requireTicket } from '../../data/tickets/item.ts';
import { commentPut, findComment } from '../../data/tickets/thread.ts';
import { writeTicketChange } from '../../data/tickets/writes.ts';
import { auditActorOf, clientAddressOf } from '../../domain/audit.ts';
import { type Caller, staffActor } from '../../domain/caller.ts';
import { assertCompliance } from '../../domain/permissions.ts';
import { defaultGuardTerms, type GuardPolicy, isUsableTerm } from '../../domain/reply-guard.ts';
import { commentOnTicket, displayName, ticketCode } from '../../domain/tickets.ts';
import { ownLinkHosts } from '../../lib/config.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { retryWhileStale } from '../tickets/common.ts';

/**
 * guardPolicy: what a public reply is checked against now: the terms (read each time, so a saved term holds from the
 * next reply), the allowed link hosts (the settings as request paths read them, at most 15 s old), the desk's own hosts.
 */
export async function guardPolicy(): Promise<GuardPolicy> {
  const [stored, settings] = await Promise.all([getGuardTerms(), recentDeskSettings()]);
  return {
    terms: stored?.terms ?? defaultGuardTerms(),
    allowedLinkHosts: settings.replies.allowedLinkHosts,
    ownHosts: ownLinkHosts(),
  };
}

/** readGuardTerms: compliance users only; the list as saved, or the defaults until it is first saved. */
export async function readGuardTerms(caller: Caller): Promise<GuardTerms> {
  assertCompliance(caller);
  const stored = await getGuardTerms();
  return stored
    ? { terms: stored.terms, isDefault: false, updatedAt: stored.updatedAt }
    : { terms: defaultGuardTerms(), isDefault: true, updatedAt: null };
}

/**
 * saveGuardTerms: compliance users only; replaces the list whole (each term once, ignoring case; every term one the
 * guard can match), audited `guard_terms_changed` with what was added and removed.
 */
export async function saveGuardTerms(caller: Caller, input: GuardTermsInput, now = new Date()): Promise<GuardTerms> {
  assertCompliance(caller);
  const terms: string[] = [];
  for (const term of input.terms) {
    if (!isUsableTerm(term)) {
      throw new ValidationError({
        code: 'validation.guard.termUnusable',
        params: { term, min: GUARD_TERM_LIMITS.prefixMin },
      });
    }
    if (!terms.some((t) => t.toLowerCase() === term.toLowerCase())) terms.push(term);
  }
  const before = (await getGuardTerms())?.terms ?? defaultGuardTerms();
  const added = terms.filter((t) => !before.includes(t));
  const removed = before.filter((t) => !terms.includes(t));
  await recordAudit(
    {
      action: 'guard_terms_changed',
      actor: auditActorOf(caller),
      target: { type: 'settings', id: 'guard-terms', name: 'Reply guard terms' },
      details: `${terms.length} terms; added: ${added.join(', ') || '—'}; removed: ${removed.join(', ') || '—'}`,
      clientAddress: clientAddressOf(caller),
      at: now,
    },
    [guardTermsPut(terms, now)],
  );
  return { terms, isDefault: false, updatedAt: now.toISOString() };
}

const authorName = (comment: Comment) => (comment.author ? displayName(comment.author) : '');

/** listHeld: compliance users only; the replies waiting for a decision, newest first, at most GUARD_TERM_LIMITS.listMax. */
export async function listHeld(caller: Caller): Promise<HeldReply[]> {
  assertCompliance(caller);
  const comments = await listHeldReplies(GUARD_TERM_LIMITS.listMax);
  return comments.flatMap((comment) =>
    comment.hold?.state === 'held'
      ? [
          {
            ticketId: comment.ticketId,
            ticketCode: ticketCode(comment.ticketId),
            commentId: comment.id,
            author: { id: comment.userId, name: authorName(comment) },
            text: comment.comment,
            reasons: comment.hold.reasons,
            heldAt: comment.hold.heldAt,
          },
        ]
      : [],
  );
}

/** The held reply named, or 404; the state is checked by the write (409 when decided already). */
async function requireHeld(ticketId: number, commentId: string): Promise<Comment & { hold: Hold }> {
  const comment = await findComment(ticketId, commentId);
  if (!comment?.hold) throw new NotFoundError('error.guard.heldNotFound');
  return comment as Comment & { hold: Hold };
}

/**
 * releaseHeldReply: compliance users only; the held note becomes the public reply it was meant to be, exactly once:
 * in one transaction the note is deleted (only while still held, else 409) and the reply written under the same id at
 * the time of release, with the ticket's change (a first response is recorded now), a history entry and the audit
 * entry `reply_released`. The stream sends it to the customer as any reply (and to an incident's tickets when it was
 * meant for them).
 */
export async function releaseHeldReply(
  caller: Caller,
  ticketId: number,
  commentId: string,
  now = new Date(),
): Promise<Comment> {
  const reviewer = assertCompliance(caller);
  const held = await requireHeld(ticketId, commentId);
  const { held: _held, hold, ...rest } = held;
  const { toChildren, ...decided } = hold;
  const reply: Comment = {
    ...rest,
    isInternal: false,
    createdAt: now.toISOString(),
    ...(toChildren ? { toChildren: true } : {}),
    hold: {
      ...decided,
      state: 'released',
      decidedBy: { id: reviewer.id, name: displayName(reviewer) },
      decidedAt: now.toISOString(),
    },
  };
  await retryWhileStale(async () => {
    const current = await requireTicket(ticketId);
    await writeTicketChange(current, commentOnTicket(current, reply, now), {
      actor: staffActor(reviewer),
      action: 'commented',
      extra: [
        heldReplyRemoval(held),
        commentPut(reply),
        auditEntryItem({
          action: 'reply_released',
          actor: auditActorOf(caller),
          target: { type: 'ticket', id: String(ticketId), name: ticketCode(ticketId) },
          details: `comment ${commentId}; held for: ${hold.reasons.map((r) => r.value).join(', ')}`,
          clientAddress: clientAddressOf(caller),
          at: now,
        }),
      ],
      now,
    });
  });
  return reply;
}

/**
 * returnHeldReply: compliance users only; the reply stays an internal note, marked returned with the reviewer's note
 * (which its author reads on the thread), off the list; only while still held (409), audited `reply_returned`.
 */
export async function returnHeldReply(
  caller: Caller,
  ticketId: number,
  commentId: string,
  input: ReturnHeldReplyInput,
  now = new Date(),
): Promise<Comment> {
  const reviewer = assertCompliance(caller);
  const held = await requireHeld(ticketId, commentId);
  const hold: Hold = {
    ...held.hold,
    state: 'returned',
    decidedBy: { id: reviewer.id, name: displayName(reviewer) },
    decidedAt: now.toISOString(),
    note: input.note,
  };
  await recordAudit(
    {
      action: 'reply_returned',
      actor: auditActorOf(caller),
      target: { type: 'ticket', id: String(ticketId), name: ticketCode(ticketId) },
      details: `comment ${commentId}; note: ${input.note}`,
      clientAddress: clientAddressOf(caller),
      at: now,
    },
    [heldReplyReturn(held, hold)],
  );
  return { ...held, hold };
}
