/**
 * A ticket's thread (docs/data-model.md, T8, T9 and T18): staff replies and internal notes from the app, messages
 * from the customer (by e-mail or through an upstream system), and reading them whole or a page at a time. Each
 * message is written in one transaction with the ticket change it causes and its history entry.
 */
import { randomUUID } from 'node:crypto';
import {
  type Comment,
  type CreateCommentInput,
  type CustomerMessageInput,
  customerMessageSchema,
  type MailNote,
  type PostMessageInput,
  type FieldChange,
  type ThreadPage,
  type ThreadQuery,
  threadQuerySchema,
} from '#shared/schemas/ticket.ts';
import { idempotencyScope } from '../../data/table.ts';
import { getIdempotencyRecord, idempotencyClaim } from '../../data/tickets/idempotency.ts';
import type { PublicMessage, PublicThreadPage } from '#shared/schemas/webhook.ts';
import type { RedactionKind } from '#shared/redaction.ts';
import { requireTicket } from '../../data/tickets/item.ts';
import { getMacro, macroUse } from '../../data/macros.ts';
import { commentPut, listComments, listThread } from '../../data/tickets/thread.ts';
import { writeTicketChange } from '../../data/tickets/writes.ts';
import type { GuardedItem } from '../../data/transactions.ts';
import { type Caller, customerActor, staffActor } from '../../domain/caller.ts';
import { assertUsable, renderMacro } from '../../domain/macros.ts';
import { holdReasons } from '../../domain/reply-guard.ts';
import { assertAccess, canEditTicket, staffMember, TICKET_ACCESS } from '../../domain/permissions.ts';
import { redactFields, redactionChanges } from '../../domain/redaction.ts';
import { customerMessage, customerWroteIn, staffComment } from '../../domain/thread.ts';
import { commentOnTicket, ticketCode } from '../../domain/tickets.ts';
import { auditEntryItem } from '../../data/audit.ts';
import { heldReplyPut } from '../../data/held-replies.ts';
import { auditActorOf, clientAddressOf } from '../../domain/audit.ts';
import type { HoldReason } from '#shared/schemas/reply-guard.ts';
import type { Macro } from '#shared/schemas/macro.ts';
import type { User } from '#shared/schemas/user.ts';
import type { TicketRecord } from '../../domain/tickets.ts';
import { guardPolicy } from '../compliance/reply-guard.ts';
import { toPublicMessage } from '../../domain/webhooks.ts';
import {
  ConflictError,
  ConflictWithDetailsError,
  ForbiddenError,
  parseInput,
  ValidationError,
} from '../../lib/errors.ts';
import {
  type PreparedAttachments,
  prepareAttachments,
  withAttachments,
  withCurrentAttachments,
} from './attachments.ts';
import { requireVisibleTicket, retryWhileStale } from './common.ts';
import { editInputs, plannedEdit } from './update-ticket.ts';

/**
 * addStaffComment: a public reply (isInternal false) or an internal note, with its history entry, only on an
 * existing ticket; the first reply the customer sees records the ticket's response time (over the version read).
 * A comment sent from a macro (`macroId`) applies the macro's actions in the same write, as the sender's own edit
 * would (403 when they may not edit the ticket), counts one use of the macro, and the history names it. A public reply
 * with `toChildren` is also carried to each unresolved child of the incident, from the stream (ADR 093).
 * A public reply the reply guard matches (a guarded term, a link outside the allowlist) is held for compliance instead
 * (`held: true`, audited `reply_held`); on a restricted ticket a public reply must be an approved macro, unedited
 * (docs/decisions/099-reply-guard.md).
 */
