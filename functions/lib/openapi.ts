/**
 * The OpenAPI 3.1 document of the routes API keys may call (`GET /api/openapi.json`). Nothing in it is written by
 * hand that the code already knows: paths, methods and scopes come from the route table, every schema is converted
 * from the zod schemas in shared/ that the handlers validate and answer with (zod's JSON Schema 2020-12 output is
 * the dialect OpenAPI 3.1 uses). What this module adds is prose, examples and which schema belongs to which route.
 */
import { z, type ZodObject, type ZodType } from 'zod';
import { API_KEY_SCOPES, type ApiKeyScope, SUBJECT_MIN_LENGTH } from '#shared/constants.ts';
import { categoryListQuerySchema, categorySchema, type Category } from '#shared/schemas/category.ts';
import {
  dashboardMetricsSchema,
  priorityDistributionSchema,
  volumeDataQuerySchema,
  volumeDataSchema,
  type DashboardMetrics,
} from '#shared/schemas/dashboard.ts';
import {
  commentSchema,
  createTicketSchema,
  historyEntrySchema,
  listTicketsQuerySchema,
  overdueTicketsSchema,
  rateTicketSchema,
  ticketIdParamsSchema,
  ticketListSchema,
  ticketRatingSchema,
  ticketSchema,
  type Comment,
  type HistoryEntry,
  type Ticket,
  type TicketRating,
} from '#shared/schemas/ticket.ts';
import { issueText, type ApiCode } from '#shared/i18n/messages.ts';
import { rateLimitMessage, rateWindowInWords } from '../domain/api-keys.ts';
import { HTTP_ROUTES, routeKeyOf, type HttpRoute } from '../routes.ts';
import { errorBody, errorText, type Problem } from './errors.ts';
import { API_ERROR_CODES } from './messages.ts';

const errorCodeSchema = z.enum(API_ERROR_CODES as [ApiCode, ...ApiCode[]]).meta({
  description: 'What went wrong, as a stable code; `message` is its English text.',
});
const errorParamsSchema = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .meta({ description: 'The code\'s arguments, as in `{ "max": 200 }`.' });

/**
 * Every error answer of the API (functions/lib/errors.ts): a message to show and per-field messages for forms, each
 * also as a stable code with its arguments (docs/api.md "Errors").
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

/** `Idempotency-Key` as the ticket handler accepts it: 1 to 255 visible ASCII characters. */
const idempotencyHeadersSchema = z.object({
  'Idempotency-Key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, issueText('validation.idempotencyKey.invalid'))
    .optional(),
});

interface Example<T = unknown> {
  schema: ZodType<T>;
  example: T;
}

/** What the route table does not know about a key-callable route. */
export interface OperationDoc {
  operationId: string;
  summary: string;
  description?: string;
  params?: ZodObject;
  query?: ZodObject;
  headers?: ZodObject;
  /** Descriptions of path, query and header parameters, by name. */
  parameterDescriptions?: Record<string, string>;
  request?: Example;
  /** The success answer (501 only for a route whose feature is not built yet). */
  response: Example & { status: 200 | 201 | 501; description: string };
  /** A second success answer with the same body, such as the 200 of an idempotent replay. */
  alsoAnswers?: {
    status: 200;
    description: string;
    headers?: Record<string, { description: string; schema: ZodType }>;
  };
  /** When this route answers 404 or 409, in words. */
  notFound?: string;
  conflict?: string;
}

const doc = <T, R>(
  operation: Omit<OperationDoc, 'request' | 'response'> & {
    request?: Example<R>;
    response: Example<T> & { status: OperationDoc['response']['status']; description: string };
  },
): OperationDoc => operation as OperationDoc;

// ---------------------------------------------------------------------------------------------------------------
// Examples. Typed with the schemas' types, and parsed by the schemas in functions/lib/openapi.test.ts.

