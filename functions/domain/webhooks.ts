/**
 * Webhooks (docs/decisions/052-webhooks.md): which events a committed change of the table is, which webhooks get
 * each, what a receiver is sent, and how it is signed. Pure rules; the planner (functions/outbound/webhook-planner.ts)
 * and the sender (functions/jobs/webhook-sender.ts) apply them.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '#shared/constants.ts';
import { ticketCode } from '#shared/format.ts';
import { type Comment, fieldChangeSchema, type FieldChange } from '#shared/schemas/ticket.ts';
import {
  publicMessageSchema,
  type PublicMessage,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
  eventTicketSchema,
  type EventTicket,
} from '#shared/schemas/webhook.ts';
import type { PlannedDelivery, StreamChange } from './outbound.ts';
import { displayName, type TicketRecord } from './tickets.ts';

export const WEBHOOK_KIND = 'webhook';

/** A 2xx within this long counts as delivered; anything slower is a failed attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** Secrets look like `whsec_…`: 32 random bytes, base64url. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_SECRET_BYTES = 32;
export const webhookSecret = (bytes: Buffer): string => `${WEBHOOK_SECRET_PREFIX}${bytes.toString('base64url')}`;

export const WEBHOOK_HEADERS = {
  id: 'Helpdesk-Event-Id',
  type: 'Helpdesk-Event-Type',
  signature: 'Helpdesk-Signature',
} as const;

/** What the planner needs of a webhook to decide whether it gets an event. */
export type WebhookTarget = Pick<Webhook, 'id' | 'events' | 'disabledAt'>;

/** An event as a job carries it: everything of the body but its id (the job's id), the ticket only if known then. */
export const plannedEventSchema = z.object({
  type: z.enum([...WEBHOOK_EVENT_TYPES, 'ping']),
  createdAt: z.string(),
  /** The ticket it is about; absent for a ping. */
  ticketId: z.number().int().optional(),
  /** The ticket as the change left it; absent for a message, whose record does not carry it (read when sent). */
  ticket: eventTicketSchema.optional(),
  message: publicMessageSchema.optional(),
  changes: z.array(fieldChangeSchema).optional(),
  /** `ticket.merged`: the ticket it was merged into. */
  intoTicketId: z.number().int().optional(),
});
export type PlannedEvent = z.infer<typeof plannedEventSchema>;

/** A webhook job's payload: one event for one webhook. */
export const webhookJobPayloadSchema = z.object({ webhookId: z.string(), event: plannedEventSchema });
export type WebhookJobPayload = z.infer<typeof webhookJobPayloadSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Public shapes

/**
 * A ticket's public fields, as events carry it: of the staff, only the assignee's name. A restricted case carries its
 * number, code and status alone (docs/product.md §6 "Compliance").
 */
export function toWebhookTicket(ticket: TicketRecord): EventTicket {
  if (ticket.restricted) return { id: ticket.id, ticketId: ticket.ticketId, status: ticket.status, restricted: true };
  return {
    id: ticket.id,
    ticketId: ticket.ticketId,
    subject: ticket.subject,
    description: ticket.description,
    customerEmail: ticket.customerEmail,
    category: ticket.category,
    priority: ticket.priority,
    status: ticket.status,
    type: ticket.type,
    assignee: ticket.assignedTo ? { id: ticket.assignedTo.id, name: displayName(ticket.assignedTo) } : null,
    createdByApiKeyId: ticket.createdByApiKeyId ?? null,
    deadline: ticket.deadline,
    isOverdue: ticket.isOverdue,
    createdAt: ticket.createdAt,
    updatedAt: ticket.updatedAt,
    resolvedAt: ticket.resolvedAt ?? null,
    rating: ticket.rating
      ? { score: ticket.rating.score, comment: ticket.rating.comment, ratedAt: ticket.rating.ratedAt }
      : null,
    mergedIntoId: ticket.mergedIntoId ?? null,
  };
}

