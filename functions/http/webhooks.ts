/**
 * Webhooks (docs/decisions/052-webhooks.md): admins register endpoints that receive signed ticket events, test them
 * and read their deliveries. Keys may not call these routes: the route table gives them no scope.
 */
import { createWebhookSchema, webhookIdParamsSchema } from '#shared/schemas/webhook.ts';
import { WEBHOOK_ACCESS } from '../domain/permissions.ts';
import { defineRoute, httpHandler } from '../lib/http.ts';
import {
  createWebhook,
  listWebhookDeliveries,
  listWebhooksFor,
  removeWebhook,
  sendTestEvent,
} from '../use-cases/webhooks/manage-webhooks.ts';

export const handler = httpHandler('webhooks', {
  'GET /api/webhooks': defineRoute({
    access: WEBHOOK_ACCESS.manage,
    async handle({ caller }) {
      return { body: await listWebhooksFor(caller) };
    },
  }),

  'POST /api/webhooks': defineRoute({
    access: WEBHOOK_ACCESS.manage,
    body: createWebhookSchema,
    async handle({ body, caller }) {
      return { status: 201, body: await createWebhook(caller, body) };
    },
  }),

  'DELETE /api/webhooks/{id}': defineRoute({
    access: WEBHOOK_ACCESS.manage,
    params: webhookIdParamsSchema,
    async handle({ params, caller }) {
      await removeWebhook(caller, params.id);
      return { status: 204 };
    },
  }),

  'POST /api/webhooks/{id}/test': defineRoute({
    access: WEBHOOK_ACCESS.manage,
    params: webhookIdParamsSchema,
    async handle({ params, caller }) {
      await sendTestEvent(caller, params.id);
      return { status: 202, body: { queued: true } };
    },
  }),

  'GET /api/webhooks/{id}/deliveries': defineRoute({
    access: WEBHOOK_ACCESS.manage,
    params: webhookIdParamsSchema,
    async handle({ params, caller }) {
      return { body: await listWebhookDeliveries(caller, params.id) };
    },
  }),
});
