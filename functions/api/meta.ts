/**
 * Facts about the API itself: the OpenAPI document upstream integrators generate their clients from (docs/api.md).
 */
import { config } from '../lib/config.ts';
import { defineRoute } from '../http/handler.ts';
import { groupHandler } from './group-handler.ts';
import { buildOpenApiDocument, type OpenApiDocument } from '../http/openapi.ts';
import { DOCUMENTED_ROUTES } from './documented-routes.ts';
import { HTTP_ROUTES } from './routes.ts';

/** The document only changes with a deployment, so each instance builds it once, on first request. */
let document: OpenApiDocument | undefined;

export const handler = groupHandler('meta', {
  'GET /api/openapi.json': defineRoute({
    access: 'public',
    async handle() {
      const { apiKeyRateLimitPerMinute, apiKeyRateWindowSeconds } = config();
      document ??= buildOpenApiDocument({
        rateLimit: { limit: apiKeyRateLimitPerMinute, windowSeconds: apiKeyRateWindowSeconds },
        definitions: DOCUMENTED_ROUTES,
        routes: HTTP_ROUTES,
      });
      return { body: document, headers: { 'cache-control': 'public, max-age=300' } };
    },
  }),
});
