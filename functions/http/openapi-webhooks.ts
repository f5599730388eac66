/**
 * The `webhooks` of the OpenAPI document (functions/http/openapi.ts): what a webhook's endpoint receives, one entry per
 * event type, with the body schema the sender's events are typed with, its headers and the signature scheme.
 */
import type { ZodType } from 'zod';
import { webhookEventSchemas } from '#shared/schemas/webhook.ts';
import { WEBHOOK_HEADERS, WEBHOOK_TIMEOUT_MS } from '../domain/webhooks.ts';

type EventType = keyof typeof webhookEventSchemas;

export const SIGNATURE_SCHEME =
  `\`${WEBHOOK_HEADERS.signature}: t=<unix seconds>,v1=<hex>\`, where \`v1\` is the HMAC-SHA256, keyed with the ` +
  "webhook's secret (`whsec_…`, shown once when it was created), of `<t>.<raw body>`. Check it over the raw bytes " +
  'before parsing, compare in constant time, and refuse a `t` more than five minutes from your clock.';

const SUMMARIES: Record<EventType, string> = {
  'ticket.created': 'A ticket was created',
  'ticket.updated': 'Its status, priority, category or assignee changed (`changes` says which)',
  'ticket.replied': 'Staff replied to the customer (an internal note is never an event)',
  'ticket.customer_replied': 'The customer wrote in, by e-mail or through an upstream system',
  'ticket.resolved': 'A ticket was resolved',
  'ticket.rated': 'The customer rated the ticket',
  'ticket.merged':
    'The ticket was merged into another one (`into`); it is closed, and its messages are on that one now',
  ping: 'An administrator sent a test event',
};

/** `ticket.customer_replied` → `TicketCustomerRepliedEvent`. */
const componentName = (type: string) => `${type.replace(/(^|[._])(\w)/g, (_, __, c: string) => c.toUpperCase())}Event`;

const header = (name: string, description: string, pattern?: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string', ...(pattern ? { pattern } : {}) },
});

/**
 * webhookOperations: one `post` per event type; `register` names each body schema as a component and returns its
 * `$ref`.
 */
export function webhookOperations(
  register: (schema: ZodType, name: string) => string,
): Record<string, Record<string, Record<string, unknown>>> {
  return Object.fromEntries(
    (Object.entries(webhookEventSchemas) as [EventType, ZodType][]).map(([type, schema]) => {
      const name = componentName(type);
      const ref = register(schema, name);
      const post = {
        operationId: `on${name}`,
        summary: SUMMARIES[type],
        description:
          `POSTed to the webhook's URL. ${SIGNATURE_SCHEME} At least once: a 2xx within ` +
          `${WEBHOOK_TIMEOUT_MS / 1000} s is a delivery; anything else is retried with growing, jittered waits for ` +
          '24 hours, with the same event id every time, so drop an id you have seen. Redirects are not followed. ' +
          'Events may arrive out of order: compare `data.ticket.updatedAt`.',
        tags: ['webhooks'],
        parameters: [
          header(WEBHOOK_HEADERS.id, 'The event id, as in the body; the same on every attempt.'),
          header(WEBHOOK_HEADERS.type, `\`${type}\`.`),
          header(WEBHOOK_HEADERS.signature, SIGNATURE_SCHEME, '^t=\\d+,v1=[0-9a-f]{64}$'),
        ],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: ref } } } },
        responses: {
          '2XX': { description: 'Received: the delivery is done.' },
          default: { description: 'Not received: the event is sent again later, with the same id.' },
        },
      };
      return [type, { post }];
    }),
  );
}
