/**
 * API keys of upstream systems (docs/decisions/030): admins create them (the secret is shown once), list and
 * revoke them. Keys themselves may not call these routes: the route table gives them no scope.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { apiKeyIdParamsSchema, createApiKeySchema } from '#shared/schemas/api-key.ts';
import { createApiKey, hashApiKey, listApiKeys, revokeApiKey } from '../data/api-keys.ts';
import { API_KEY_SECRET_BYTES, apiKeySecret, newApiKey } from '../domain/api-keys.ts';
import type { Caller } from '../lib/auth.ts';
import { ForbiddenError } from '../lib/errors.ts';
import { defineRoute, httpHandler } from '../lib/http.ts';
import { DENIED } from '../domain/permissions.ts';

const ADMIN = { roles: ['admin'], deniedMessage: DENIED.apiKeys } as const;

/** Admin-only routes reach their handler only with a staff caller; this narrows the type. */
function staffOf(caller: Caller) {
  if (caller.kind !== 'staff') throw new ForbiddenError("You don't have permission to do this");
  return caller.user;
}

export const handler = httpHandler('apiKeys', {
  'GET /api/api-keys': defineRoute({
    access: ADMIN,
    async handle() {
      return { body: await listApiKeys() };
    },
  }),

  'POST /api/api-keys': defineRoute({
    access: ADMIN,
    body: createApiKeySchema,
    async handle({ body, caller }) {
      const admin = staffOf(caller);
      const secret = apiKeySecret(randomBytes(API_KEY_SECRET_BYTES));
      const apiKey = newApiKey(body, {
        id: randomUUID(),
        createdBy: { id: admin.id, email: admin.email },
        now: new Date(),
      });
      await createApiKey(apiKey, hashApiKey(secret));
      return { status: 201, body: { apiKey, secret } };
    },
  }),

  'DELETE /api/api-keys/{id}': defineRoute({
    access: ADMIN,
    params: apiKeyIdParamsSchema,
    async handle({ params }) {
      await revokeApiKey(params.id, new Date());
      return { status: 204 };
    },
  }),
});
