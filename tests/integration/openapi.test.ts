import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_GROUPS, HTTP_ROUTES } from '#functions/api/routes.ts';
import { type AnyRoute, apiKeyScopeOf } from '#functions/http/handler.ts';
import { routeKeyOf } from '#functions/http/route-key.ts';
import { rateWindowInWords } from '#functions/domain/api-keys.ts';
import { config } from '#functions/lib/config.ts';
import type { OpenApiDocument } from '#functions/http/openapi.ts';
import type { CreatedApiKey } from '#shared/schemas/api-key.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ApiClient, startApi } from './support/api.ts';
import { createStaffUser } from './support/fixtures.ts';

let api: Gateway;
let served: { status: number; body: OpenApiDocument; headers: Headers };

beforeAll(async () => {
  api = await startApi();
  served = await new ApiClient(api.url).get<OpenApiDocument>('/api/openapi.json');
});
afterAll(() => api.close());

describe('GET /api/openapi.json', () => {
  it('is public JSON that browsers and proxies may cache', () => {
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toContain('application/json');
    expect(served.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('validates as an OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(served.body) as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every route of the route table an API key may call, with its scope, and the webhook routes', async () => {
    const definitions: Record<string, AnyRoute> = Object.assign(
      {},
      ...(await Promise.all(
        HTTP_GROUPS.map(async (group) => (await import(`#functions/api/${group}.ts`)).handler.routes),
      )),
    );
    const scopeOf = (route: (typeof HTTP_ROUTES)[number]) => apiKeyScopeOf(definitions[routeKeyOf(route)]!);
    const keyCallable = HTTP_ROUTES.filter((route) => scopeOf(route));
    const webhookRoutes = HTTP_ROUTES.filter((route) => route.group === 'webhooks');
    expect(keyCallable.length).toBeGreaterThan(0);
    for (const route of keyCallable) {
      const operation = served.body.paths[route.path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toMatchObject({ security: [{ apiKey: [scopeOf(route)] }] });
    }
    for (const route of webhookRoutes) {
      const operation = served.body.paths[route.path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toMatchObject({ security: [{ session: [] }] });
    }
    const documented = Object.values(served.body.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(documented).toBe(keyCallable.length + webhookRoutes.length);
  });

  it('describes the webhook events and their signature', () => {
    expect(Object.keys(served.body.webhooks)).toEqual(expect.arrayContaining(['ticket.created', 'ping']));
    expect(JSON.stringify(served.body.webhooks['ticket.created'])).toContain('Helpdesk-Signature');
  });

  it('describes bearer authentication, the error shape and the rate limit', () => {
    const { components, info } = served.body;
    expect(components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(components.schemas.Error).toMatchObject({ required: expect.arrayContaining(['message', 'code']) });
    expect(components.responses.TooManyRequests).toMatchObject({ headers: { 'Retry-After': expect.any(Object) } });
    const { apiKeyRateLimitPerMinute, apiKeyRateWindowSeconds } = config();
    expect(info.description).toContain(
      `${apiKeyRateLimitPerMinute} requests per ${rateWindowInWords(apiKeyRateWindowSeconds)}`,
    );
  });
});

describe('GET /api/openapi.json with an API key', () => {
  let secret: string;

  beforeAll(async () => {
    const admin = await createStaffUser({ role: 'admin' });
    const adminClient = new ApiClient(api.url);
    await adminClient.signIn(admin.email, admin.password);
    const created = await adminClient.post<CreatedApiKey>('/api/api-keys', {
      name: 'Client generator',
      scopes: ['tickets:read'],
    });
    expect(created.status).toBe(201);
    secret = created.body.secret;
  });

  it('answers a client that sends its key the same document as an anonymous one', async () => {
    const res = await ApiClient.withApiKey(api.url, secret).get<OpenApiDocument>('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(served.body);
  });

  it('still refuses an unknown key with 401', async () => {
    const res = await ApiClient.withApiKey(api.url, 'hdk_not-a-key').get('/api/openapi.json');
    expect(res.status).toBe(401);
  });

  it('still refuses a key on a public route that writes (sign-in)', async () => {
    const res = await ApiClient.withApiKey(api.url, secret).post('/api/auth/agent-login', {
      email: 'nobody@test.local',
      password: 'Whatever-1',
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('error.apiKey.routeRefused');
  });
});
