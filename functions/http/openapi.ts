/**
 * The OpenAPI 3.1 document of the API upstream systems and integrators use (`GET /api/openapi.json`, ADR 053). It is
 * made from the code, not written beside it: paths, methods and scopes from the route table; parameters and request
 * bodies from the very zod schemas each route validates with (`defineRoute`'s `params`, `query`, `body`); answers
 * from the schemas its `doc` names; the webhook bodies from the schemas the sender's events are typed with. zod's
 * JSON Schema 2020-12 output is the dialect OpenAPI 3.1 uses. What this module adds is the frame: security schemes,
 * error answers, the signature scheme.
 */
import * as z from 'zod';
import type { ZodType } from 'zod';
import { API_KEY_SCOPES, SUBJECT_MIN_LENGTH } from '#shared/constants.ts';
import type { ApiCode } from '#shared/i18n/messages.ts';
import { categorySchema } from '#shared/schemas/category.ts';
import {
  commentSchema,
  historyEntrySchema,
  ticketListSchema,
  ticketRatingSchema,
  ticketSchema,
} from '#shared/schemas/ticket.ts';
import {
  publicMessageSchema,
  webhookDeliverySchema,
  webhookSchema,
  webhookTicketSchema,
  restrictedWebhookTicketSchema,
} from '#shared/schemas/webhook.ts';
import { rateLimitMessage, rateWindowInWords } from '../domain/api-keys.ts';
import { type HttpMethod, routeKeyOf } from './route-key.ts';
import { COOKIE } from './cookies.ts';
import { errorBody, errorText, type Problem } from '../lib/errors.ts';
import { type AnyRoute, apiKeyScopeOf, type RouteDoc } from './handler.ts';
import { API_ERROR_CODES } from '../lib/messages.ts';
import { webhookOperations } from './openapi-webhooks.ts';

const errorCodeSchema = z.enum(API_ERROR_CODES as [ApiCode, ...ApiCode[]]).meta({
  description: 'What went wrong, as a stable code; `message` is its English text.',
});
const errorParamsSchema = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .meta({ description: 'The code\'s arguments, as in `{ "max": 200 }`.' });

/**
 * Every error answer of the API (functions/lib/errors.ts): a message to show and per-field messages for forms, each
 * also as a stable code with its arguments (docs/decisions/081-one-message-registry-and-lingui.md).
 */
export const errorBodySchema = z.object({
  message: z.string(),
  code: errorCodeSchema,
  params: errorParamsSchema.optional(),
  errors: z.record(z.string(), z.string()).optional(),
  fieldCodes: z
    .record(z.string(), z.object({ code: errorCodeSchema, params: errorParamsSchema.optional() }))
    .optional(),
});

/** An error answer as the API words it. */
const errorExample = (problem: Problem, fields?: Record<string, Problem>) =>
  errorBody(
    errorText(problem),
    fields && Object.fromEntries(Object.entries(fields).map(([field, p]) => [field, errorText(p)])),
  ) as z.infer<typeof errorBodySchema>;

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  /** The events a webhook receives (functions/http/openapi-webhooks.ts). */
  webhooks: Record<string, Record<string, JsonSchema>>;
  components: {
    securitySchemes: Record<string, JsonSchema>;
    schemas: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
  };
}

export interface OpenApiOptions {
  /** The rate limit in force, stated in the document. */
  rateLimit: { limit: number; windowSeconds: number };
  /** The route definitions, by route key (each group handler's `routes`). */
  definitions: Readonly<Record<string, AnyRoute>>;
  /** The route table (functions/api/routes.ts): which routes exist, and the group each belongs to. */
  routes: readonly TableRoute[];
}

/** A route of the route table, as far as the document needs it. */
export interface TableRoute {
  method: HttpMethod;
  path: string;
  group: string;
}

/** Bump when the documented API changes in a way integrators should notice. */
export const API_VERSION = '1.1.0';

