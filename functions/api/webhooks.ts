/**
 * Webhooks (docs/decisions/052-webhooks.md): admins register endpoints that receive signed ticket events, test them
 * and read their deliveries. Keys may not call these routes: the route table gives them no scope.
 */
import {
  changeWebhookTargetSchema,
  createdWebhookSchema,
  createWebhookSchema,
  webhookSchema,
  WEBHOOK_LIMITS,
  webhookDeliveryListSchema,
  webhookIdParamsSchema,
  webhookListSchema,
  webhookTestSchema,
} from '#shared/schemas/webhook.ts';
import { WEBHOOK_ACCESS } from '../domain/permissions.ts';
import { defineRoute } from '../http/handler.ts';
import { groupHandler } from './group-handler.ts';
import { requestWebhook, requestWebhookTarget } from '../use-cases/approvals/held-actions.ts';
import { heldAnswer } from './held.ts';
import {
  listWebhookDeliveries,
  listWebhooksFor,
  removeWebhook,
  sendTestEvent,
} from '../use-cases/webhooks/manage-webhooks.ts';

export const handler = groupHandler('webhooks', {
  'GET /api/webhooks': defineRoute({
    access: WEBHOOK_ACCESS.manage,
    doc: {
      operationId: 'listWebhooks',
      summary: 'List webhooks',
      description: 'Every webhook, newest first, disabled ones included; never a secret.',
      response: { status: 200, description: 'The webhooks.', schema: webhookListSchema },
    },
    async handle({ caller }) {
      return { body: await listWebhooksFor(caller) };
    },
  }),

  'POST /api/webhooks': defineRoute({
    access: WEBHOOK_ACCESS.manage,
    body: createWebhookSchema,
    doc: {
      operationId: 'createWebhook',
      summary: 'Register a webhook',
      description:
        'Events of the chosen types are POSTed to `url`, signed with the secret this answer shows once (see ' +
        '`webhooks` for the bodies and the signature). The URL must be https and must not name a private, loopback, ' +
        'link-local or multicast address; the name it gives is checked again, resolved, at every delivery.',
      response: {
        status: 201,
        description:
          'The webhook and its signing secret, shown this once. Where four-eyes approval applies, 202 ' +
          '`{approvalId, status}` instead: the webhook is made when a second admin approves, and its secret is shown ' +
          'to the requester once (`POST /api/approvals/{id}/secret`).',
        schema: createdWebhookSchema,
      },
      conflict: `There are ${WEBHOOK_LIMITS.max} webhooks already.`,
    },
    async handle({ body, caller }) {
      return heldAnswer(await requestWebhook(caller, body), 201);
    },
  }),

  'PATCH /api/webhooks/{id}': defineRoute({
    access: WEBHOOK_ACCESS.manage,
    params: webhookIdParamsSchema,
    body: changeWebhookTargetSchema,
    doc: {
      operationId: 'changeWebhookTarget',
      summary: "Change a webhook's URL",
      description:
        'Later events go to the new URL, checked as at creation and signed with the same secret. Where four-eyes ' +
        'approval applies, 202 `{approvalId, status}` instead: the URL changes when a second admin approves.',
      response: { status: 200, description: 'The webhook with its new URL.', schema: webhookSchema },
      notFound: 'There is no webhook with this id.',
    },
    async handle({ params, body, caller }) {
      return heldAnswer(await requestWebhookTarget(caller, params.id, body.url));
    },
  }),

  'DELETE /api/webhooks/{id}': defineRoute({
    access: WEBHOOK_ACCESS.manage,
    params: webhookIdParamsSchema,
    doc: {
      operationId: 'deleteWebhook',
      summary: 'Delete a webhook',
      description: 'Nothing more is sent to it, not even the retries of deliveries already under way.',
      response: { status: 204, description: 'Deleted.' },
      notFound: 'There is no webhook with this id.',
    },
    async handle({ params, caller }) {
      await removeWebhook(caller, params.id);
      return { status: 204 };
    },
  }),

  'POST /api/webhooks/{id}/test': defineRoute({
    access: WEBHOOK_ACCESS.manage,
    params: webhookIdParamsSchema,
    doc: {
      operationId: 'testWebhook',
      summary: 'Send a ping event',
      description: 'A `ping` goes to this webhook alone, even a disabled one; its delivery shows in the deliveries.',
      response: { status: 202, description: 'The ping is on its way.', schema: webhookTestSchema },
      notFound: 'There is no webhook with this id.',
    },
    async handle({ params, caller }) {
      await sendTestEvent(caller, params.id);
      return { status: 202, body: { queued: true } };
    },
  }),

  'GET /api/webhooks/{id}/deliveries': defineRoute({
    access: WEBHOOK_ACCESS.manage,
    params: webhookIdParamsSchema,
    doc: {
      operationId: 'listWebhookDeliveries',
      summary: "A webhook's last 100 deliveries",
      description: 'Newest first: the event, the attempts made, the last status code or error, and what comes next.',
      response: { status: 200, description: 'The deliveries.', schema: webhookDeliveryListSchema },
      notFound: 'There is no webhook with this id.',
    },
    async handle({ params, caller }) {
      return { body: await listWebhookDeliveries(caller, params.id) };
    },
  }),
});
