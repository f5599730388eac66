import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import en from '#shared/i18n/catalogs/en.json' with { type: 'json' };
import type { ZodObject } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '#shared/constants.ts';
import { DOCUMENTED_ROUTES } from './documented-routes.ts';
import { HTTP_GROUPS, HTTP_ROUTES, type HttpRoute } from './routes.ts';
import { type AnyRoute, apiKeyScopeOf } from '../http/handler.ts';
import {
  buildOpenApiDocument,
  ERROR_EXAMPLES,
  errorBodySchema,
  isDocumented,
  type OpenApiDocument,
} from '../http/openapi.ts';
import { routeKeyOf } from '../http/route-key.ts';
import { API_ERROR_CODES } from '../lib/messages.ts';

const rateLimit = { limit: 600, windowSeconds: 60 };
const build = (overrides: { routes?: readonly HttpRoute[]; definitions?: Record<string, AnyRoute> } = {}) =>
  buildOpenApiDocument({ rateLimit, definitions: DOCUMENTED_ROUTES, routes: HTTP_ROUTES, ...overrides });

/** Every group's route definitions, by route key: a route's API-key scope is its definition's access. */
const ALL_DEFINITIONS: Record<string, AnyRoute> = Object.assign(
  {},
  ...(await Promise.all(HTTP_GROUPS.map(async (group) => (await import(`./${group}.ts`)).handler.routes))),
);
const scopeOf = (route: HttpRoute) => apiKeyScopeOf(ALL_DEFINITIONS[routeKeyOf(route)]!);
const keyCallable = HTTP_ROUTES.filter((route) => scopeOf(route));
const webhookRoutes = HTTP_ROUTES.filter((route) => route.group === 'webhooks');

