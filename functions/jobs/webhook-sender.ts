/**
 * The webhook kind's sender (docs/decisions/052-webhooks.md): one signed POST per job, through the outbound framework
 * (claimed before sending, retried with jittered backoff for 24 hours, then parked; the last 100 deliveries of each
 * webhook logged); the delivery itself is functions/use-cases/webhooks/deliver-webhook.ts.
 */
import { WEBHOOK_KIND, type WebhookJobPayload, webhookJobPayloadSchema } from '../domain/webhooks.ts';
import { defineSender } from '../outbound/sender.ts';
import { deliverWebhook } from '../use-cases/webhooks/deliver-webhook.ts';

export const handler = defineSender<WebhookJobPayload>({
  kind: WEBHOOK_KIND,
  payload: webhookJobPayloadSchema,
  // Receivers drop a repeat by its Helpdesk-Event-Id (docs/api.md): a delivery that may have been made is made again.
  guarantee: () => 'at-least-once',
  send: deliverWebhook,
  history: { logKey: (job) => job.payload.webhookId, label: (job) => job.payload.event.type },
});
