import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishText } from '../english.ts';
import { API_KEY_SCOPES, type ApiKeyScope } from '#shared/constants.ts';
import type { ApiKey, CreatedApiKey } from '#shared/schemas/api-key.ts';
import { hashApiKey } from '#functions/data/api-keys.ts';
import { keys } from '#functions/data/table.ts';
import { dynamo } from '#functions/lib/clients.ts';
import { config } from '#functions/lib/config.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ApiClient, startApi } from './support/api.ts';
import { createStaffUser, type StaffFixture } from './support/fixtures.ts';

let api: Gateway;
let admin: StaffFixture;
let adminClient: ApiClient;
let category: string;

beforeAll(async () => {
  api = await startApi();
  admin = await createStaffUser({ role: 'admin' });
  adminClient = new ApiClient(api.url);
  await adminClient.signIn(admin.email, admin.password);
  category = `cat_${randomUUID().slice(0, 8)}`;
  const created = await adminClient.post('/api/categories', { name: category, displayName: 'API key tests' });
  expect(created.status).toBe(201);
});
afterAll(() => api.close());

async function createKey(scopes: ApiKeyScope[], name = `Upstream ${randomUUID().slice(0, 6)}`): Promise<CreatedApiKey> {
  const res = await adminClient.post<CreatedApiKey>('/api/api-keys', { name, scopes });
  expect(res.status).toBe(201);
  return res.body;
}

const listKeys = async () => {
  const res = await adminClient.get<ApiKey[]>('/api/api-keys');
  expect(res.status).toBe(200);
  return res.body;
};

const getItem = async (key: Record<string, string>) =>
  (await dynamo().send(new GetCommand({ TableName: config().tableName, Key: key, ConsistentRead: true }))).Item;

const ticketBody = (overrides: Record<string, unknown> = {}) => ({
  customerEmail: `customer-${randomUUID().slice(0, 6)}@example.com`,
  subject: 'Deposit not credited',
  description: 'A SEPA deposit sent yesterday has not reached the account.',
  category,
  ...overrides,
});