const AGENT = {
  id: '3f0c6a52-2b4e-4d83-9a61-6c1f0e9b7d21',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@helpdesk.example',
};
const API_KEY_ID = '9b1e4c8a-7f3d-4a26-b5e0-2d8c6f1a3e47';

const TICKET_EXAMPLE: Ticket = {
  id: 1042,
  ticketId: 'TKT-001042',
  subject: 'BTC withdrawal pending for two hours',
  description: 'Withdrawal W-88213 of 0.25 BTC requested at 09:12 UTC is still pending; the customer needs it today.',
  customerEmail: 'trader@example.com',
  category: 'crypto_withdrawal',
  categoryId: 'c5d7e2f1-8a4b-4c6d-9e0f-1a2b3c4d5e6f',
  priority: 'high',
  status: 'open',
  type: 'api',
  assignedToId: AGENT.id,
  assignedTo: AGENT,
  createdById: null,
  createdByApiKeyId: API_KEY_ID,
  deadline: '2025-06-02T17:15:00.000Z',
  isOverdue: false,
  createdAt: '2025-06-02T09:15:00.000Z',
  updatedAt: '2025-06-02T09:15:00.000Z',
  resolvedAt: null,
  responseTime: null,
  resolutionTime: null,
};

const CREATE_TICKET_EXAMPLE: z.input<typeof createTicketSchema> = {
  customerEmail: 'trader@example.com',
  subject: 'BTC withdrawal pending for two hours',
  description: 'Withdrawal W-88213 of 0.25 BTC requested at 09:12 UTC is still pending; the customer needs it today.',
  category: 'crypto_withdrawal',
  priority: 'high',
};

const COMMENT_EXAMPLE: Comment = {
  id: 'e2a4c6b8-1d3f-4e5a-8b7c-9d0e1f2a3b4c',
  ticketId: 1042,
  userId: AGENT.id,
  authorType: 'staff',
  channel: 'web',
  comment: 'The withdrawal was held by the risk check; released at 11:40 UTC.',
  isInternal: false,
  createdAt: '2025-06-02T11:42:00.000Z',
  author: { firstName: AGENT.firstName, lastName: AGENT.lastName, email: AGENT.email },
};

const HISTORY_EXAMPLE: HistoryEntry[] = [
  {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    at: '2025-06-02T09:15:00.000Z',
    actor: { type: 'apiKey', id: API_KEY_ID, name: 'Withdrawal monitor' },
    action: 'created',
    changes: [{ field: 'assignedTo', from: null, to: { id: AGENT.id, name: 'Ada Lovelace' } }],
  },
  {
    id: 'a1b2c3d4-0000-4000-8000-000000000002',
    at: '2025-06-02T11:45:00.000Z',
    actor: { type: 'user', id: AGENT.id, name: 'Ada Lovelace' },
    action: 'updated',
    changes: [{ field: 'status', from: 'open', to: 'resolved' }],
  },
];

const CATEGORY_EXAMPLE: Category = {
  id: TICKET_EXAMPLE.categoryId,
  name: 'crypto_withdrawal',
  displayName: 'Crypto withdrawal',
  description: 'Withdrawals of crypto assets to external wallets',
  color: '#f97316',
  isActive: true,
  usageCount: 318,
  createdAt: '2025-01-10T08:00:00.000Z',
  updatedAt: '2025-01-10T08:00:00.000Z',
};

const RATE_TICKET_EXAMPLE: z.input<typeof rateTicketSchema> = {
  score: 4,
  comment: 'Sorted out the same morning, thank you.',
};

const RATING_EXAMPLE: TicketRating = {
  ticketId: TICKET_EXAMPLE.id,
  score: 4,
  comment: 'Sorted out the same morning, thank you.',
  ratedAt: '2025-06-02T14:03:00.000Z',
};

