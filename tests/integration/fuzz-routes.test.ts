/**
 * Hostile input at every route (docs/testing.md "The fuzz test"). The routes come from the route table and their
 * definitions (`handler.routes` of each group): for each route, as admin, agent, API key (every scope) and nobody,
 * fast-check generates path parameters, query strings, bodies and headers from the route's zod schemas, mixing
 * valid values with hostile ones (control characters, lone surrogates, invisible text, huge strings, non-canonical
 * numbers, broken percent-encoding, wrong types, foreign keys). Every answer must be below 500, and a refused request
 * (4xx) must leave the table's key items exactly as they were. Fixed seed, bounded cases: it runs in `npm test`.
 */
import { randomInt } from 'node:crypto';
import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { API_KEY_SCOPES } from '#shared/constants.ts';
import { COLLECTIONS, INDEXES, keys } from '#functions/data/table.ts';
import { dynamo } from '#functions/lib/clients.ts';
import { config } from '#functions/lib/config.ts';
import { HTTP_GROUPS, HTTP_ROUTES, type HttpRoute, httpEntry } from '#functions/api/routes.ts';
import { routeKeyOf } from '#functions/http/route-key.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ApiClient, type ApiResponse, startApi } from './support/api.ts';
import { createStaffUser, type StaffFixture } from './support/fixtures.ts';
import { createTestApiKey, createTestCategory } from './tickets-support.ts';

/** The seed every run uses, and how many cases each route gets per role. */
const SEED = 20261124;
const RUNS_PER_ROUTE_AND_ROLE = 2;

type Role = 'admin' | 'agent' | 'apiKey' | 'anonymous';
const ROLES: Role[] = ['admin', 'agent', 'apiKey', 'anonymous'];

interface RouteSchemas {
  body?: ZodType;
  query?: ZodType;
  params?: ZodType;
  /** A page for people (the rating link): it answers, and refuses, with HTML. */
  page?: boolean;
}

let api: Gateway;
const staff: Partial<Record<'admin' | 'agent', StaffFixture>> = {};
const clients = {} as Record<Role, ApiClient>;
let victim: StaffFixture;
let ticketId: number;
let categoryId: string;
let categoryName: string;
let apiKeyId: string;
const definitions = new Map<string, RouteSchemas>();

/** A loopback address of its own, so that sign-in counters here never lock another test's 127.0.0.1. */
const ownAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

async function signedInClient(fixture: StaffFixture): Promise<ApiClient> {
  const client = new ApiClient(api.url, { sourceAddress: ownAddress() });
  await client.signIn(fixture.email, fixture.password);
  return client;
}

beforeAll(async () => {
  api = await startApi();
  staff.admin = await createStaffUser({ role: 'admin' });
  staff.agent = await createStaffUser({ role: 'agent' });
  victim = await createStaffUser({ role: 'agent' });
  clients.admin = await signedInClient(staff.admin);
  // The agent holds the compliance permission, so that the compliance routes are fuzzed past their gate too.
  const granted = await clients.admin.put(`/api/users/${staff.agent.user.id}/permissions`, { compliance: true });
  if (granted.status !== 200) throw new Error(`compliance not granted: ${granted.status}`);
  clients.agent = await signedInClient(staff.agent);
  const key = await createTestApiKey([...API_KEY_SCOPES], 'Fuzz key');
  apiKeyId = key.id;
  clients.apiKey = new ApiClient(api.url, {
    headers: { authorization: `Bearer ${key.secret}` },
    sourceAddress: ownAddress(),
  });
  clients.anonymous = new ApiClient(api.url, { sourceAddress: ownAddress() });
  const category = await createTestCategory();
  categoryId = category.id;
  categoryName = category.name;
  const created = await clients.admin.post('/api/tickets', {
    customerEmail: 'fuzz@test.local',
    subject: 'Fuzz target ticket',
    description: 'The ticket the fuzzed routes aim at.',
    category: categoryName,
  });
  ticketId = created.body.id;
  for (const group of HTTP_GROUPS) {
    const module = (await import(`../../${httpEntry(group)}`)) as { handler: { routes: Record<string, RouteSchemas> } };
    for (const [routeKey, definition] of Object.entries(module.handler.routes)) definitions.set(routeKey, definition);
  }
}, 60_000);
afterAll(() => api.close());