export async function addStaffComment(
  caller: Caller,
  ticketId: number,
  input: CreateCommentInput,
  now = new Date(),
): Promise<Comment> {
  const author = staffMember(caller, TICKET_ACCESS.comment);
  // A restricted case is a 404 before anything of its thread is compared or told (docs/product.md §6 "Compliance").
  const ticket = await requireVisibleTicket(caller, ticketId);
  if (input.afterMessageId !== undefined && !input.isInternal && input.confirmed !== true) {
    await assertNothingNewer(ticketId, input.afterMessageId);
  }
  const { value: clean, found } = redactFields(input, ['content']);
  const macro = input.macroId === undefined ? undefined : assertUsable(author, await getMacro(input.macroId));
  if (!input.isInternal && ticket.restricted) assertRestrictedReply(ticket, author, macro, clean.content);
  const reasons = input.isInternal ? [] : holdReasons(clean.content, await guardPolicy());
  const prepared = input.attachmentIds?.length
    ? await prepareAttachments(caller, ticketId, input.attachmentIds)
    : undefined;
  const written: Comment = {
    ...staffComment(ticketId, author, clean, randomUUID(), now),
    attachments: prepared?.summaries ?? [],
    ...(macro ? { macroId: macro.id } : {}),
    ...(input.toChildren && !input.isInternal ? { toChildren: true } : {}),
  };
  const comment = reasons.length ? heldReply(written, reasons, now) : written;
  const actions = macro && Object.keys(macro.actions).length > 0 ? macro.actions : undefined;
  const inputs = actions && (await editInputs(actions));
  // The first attempt writes against the ticket read above (the write's version guard catches a change since); a
  // retry reads it again.
  let unread: TicketRecord | undefined = ticket;
  await withAttachments(prepared, () =>
    retryWhileStale(async () => {
      const current = unread ?? (await requireVisibleTicket(caller, ticketId));
      unread = undefined;
      let transition = commentOnTicket(current, clean, now);
      const extra: GuardedItem[] = [
        comment.held ? heldReplyPut(comment) : commentPut(comment),
        ...(prepared?.guards(comment.id) ?? []),
        ...(comment.held ? [heldAudit(caller, comment, now)] : []),
      ];
      if (macro) {
        if (actions && inputs) {
          if (!canEditTicket(author, current)) throw new ForbiddenError('error.macro.actionsDenied');
          const edit = await plannedEdit(transition.ticket, actions, inputs, now);
          transition = { ticket: edit.transition.ticket, changes: [...transition.changes, ...edit.transition.changes] };
          extra.push(...edit.extra);
        }
        transition = {
          ...transition,
          changes: [...transition.changes, { field: 'macro', from: null, to: macro.title }],
        };
        extra.push(macroUse(macro, author.id));
      }
      return writeTicketChange(current, withRedactionNotes(transition, found), {
        actor: staffActor(author),
        action: 'commented',
        extra,
        now,
      });
    }),
  );
  return comment;
}

/**
 * A public reply the guard holds (docs/decisions/099-reply-guard.md): stored as an internal note, so that no reader of
 * public messages (mail, webhooks, incident fan-out, search, the customer's thread) ever sees it, with why it was held;
 * a reply meant for an incident's tickets keeps that in its hold, for when it is released.
 */
function heldReply(reply: Comment, reasons: HoldReason[], now: Date): Comment {
  const { toChildren, ...rest } = reply;
  return {
    ...rest,
    isInternal: true,
    held: true,
    hold: { reasons, heldAt: now.toISOString(), state: 'held', ...(toChildren ? { toChildren: true } : {}) },
  };
}

/** The audit entry `reply_held`, in the transaction that holds the reply. */
function heldAudit(caller: Caller, comment: Comment, now: Date): GuardedItem {
  return auditEntryItem({
    action: 'reply_held',
    actor: auditActorOf(caller),
    target: { type: 'ticket', id: String(comment.ticketId), name: ticketCode(comment.ticketId) },
    details: `comment ${comment.id}; held for: ${(comment.hold?.reasons ?? []).map((r) => r.value).join(', ')}`,
    clientAddress: clientAddressOf(caller),
    at: now,
  });
}

/**
 * On a restricted ticket a public reply is only a macro a compliance user approved for restricted tickets, exactly as
 * the one renderer writes it for this ticket and sender (docs/decisions/099-reply-guard.md): free text is refused
 * (403), and so is a macro not approved (403) or an approved one edited (400). Nothing is written.
 */
