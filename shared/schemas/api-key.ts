import * as z from 'zod';
import { API_KEY_SCOPES } from '../constants.ts';
import { issueText } from '../i18n/messages.ts';
import { identifier, text } from './text.ts';

export const API_KEY_NAME_MAX = 100;

export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES, {
  error: issueText('validation.oneOf', { field: 'Scope', values: API_KEY_SCOPES.join(', ') }),
});

const nameRequired = issueText('validation.name.required');
const scopesRequired = issueText('validation.scopes.required');

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

/** `POST /api/api-keys`. Scopes are a set: duplicates are dropped, order follows API_KEY_SCOPES. */
export const createApiKeySchema = z.object({
  name: text({
    label: 'field.name',
    max: API_KEY_NAME_MAX,
    required: nameRequired,
    tooLong: issueText('validation.name.tooLong'),
  }),
  scopes: z
    .array(apiKeyScopeSchema, { error: scopesRequired })
    .min(1, scopesRequired)
    .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

/** The answer to `POST /api/api-keys`: the only time the secret is ever shown. */
export const createdApiKeySchema = z.object({ apiKey: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** Path parameters of `/api/api-keys/{id}`. */
export const apiKeyIdParamsSchema = z.object({ id: identifier('field.apiKeyId') });
