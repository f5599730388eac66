/**
 * API keys of upstream systems (docs/decisions/030): admins create them (the secret is shown once), list and
 * revoke them. Keys themselves may not call these routes: the route table gives them no scope.
 */
import { apiKeyIdParamsSchema, createApiKeySchema } from '#shared/schemas/api-key.ts';
import { API_KEY_ACCESS } from '../domain/permissions.ts';
import { defineRoute } from '../http/handler.ts';
import { groupHandler } from './group-handler.ts';
import { listApiKeysFor, revokeApiKeyFor } from '../use-cases/api-keys/manage-api-keys.ts';
import { requestApiKey } from '../use-cases/approvals/held-actions.ts';
import { heldAnswer } from './held.ts';

export const handler = groupHandler('apiKeys', {
  'GET /api/api-keys': defineRoute({
    access: API_KEY_ACCESS.manage,
    async handle({ caller }) {
      return { body: await listApiKeysFor(caller) };
    },
  }),

  'POST /api/api-keys': defineRoute({
    access: API_KEY_ACCESS.manage,
    body: createApiKeySchema,
    async handle({ body, caller }) {
      return heldAnswer(await requestApiKey(caller, body), 201);
    },
  }),

  'DELETE /api/api-keys/{id}': defineRoute({
    access: API_KEY_ACCESS.manage,
    params: apiKeyIdParamsSchema,
    async handle({ params, caller }) {
      await revokeApiKeyFor(caller, params.id);
      return { status: 204 };
    },
  }),
});