/** A public message as upstream systems read it; the staff author by name only. Internal notes never get here. */
export function toPublicMessage(comment: Comment): PublicMessage {
  const staff = comment.authorType === 'staff';
  return {
    id: comment.id,
    ticketId: comment.ticketId,
    authorType: comment.authorType,
    channel: comment.channel,
    content: comment.comment,
    createdAt: comment.createdAt,
    authorName: staff ? displayName(comment.author) : null,
    attachments: comment.attachments.map(({ removed: _removed, ...file }) => file),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Which events a change is

const isTicketItem = (change: StreamChange) => change.item.kind === 'ticket' && typeof change.after?.id === 'number';

/** A comment image as stored; one written before the thread model knew authors is a staff comment. */
function commentOf(image: Record<string, unknown>): Comment {
  return {
    id: String(image.id),
    ticketId: Number(image.ticketId),
    userId: (image.userId as string | null | undefined) ?? null,
    authorType: (image.authorType as Comment['authorType'] | undefined) ?? 'staff',
    channel: (image.channel as Comment['channel'] | undefined) ?? 'web',
    comment: String(image.comment ?? ''),
    isInternal: image.isInternal === true,
    createdAt: String(image.createdAt),
    author: (image.author as Comment['author'] | undefined) ?? { firstName: '', lastName: '', email: '' },
    attachments: (image.attachments as Comment['attachments'] | undefined) ?? [],
  };
}

const assigneeValue = (ticket: TicketRecord) =>
  ticket.assignedTo ? { id: ticket.assignedTo.id, name: displayName(ticket.assignedTo) } : null;

/** The changes `ticket.updated` reports: status, priority, category and assignee, from and to. */
export function reportedChanges(before: TicketRecord, after: TicketRecord): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of ['status', 'priority', 'category'] as const) {
    if (before[field] !== after[field]) changes.push({ field, from: before[field], to: after[field] });
  }
  if ((before.assignedToId ?? null) !== (after.assignedToId ?? null)) {
    changes.push({ field: 'assignedTo', from: assigneeValue(before), to: assigneeValue(after) });
  }
  return changes;
}

const ratingChanged = (before: TicketRecord, after: TicketRecord) =>
  !!after.rating &&
  (!before.rating ||
    before.rating.score !== after.rating.score ||
    before.rating.comment !== after.rating.comment ||
    before.rating.ratedAt !== after.rating.ratedAt);

/** The events of a ticket item's change: created; or updated / resolved / rated. */
function ticketEvents(change: StreamChange): PlannedEvent[] {
  const after = change.after as unknown as TicketRecord;
  const ticket = toWebhookTicket(after);
  const base = { ticketId: after.id, ticket };
  if (change.eventName === 'INSERT' || !change.before) {
    return [{ type: 'ticket.created', createdAt: after.createdAt, ...base }];
  }
  const before = change.before as unknown as TicketRecord;
  const events: PlannedEvent[] = [];
  // Of a restricted case, only its status changes are told (its category and assignee say too much).
  const changes = reportedChanges(before, after).filter((c) => !after.restricted || c.field === 'status');
  if (changes.length) events.push({ type: 'ticket.updated', createdAt: after.updatedAt, ...base, changes });
  if (after.status === 'resolved' && before.status !== 'resolved') {
    events.push({ type: 'ticket.resolved', createdAt: after.resolvedAt ?? after.updatedAt, ...base });
  }
  if (ratingChanged(before, after)) {
    events.push({ type: 'ticket.rated', createdAt: after.rating!.ratedAt, ...base });
  }
  if (after.mergedIntoId && !before.mergedIntoId) {
    events.push({ type: 'ticket.merged', createdAt: after.updatedAt, ...base, intoTicketId: after.mergedIntoId });
  }
  return events;
}

/**
 * The event of a new comment: a public staff reply or a customer's message. Internal notes are none, and neither are
 * the copies a merge puts on the target's thread (their events went out when they were first written).
 */
function messageEvents(change: StreamChange): PlannedEvent[] {
  if (change.eventName !== 'INSERT' || !change.after || change.after.mergedFrom) return [];
  const comment = commentOf(change.after);
  if (comment.isInternal) return [];
  const type =
    comment.authorType === 'customer'
      ? 'ticket.customer_replied'
      : comment.authorType === 'staff'
        ? 'ticket.replied'
        : undefined;
  if (!type) return [];
  return [{ type, createdAt: comment.createdAt, ticketId: comment.ticketId, message: toPublicMessage(comment) }];
}

/**
 * webhookEventsOfChange: what a committed change is to webhooks, in the order they happened. Reads the record alone,
 * so a redelivered record yields the same events.
 */
export function webhookEventsOfChange(change: StreamChange): PlannedEvent[] {
  if (!change.after) return [];
  if (isTicketItem(change)) return ticketEvents(change);
  if (change.item.kind === 'comment') return messageEvents(change);
  return [];
}

/** The webhook an admin's test is for: its `pingId` changed (each test sets a new one). */
export function pingOfChange(change: StreamChange): { webhookId: string; createdAt: string } | undefined {
  if (change.eventName !== 'MODIFY' || change.item.kind !== 'webhook' || !change.after?.pingId) return undefined;
  if (change.after.pingId === change.before?.pingId) return undefined;
  return { webhookId: String(change.after.id), createdAt: String(change.after.pingRequestedAt) };
}

