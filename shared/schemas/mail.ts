/**
 * What the mail screens read (docs/product.md §7): a ticket customer's address status, the e-mails that failed for
 * good (admins retry them), and the inbound mail that was refused, by reason.
 */
import * as z from 'zod';
import { issueText } from '../i18n/messages.ts';
import { pageCursorParam } from './ticket.ts';

/** `GET /api/tickets/{id}/mail-status`: whether e-mail reaches the ticket's customer. */
export const customerMailStatusSchema = z.object({
  address: z.string(),
  /** False once SES reported a permanent bounce or a complaint; e-mail to the address is not sent then. */
  deliverable: z.boolean(),
  reason: z.enum(['bounce', 'complaint']).nullable(),
  /** When SES reported it. */
  since: z.string().nullable(),
  detail: z.string().nullable(),
});
export type CustomerMailStatus = z.infer<typeof customerMailStatusSchema>;

export const FAILED_MAIL_TYPES = [
  'acknowledgement',
  'reply',
  'resolution',
  'staff-alarms',
  'notification',
  'attachmentRefused',
] as const;

/** An e-mail that kept failing and was set aside; `POST /api/mail/failed/{id}/retry` sends it again. */
export const failedMailSchema = z.object({
  id: z.string(),
  type: z.enum(FAILED_MAIL_TYPES),
  ticketId: z.number().int(),
  /** Who it was for, where the job names them (staff notifications); customer e-mails go to the ticket's customer. */
  recipient: z.string().nullable(),
  attempts: z.number().int(),
  firstAttemptAt: z.string(),
  lastAttemptAt: z.string(),
  parkedAt: z.string(),
  /**
   * Why it was set aside: too many attempts, too old, refused for good, or `unknown`: its last attempt stopped with no
   * outcome recorded, so it may have been sent, and an e-mail is never sent twice by itself.
   */
  reason: z.enum(['attempts', 'age', 'permanent', 'unknown']),
  lastError: z.string(),
});
export type FailedMail = z.infer<typeof failedMailSchema>;

/** `GET /api/mail/failed`: newest first, a page at a time. */
export const failedMailListSchema = z.object({
  mails: z.array(failedMailSchema),
  nextCursor: z.string().nullable(),
});
export type FailedMailList = z.infer<typeof failedMailListSchema>;

/** The query of the admin lists of mail (`GET /api/mail/failed`, `GET /api/mail/held`): the page after `cursor`. */
export const mailPageQuerySchema = z.object({
  cursor: pageCursorParam,
});

export const failedMailParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{32}$/, issueText('validation.failedMailId.invalid')),
});

/** One reason inbound mail changed nothing, counted (`GET /api/mail/inbound-refusals`). */
export const inboundRefusalSchema = z.object({
  reason: z.string(),
  count: z.number().int(),
  lastAt: z.string(),
  lastDetail: z.string(),
});
export type InboundRefusalCount = z.infer<typeof inboundRefusalSchema>;

/**
 * Acknowledgements one address receives in an hour, whatever opened the tickets. An acknowledgement is an automatic
 * answer (RFC 3834 asks such answers not to repeat to one address), and the first few already tell the writer that
 * their mail arrived; more would make the help desk a source of backscatter for whoever forged the sender.
 */
export const ACKNOWLEDGEMENTS_PER_ADDRESS_PER_HOUR = 3;

/** Why a message was held instead of opening a ticket (docs/decisions/082): over the per-sender limit. */
export const HELD_MAIL_REASONS = ['sender_limit'] as const;

/**
 * A new message to the support address that was held instead of opening a ticket (`GET /api/mail/held`);
 * `POST /api/mail/held/{id}/release` opens its ticket, `DELETE /api/mail/held/{id}` dismisses it.
 */
export const heldMailSchema = z.object({
  id: z.string(),
  from: z.string(),
  /** The subject the ticket will have (the message's own, or "E-mail from <sender>" in the customer's language). */
  subject: z.string(),
  /** The start of what the ticket's description will be. */
  excerpt: z.string(),
  receivedAt: z.string(),
  reason: z.enum(HELD_MAIL_REASONS),
});
export type HeldMail = z.infer<typeof heldMailSchema>;

/** `GET /api/mail/held`: newest first, a page at a time. */
export const heldMailListSchema = z.object({
  mails: z.array(heldMailSchema),
  nextCursor: z.string().nullable(),
});
export type HeldMailList = z.infer<typeof heldMailListSchema>;

export const heldMailParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{43}$/, issueText('validation.heldMailId.invalid')),
});

/** `POST /api/mail/held/{id}/release`: the ticket the message opened. */
export const releasedMailSchema = z.object({ id: z.string(), ticketId: z.number().int(), ticketCode: z.string() });
export type ReleasedMail = z.infer<typeof releasedMailSchema>;