/** The route-table groups documented whole besides the routes API keys may call: webhook management. */
const INTEGRATOR_GROUPS: ReadonlySet<string> = new Set(['webhooks']);

/**
 * Whether the document describes this route: API keys may call it (its definition's access has a scope), or
 * integrators set it up (its group's routes are documented whole, definition or not: a missing one fails the build).
 */
export const isDocumented = (route: TableRoute, definition: AnyRoute | undefined): boolean =>
  INTEGRATOR_GROUPS.has(route.group) || (definition !== undefined && apiKeyScopeOf(definition) !== undefined);

const API_KEY_SCHEME = 'apiKey';
const SESSION_SCHEME = 'session';

const TAGS: Record<string, string> = {
  tickets: 'Support tickets: file them, follow them, hear the customer.',
  dashboard: 'Ticket figures.',
  categories: 'What a ticket can be about.',
  webhooks: 'Signed events about tickets, POSTed to your endpoint.',
};

/** Building blocks that get a component name of their own and are referenced wherever they appear. */
const NAMED_SCHEMAS: ReadonlyArray<readonly [ZodType, string]> = [
  [ticketSchema, 'Ticket'],
  [ticketListSchema, 'TicketList'],
  [commentSchema, 'Comment'],
  [historyEntrySchema, 'HistoryEntry'],
  [ticketRatingSchema, 'TicketRating'],
  [categorySchema, 'Category'],
  [publicMessageSchema, 'PublicMessage'],
  [webhookSchema, 'Webhook'],
  [webhookDeliverySchema, 'WebhookDelivery'],
  [webhookTicketSchema, 'WebhookTicket'],
  [restrictedWebhookTicketSchema, 'RestrictedWebhookTicket'],
  [errorBodySchema, 'Error'],
];

// ---------------------------------------------------------------------------------------------------------------
// Errors every operation may answer with.

const subjectTooShort = { code: 'validation.subject.tooShort', params: { min: SUBJECT_MIN_LENGTH } } as const;

const ERROR_RESPONSES = {
  400: {
    name: 'BadRequest',
    description: 'The request is invalid; `errors` names each field that is.',
    example: errorExample(subjectTooShort, { subject: subjectTooShort }),
  },
  401: {
    name: 'Unauthorized',
    description: 'No credentials, or an unknown or revoked API key, or an ended session.',
    example: errorExample('error.apiKey.invalid'),
  },
  403: {
    name: 'Forbidden',
    description: 'The API key lacks the scope this operation requires, or the caller may not use it.',
    example: errorExample({ code: 'error.apiKey.missingScope', params: { scope: 'tickets:create' } }),
  },
  404: { name: 'NotFound', description: 'Not found.', example: errorExample('error.ticket.notFound') },
  409: {
    name: 'Conflict',
    description: 'The request conflicts with the current state.',
    example: errorExample('error.ticket.idempotencyKeyReused'),
  },
  415: {
    name: 'UnsupportedMediaType',
    description: 'The body was not sent as `application/json`.',
    example: errorExample('error.jsonRequired'),
  },
  429: {
    name: 'TooManyRequests',
    description: 'The API key used up its requests for this window; retry after `Retry-After` seconds.',
    example: errorExample(rateLimitMessage(600, 60, 12)),
  },
} as const satisfies Record<number, { name: string; description: string; example: z.infer<typeof errorBodySchema> }>;
type ErrorStatus = keyof typeof ERROR_RESPONSES;

export const ERROR_EXAMPLES = Object.values(ERROR_RESPONSES).map((r) => r.example);

// ---------------------------------------------------------------------------------------------------------------
// zod → JSON Schema

const componentRef = (name: string) => `#/components/schemas/${name}`;
const pascal = (id: string) => id[0]!.toUpperCase() + id.slice(1);