function assertRestrictedReply(ticket: TicketRecord, author: User, macro: Macro | undefined, content: string): void {
  if (!macro) throw new ForbiddenError('error.guard.restrictedFreeText');
  if (!macro.approvedForRestricted) throw new ForbiddenError('error.guard.macroNotApproved');
  const rendered = renderMacro(macro, { ticket, agent: author }).content;
  const same = (text: string) => text.replace(/\r\n?/g, '\n').trim();
  if (same(rendered) !== same(content)) {
    throw new ValidationError('error.guard.macroEdited', { content: 'error.guard.macroEdited' });
  }
}

/**
 * A public reply written while the composer showed the thread up to `afterMessageId` would cross the public messages
 * written since (docs/product.md §2 "Ticket detail"): 409 `error.thread.newerMessage` with those messages, so that the
 * sender reads them first; 400 when the id is no message of this thread. Internal notes are never held back.
 */
async function assertNothingNewer(ticketId: number, afterMessageId: string): Promise<void> {
  const thread = await listComments(ticketId);
  const shown = thread.findIndex((comment) => comment.id === afterMessageId);
  if (shown < 0) {
    throw new ValidationError('error.thread.unknownMessage', { afterMessageId: 'error.thread.unknownMessage' });
  }
  const newerMessages = thread.slice(shown + 1).filter((comment) => !comment.isInternal);
  if (newerMessages.length) throw new ConflictWithDetailsError('error.thread.newerMessage', { newerMessages });
}

/**
 * addCustomerMessage: the ticket's customer wrote in. The message (public, signed with the ticket's customer
 * e-mail), the ticket's change (a resolved or closed ticket reopens; `updatedAt` moves) and a history entry by the
 * customer, in one transaction over the version read, the aggregates moved exactly. It takes no caller: the inbound
 * channel that received the message (the e-mail adapter, an API route) is the gate, and names itself in `channel`.
 * `receivedAt` is when the message reached us, the time the thread shows; the ticket changes when it is recorded.
 * A channel that may hand the same message over twice (mail is delivered at least once) names it in `once`: a message
 * already recorded under that key is refused with AlreadyReceivedError and changes nothing.
 */
/** The channel's message key stated in `once`. */
const onceKey = (once: { channel: string; key: string }) => ({
  scope: idempotencyScope.system(once.channel),
  key: once.key,
  fingerprint: once.key,
});

/**
 * alreadyReceived: whether a message with this identity on its channel is recorded already (within the 24 hours its
 * identity is remembered): a channel checks before doing costly work for a message delivered again.
 */
export async function alreadyReceived(once: { channel: string; key: string }, now: Date): Promise<boolean> {
  return (await getIdempotencyRecord(onceKey(once), now)) !== undefined;
}

export async function addCustomerMessage(
  input: CustomerMessageInput,
  now = new Date(),
  options: CustomerMessageOptions = {},
): Promise<Comment> {
  const parsed = parseInput(customerMessageSchema, input);
  const { ticketId, channel, receivedAt } = parsed;
  const { value: clean, found } = redactFields(parsed, ['content']);
  const id = randomUUID();
  const once = options.once && onceKey(options.once);
  const files = options.attachments;
  return retryWhileStale(async () => {
    const current = await requireTicket(ticketId);
    const message = {
      ...customerMessage(current, clean.content, channel, id, receivedAt ?? now),
      attachments: files?.summaries ?? [],
    };
    await writeTicketChange(current, withRedactionNotes(customerWroteIn(current, now), found), {
      actor: customerActor(current.customerEmail),
      action: 'commented',
      extra: [
        commentPut(message),
        ...(files?.guards(id) ?? []),
        ...(once ? [idempotencyClaim(once, ticketId, now, () => new AlreadyReceivedError())] : []),
      ],
      now,
      ...(options.mail ? { mail: options.mail } : {}),
    });
    return message;
  });
}

export interface CustomerMessageOptions {
  /** The message's identity on its channel (a hash of an e-mail's Message-ID): recorded once, for 24 hours. */
  once?: { channel: string; key: string };
  /** The e-mail it arrived in, for the history entry. */
  mail?: MailNote;
  /** Its files: their summaries for the message, and their items for its transaction (docs/decisions/094). */
  attachments?: Pick<PreparedAttachments, 'summaries' | 'guards'>;
}

