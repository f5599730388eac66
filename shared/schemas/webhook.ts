import * as z from 'zod';
import { MESSAGE_AUTHOR_TYPES, MESSAGE_CHANNELS, WEBHOOK_EVENT_TYPES } from '../constants.ts';
import { issueText } from '../i18n/messages.ts';
import { attachmentSchema } from './attachment.ts';
import { fieldChangeSchema, prioritySchema, ticketStatusSchema, ticketTypeSchema } from './ticket.ts';

/** Limits of the webhook routes (docs/product.md §10). */
export const WEBHOOK_LIMITS = {
  urlMax: 2_000,
  descriptionMax: 500,
  /** Webhooks one installation may have: every event is planned against all of them. */
  max: 20,
} as const;

/** Texts of the webhook routes (docs/product.md §8), as message codes with their arguments (shared/i18n/messages.ts). */
export const WEBHOOK_MESSAGES = {
  urlRequired: issueText('validation.webhook.urlRequired'),
  urlInvalid: issueText('validation.webhook.urlInvalid'),
  urlTooLong: issueText('validation.webhook.urlTooLong', { max: WEBHOOK_LIMITS.urlMax }),
  httpsOnly: issueText('validation.webhook.httpsOnly'),
  credentialsInUrl: issueText('validation.webhook.credentialsInUrl'),
  privateAddress: issueText('validation.webhook.privateAddress'),
  eventsRequired: issueText('validation.webhook.eventsRequired'),
  invalidEvent: issueText('validation.oneOf', { field: 'Event', values: WEBHOOK_EVENT_TYPES.join(', ') }),
  descriptionTooLong: issueText('validation.description.tooLong', { max: WEBHOOK_LIMITS.descriptionMax }),
  tooMany: issueText('error.webhook.tooMany', { max: WEBHOOK_LIMITS.max }),
  notFound: issueText('error.webhook.notFound'),
} as const;

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.invalidEvent });

/** A webhook as admins see it: never its secret. */
export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  description: z.string().nullable(),
  createdAt: z.string(),
  /** The admin who created it. */
  createdBy: z.object({ id: z.string(), email: z.string() }),
  /** Set when the endpoint kept failing for the whole retry window (24 hours): nothing more is sent to it. */
  disabledAt: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** `GET /api/webhooks`: every webhook, newest first. */
export const webhookListSchema = z.array(webhookSchema);

/** `POST /api/webhooks`. Events are a set: duplicates are dropped, order follows WEBHOOK_EVENT_TYPES. */
export const createWebhookSchema = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.urlRequired })
    .trim()
    .min(1, WEBHOOK_MESSAGES.urlRequired)
    .max(WEBHOOK_LIMITS.urlMax, WEBHOOK_MESSAGES.urlTooLong),
  events: z
    .array(webhookEventTypeSchema, { error: WEBHOOK_MESSAGES.eventsRequired })
    .min(1, WEBHOOK_MESSAGES.eventsRequired)
    .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type))),
  /** Omitted, null or blank: none. */
  description: z
    .string({ error: WEBHOOK_MESSAGES.descriptionTooLong })
    .trim()
    .max(WEBHOOK_LIMITS.descriptionMax, WEBHOOK_MESSAGES.descriptionTooLong)
    .nullish()
    .transform((v) => v || null),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

/** `PATCH /api/webhooks/{id}`: a new target URL, checked as at creation (docs/decisions/095-four-eyes-approval.md). */
export const changeWebhookTargetSchema = createWebhookSchema.pick({ url: true });