// ---- the table's key items, compared around every refused request ----------------------------------------------

async function snapshot(): Promise<string> {
  const TableName = config().tableName;
  const wanted = [
    keys.ticketSequence(),
    keys.statsTotals(),
    keys.ticket(ticketId),
    keys.user(victim.user.id),
    keys.category(categoryId),
    keys.apiKey(apiKeyId),
    keys.activeAdmins(),
    keys.deskSettings(),
    keys.guardTerms(),
  ];
  const [batch, thread, categories, apiKeys, staffList] = await Promise.all([
    dynamo().send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: wanted, ConsistentRead: true } } })),
    dynamo().send(
      new QueryCommand({
        TableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.ticket(ticketId).pk },
        Select: 'COUNT',
        ConsistentRead: true,
      }),
    ),
    ...[COLLECTIONS.categories, COLLECTIONS.apiKeys, COLLECTIONS.staff].map((collection) =>
      dynamo().send(
        new QueryCommand({
          TableName,
          IndexName: INDEXES.byCollection.name,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': INDEXES.byCollection.pk },
          ExpressionAttributeValues: { ':pk': collection },
        }),
      ),
    ),
  ]);
  // Sessions and lastUsedAt move with every authenticated call; they are not what a refused request may change.
  const items = (batch.Responses?.[TableName] ?? [])
    .map(({ sessions: _s, sessionsVersion: _v, lastUsedAt: _l, ...item }) => item)
    .sort((a, b) => `${a.pk}${a.sk}`.localeCompare(`${b.pk}${b.sk}`));
  const strip = (list: Record<string, unknown>[] = []) =>
    list.map(({ sessions: _s, sessionsVersion: _v, lastUsedAt: _l, ...item }) => item);
  return stableJson({
    items,
    thread: thread.Count,
    categories: strip(categories?.Items),
    apiKeys: strip(apiKeys?.Items),
    staff: strip(staffList?.Items),
  });
}

/** JSON with every object's keys sorted: DynamoDB does not keep attribute order. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Set)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v instanceof Set
        ? [...v].sort()
        : v,
  );
}

// ---- hostile values ---------------------------------------------------------------------------------------------

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const control = fc
  .integer({ min: 0, max: 0x9f })
  .filter((c) => c < 0x20 || c >= 0x7f)
  .map((c) => String.fromCharCode(c));
const invisible = fc.constantFrom('\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u202e', '\u180e');

const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '0x10',
    '1e1',
    '+5',
    ' 1',
    '01',
    '1.5',
    'NaN',
    'Infinity',
    '9'.repeat(30),
    'null',
    'true',
    '__proto__',
    'constructor',
    'TICKET#0000000001',
    'USER#x',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '%zz',
    '%',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff\ud800',
    '\u200b\u200b\u200b\u200b\u200b\u200b',
    '\r\n\r\n',
    'x'.repeat(255),
    'y'.repeat(5_001),
    'z'.repeat(70_000),
    `${'a'.repeat(250)}@x.io`,
    'a@b',
    'ADMIN@DEMO.LOCAL',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: fc.oneof(loneSurrogate, control, invisible, fc.constantFrom('a', ' ', '%', '#')), maxLength: 30 }),
);

const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2, [], {}, [[[[]]]]),
  fc.array(hostileString, { maxLength: 4 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

/** Values that pass each field's rules, so that generated requests get past the first field and reach the rest. */
function validValue(field: string): unknown {
  const values: Record<string, unknown> = {
    customerEmail: 'customer@test.local',
    email: 'someone@test.local',
    subject: 'A valid subject',
    description: 'A valid description for a ticket.',
    category: categoryName,
    priority: 'high',
    status: 'in_progress',
    type: 'direct',
    assignedToId: staff.agent!.user.id,
    agentId: staff.agent!.user.id,
    content: 'A comment',
    isInternal: true,
    score: 4,
    comment: 'Fine',
    name: `fuzz_${randomInt(1e9)}`,
    displayName: 'Fuzz category',
    color: '#aabbcc',
    isActive: false,
    scopes: ['tickets:read'],
    role: 'manager',
    password: 'fuzz-password-1',
    firstName: 'Fuzz',
    lastName: 'Tester',
    currentPassword: 'not-the-password',
    newPassword: 'fuzz-password-2',
    limit: '2',
    days: '30',
    active: 'true',
    q: 'fuzz',
    actor: staff.admin!.user.id,
    action: 'sign_in',
    from: '2026-01-01',
    to: '2026-12-31',
  };
  return values[field] ?? 'value';
}