/** The channel handed over a message it had handed over before; the first copy is on the thread. */
export class AlreadyReceivedError extends ConflictError {
  constructor() {
    super('error.ticket.messageAlreadyReceived');
  }
}

/** A transition whose history entry also notes what was redacted from the message (`comment:seedPhrase`). */
function withRedactionNotes<T extends { changes: FieldChange[] }>(
  transition: T,
  found: readonly { field: string; kinds: readonly RedactionKind[] }[],
): T {
  const notes = redactionChanges(found.map((f) => ({ ...f, field: 'comment' })));
  return notes.length ? { ...transition, changes: [...transition.changes, ...notes] } : transition;
}

/** Internal notes are for staff; an upstream system may show what it reads to the customer. */
const seesInternalNotes = (caller: Caller) => caller.kind !== 'apiKey';

/** readComments: a ticket's whole thread, oldest first (404 for an unknown ticket). */
export async function readComments(caller: Caller, ticketId: number): Promise<Comment[]> {
  assertAccess(caller, TICKET_ACCESS.read);
  const comments = await listComments(ticketId, (id) => requireVisibleTicket(caller, id));
  return withCurrentAttachments(
    ticketId,
    seesInternalNotes(caller) ? comments : comments.filter((c) => !c.isInternal).map(withoutHold),
  );
}

/**
 * A released reply keeps its `hold` for staff; an upstream system may show what it reads to the customer, and the
 * reasons name what the guard looked for, so keys never see it (docs/decisions/099-reply-guard.md).
 */
const withoutHold = ({ hold: _hold, ...comment }: Comment): Comment => comment;

/**
 * readThread: one page of a ticket's thread, oldest first, and the cursor of the next; API keys never see internal
 * notes. A cursor of another ticket is refused (400).
 */
export async function readThread(caller: Caller, ticketId: number, query: ThreadQuery = {}): Promise<ThreadPage> {
  assertAccess(caller, TICKET_ACCESS.read);
  const { limit, cursor } = parseInput(threadQuerySchema, query);
  const staff = seesInternalNotes(caller);
  const page = await listThread(ticketId, { publicOnly: !staff, limit, cursor }, (id) =>
    requireVisibleTicket(caller, id),
  );
  const messages = staff ? page.messages : page.messages.map(withoutHold);
  return { ...page, messages: await withCurrentAttachments(ticketId, messages) };
}

/**
 * relayCustomerMessage: an upstream system passes on its customer's answer (`tickets:reply` keys only; staff reply
 * with a comment). Recorded exactly as an e-mailed reply is, on channel `api`.
 */
export async function relayCustomerMessage(
  caller: Caller,
  ticketId: number,
  input: PostMessageInput,
  now = new Date(),
): Promise<PublicMessage> {
  assertAccess(caller, TICKET_ACCESS.reply);
  await requireVisibleTicket(caller, ticketId);
  const prepared = input.attachmentIds?.length
    ? await prepareAttachments(caller, ticketId, input.attachmentIds)
    : undefined;
  const message = await withAttachments(prepared, () =>
    addCustomerMessage({ ticketId, content: input.content, channel: 'api' }, now, {
      ...(prepared ? { attachments: prepared } : {}),
    }),
  );
  return toPublicMessage(message);
}

/**
 * readPublicThread: one page of what the customer and the staff said to each other, oldest first: never an internal
 * note, never a staff member's e-mail. For the upstream systems that show the conversation to the customer.
 */
export async function readPublicThread(
  caller: Caller,
  ticketId: number,
  query: ThreadQuery = {},
): Promise<PublicThreadPage> {
  assertAccess(caller, TICKET_ACCESS.read);
  const { limit, cursor } = parseInput(threadQuerySchema, query);
  const page = await listThread(ticketId, { publicOnly: true, limit, cursor }, (id) =>
    requireVisibleTicket(caller, id),
  );
  const messages = await withCurrentAttachments(ticketId, page.messages);
  return { messages: messages.map(toPublicMessage), nextCursor: page.nextCursor };
}
