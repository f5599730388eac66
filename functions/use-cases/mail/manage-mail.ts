/**
 * What staff see of the mail channel: whether a ticket's customer can be reached, and, for admins, the e-mails that
 * failed for good (with a retry) and the inbound mail that was refused.
 */
import type { CustomerMailStatus, FailedMail, FailedMailList, InboundRefusalCount } from '#shared/schemas/mail.ts';
import { recordAudit } from '../../data/audit.ts';
import { getAddressStatus, listInboundRefusals } from '../../data/mail.ts';
import { type FailedJob, listFailedJobs } from '../../data/outbound-jobs.ts';
import { requireTicket } from '../../data/tickets/item.ts';
import { auditActorOf, clientAddressOf } from '../../domain/audit.ts';
import type { Caller } from '../../domain/caller.ts';
import { MAIL_KIND, mailPayloadSchema } from '../../domain/mail-jobs.ts';
import { assertAccess, MAIL_ACCESS, TICKET_ACCESS } from '../../domain/permissions.ts';
import { retryFailedDelivery } from '../../lib/outbound.ts';

/** readCustomerMailStatus: whether e-mail reaches a ticket's customer (404 for an unknown ticket). */
export async function readCustomerMailStatus(caller: Caller, ticketId: number): Promise<CustomerMailStatus> {
  assertAccess(caller, TICKET_ACCESS.read);
  const ticket = await requireTicket(ticketId);
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
