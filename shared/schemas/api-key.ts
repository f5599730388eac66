import { z } from 'zod';
import { API_KEY_SCOPES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { identifier, text } from './text.ts';

export const API_KEY_NAME_MAX = 100;

/** Texts of the API-key routes (docs/product.md §5, §10). */
export const API_KEY_MESSAGES = {
  scopesRequired: 'Choose at least one scope',
  invalidScope: `Scope must be one of: ${API_KEY_SCOPES.join(', ')}`,
  notFound: 'API key not found',
} as const;

export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES, { error: API_KEY_MESSAGES.invalidScope });

/** An API key as admins see it: never the secret, never its hash. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), email: z.string() }),
  /** The start of the latest rate-limit window in which the key was used (minute precision in production). */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** `GET /api/api-keys`: every key, newest first, revoked ones included. */
export const apiKeyListSchema = z.array(apiKeySchema);

/** `POST /api/api-keys`. Scopes are a set: duplicates are dropped, order follows API_KEY_SCOPES. */
export const createApiKeySchema = z.object({
  name: text({ label: 'Name', max: API_KEY_NAME_MAX, required: MESSAGES.nameRequired, tooLong: MESSAGES.nameTooLong }),
  scopes: z
    .array(apiKeyScopeSchema, { error: API_KEY_MESSAGES.scopesRequired })
    .min(1, API_KEY_MESSAGES.scopesRequired)
    .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

/** The answer to `POST /api/api-keys`: the only time the secret is ever shown. */
export const createdApiKeySchema = z.object({ apiKey: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** Path parameters of `/api/api-keys/{id}`. */
export const apiKeyIdParamsSchema = z.object({ id: identifier('API key id') });