const METRICS_EXAMPLE: DashboardMetrics = {
  overview: {
    totalTickets: 1284,
    openTickets: 37,
    inProgressTickets: 21,
    resolvedTickets: 902,
    closedTickets: 324,
    overdueTickets: 4,
  },
  avgResponseTime: 42.5,
  resolutionRate: 95.5,
  byStatus: { open: 37, in_progress: 21, resolved: 902, closed: 324 },
  byPriority: { low: 310, medium: 688, high: 241, critical: 45 },
  byType: { api: 1009, direct: 275 },
  changes: { totalTickets: 8.2, openTickets: -12.5, avgResponseTime: -3.1, resolutionRate: 0.4 },
};

const TICKET_ID_PARAM = { id: 'The ticket number (`id`), not the `TKT-` code.' };

// ---------------------------------------------------------------------------------------------------------------

/** The schemas of each key-callable route, by route key. A key-callable route missing here fails the build. */
export const OPERATIONS: Record<string, OperationDoc> = {
  'GET /api/dashboard/metrics': doc({
    operationId: 'getDashboardMetrics',
    summary: 'Headline ticket figures',
    description:
      'Totals by status, priority and type, the mean first-response time (minutes), the resolution rate (percent) and ' +
      'the change of each headline figure against the week before (percent; null without a base). Kept exact by the ' +
      'same transactions that change tickets, so it costs the same at any number of tickets.',
    response: { status: 200, description: 'The figures.', schema: dashboardMetricsSchema, example: METRICS_EXAMPLE },
  }),
  'GET /api/dashboard/priority-distribution': doc({
    operationId: 'getPriorityDistribution',
    summary: 'Tickets per priority',
    response: {
      status: 200,
      description: 'Every priority, lowest first, zeros included.',
      schema: priorityDistributionSchema,
      example: [
        { priority: 'low', count: 310 },
        { priority: 'medium', count: 688 },
        { priority: 'high', count: 241 },
        { priority: 'critical', count: 45 },
      ],
    },
  }),
  'GET /api/dashboard/volume-data': doc({
    operationId: 'getVolumeData',
    summary: 'Tickets created and resolved per day',
    query: volumeDataQuerySchema,
    parameterDescriptions: { days: 'How many days, ending today (UTC): 7, 30 or 90. Default 7.' },
    response: {
      status: 200,
      description: 'One entry per UTC day, oldest first, zero-filled.',
      schema: volumeDataSchema,
      example: [
        { date: '2025-06-01', created: 41, resolved: 38 },
        { date: '2025-06-02', created: 57, resolved: 49 },
      ],
    },
  }),
  'GET /api/tickets': doc({
    operationId: 'listTickets',
    summary: 'List tickets, newest first',
    description: 'One page at a time: pass `nextCursor` back as `cursor` until it is null. Filters combine.',
    query: listTicketsQuerySchema,
    parameterDescriptions: {
      limit: 'Page size. A page may hold fewer tickets and still have a `nextCursor`.',
      q: 'Case-insensitive substring of the subject, the customer e-mail or the ticket code.',
      cursor: 'The `nextCursor` of the previous page.',
      assignedToId: 'Only tickets assigned to this staff member.',
    },
    response: {
      status: 200,
      description: 'One page of tickets.',
      schema: ticketListSchema,
      example: { tickets: [TICKET_EXAMPLE], nextCursor: null },
    },
  }),
  'POST /api/tickets': doc({
    operationId: 'createTicket',
    summary: 'Create a ticket',
    description:
      'A ticket created with an API key is of type `api` and records the key (`createdByApiKeyId`). Without ' +
      '`assignedToId` it is assigned round robin to the next active agent. Send an `Idempotency-Key` to make ' +
      'retries safe: the same key with the same body within 24 hours answers with the ticket first created.',
    headers: idempotencyHeadersSchema,
    parameterDescriptions: {
      'Idempotency-Key': 'Your unique id for this create (a UUID, say); remembered for 24 hours, per API key.',
    },
    request: { schema: createTicketSchema, example: CREATE_TICKET_EXAMPLE },
    response: { status: 201, description: 'The new ticket.', schema: ticketSchema, example: TICKET_EXAMPLE },
    alsoAnswers: {
      status: 200,
      description:
        'A repeat of a create already made with this `Idempotency-Key`: the ticket it created, as it is now.',
      headers: { 'Idempotent-Replayed': { description: 'Always `true` on a replay.', schema: z.literal('true') } },
    },
    conflict: 'The `Idempotency-Key` was already used with a different body.',
  }),
  'GET /api/tickets/overdue': doc({
    operationId: 'listOverdueTickets',
    summary: 'List overdue tickets',
    description: 'Unresolved tickets past their deadline, earliest deadline first, at most 100.',
    response: {
      status: 200,
      description: 'Overdue tickets.',
      schema: overdueTicketsSchema,
      example: [{ ...TICKET_EXAMPLE, isOverdue: true, deadline: '2025-06-02T11:15:00.000Z', priority: 'critical' }],
    },
  }),
  'GET /api/tickets/{id}': doc({
    operationId: 'getTicket',
    summary: 'Get one ticket',
    params: ticketIdParamsSchema,
    parameterDescriptions: TICKET_ID_PARAM,
    response: { status: 200, description: 'The ticket.', schema: ticketSchema, example: TICKET_EXAMPLE },
    notFound: 'There is no ticket with this id.',
  }),
  'GET /api/tickets/{id}/comments': doc({
    operationId: 'listTicketComments',
    summary: "List a ticket's comments",
    description: 'Oldest first. Internal staff notes are never shown to API keys.',
    params: ticketIdParamsSchema,
    parameterDescriptions: TICKET_ID_PARAM,
    response: { status: 200, description: 'The comments.', schema: z.array(commentSchema), example: [COMMENT_EXAMPLE] },
    notFound: 'There is no ticket with this id.',
  }),
  'GET /api/tickets/{id}/history': doc({
    operationId: 'listTicketHistory',
    summary: "List a ticket's history",
    description: 'Who changed what and when, oldest first.',
    params: ticketIdParamsSchema,
    parameterDescriptions: TICKET_ID_PARAM,
    response: {
      status: 200,
      description: 'The history.',
      schema: z.array(historyEntrySchema),
      example: HISTORY_EXAMPLE,
    },
    notFound: 'There is no ticket with this id.',
  }),
  'POST /api/tickets/{id}/rating': doc({
    operationId: 'rateTicket',
    summary: "Record the customer's rating of a ticket",
    description:
      'Only for a resolved or closed ticket. One rating per ticket: a new one replaces the previous one, and the ' +
      'rating counts towards the week of the agent who resolved the ticket. Sending the same rating again changes ' +
      'nothing.',
    params: ticketIdParamsSchema,
    parameterDescriptions: TICKET_ID_PARAM,
    request: { schema: rateTicketSchema, example: RATE_TICKET_EXAMPLE },
    response: {
      status: 201,
      description: "The ticket's first rating.",
      schema: ticketRatingSchema,
      example: RATING_EXAMPLE,
    },
    alsoAnswers: { status: 200, description: 'The ticket was rated before: this rating replaced that one.' },
    notFound: 'There is no ticket with this id.',
    conflict: 'The ticket is not resolved or closed.',
  }),
  'GET /api/categories': doc({
    operationId: 'listCategories',
    summary: 'List ticket categories',
    description: 'Create tickets with the `name` of an active category.',
    query: categoryListQuerySchema,
    parameterDescriptions: { active: '`true`: only the categories new tickets may use.' },
    response: {
      status: 200,
      description: 'The categories, by name.',
      schema: z.array(categorySchema),
      example: [CATEGORY_EXAMPLE],
    },
  }),
};