/** The field names of an object schema, through the wrappers (refine, pipe, preprocess) zod puts around it. */
function fieldsOf(schema: ZodType | undefined): string[] {
  let current: any = schema;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current.shape) return Object.keys(current.shape);
    current = current._zod?.def?.in ?? current._zod?.def?.innerType ?? current._zod?.def?.schema;
  }
  return [];
}

const pathParameter = (name: string): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant(pathValue(name)) },
    { weight: 3, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.constantFrom('%zz', '%E2%82', '%C3%28', '%00', '%2F..%2F', 'a%20b') },
  );

function pathValue(name: string): string {
  if (name === 'id') return String(ticketId);
  return 'unknown';
}

/** Percent-encodes what can be encoded; a value with a lone surrogate becomes bytes that are not UTF-8. */
function encodePart(value: string, raw: boolean): string {
  if (raw) return value;
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

interface Case {
  params: Record<string, { value: string; raw: boolean }>;
  query: Partial<Record<string, string>>;
  rawQuery: string | null;
  body: unknown;
  headers: Record<string, string>;
}

function caseArbitrary(route: HttpRoute, schemas: RouteSchemas): fc.Arbitrary<Case> {
  const paramNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const params = fc.record(
    Object.fromEntries(
      paramNames.map((name) => [
        name,
        fc.record({
          value: route.path.startsWith('/api/tickets') ? pathParameter(name) : entityId(route),
          raw: fc.boolean(),
        }),
      ]),
    ),
  );
  const queryFields = fieldsOf(schemas.query);
  const query = fc.record(
    Object.fromEntries(
      [...queryFields, 'cursor', 'extra'].map((field) => [
        field,
        fc.oneof(fc.constant(String(validValue(field))), hostileString),
      ]),
    ),
    { requiredKeys: [] },
  );
  const bodyFields = fieldsOf(schemas.body);
  const objectBody = fc.record(
    Object.fromEntries(
      [...bodyFields, '__proto__', 'id', 'role'].map((field) => [
        field,
        fc.oneof({ weight: 3, arbitrary: fc.constant(validValue(field)) }, { weight: 2, arbitrary: hostileJson }),
      ]),
    ),
    { requiredKeys: [] },
  );
  const body = fc.oneof({ weight: 5, arbitrary: objectBody }, { weight: 1, arbitrary: hostileJson });
  const headers = fc.record(
    {
      'idempotency-key': hostileString.filter((v) => /^[\t\x20-\x7e]*$/.test(v) && v.length < 8000),
      'content-type': fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-16', 'x/y'),
      'sec-fetch-site': fc.constantFrom('cross-site', 'same-origin', 'none'),
      'x-forwarded-for': fc.constantFrom('203.0.113.9', '::1', 'garbage'),
    },
    { requiredKeys: [] },
  );
  const rawQuery = fc.option(fc.constantFrom('q=%zz', 'q=%E2%82', 'limit=%', 'cursor=%C3%28', 'a=%00&b=%ff'), {
    freq: 5,
  });
  return fc.record({ params, query, rawQuery, body, headers });
}

/** Ids for `/api/users/{id}`, `/api/categories/{id}`, `/api/api-keys/{id}`: the fixtures' or hostile ones. */
function entityId(route: HttpRoute): fc.Arbitrary<string> {
  const valid = route.path.startsWith('/api/users')
    ? victim.user.id
    : route.path.startsWith('/api/categories')
      ? categoryId
      : apiKeyId;
  return fc.oneof({ weight: 1, arbitrary: fc.constant(valid) }, { weight: 2, arbitrary: hostileString });
}

function urlOf(route: HttpRoute, c: Case): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const param = c.params[name]!;
    return encodePart(param.value, param.raw && /^[\x21-\x7e]*$/.test(param.value) && !param.value.includes('/'));
  });
  const query = Object.entries(c.query)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([k, v]) => `${encodePart(k, false)}=${encodePart(v, false)}`)
    .concat(c.rawQuery ? [c.rawQuery] : []);
  return query.length ? `${path}?${query.join('&')}` : path;
}

