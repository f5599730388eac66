import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import en from '#shared/i18n/catalogs/en.json' with { type: 'json' };
import { HTTP_ROUTES, routeKeyOf, type HttpRoute } from '../routes.ts';
import { API_ERROR_CODES } from './messages.ts';
import { buildOpenApiDocument, ERROR_EXAMPLES, errorBodySchema, OPERATIONS, type OpenApiDocument } from './openapi.ts';

const rateLimit = { limit: 600, windowSeconds: 60 };
const build = (overrides: { routes?: readonly HttpRoute[]; operations?: typeof OPERATIONS } = {}) =>
  buildOpenApiDocument({ rateLimit, ...overrides });

const keyCallable = HTTP_ROUTES.filter((route) => route.apiKeyScope);

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

describe('buildOpenApiDocument', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(build()) as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it.each(keyCallable.map((route) => ({ key: routeKeyOf(route), route })))(
    'documents $key with the scope the route table gives it',
    ({ route }) => {
      const operation = build().paths[route.path]?.[route.method.toLowerCase()];
      expect(operation).toBeDefined();
      expect(operation!.security).toEqual([{ apiKey: [route.apiKeyScope] }]);
      expect(operation!.description).toContain(`\`${route.apiKeyScope}\` scope`);
      expect(Object.keys(operation!.responses as object)).toEqual(expect.arrayContaining(['401', '403', '429']));
    },
  );

  it('documents no route an API key cannot call', () => {
    const documented = Object.entries(build().paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(keyCallable.map(routeKeyOf).sort());
  });

  it('refuses to build while a key-callable route is undescribed', () => {
    const extra: HttpRoute = {
      method: 'GET',
      path: '/api/tickets/export',
      group: 'tickets',
      apiKeyScope: 'tickets:read',
    };
    const routes = [...keyCallable, extra];
    expect(() => build({ routes })).toThrow(
      'GET /api/tickets/export may be called with an API key but functions/lib/openapi.ts does not describe it',
    );
  });

  it('refuses to build while it describes a route API keys cannot call', () => {
    const routes = keyCallable.filter((route) => routeKeyOf(route) !== 'GET /api/tickets/overdue');
    expect(() => build({ routes })).toThrow('describes GET /api/tickets/overdue, which API keys cannot call');
  });

  it('refuses path parameters its schema does not describe', () => {
    const { params: _dropped, ...withoutParams } = OPERATIONS['GET /api/tickets/{id}']!;
    expect(() => build({ operations: { ...OPERATIONS, 'GET /api/tickets/{id}': withoutParams } })).toThrow(
      'GET /api/tickets/{id}: path parameters {id} but its params schema has none',
    );
  });

  it('resolves every $ref to a component', () => {
    const doc = build();
    const refs = [...new Set(refsIn(doc))];
    expect(refs.length).toBeGreaterThan(5);
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

  it('states Retry-After and the configured limit for 429', () => {
    const doc = buildOpenApiDocument({ rateLimit: { limit: 120, windowSeconds: 60 } });
    expect(doc.components.responses.TooManyRequests).toMatchObject({
      headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
    });
    expect(doc.info.description).toContain('120 requests per minute');
  });

  it('describes errors with the shape the error mapper answers with', () => {
    const error = build().components.schemas.Error as {
      properties: Record<string, { enum?: string[] } & Record<string, unknown>>;
      required: string[];
    };
    expect(error.required.sort()).toEqual(['code', 'message']);
    expect(error.properties.message).toEqual({ type: 'string' });
    expect(error.properties.errors).toEqual({
      type: 'object',
      propertyNames: { type: 'string' },
      additionalProperties: { type: 'string' },
    });
    expect(Object.keys(error.properties).sort()).toEqual(['code', 'errors', 'fieldCodes', 'message', 'params']);
  });

  it('lists every error code the API answers with, each a key of the message registry', () => {
    const error = build().components.schemas.Error as { properties: { code: { enum: string[] } } };
    expect(error.properties.code.enum).toEqual(API_ERROR_CODES);
    expect(API_ERROR_CODES).toEqual(
      expect.arrayContaining(['error.ticket.notFound', 'validation.subject.tooLong', 'error.apiKey.rateLimited']),
    );
    expect(API_ERROR_CODES.every((code) => code in en)).toBe(true);
  });

  it('generates request schemas from the input side of the zod schemas (defaults are optional)', () => {
    const request = build().components.schemas.CreateTicketRequest as {
      required: string[];
      properties: Record<string, unknown>;
    };
    expect(request.required.sort()).toEqual(['category', 'customerEmail', 'description', 'subject']);
    expect(request.properties.priority).toMatchObject({ default: 'medium' });
  });
});

describe('examples', () => {
  it.each(Object.entries(OPERATIONS).map(([key, op]) => ({ key, op })))('of $key match their schemas', ({ op }) => {
    expect(() => op.response.schema.parse(op.response.example)).not.toThrow();
    if (op.request) expect(() => op.request!.schema.parse(op.request!.example)).not.toThrow();
  });

  it('of errors match the error shape', () => {
    for (const example of ERROR_EXAMPLES) expect(errorBodySchema.parse(example)).toEqual(example);
  });
});
