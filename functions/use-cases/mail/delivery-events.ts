/**
 * What SES reports after sending (its configuration set's event destination): a permanent bounce or a complaint makes
 * the recipient's address undeliverable, which the ticket view shows and the mail sender honours (no more e-mail to
 * it until its owner writes to us from it). Transient and undetermined bounces change nothing: SES retried them
 * already, and the next e-mail may well arrive.
 */
import * as z from 'zod';
import { type AddressStatus, markAddressUndeliverable } from '../../data/mail.ts';
import { logger } from '../../lib/logger.ts';
import { recordMetrics } from '../../lib/metrics.ts';

/** The part of an SES event (the `detail` of its EventBridge event) that says who can no longer be reached. */
const sesEventSchema = z.object({
  eventType: z.string(),
  mail: z.object({ timestamp: z.string().optional(), messageId: z.string().optional() }).optional(),
  bounce: z
    .object({
      bounceType: z.string(),
      bounceSubType: z.string().optional(),
      timestamp: z.string().optional(),
      bouncedRecipients: z.array(z.object({ emailAddress: z.string(), diagnosticCode: z.string().optional() })),
    })
    .optional(),
  complaint: z
    .object({
      timestamp: z.string().optional(),
      complaintFeedbackType: z.string().optional(),
      complainedRecipients: z.array(z.object({ emailAddress: z.string() })),
    })
    .optional(),
});

/** The addresses an SES event makes undeliverable (none for any other event). */
export function undeliverableAddresses(detail: unknown, now: Date): AddressStatus[] {
  const parsed = sesEventSchema.safeParse(detail);
  if (!parsed.success) return [];
  const event = parsed.data;
  if (event.eventType === 'Bounce' && event.bounce?.bounceType === 'Permanent') {
    const { bounce } = event;
    return bounce.bouncedRecipients.map((recipient) => ({
      email: recipient.emailAddress.toLowerCase(),
      reason: 'bounce',
      at: bounce.timestamp ?? now.toISOString(),
      detail: [bounce.bounceSubType, recipient.diagnosticCode].filter(Boolean).join(': ').slice(0, 500),
    }));
  }
  if (event.eventType === 'Complaint' && event.complaint) {
    const { complaint } = event;
    return complaint.complainedRecipients.map((recipient) => ({
      email: recipient.emailAddress.toLowerCase(),
      reason: 'complaint',
      at: complaint.timestamp ?? now.toISOString(),
      detail: complaint.complaintFeedbackType ?? 'marked as spam',
    }));
  }
  return [];
}

/** recordDeliveryEvent: marks every address the event makes undeliverable; returns how many. */
export async function recordDeliveryEvent(detail: unknown, now = new Date()): Promise<number> {
  const statuses = undeliverableAddresses(detail, now);
  const bounced = statuses.filter((status) => status.reason === 'bounce').length;
  if (bounced) recordMetrics({ MailsBounced: bounced });
  for (const status of statuses) {
    await markAddressUndeliverable(status);
    logger.warn('Address marked undeliverable', { email: status.email, reason: status.reason, detail: status.detail });
  }
  return statuses.length;
}