async function send(role: Role, route: HttpRoute, c: Case): Promise<ApiResponse> {
  const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : c.body;
  return clients[role].request(route.method, urlOf(route, c), body, { headers: c.headers });
}

/** A cookie session that the fuzz itself ended (a sign-out, a password change) is opened again. */
async function keepSignedIn(role: Role): Promise<void> {
  if ((role === 'admin' || role === 'agent') && !clients[role].cookie('hd_session')) {
    clients[role] = await signedInClient(staff[role]!);
  }
}

/**
 * A refusal says why: a JSON `message`, or for a page route a page with the explanation (unless the gateway answered
 * before reaching the route at all, as for an empty token: then it is the gateway's JSON 404, as in AWS).
 */
function expectExplained(res: ApiResponse, schemas: RouteSchemas, context: string): void {
  const fromGateway = res.status === 404 && res.body?.message === 'Not Found';
  if (schemas.page && !fromGateway) {
    expect(res.headers.get('content-type'), context).toMatch(/^text\/html/);
    expect(String(res.body), context).toMatch(/<p[ >]/);
  } else {
    expect(typeof res.body?.message, context).toBe('string');
  }
}

describe('every route, every caller, hostile input', () => {
  const routes = HTTP_ROUTES;

  it('answers below 500 and changes nothing when it refuses', async () => {
    let cases = 0;
    for (const [index, route] of routes.entries()) {
      const routeKey = routeKeyOf(route);
      const schemas = definitions.get(routeKey);
      expect(schemas, `${routeKey} has a definition`).toBeDefined();
      for (const [roleIndex, role] of ROLES.entries()) {
        await fc.assert(
          fc.asyncProperty(caseArbitrary(route, schemas!), async (c) => {
            await keepSignedIn(role);
            const before = await snapshot();
            const res = await send(role, route, c);
            cases++;
            const context = `${role} ${routeKey} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
            expect(res.status, context).toBeLessThan(500);
            if (res.status >= 400) {
              // Node's HTTP parser answers a request line over its 16 KB header limit itself (431), as API Gateway
              // answers an over-long URL without reaching a function; every other refusal says why.
              if (res.status !== 431) expectExplained(res, schemas!, context);
              expect(await snapshot(), `${context}: a refused request changed the table`).toBe(before);
            }
          }),
          { seed: SEED + index * ROLES.length + roleIndex, numRuns: RUNS_PER_ROUTE_AND_ROLE, endOnFailure: true },
        );
      }
    }
    expect(cases).toBe(routes.length * ROLES.length * RUNS_PER_ROUTE_AND_ROLE);
  }, 300_000);
});
