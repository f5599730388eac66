/**
 * Facts about the API itself: the OpenAPI document upstream integrators generate their clients from (docs/api.md).
 */
import { config } from '../lib/config.ts';
import { defineRoute, httpHandler } from '../http/handler.ts';
import { buildOpenApiDocument, type OpenApiDocument } from '../http/openapi.ts';
import { DOCUMENTED_ROUTES } from './documented-routes.ts';

/** The document only changes with a deployment, so each instance builds it once, on first request. */
let document: OpenApiDocument | undefined;

export const handler = httpHandler('meta', {
  'GET /api/openapi.json': defineRoute({
    access: 'public',
    async handle() {
      const { apiKeyRateLimitPerMinute, apiKeyRateWindowSeconds } = config();
      document ??= buildOpenApiDocument({
        rateLimit: { limit: apiKeyRateLimitPerMinute, windowSeconds: apiKeyRateWindowSeconds },
        definitions: DOCUMENTED_ROUTES,
      });
      return { body: document, headers: { 'cache-control': 'public, max-age=300' } };
    },
  }),
});
