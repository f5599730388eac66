/**
 * What staff see of the mail channel: whether a ticket's customer can be reached, and, for admins, the e-mails that
 * failed for good (with a retry), the inbound mail that was refused, and the new messages held over the per-sender
 * limit (docs/decisions/082), which an admin releases (the ticket opens, once) or dismisses.
 */
import type {
  CustomerMailStatus,
  FailedMail,
  FailedMailList,
  HeldMailList,
  InboundRefusalCount,
  ReleasedMail,
} from '#shared/schemas/mail.ts';
import { auditEntryItem, type NewAuditEntry, recordAudit } from '../../data/audit.ts';
import { getHeldMail, type HeldMailRecord, heldMailRemoval, listHeldMail } from '../../data/held-mail.ts';
import { getAddressStatus, listInboundRefusals } from '../../data/mail.ts';
import { type FailedJob, listFailedJobs } from '../../data/outbound-jobs.ts';
import { requireVisibleTicket } from '../tickets/common.ts';
import { auditActorOf, clientAddressOf } from '../../domain/audit.ts';
import type { Caller } from '../../domain/caller.ts';
import { MAIL_KIND, mailPayloadSchema } from '../../domain/mail-jobs.ts';
import { heldExcerpt } from '../../domain/mail-limits.ts';
import { assertAccess, MAIL_ACCESS } from '../../domain/permissions.ts';
import { ticketCode } from '../../domain/tickets.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { retryFailedDelivery } from '../../outbound/sender.ts';
import { inboundCategory, openMailTicket } from './mail-ticket.ts';

/** readCustomerMailStatus: whether e-mail reaches a ticket's customer (404 for an unknown ticket). */
export async function readCustomerMailStatus(caller: Caller, ticketId: number): Promise<CustomerMailStatus> {
  assertAccess(caller, MAIL_ACCESS.status);
  const ticket = await requireVisibleTicket(caller, ticketId);
  const status = await getAddressStatus(ticket.customerEmail);
  return {
    address: ticket.customerEmail,
    deliverable: !status,
    reason: status?.reason ?? null,
    since: status?.at ?? null,
    detail: status?.detail ?? null,
  };
}

const FAILED_PAGE = 25;

/** A parked mail job as the admin screen lists it. */
function toFailedMail(job: FailedJob): FailedMail {
  const parsed = mailPayloadSchema.safeParse(job.payload);
  const payload = parsed.success ? parsed.data : undefined;
  return {
    id: job.id,
    type: payload?.type ?? 'acknowledgement',
    ticketId: payload?.ticketId ?? 0,
    recipient: payload?.type === 'notification' ? payload.email : null,
    attempts: job.attempts,
    firstAttemptAt: job.firstAttemptAt,
    lastAttemptAt: job.lastAttemptAt,
    parkedAt: job.parkedAt,
    reason: job.reason,
    lastError: job.lastError,
  };
}

/** listFailedMail: admins only; e-mails set aside after their last attempt, newest first, 25 a page. */
export async function listFailedMail(caller: Caller, cursor?: string): Promise<FailedMailList> {
  assertAccess(caller, MAIL_ACCESS.admin);
  const page = await listFailedJobs(MAIL_KIND, { limit: FAILED_PAGE, cursor });
  return { mails: page.jobs.map(toFailedMail), nextCursor: page.nextCursor ?? null };
}

/**
 * retryFailedMail: admins only; queues a set-aside e-mail again (a new round of attempts); 404 if not set aside. The
 * audit log records the retry once it is queued (the reopening and the queue are not one transaction, so the entry
 * follows the retry rather than sharing its write).
 */
export async function retryFailedMail(caller: Caller, id: string, now = new Date()): Promise<void> {
  assertAccess(caller, MAIL_ACCESS.admin);
  const job = await retryFailedDelivery(MAIL_KIND, id, now);
  const parsed = mailPayloadSchema.safeParse(job.payload);
  await recordAudit({
    action: 'mail_retried',
    actor: auditActorOf(caller),
    target: { type: 'mail', id, name: parsed.success ? `${parsed.data.type} of ticket ${parsed.data.ticketId}` : id },
    clientAddress: clientAddressOf(caller),
    at: now,
  });
}