/** Strips what only a stand-alone JSON Schema document carries; OpenAPI 3.1 sets the dialect for the whole file. */
function embeddable(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/**
 * Responses may gain fields without a new version, so clients must not reject unknown ones. zod marks output
 * objects closed (it strips unknown keys); the document leaves them open.
 */
const openObjects = ({ jsonSchema }: { jsonSchema: JsonSchema }) => {
  if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
};

/** Converts named zod schemas into components; registered schemas nested in others become `$ref`s. */
function components(named: Map<ZodType, string>, io: 'input' | 'output'): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of named) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    uri: componentRef,
    ...(io === 'output' ? { override: openObjects } : {}),
  });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, embeddable(schema as JsonSchema)]));
}

const standalone = (schema: ZodType) => embeddable(z.toJSONSchema(schema, { io: 'input' }) as JsonSchema);

const pathParamsOf = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** Path, query and header parameters, from the schemas the route validates them with. */
function parameters(key: string, route: TableRoute, definition: AnyRoute, doc: RouteDoc): JsonSchema[] {
  const declared = pathParamsOf(route.path);
  const paramsObject = definition.params ? standalone(definition.params) : {};
  const described = Object.keys((paramsObject.properties ?? {}) as object);
  if (declared.join() !== described.join()) {
    const has = described.join(', ') || 'none';
    throw new Error(`${key}: path parameters {${declared.join('}, {')}} but its params schema has ${has}`);
  }
  const out: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', definition.params],
    ['query', definition.query],
    ['header', doc.headers],
  ] as const) {
    if (!schema) continue;
    const object = standalone(schema);
    const required = new Set((object.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((object.properties ?? {}) as Record<string, JsonSchema>)) {
      const description = doc.parameters?.[name];
      out.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(description ? { description } : {}),
        schema: property,
      });
    }
  }
  return out;
}

function errorStatuses(definition: AnyRoute, doc: RouteDoc, byKey: boolean): ErrorStatus[] {
  const hasInput = !!(definition.params || definition.query || doc.headers || definition.body);
  return [
    ...(hasInput ? [400 as const] : []),
    401,
    403,
    ...(doc.notFound ? [404 as const] : []),
    ...(doc.conflict ? [409 as const] : []),
    ...(definition.body ? [415 as const] : []),
    ...(byKey ? [429 as const] : []),
  ];
}

const errorResponseRef = (status: ErrorStatus, description?: string) => ({
  $ref: `#/components/responses/${ERROR_RESPONSES[status].name}`,
  ...(description ? { description } : {}),
});

const json = (schemaName: string) => ({ 'application/json': { schema: { $ref: componentRef(schemaName) } } });

// ---------------------------------------------------------------------------------------------------------------

function operation(
  route: TableRoute,
  definition: AnyRoute,
  names: { inputs: Map<ZodType, string>; outputs: Map<ZodType, string> },
): JsonSchema {
  const key = routeKeyOf(route);
  const doc = definition.doc;
  if (!doc) throw new Error(`${key} is documented but its route definition has no doc`);
  const nameOf = (map: Map<ZodType, string>, schema: ZodType, fallback: string) => {
    if (!map.has(schema)) map.set(schema, fallback);
    return map.get(schema)!;
  };
  const name = pascal(doc.operationId);
  const { status, description, schema } = doc.response;
  const body = schema ? { content: json(nameOf(names.outputs, schema, `${name}Response`)) } : {};
  const responses: Record<string, unknown> = { [status]: { description, ...body } };
  if (doc.alsoAnswers) {
    const headers = doc.alsoAnswers.headers;
    responses[doc.alsoAnswers.status] = {
      description: doc.alsoAnswers.description,
      ...(headers
        ? {
            headers: Object.fromEntries(
              Object.entries(headers).map(([h, { description, schema }]) => [
                h,
                { description, schema: standalone(schema) },
              ]),
            ),
          }
        : {}),
      ...body,
    };
  }
  const scope = apiKeyScopeOf(definition);
  const byKey = scope !== undefined;
  for (const error of errorStatuses(definition, doc, byKey)) {
    responses[error] = errorResponseRef(error, error === 404 ? doc.notFound : error === 409 ? doc.conflict : undefined);
  }
  const access = byKey
    ? `Requires an API key with the \`${scope}\` scope.`
    : 'For administrators, signed in to the help desk; API keys are refused.';
  return {
    operationId: doc.operationId,
    summary: doc.summary,
    description: [doc.description, access].filter(Boolean).join('\n\n'),
    tags: [route.group],
    security: [byKey ? { [API_KEY_SCHEME]: [scope] } : { [SESSION_SCHEME]: [] }],
    parameters: parameters(key, route, definition, doc),
    ...(definition.body
      ? {
          requestBody: {
            required: true,
            content: json(nameOf(names.inputs, definition.body, `${name}Request`)),
          },
        }
      : {}),
    responses,
  };
}