/** Building blocks that get a component name of their own and are referenced wherever they appear. */
const NAMED_SCHEMAS: ReadonlyArray<readonly [ZodType, string]> = [
  [ticketSchema, 'Ticket'],
  [ticketListSchema, 'TicketList'],
  [commentSchema, 'Comment'],
  [historyEntrySchema, 'HistoryEntry'],
  [ticketRatingSchema, 'TicketRating'],
  [categorySchema, 'Category'],
  [errorBodySchema, 'Error'],
];

// ---------------------------------------------------------------------------------------------------------------
// Errors every operation may answer with.

const SUBJECT_TOO_SHORT: Problem = { code: 'validation.subject.tooShort', params: { min: SUBJECT_MIN_LENGTH } };

const ERROR_RESPONSES = {
  400: {
    name: 'BadRequest',
    description: 'The request is invalid; `errors` names each field that is.',
    example: errorExample(SUBJECT_TOO_SHORT, { subject: SUBJECT_TOO_SHORT }),
  },
  401: {
    name: 'Unauthorized',
    description: 'No API key, or an unknown or revoked one.',
    example: errorExample('error.apiKey.invalid'),
  },
  403: {
    name: 'Forbidden',
    description: 'The API key lacks the scope this operation requires.',
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

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: {
    securitySchemes: Record<string, JsonSchema>;
    schemas: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
  };
}

export interface OpenApiOptions {
  /** The rate limit in force, stated in the document. */
  rateLimit: { limit: number; windowSeconds: number };
  routes?: readonly HttpRoute[];
  operations?: Record<string, OperationDoc>;
}

/** Bump when the documented API changes in a way integrators should notice. */
export const API_VERSION = '1.0.0';

const SECURITY_SCHEME = 'apiKey';
const TAGS: Record<string, string> = {
  tickets: 'Support tickets: file them, follow them.',
  categories: 'What a ticket can be about.',
};

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

const pathParamsOf = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

function parameters(route: HttpRoute, op: OperationDoc): JsonSchema[] {
  const key = routeKeyOf(route);
  const declared = pathParamsOf(route.path);
  const described = Object.keys(op.params?.shape ?? {});
  if (declared.join() !== described.join()) {
    const has = described.join(', ') || 'none';
    throw new Error(`${key}: path parameters {${declared.join('}, {')}} but its params schema has ${has}`);
  }
  const out: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', op.params],
    ['query', op.query],
    ['header', op.headers],
  ] as const) {
    if (!schema) continue;
    const object = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' }) as JsonSchema;
    const required = new Set((object.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((object.properties ?? {}) as Record<string, JsonSchema>)) {
      const description = op.parameterDescriptions?.[name];
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

function errorStatuses(op: OperationDoc): ErrorStatus[] {
  const hasInput = !!(op.params || op.query || op.headers || op.request);
  return [
    ...(hasInput ? [400 as const] : []),
    401,
    403,
    ...(op.notFound ? [404 as const] : []),
    ...(op.conflict ? [409 as const] : []),
    ...(op.request ? [415 as const] : []),
    429,
  ] satisfies ErrorStatus[];
}

const errorResponseRef = (status: ErrorStatus, description?: string) => ({
  $ref: `#/components/responses/${ERROR_RESPONSES[status].name}`,
  ...(description ? { description } : {}),
});

const json = (schemaName: string, example: unknown) => ({
  'application/json': { schema: { $ref: componentRef(schemaName) }, example },
});

/**
 * The OpenAPI 3.1 document of every route the route table opens to API keys. Throws if a key-callable route has
 * no OperationDoc, or an OperationDoc no key-callable route: the document can be neither short nor stale.
 */
export function buildOpenApiDocument(options: OpenApiOptions): OpenApiDocument {
  const routes = (options.routes ?? HTTP_ROUTES).filter((route) => route.apiKeyScope);
  const operations = options.operations ?? OPERATIONS;
  const keyed = new Set(routes.map(routeKeyOf));
  for (const key of Object.keys(operations)) {
    if (!keyed.has(key)) throw new Error(`functions/lib/openapi.ts describes ${key}, which API keys cannot call`);
  }

  const inputs = new Map<ZodType, string>();
  const outputs = new Map<ZodType, string>(NAMED_SCHEMAS);
  const nameOf = (names: Map<ZodType, string>, schema: ZodType, fallback: string) => {
    if (!names.has(schema)) names.set(schema, fallback);
    return names.get(schema)!;
  };

  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const key = routeKeyOf(route);
    const op = operations[key];
    if (!op) throw new Error(`${key} may be called with an API key but functions/lib/openapi.ts does not describe it`);
    const scope = route.apiKeyScope as ApiKeyScope;
    const name = pascal(op.operationId);
    const response = nameOf(outputs, op.response.schema, `${name}Response`);

    const responses: Record<string, unknown> = {
      [op.response.status]: { description: op.response.description, content: json(response, op.response.example) },
    };
    if (op.alsoAnswers) {
      const headers = op.alsoAnswers.headers;
      responses[op.alsoAnswers.status] = {
        description: op.alsoAnswers.description,
        ...(headers
          ? {
              headers: Object.fromEntries(
                Object.entries(headers).map(([header, h]) => [
                  header,
                  { description: h.description, schema: embeddable(z.toJSONSchema(h.schema) as JsonSchema) },
                ]),
              ),
            }
          : {}),
        content: json(response, op.response.example),
      };
    }
    for (const status of errorStatuses(op)) {
      responses[status] = errorResponseRef(
        status,
        status === 404 ? op.notFound : status === 409 ? op.conflict : undefined,
      );
    }

    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = {
      operationId: op.operationId,
      summary: op.summary,
      description: [op.description, `Requires an API key with the \`${scope}\` scope.`].filter(Boolean).join('\n\n'),
      tags: [route.group],
      security: [{ [SECURITY_SCHEME]: [scope] }],
      parameters: parameters(route, op),
      ...(op.request
        ? {
            requestBody: {
              required: true,
              content: json(nameOf(inputs, op.request.schema, `${name}Request`), op.request.example),
            },
          }
        : {}),
      responses,
    };
  }

  const { limit, windowSeconds } = options.rateLimit;
  const retryAfter = embeddable(z.toJSONSchema(z.number().int().min(1)) as JsonSchema);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Help desk API for upstream systems',
      version: API_VERSION,
      description:
        'Authenticate with `Authorization: Bearer <API key>`; an administrator creates keys with the scopes you ' +
        `need (${API_KEY_SCOPES.map((s) => `\`${s}\``).join(', ')}). Each key may make ${limit} requests per ` +
        `${rateWindowInWords(windowSeconds)}; ` +
        'beyond that the API answers 429 with `Retry-After`. Errors are JSON `{ message, code, params?, errors?, ' +
        'fieldCodes? }`: `code` (and per field `fieldCodes`) is one of the codes listed under the `Error` schema, ' +
        'stable across releases and languages; `message` (and per field `errors`) is its English text.',
    },
    tags: [...new Set(routes.map((r) => r.group))].map((name) => ({ name, description: TAGS[name] ?? name })),
    paths,
    components: {
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description: `An API key (\`hdk_…\`) created by an administrator. Each operation names the scope it needs.`,
        },
      },
      schemas: { ...components(outputs, 'output'), ...components(inputs, 'input') },
      responses: Object.fromEntries(
        Object.values(ERROR_RESPONSES).map(({ name, description, example }) => {
          if (name !== 'TooManyRequests') return [name, { description, content: json('Error', example) }];
          const retryIn = Math.min(12, windowSeconds);
          return [
            name,
            {
              description,
              headers: { 'Retry-After': { description: 'Seconds until the next window opens.', schema: retryAfter } },
              content: json('Error', errorExample(rateLimitMessage(limit, windowSeconds, retryIn))),
            },
          ];
        }),
      ),
    },
  };
}