/** Every `$ref` anywhere in the document. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const v of value) refsIn(v, found);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') found.push(v);
      else refsIn(v, found);
    }
  }
  return found;
}

const resolve = (doc: OpenApiDocument, ref: string): unknown =>
  ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], doc);

const operationOf = (doc: OpenApiDocument, route: Pick<HttpRoute, 'method' | 'path'>) =>
  doc.paths[route.path]?.[route.method.toLowerCase()] as Record<string, any> | undefined;

describe('buildOpenApiDocument', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(build()) as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it.each(keyCallable.map((route) => ({ key: routeKeyOf(route), route })))(
    'documents $key with the scope its access gives it',
    ({ route }) => {
      const operation = operationOf(build(), route);
      expect(operation).toBeDefined();
      expect(operation!.security).toEqual([{ apiKey: [scopeOf(route)] }]);
      expect(operation!.description).toContain(`\`${scopeOf(route)}\` scope`);
      expect(Object.keys(operation!.responses as object)).toEqual(expect.arrayContaining(['401', '403', '429']));
    },
  );

  it.each(webhookRoutes.map((route) => ({ key: routeKeyOf(route), route })))(
    'documents $key for signed-in administrators',
    ({ route }) => {
      const operation = operationOf(build(), route);
      expect(operation?.security).toEqual([{ session: [] }]);
      expect(Object.keys(operation!.responses as object)).not.toContain('429');
    },
  );

  it('documents exactly the key-callable and webhook routes', () => {
    const documented = Object.entries(build().paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual([...keyCallable, ...webhookRoutes].map(routeKeyOf).sort());
    expect(HTTP_ROUTES.filter((route) => isDocumented(route, ALL_DEFINITIONS[routeKeyOf(route)]))).toHaveLength(
      documented.length,
    );
  });

  it('takes parameters and bodies from the schemas the routes validate with', () => {
    const doc = build();
    const list = operationOf(doc, { method: 'GET', path: '/api/tickets' })!;
    const listQuery = Object.keys((DOCUMENTED_ROUTES['GET /api/tickets']!.query as ZodObject).shape);
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(listQuery);
    expect(list.parameters).toContainEqual(expect.objectContaining({ name: 'customerEmail', in: 'query' }));
    const create = operationOf(doc, { method: 'POST', path: '/api/tickets' })!;
    expect(create.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/CreateTicketRequest',
    });
    const request = doc.components.schemas.CreateTicketRequest as { required: string[]; properties: object };
    expect(request.required.sort()).toEqual(['category', 'customerEmail', 'description', 'subject']);
    expect(request.properties).toHaveProperty('priority', expect.objectContaining({ default: 'medium' }));
    const reply = operationOf(doc, { method: 'POST', path: '/api/tickets/{id}/messages' })!;
    expect(doc.components.schemas[reply.requestBody.content['application/json'].schema.$ref.split('/').at(-1)]).toEqual(
      expect.objectContaining({ required: ['content'] }),
    );
  });

  it('marks a query parameter optional, with its default, when the server answers without it', () => {
    const volume = operationOf(build(), { method: 'GET', path: '/api/dashboard/volume-data' })!;
    expect(volume.parameters).toEqual([
      expect.objectContaining({
        name: 'days',
        in: 'query',
        required: false,
        schema: expect.objectContaining({ default: 7 }),
      }),
    ]);
    expect(DOCUMENTED_ROUTES['GET /api/dashboard/volume-data']!.query!.parse({})).toEqual({ days: 7 });
  });

  it('calls a query parameter required only where the route refuses a request without it', () => {
    const doc = build();
    for (const [key, definition] of Object.entries(DOCUMENTED_ROUTES)) {
      if (!definition.query) continue;
      const [method, path] = key.split(' ') as [HttpRoute['method'], string];
      const parameters = (operationOf(doc, { method, path })?.parameters ?? []) as Array<{
        name: string;
        in: string;
        required: boolean;
      }>;
      for (const parameter of parameters.filter((p) => p.in === 'query' && p.required)) {
        const shape = (definition.query as ZodObject).shape as Record<
          string,
          { safeParse(v: unknown): { success: boolean } }
        >;
        expect(shape[parameter.name]!.safeParse(undefined).success, `${key} ?${parameter.name}`).toBe(false);
      }
    }
  });

  it('refuses to build while a documented route has no definition or no doc', () => {
    const extra: HttpRoute = { method: 'GET', path: '/api/webhooks/{id}/secret', group: 'webhooks' };
    expect(() => build({ routes: [...HTTP_ROUTES, extra] })).toThrow(
      'GET /api/webhooks/{id}/secret is documented but no route definition was given for it',
    );
    const { doc: _dropped, ...undocumented } = DOCUMENTED_ROUTES['GET /api/tickets/{id}']!;
    expect(() => build({ definitions: { ...DOCUMENTED_ROUTES, 'GET /api/tickets/{id}': undocumented } })).toThrow(
      'GET /api/tickets/{id} is documented but its route definition has no doc',
    );
  });

  it('refuses path parameters its schema does not describe', () => {
    const { params: _dropped, ...withoutParams } = DOCUMENTED_ROUTES['GET /api/tickets/{id}']!;
    expect(() => build({ definitions: { ...DOCUMENTED_ROUTES, 'GET /api/tickets/{id}': withoutParams } })).toThrow(
      'GET /api/tickets/{id}: path parameters {id} but its params schema has none',
    );
  });

  it('resolves every $ref to a component', () => {
    const doc = build();
    const refs = [...new Set(refsIn(doc))];
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) expect(resolve(doc, ref), ref).toBeDefined();
  });

  it('offers Idempotency-Key on ticket creation, and documents the replay', () => {
    const create = build().paths['/api/tickets']!.post!;
    expect(create.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
    );
    expect(create.responses).toMatchObject({
      201: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Ticket' } } } },
      200: { headers: { 'Idempotent-Replayed': expect.any(Object) } },
      409: { $ref: '#/components/responses/Conflict' },
    });
  });

  it('describes every webhook event with its body, its headers and the signature scheme', () => {
    const doc = build();
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES, 'ping'].sort());
    for (const [type, { post }] of Object.entries(doc.webhooks) as [string, { post: Record<string, any> }][]) {
      expect(post.parameters.map((p: { name: string }) => p.name)).toEqual([
        'Helpdesk-Event-Id',
        'Helpdesk-Event-Type',
        'Helpdesk-Signature',
      ]);
      expect(post.description).toContain('HMAC-SHA256');
      const body = resolve(doc, post.requestBody.content['application/json'].schema.$ref) as any;
      expect(body.properties.type).toMatchObject({ const: type });
      expect(body.required).toEqual(['id', 'type', 'createdAt', 'data']);
    }
    const updated = resolve(doc, '#/components/schemas/TicketUpdatedEvent') as any;
    expect(updated.properties.data.properties.ticket).toEqual({
      anyOf: [{ $ref: '#/components/schemas/WebhookTicket' }, { $ref: '#/components/schemas/RestrictedWebhookTicket' }],
    });
  });

  it('states Retry-After and the configured limit for 429', () => {
    const doc = build({});
    const custom = buildOpenApiDocument({
      rateLimit: { limit: 120, windowSeconds: 60 },
      definitions: DOCUMENTED_ROUTES,
      routes: HTTP_ROUTES,
    });
    expect(doc.components.responses.TooManyRequests).toMatchObject({
      headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
    });
    expect(custom.info.description).toContain('120 requests per minute');
  });

  it('describes errors with the shape the error mapper answers with, and both ways to authenticate', () => {
    const doc = build();
    const error = doc.components.schemas.Error as {
      properties: Record<string, Record<string, unknown>>;
      required: string[];
    };
    expect([...error.required].sort()).toEqual(['code', 'message']);
    expect(error.properties.message).toEqual({ type: 'string' });
    expect(error.properties.errors).toEqual({
      type: 'object',
      propertyNames: { type: 'string' },
      additionalProperties: { type: 'string' },
    });
    expect(Object.keys(error.properties).sort()).toEqual(['code', 'errors', 'fieldCodes', 'message', 'params']);
    expect(doc.components.securitySchemes).toMatchObject({
      apiKey: { type: 'http', scheme: 'bearer' },
      session: { type: 'apiKey', in: 'cookie', name: 'hd_access' },
    });
  });

  it('lists every error code the API answers with, each a key of the message registry', () => {
    const error = build().components.schemas.Error as { properties: { code: { enum: string[] } } };
    expect(error.properties.code.enum).toEqual(API_ERROR_CODES);
    expect(API_ERROR_CODES).toEqual(
      expect.arrayContaining([
        'error.ticket.notFound',
        'validation.subject.tooLong',
        'error.apiKey.rateLimited',
        'error.webhook.notFound',
        'error.audit.denied',
        'validation.input.badCharacters',
      ]),
    );
    expect(API_ERROR_CODES.every((code) => code in en)).toBe(true);
  });

  it('has error examples of the error shape', () => {
    for (const example of ERROR_EXAMPLES) expect(errorBodySchema.parse(example)).toEqual(example);
  });
});