/**
 * buildOpenApiDocument: every route whose definition opens it to API keys, and the webhook management routes, from
 * their definitions; throws if a webhook route has no definition or a documented one no doc. That every key-callable
 * route's definition is given is checked by functions/http/openapi.test.ts, which loads every group.
 */
export function buildOpenApiDocument(options: OpenApiOptions): OpenApiDocument {
  const routes = options.routes.filter((route) => isDocumented(route, options.definitions[routeKeyOf(route)]));
  const names = { inputs: new Map<ZodType, string>(), outputs: new Map<ZodType, string>(NAMED_SCHEMAS) };
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const key = routeKeyOf(route);
    const definition = options.definitions[key];
    if (!definition) throw new Error(`${key} is documented but no route definition was given for it`);
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operation(route, definition, names);
  }
  const webhooks = webhookOperations((schema, name) => {
    names.outputs.set(schema, name);
    return componentRef(name);
  });

  const { limit, windowSeconds } = options.rateLimit;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Help desk API for upstream systems',
      version: API_VERSION,
      description:
        'Authenticate with `Authorization: Bearer <API key>`; an administrator creates keys with the scopes you ' +
        `need (${API_KEY_SCOPES.map((s) => `\`${s}\``).join(', ')}). Each key may make ${limit} requests per ` +
        `${rateWindowInWords(windowSeconds)}; beyond that the API answers 429 with \`Retry-After\`. Errors are JSON ` +
        '`{ message, code, params?, errors?, fieldCodes? }`: `code` (and per field `fieldCodes`) is one of the codes ' +
        'listed under the `Error` schema, stable across releases and languages; `message` (and per field `errors`) ' +
        'is its English text. Administrators register webhooks that receive signed events about tickets (see ' +
        '`webhooks`).',
    },
    tags: [...new Set(routes.map((r) => r.group))].map((name) => ({ name, description: TAGS[name] ?? name })),
    paths,
    webhooks,
    components: {
      securitySchemes: {
        [API_KEY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key (`hdk_…`) created by an administrator. Each operation names the scope it needs.',
        },
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: COOKIE.access,
          description: "An administrator's session in the help desk (the Integrations page uses these routes).",
        },
      },
      schemas: { ...components(names.outputs, 'output'), ...components(names.inputs, 'input') },
      responses: Object.fromEntries(
        Object.values(ERROR_RESPONSES).map(({ name, description, example }) => {
          if (name !== 'TooManyRequests') {
            return [
              name,
              { description, content: { 'application/json': { ...json('Error')['application/json'], example } } },
            ];
          }
          const retryIn = Math.min(12, windowSeconds);
          return [
            name,
            {
              description,
              headers: {
                'Retry-After': {
                  description: 'Seconds until the next window opens.',
                  schema: standalone(z.number().int().min(1)),
                },
              },
              content: {
                'application/json': {
                  ...json('Error')['application/json'],
                  example: errorExample(rateLimitMessage(limit, windowSeconds, retryIn)),
                },
              },
            },
          ];
        }),
      ),
    },
  };
}