/** The answer to `POST /api/webhooks`: the only time the signing secret is shown. */
export const createdWebhookSchema = z.object({ webhook: webhookSchema, secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

/** Path parameters of `/api/webhooks/{id}…`. */
export const webhookIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** The answer to `POST /api/webhooks/{id}/test`: a `ping` is on its way (its delivery shows in the deliveries). */
export const webhookTestSchema = z.object({ queued: z.literal(true) });

/** One delivery of an event to a webhook, as `GET /api/webhooks/{id}/deliveries` lists it (the last 100). */
export const webhookDeliverySchema = z.object({
  /** The event id (`Helpdesk-Event-Id`), the same on every attempt. */
  eventId: z.string(),
  type: z.string(),
  /** `delivered`: a 2xx came back; `retrying`: the next attempt is planned; `failed`: given up (or refused). */
  status: z.enum(['delivered', 'retrying', 'failed']),
  attempts: z.number().int(),
  /** The HTTP status of the last attempt, when one came back. */
  lastStatusCode: z.number().int().nullable(),
  /** Why the last attempt failed when no status came back (timeout, refused address, connection error). */
  lastError: z.string().nullable(),
  firstAttemptAt: z.string(),
  lastAttemptAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.array(webhookDeliverySchema);

// ---------------------------------------------------------------------------------------------------------------
// What a receiver gets (docs/api.md "Webhooks")

/** A ticket as events carry it: its public fields; of the staff, only the assignee's name. */
export const webhookTicketSchema = z.object({
  id: z.number().int(),
  /** Display code, `TKT-` and at least six digits. */
  ticketId: z.string(),
  subject: z.string(),
  description: z.string(),
  customerEmail: z.string(),
  category: z.string(),
  priority: prioritySchema,
  status: ticketStatusSchema,
  type: ticketTypeSchema,
  assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The API key that filed it; null when staff did. */
  createdByApiKeyId: z.string().nullable(),
  deadline: z.string(),
  isOverdue: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
  rating: z.object({ score: z.number().int(), comment: z.string().nullable(), ratedAt: z.string() }).nullable(),
  /** The ticket this one was merged into; null otherwise. */
  mergedIntoId: z.number().int().nullable(),
});

/**
 * A restricted compliance case as events carry it (docs/product.md §6 "Compliance"): its number, code and status,
 * nothing of its text, its customer or its staff.
 */
export const restrictedWebhookTicketSchema = z.object({
  id: z.number().int(),
  ticketId: z.string(),
  status: ticketStatusSchema,
  restricted: z.literal(true),
});

/** The ticket part of an event: the whole public ticket, or the restricted shape for a compliance case. */
export const eventTicketSchema = z.union([webhookTicketSchema, restrictedWebhookTicketSchema]);
export type EventTicket = z.infer<typeof eventTicketSchema>;

/**
 * A public message on a ticket's thread, as upstream systems read it (`GET /api/tickets/{id}/messages`, webhook
 * events): a customer's message or a staff reply, never an internal note, never a staff member's e-mail.
 */
export const publicMessageSchema = z.object({
  id: z.string(),
  ticketId: z.number().int(),
  authorType: z.enum(MESSAGE_AUTHOR_TYPES),
  channel: z.enum(MESSAGE_CHANNELS),
  content: z.string(),
  createdAt: z.string(),
  /** The staff author's name; null for the customer and the system. */
  authorName: z.string().nullable(),
  /** The message's files (metadata only; the bytes come from `GET /api/tickets/{id}/attachments/{attachmentId}`). */
  attachments: z.array(attachmentSchema.omit({ removed: true })),
});
export type PublicMessage = z.infer<typeof publicMessageSchema>;

/** `GET /api/tickets/{id}/messages`: a page of the public thread, oldest first. */
export const publicThreadPageSchema = z.object({
  messages: z.array(publicMessageSchema),
  /** Null when there is nothing more; otherwise pass it back as `cursor`. */
  nextCursor: z.string().nullable(),
});
export type PublicThreadPage = z.infer<typeof publicThreadPageSchema>;

const eventEnvelope = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    /** The event id, also in `Helpdesk-Event-Id`; the same on every attempt, so a receiver can drop a repeat. */
    id: z.string(),
    type: z.literal(type),
    /** When the change happened. */
    createdAt: z.string(),
    data,
  });

const ticketData = z.object({ ticket: eventTicketSchema });

/** A message event's message; absent when the ticket is a restricted case (nothing of its thread leaves). */
const messageData = ticketData.extend({ message: publicMessageSchema.optional() });

/** Every body a webhook receives, by `type`. */
export const webhookEventSchemas = {
  'ticket.created': eventEnvelope('ticket.created', ticketData),
  'ticket.updated': eventEnvelope(
    'ticket.updated',
    ticketData.extend({
      /** What changed: `status`, `priority`, `category` and/or `assignedTo`, from and to. */
      changes: z.array(fieldChangeSchema),
    }),
  ),
  'ticket.replied': eventEnvelope('ticket.replied', messageData),
  'ticket.customer_replied': eventEnvelope('ticket.customer_replied', messageData),
  'ticket.resolved': eventEnvelope('ticket.resolved', ticketData),
  'ticket.rated': eventEnvelope('ticket.rated', ticketData),
  'ticket.merged': eventEnvelope(
    'ticket.merged',
    ticketData.extend({
      /** The ticket it was merged into: its messages are there now, and the customer's later replies go there. */
      into: z.object({ id: z.number().int(), ticketId: z.string() }),
    }),
  ),
  ping: eventEnvelope('ping', z.object({ webhook: z.object({ id: z.string(), url: z.string() }) })),
} as const;

export const webhookEventSchema = z.discriminatedUnion('type', [
  webhookEventSchemas['ticket.created'],
  webhookEventSchemas['ticket.updated'],
  webhookEventSchemas['ticket.replied'],
  webhookEventSchemas['ticket.customer_replied'],
  webhookEventSchemas['ticket.resolved'],
  webhookEventSchemas['ticket.rated'],
  webhookEventSchemas['ticket.merged'],
  webhookEventSchemas.ping,
]);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