/** listRefusedInboundMail: admins only; how much inbound mail changed nothing, by reason, most frequent first. */
export async function listRefusedInboundMail(caller: Caller): Promise<InboundRefusalCount[]> {
  assertAccess(caller, MAIL_ACCESS.admin);
  return (await listInboundRefusals()).sort((a, b) => b.count - a.count);
}

const HELD_PAGE = 25;

const heldNotFound = () => new NotFoundError('error.mail.heldNotFound');

/** listHeldMailPage: admins only; the new messages held over the per-sender limit, newest first, 25 a page. */
export async function listHeldMailPage(caller: Caller, cursor?: string, now = new Date()): Promise<HeldMailList> {
  assertAccess(caller, MAIL_ACCESS.admin);
  const page = await listHeldMail({ limit: HELD_PAGE, cursor }, now);
  return {
    mails: page.mails.map((mail) => ({
      id: mail.id,
      from: mail.from,
      subject: mail.subject,
      excerpt: heldExcerpt(mail.description),
      receivedAt: mail.receivedAt,
      reason: mail.reason,
    })),
    nextCursor: page.nextCursor,
  };
}

/** A held message that is still held (404 once released, dismissed or expired). */
async function requireHeldMail(id: string, now: Date): Promise<HeldMailRecord> {
  const held = await getHeldMail(id, now);
  if (!held) throw heldNotFound();
  return held;
}

/** The audit entry of an admin's decision on a held message. */
const heldMailAudit = (
  caller: Caller,
  held: HeldMailRecord,
  action: 'mail_released' | 'mail_dismissed',
  now: Date,
  details: string | null = null,
): NewAuditEntry => ({
  action,
  actor: auditActorOf(caller),
  target: { type: 'mail', id: held.id, name: `${held.from}: ${held.subject}` },
  details,
  clientAddress: clientAddressOf(caller),
  at: now,
});

/**
 * releaseHeldMail: admins only; the held message opens its ticket as if it had just arrived (not counted against the
 * sender's limit). The ticket, the message leaving the list and the audit entry are one transaction, conditional on
 * the message still being held, and the message's identity is the ticket's idempotency key: a second release, or two
 * at once, open nothing more (404). A message that opened its ticket meanwhile (delivered again once under the limit)
 * leaves the list with that ticket.
 */
export async function releaseHeldMail(caller: Caller, id: string, now = new Date()): Promise<ReleasedMail> {
  assertAccess(caller, MAIL_ACCESS.admin);
  const held = await requireHeldMail(id, now);
  const category = await inboundCategory();
  if (!category) throw new ConflictError('error.mail.noCategory');
  const released = (ticketId: number) =>
    heldMailAudit(caller, held, 'mail_released', now, `opened ${ticketCode(ticketId)}`);
  const { ticket, replayed } = await openMailTicket({ ...held, key: held.id }, category, now, (ticketId) => [
    heldMailRemoval(id, heldNotFound),
    auditEntryItem(released(ticketId)),
  ]);
  // Opened before: only the held copy goes (or, if another release took it meanwhile, 404).
  if (replayed) await recordAudit(released(ticket.id), [heldMailRemoval(id, heldNotFound)]);
  return { id, ticketId: ticket.id, ticketCode: ticket.ticketId };
}

/** dismissHeldMail: admins only; the held message goes without a ticket or an answer (404 if no longer held). */
export async function dismissHeldMail(caller: Caller, id: string, now = new Date()): Promise<void> {
  assertAccess(caller, MAIL_ACCESS.admin);
  const held = await requireHeldMail(id, now);
  await recordAudit(heldMailAudit(caller, held, 'mail_dismissed', now), [heldMailRemoval(id, heldNotFound)]);
}