describe('creating and listing keys', () => {
  it('returns the secret once, with the key as the list shows it', async () => {
    const before = new Date().toISOString();
    const { apiKey, secret } = await createKey(['tickets:rate', 'tickets:create'], 'Matching engine');
    expect(secret).toMatch(/^hdk_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toEqual({
      id: expect.any(String),
      name: 'Matching engine',
      scopes: ['tickets:create', 'tickets:rate'],
      createdAt: expect.any(String),
      createdBy: { id: admin.user.id, email: admin.email },
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(apiKey.createdAt >= before).toBe(true);

    const listed = await listKeys();
    expect(listed).toContainEqual(apiKey);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(JSON.stringify(listed)).not.toContain(hashApiKey(secret));
  });

  it('stores only the hash of the secret', async () => {
    const { apiKey, secret } = await createKey(['tickets:read']);
    const keyItem = await getItem(keys.apiKey(apiKey.id));
    expect(keyItem).toMatchObject({ id: apiKey.id, secretHash: hashApiKey(secret) });
    expect(JSON.stringify(keyItem)).not.toContain(secret);
    expect(await getItem(keys.apiKeyHash(hashApiKey(secret)))).toEqual({
      ...keys.apiKeyHash(hashApiKey(secret)),
      keyId: apiKey.id,
      name: apiKey.name,
      scopes: ['tickets:read'],
    });
  });

  it('lists the newest key first', async () => {
    const older = await createKey(['tickets:read']);
    const newer = await createKey(['tickets:read']);
    const ids = (await listKeys()).map((k) => k.id);
    expect(ids.indexOf(newer.apiKey.id)).toBeLessThan(ids.indexOf(older.apiKey.id));
  });

  it.each([
    { body: { scopes: ['tickets:read'] }, field: 'name', message: englishText('validation.name.required') },
    {
      body: { name: 'x'.repeat(101), scopes: ['tickets:read'] },
      field: 'name',
      message: englishText('validation.name.tooLong'),
    },
    { body: { name: 'Exchange', scopes: [] }, field: 'scopes', message: englishText('validation.scopes.required') },
    {
      body: { name: 'Exchange', scopes: ['tickets:delete'] },
      field: 'scopes.0',
      message: englishText('validation.oneOf', {
        field: 'Scope',
        values: API_KEY_SCOPES.join(', '),
      }),
    },
  ])('refuses $body with "$message"', async ({ body, field, message }) => {
    const countBefore = (await listKeys()).length;
    const res = await adminClient.post('/api/api-keys', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, errors: { [field]: message } });
    expect(res.body.fieldCodes[field].code).toBe(res.body.code);
    expect((await listKeys()).length).toBe(countBefore);
  });
});

describe('who may manage keys', () => {
  const ROUTES = [
    ['GET', '/api/api-keys', undefined],
    ['POST', '/api/api-keys', { name: 'Not allowed', scopes: ['tickets:read'] }],
    ['DELETE', '/api/api-keys/{id}', undefined],
  ] as const;

  const staffCases = (['manager', 'agent'] as const).flatMap((role) =>
    ROUTES.map(([method, path, body]) => ({ role, method, path, body })),
  );

  it.each(staffCases)(
    'refuses $method $path to a $role with a 403 and changes nothing',
    async ({ role, method, path, body }) => {
      const { apiKey, secret } = await createKey(['tickets:read']);
      const staff = await createStaffUser({ role });
      const client = new ApiClient(api.url);
      await client.signIn(staff.email, staff.password);
      const res = await client.request<{ message: string }>(method, path.replace('{id}', apiKey.id), body);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(englishText('error.apiKey.manageDenied'));
      const listed = await listKeys();
      expect(listed.find((k) => k.id === apiKey.id)?.revokedAt).toBeNull();
      expect(listed.filter((k) => k.name === 'Not allowed')).toEqual([]);
      expect((await ApiClient.withApiKey(api.url, secret).get('/api/categories')).status).toBe(200);
    },
  );

  it.each(ROUTES.map(([method, path, body]) => ({ method, path, body })))(
    'refuses $method $path to an API key, even one with every scope',
    async ({ method, path, body }) => {
      const { apiKey, secret } = await createKey([...API_KEY_SCOPES]);
      const res = await ApiClient.withApiKey(api.url, secret).request<{ message: string }>(
        method,
        path.replace('{id}', apiKey.id),
        body,
      );
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('API keys cannot call this route');
    },
  );

  it('refuses a caller who is neither signed in nor holds a key', async () => {
    expect((await new ApiClient(api.url).get('/api/api-keys')).status).toBe(401);
  });
});

describe('calling the API with a key', () => {
  it('creates an api ticket with tickets:create, recording the key, and is refused on staff routes', async () => {
    const { apiKey, secret } = await createKey(['tickets:create']);
    const upstream = ApiClient.withApiKey(api.url, secret);

    const created = await upstream.post('/api/tickets', ticketBody({ type: 'direct' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'api', createdByApiKeyId: apiKey.id, createdById: null, category });

    const refusals = await Promise.all([
      upstream.get('/api/agents'),
      upstream.get('/api/user/settings'),
      upstream.patch(`/api/tickets/${created.body.id}`, { priority: 'low' }),
      upstream.post(`/api/tickets/${created.body.id}/comments`, { content: 'From upstream' }),
    ]);
    expect(refusals.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect(refusals.map((r) => r.body.message)).toEqual(Array(4).fill('API keys cannot call this route'));

    // Only the scopes a key holds: creating does not imply reading.
    const read = await upstream.get(`/api/tickets/${created.body.id}`);
    expect(read.status).toBe(403);
    expect(read.body.message).toBe('This API key lacks the tickets:read scope');

    const asStaff = await adminClient.get(`/api/tickets/${created.body.id}`);
    expect(asStaff.body).toMatchObject({ priority: 'medium', type: 'api', createdByApiKeyId: apiKey.id });
  });

  it('reads tickets and categories with tickets:read, but cannot create', async () => {
    const { secret } = await createKey(['tickets:read']);
    const upstream = ApiClient.withApiKey(api.url, secret);
    const ticket = (await adminClient.post('/api/tickets', ticketBody())).body;

    expect((await upstream.get(`/api/tickets/${ticket.id}`)).body).toMatchObject({
      id: ticket.id,
      subject: ticket.subject,
    });
    expect((await upstream.get('/api/categories')).body).toContainEqual(expect.objectContaining({ name: category }));
    const create = await upstream.post('/api/tickets', ticketBody());
    expect(create.status).toBe(403);
    expect(create.body.message).toBe('This API key lacks the tickets:create scope');
  });

  it('records when a key was last used', async () => {
    const { apiKey, secret } = await createKey(['tickets:read']);
    const before = new Date().toISOString();
    expect((await ApiClient.withApiKey(api.url, secret).get('/api/categories')).status).toBe(200);
    const after = new Date().toISOString();

    const listed = (await listKeys()).find((k) => k.id === apiKey.id)!;
    expect(listed.lastUsedAt).not.toBeNull();
    expect(listed.lastUsedAt! >= before && listed.lastUsedAt! <= after).toBe(true);
  });

  it.each([
    { case: 'an unknown key', authorization: `Bearer hdk_${'A'.repeat(43)}` },
    { case: 'a key of the wrong shape', authorization: 'Bearer not-a-key' },
  ])('refuses $case with a 401', async ({ authorization }) => {
    const res = await new ApiClient(api.url).get('/api/categories', { headers: { authorization } });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid or revoked API key');
  });
});

describe('revoking a key', () => {
  it('refuses the key on its very next call and shows when it was revoked', async () => {
    const { apiKey, secret } = await createKey(['tickets:read', 'tickets:create']);
    const upstream = ApiClient.withApiKey(api.url, secret);
    expect((await upstream.get('/api/categories')).status).toBe(200);

    const before = new Date().toISOString();
    expect((await adminClient.delete(`/api/api-keys/${apiKey.id}`)).status).toBe(204);

    const refused = await Promise.all([upstream.get('/api/categories'), upstream.post('/api/tickets', ticketBody())]);
    expect(refused.map((r) => r.status)).toEqual([401, 401]);
    expect(refused[0]!.body.message).toBe('Invalid or revoked API key');

    const listed = (await listKeys()).find((k) => k.id === apiKey.id)!;
    expect(listed.revokedAt! >= before).toBe(true);
    expect(await getItem(keys.apiKeyHash(hashApiKey(secret)))).toMatchObject({ revokedAt: listed.revokedAt });
  });

  it('keeps the first revocation time when a key is revoked again', async () => {
    const { apiKey } = await createKey(['tickets:read']);
    await adminClient.delete(`/api/api-keys/${apiKey.id}`);
    const first = (await listKeys()).find((k) => k.id === apiKey.id)!.revokedAt;

    expect((await adminClient.delete(`/api/api-keys/${apiKey.id}`)).status).toBe(204);
    expect((await listKeys()).find((k) => k.id === apiKey.id)!.revokedAt).toBe(first);
  });

  it('answers 404 for a key that does not exist', async () => {
    const res = await adminClient.delete(`/api/api-keys/${randomUUID()}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(englishText('error.apiKey.notFound'));
  });
});
