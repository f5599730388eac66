/**
 * The jobs of the `mail` kind of outbound delivery (docs/decisions/051-outbound-delivery.md, 080-mail.md): what the
 * planner puts on the queue and the sender reads back. Customer e-mails name their ticket and carry what the stream
 * record knew that the ticket will not (a reply's text); staff notifications go out in two steps, because who gets
 * one depends on the staff list and each person's settings, which a planner may not read: a `staff-alarms` job is
 * the change's alarms, and its sender queues one `notification` job per person who wants the e-mail.
 */
import * as z from 'zod';
import { ALERT_TYPES, LANGUAGES, NON_TICKET_ALERTS, PRIORITIES, ROLES, TICKET_STATUSES } from '#shared/constants.ts';
import type { DeliveryGuarantee, Job } from './outbound.ts';

export const MAIL_KIND = 'mail';

const ticketId = z.number().int().positive();
/** E-mail notifications are about a ticket; the other alarms reach the browser alone. */
const TICKET_ALERT = z.enum(ALERT_TYPES).exclude([...NON_TICKET_ALERTS]);

/** The ticket as a notification names it, taken from the stream image. */
export const notifiedTicketSchema = z.object({
  code: z.string(),
  subject: z.string(),
  priority: z.enum(PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  customerEmail: z.string(),
});

const audienceSchema = z.object({
  userIds: z.array(z.string()),
  roles: z.array(z.enum(ROLES)),
  eligibleFor: z.object({ categoryId: z.string(), customerLanguage: z.string() }).optional(),
  exceptUserIds: z.array(z.string()).optional(),
  complianceOnly: z.boolean().optional(),
});

export const mailPayloadSchema = z.discriminatedUnion('type', [
  /** To the customer: their ticket was opened. */
  z.object({ type: z.literal('acknowledgement'), ticketId }),
  /** To the customer: a staff member's public reply, as it was written. */
  z.object({
    type: z.literal('reply'),
    ticketId,
    commentId: z.string(),
    content: z.string(),
    authorFirstName: z.string(),
    /**
     * The reply's files, by id (never their bytes): the sender reads each item and its bytes when it sends, so a file
     * removed or found infected by then is left out (docs/decisions/094-attachments.md, "Files in e-mail").
     */
    attachmentIds: z.array(z.string()).max(10).optional(),
  }),
  /**
   * To the customer: files of their e-mailed reply were over the size limit and not kept (their names); once per
   * message (docs/decisions/094-attachments.md).
   */
  z.object({
    type: z.literal('attachmentRefused'),
    ticketId,
    commentId: z.string(),
    filenames: z.array(z.string()).min(1),
  }),
  /** To the customer: the ticket was resolved (or closed); with the rating link. */
  z.object({ type: z.literal('resolution'), ticketId }),
  /** The alarms of one ticket change, to be turned into one notification job per person who wants the e-mail. */
  z.object({
    type: z.literal('staff-alarms'),
    ticketId,
    ticket: notifiedTicketSchema,
    alarms: z.array(z.object({ alarmType: TICKET_ALERT, audience: audienceSchema })).min(1),
  }),
  /** To one staff member: the alarm their settings chose, in their language. */
  z.object({
    type: z.literal('notification'),
    ticketId,
    ticket: notifiedTicketSchema,
    alarmType: TICKET_ALERT,
    userId: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    language: z.enum(LANGUAGES),
  }),
]);
export type MailPayload = z.infer<typeof mailPayloadSchema>;

/**
 * mailGuarantee: every e-mail goes out at most once (SES has no idempotency key, and a person who gets one twice
 * notices), so one whose send may have happened is parked rather than sent again. A `staff-alarms` job sends nothing
 * itself: it queues notification jobs under ids made from its own, which their claims deduplicate, so it is simply
 * run again.
 */
export const mailGuarantee = (job: Pick<Job<MailPayload>, 'payload'>): DeliveryGuarantee =>
  job.payload.type === 'staff-alarms' ? 'at-least-once' : 'at-most-once';