/** Whether a change could be an event for any webhook at all (so that the webhooks need not be read otherwise). */
export const mayConcernWebhooks = (change: StreamChange): boolean =>
  !!pingOfChange(change) || webhookEventsOfChange(change).length > 0;

/**
 * planWebhookDeliveries: one delivery per event and enabled webhook subscribed to it; a ping to its webhook alone
 * (disabled or not: it is how an admin checks an endpoint). The recipient names the webhook and the event type, so
 * each gets its own job id.
 */
export function planWebhookDeliveries(
  change: StreamChange,
  webhooks: readonly WebhookTarget[],
): PlannedDelivery<WebhookJobPayload>[] {
  const ping = pingOfChange(change);
  if (ping) {
    const known = webhooks.some((webhook) => webhook.id === ping.webhookId);
    if (!known) return [];
    return [
      {
        recipient: `${ping.webhookId}:ping`,
        payload: { webhookId: ping.webhookId, event: { type: 'ping', createdAt: ping.createdAt } },
      },
    ];
  }
  const events = webhookEventsOfChange(change);
  return events.flatMap((event) =>
    webhooks
      .filter((webhook) => !webhook.disabledAt && webhook.events.includes(event.type as WebhookEventType))
      .map((webhook) => ({ recipient: `${webhook.id}:${event.type}`, payload: { webhookId: webhook.id, event } })),
  );
}

/** The body a receiver gets: the job id is the event id. */
export function webhookBody(
  eventId: string,
  event: PlannedEvent,
  data: { ticket?: EventTicket; webhook?: { id: string; url: string } },
): WebhookEvent {
  const { type, createdAt } = event;
  if (type === 'ping') return { id: eventId, type, createdAt, data: { webhook: data.webhook! } };
  const ticket = data.ticket!;
  switch (type) {
    case 'ticket.updated':
      return { id: eventId, type, createdAt, data: { ticket, changes: event.changes ?? [] } };
    case 'ticket.replied':
    case 'ticket.customer_replied':
      // Nothing of a restricted case's thread leaves the help desk: the event says only that a message came.
      if ('restricted' in ticket) return { id: eventId, type, createdAt, data: { ticket } };
      return { id: eventId, type, createdAt, data: { ticket, message: event.message! } };
    case 'ticket.merged': {
      const into = event.intoTicketId!;
      return { id: eventId, type, createdAt, data: { ticket, into: { id: into, ticketId: ticketCode(into) } } };
    }
    default:
      return { id: eventId, type, createdAt, data: { ticket } };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Signatures

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the secret>`. */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/**
 * What a receiver checks (docs/api.md shows the same in a few lines): a `v1` that is the HMAC of the raw body, made
 * at most `toleranceSeconds` from `now` (a replayed old request fails).
 */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  now: Date,
  toleranceSeconds = 300,
): boolean {
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const received = Buffer.from(given, 'hex');
  return received.length === expected.length && timingSafeEqual(received, expected);
}

// ---------------------------------------------------------------------------------------------------------------
// Failures and the delivery list

/** How the sender words an attempt that got an answer; `deliveryOf` reads the status back out. */
export const httpDetail = (status: number): string => `HTTP ${status}`;

/** Whether an endpoint failing since `since` has failed for the whole retry window, and is to be disabled. */
export const failingTooLong = (since: string, now: Date, windowMs: number): boolean =>
  now.getTime() - Date.parse(since) >= windowMs;

/** A delivery-log entry as the deliveries route lists it. */
export function deliveryOf(entry: {
  jobId: string;
  label: string;
  outcome: WebhookDelivery['status'];
  attempts: number;
  detail?: string;
  firstAttemptAt: string;
  lastAttemptAt: string;
  nextAttemptAt?: string;
  deliveredAt?: string;
}): WebhookDelivery {
  const status = entry.detail?.match(/^HTTP (\d{3})$/)?.[1];
  return {
    eventId: entry.jobId,
    type: entry.label,
    status: entry.outcome,
    attempts: entry.attempts,
    lastStatusCode: status ? Number(status) : null,
    lastError: status ? null : (entry.detail ?? null),
    firstAttemptAt: entry.firstAttemptAt,
    lastAttemptAt: entry.lastAttemptAt,
    nextAttemptAt: entry.outcome === 'retrying' ? (entry.nextAttemptAt ?? null) : null,
    deliveredAt: entry.deliveredAt ?? null,
  };
}
