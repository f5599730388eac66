/**
 * The webhook kind's planner (docs/decisions/052-webhooks.md): a change that is an event becomes one job per enabled
 * webhook subscribed to it; an admin's test becomes a ping to that webhook. The webhooks are read once per stream
 * batch, and only when some change of the batch can be an event.
 */
import { listWebhooks } from '../data/webhooks.ts';
import type { BatchPlanner } from '../domain/outbound.ts';
import {
  mayConcernWebhooks,
  planWebhookDeliveries,
  WEBHOOK_KIND,
  type WebhookJobPayload,
  type WebhookTarget,
} from '../domain/webhooks.ts';

export const webhookPlanner: BatchPlanner<WebhookJobPayload> = {
  kind: WEBHOOK_KIND,
  async forBatch(changes) {
    const webhooks: WebhookTarget[] = changes.some(mayConcernWebhooks) ? await listWebhooks() : [];
    return { kind: WEBHOOK_KIND, plan: (change) => planWebhookDeliveries(change, webhooks) };
  },
};
