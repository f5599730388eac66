import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishText } from '../english.ts';
import { DEFAULT_CATEGORY_COLOR } from '#shared/constants.ts';
import type { Category } from '#shared/schemas/category.ts';
import { hashApiKey } from '#functions/data/api-keys.ts';
import { getCategory, getCategoryByName, listCategories } from '#functions/data/categories.ts';
import { keys } from '#functions/data/table.ts';
import { dynamo } from '#functions/lib/clients.ts';
import { config } from '#functions/lib/config.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ApiClient, startApi } from './support/api.ts';
import { createStaffUser, type StaffFixture } from './support/fixtures.ts';

let api: Gateway;
let adminClient: ApiClient;
const clients: Partial<Record<'agent' | 'manager', ApiClient>> = {};

const signedIn = async (fixture: StaffFixture) => {
  const client = new ApiClient(api.url);
  await client.signIn(fixture.email, fixture.password);
  return client;
};

beforeAll(async () => {
  api = await startApi();
  adminClient = await signedIn(await createStaffUser({ role: 'admin' }));
  clients.agent = await signedIn(await createStaffUser({ role: 'agent' }));
  clients.manager = await signedIn(await createStaffUser({ role: 'manager' }));
});
afterAll(() => api.close());

/** A category name no other test uses. */
const uniqueName = (prefix = 'cat') => `${prefix}_${randomUUID().slice(0, 8)}`;

const create = async (overrides: Record<string, unknown> = {}): Promise<Category> => {
  const res = await adminClient.post('/api/categories', {
    name: uniqueName(),
    displayName: 'Some Category',
    ...overrides,
  });
  expect(res.status).toBe(201);
  return res.body;
};

/** What the ticket transactions do to a category each time a ticket is filed under it. */
const recordUsage = (categoryId: string, tickets: number) =>
  dynamo().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: keys.category(categoryId),
      UpdateExpression: 'ADD usageCount :n',
      ExpressionAttributeValues: { ':n': tickets },
    }),
  );

const nameClaimOf = async (name: string) =>
  (await dynamo().send(new GetCommand({ TableName: config().tableName, Key: keys.categoryName(name) }))).Item;

describe('who may manage categories', () => {
  const ADMIN_ONLY = [
    ['POST', '/api/categories', { name: 'refused_category', displayName: 'Refused' }],
    ['PATCH', '/api/categories/{id}', { displayName: 'Changed by someone else' }],
    ['DELETE', '/api/categories/{id}', undefined],
  ] as const;

  it.each(
    (['agent', 'manager'] as const).flatMap((role) =>
      ADMIN_ONLY.map(([method, path, body]) => ({ role, method, path, body })),
    ),
  )('refuses $method $path to a $role with a 403 and changes nothing', async ({ role, method, path, body }) => {
    const category = await create();
    const res = await clients[role]!.request<{ message: string }>(method, path.replace('{id}', category.id), body);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(englishText('error.category.manageDenied'));
    expect(await getCategory(category.id)).toEqual(category);
    expect(await getCategoryByName('refused_category')).toBeUndefined();
  });

  it.each(['agent', 'manager'] as const)('lets a %s list the categories', async (role) => {
    const category = await create();
    const res = await clients[role]!.get('/api/categories');
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual(category);
  });

  it('lets an API key with tickets:read list the categories, and nothing more', async () => {
    const secret = `hd_test_${randomUUID()}`;
    await dynamo().send(
      new PutCommand({
        TableName: config().tableName,
        Item: { ...keys.apiKeyHash(hashApiKey(secret)), keyId: randomUUID(), name: 'reader', scopes: ['tickets:read'] },
      }),
    );
    const upstream = ApiClient.withApiKey(api.url, secret);
    const category = await create();
    const listed = await upstream.get('/api/categories');
    expect(listed.status).toBe(200);
    expect(listed.body).toContainEqual(category);
    const refused = await upstream.post('/api/categories', { name: uniqueName(), displayName: 'Nope' });
    expect(refused.status).toBe(403);
  });
});

describe('GET /api/categories', () => {
  it('lists every category ordered by name, and only the active ones with ?active=true', async () => {
    const prefix = uniqueName('order');
    const b = await create({ name: `${prefix}_b` });
    const a = await create({ name: `${prefix}_a` });
    const c = await create({ name: `${prefix}_c` });
    expect((await adminClient.patch(`/api/categories/${c.id}`, { isActive: false })).status).toBe(200);

    const all = await adminClient.get('/api/categories');
    const ours = all.body.filter((x: Category) => x.name.startsWith(prefix)).map((x: Category) => x.name);
    expect(ours).toEqual([a.name, b.name, c.name]);
    const names = all.body.map((x: Category) => x.name);
    expect(names).toEqual([...names].sort());

    const active = await adminClient.get('/api/categories', { query: { active: 'true' } });
    const activeOurs = active.body.filter((x: Category) => x.name.startsWith(prefix)).map((x: Category) => x.name);
    expect(activeOurs).toEqual([a.name, b.name]);
    expect(active.body.every((x: Category) => x.isActive)).toBe(true);
  });
});

describe('POST /api/categories', () => {
  it('creates an active, unused category with the default colour and no description', async () => {
    const name = uniqueName('crypto_deposit');
    const res = await adminClient.post('/api/categories', { name, displayName: 'Crypto Deposit' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name,
      displayName: 'Crypto Deposit',
      description: null,
      color: DEFAULT_CATEGORY_COLOR,
      isActive: true,
      usageCount: 0,
    });
    expect(await getCategory(res.body.id)).toEqual(res.body);
    expect(await nameClaimOf(name)).toMatchObject({ categoryId: res.body.id });
  });

  it('keeps the colour and description it is given', async () => {
    const category = await create({ color: '#ec4899', description: 'Money in' });
    expect(category).toMatchObject({ color: '#ec4899', description: 'Money in' });
  });

  it.each([
    { label: 'the same name', change: (name: string) => name },
    { label: 'the same name in other case', change: (name: string) => name.toUpperCase() },
  ])('refuses $label with a 409 and writes nothing', async ({ change }) => {
    const existing = await create();
    const before = (await listCategories()).length;
    const res = await adminClient.post('/api/categories', { name: change(existing.name), displayName: 'Copy' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(englishText('error.category.duplicateName'));
    expect((await listCategories()).length).toBe(before);
    expect(await getCategory(existing.id)).toEqual(existing);
  });

  it.each([
    { field: 'name', value: '', message: englishText('validation.name.required') },
    { field: 'name', value: undefined, message: englishText('validation.name.required') },
    { field: 'name', value: 'n'.repeat(101), message: englishText('validation.name.tooLong') },
    { field: 'displayName', value: '', message: englishText('validation.displayName.required') },
    { field: 'displayName', value: undefined, message: englishText('validation.displayName.required') },
    { field: 'displayName', value: 'd'.repeat(151), message: englishText('validation.displayName.tooLong') },
    { field: 'color', value: 'red', message: englishText('validation.color.invalid') },
    { field: 'color', value: '#12345g', message: englishText('validation.color.invalid') },
    { field: 'color', value: '#1234567', message: englishText('validation.color.invalid') },
  ])('refuses $field = $value with "$message" and writes nothing', async ({ field, value, message }) => {
    const body = { name: uniqueName(), displayName: 'Valid', [field]: value };
    const res = await adminClient.post('/api/categories', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[field]).toBe(message);
    if (typeof body.name === 'string' && body.name) expect(await getCategoryByName(body.name)).toBeUndefined();
  });

  it('accepts a name of exactly 100 and a display name of exactly 150 characters', async () => {
    const name = `${uniqueName()}_`.padEnd(100, 'x');
    const category = await create({ name, displayName: 'd'.repeat(150) });
    expect(category.name).toHaveLength(100);
  });
});

describe('PATCH /api/categories/{id}', () => {
  it('renames a category: the new name is claimed and the old one is free again', async () => {
    const category = await create();
    const newName = uniqueName('renamed');
    const res = await adminClient.patch(`/api/categories/${category.id}`, { name: newName, displayName: 'Renamed' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: category.id, name: newName, displayName: 'Renamed' });
    expect(await getCategoryByName(newName)).toEqual(res.body);
    expect(await nameClaimOf(category.name)).toBeUndefined();
    await create({ name: category.name });
  });

  it('refuses to rename onto a name in use, with a 409 and nothing changed', async () => {
    const [first, second] = [await create(), await create()];
    const res = await adminClient.patch(`/api/categories/${second.id}`, { name: first.name.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(englishText('error.category.duplicateName'));
    expect(await getCategory(second.id)).toEqual(second);
    expect(await nameClaimOf(second.name)).toMatchObject({ categoryId: second.id });
    expect(await nameClaimOf(first.name)).toMatchObject({ categoryId: first.id });
  });

  it('changes only the fields it is sent and keeps the usage count', async () => {
    const category = await create({ description: 'Before' });
    await recordUsage(category.id, 2);
    const res = await adminClient.patch(`/api/categories/${category.id}`, { color: '#22c55e', description: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: category.name, color: '#22c55e', description: null, usageCount: 2 });
    expect(await getCategory(category.id)).toEqual(res.body);
  });

  it('deactivates a category, which leaves it out of ?active=true', async () => {
    const category = await create();
    const res = await adminClient.patch(`/api/categories/${category.id}`, { isActive: false });
    expect(res.body.isActive).toBe(false);
    const active = await adminClient.get('/api/categories', { query: { active: 'true' } });
    expect(active.body.map((c: Category) => c.id)).not.toContain(category.id);
  });

  it.each([
    { field: 'name', value: '', message: englishText('validation.name.required') },
    { field: 'name', value: 'n'.repeat(101), message: englishText('validation.name.tooLong') },
    { field: 'displayName', value: '', message: englishText('validation.displayName.required') },
    { field: 'displayName', value: 'd'.repeat(151), message: englishText('validation.displayName.tooLong') },
    { field: 'color', value: '3b82f6', message: englishText('validation.color.invalid') },
    { field: 'isActive', value: 'no', message: 'isActive must be true or false' },
  ])('refuses $field = $value with "$message" and changes nothing', async ({ field, value, message }) => {
    const category = await create();
    const res = await adminClient.patch(`/api/categories/${category.id}`, { [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
    expect(await getCategory(category.id)).toEqual(category);
  });

  it('answers 404 for a category that does not exist', async () => {
    const res = await adminClient.patch(`/api/categories/${randomUUID()}`, { displayName: 'Ghost' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(englishText('error.category.notFound'));
  });
});

describe('DELETE /api/categories/{id}', () => {
  it('deletes an unused category and frees its name', async () => {
    const category = await create();
    const res = await adminClient.delete(`/api/categories/${category.id}`);
    expect(res.status).toBe(204);
    expect(await getCategory(category.id)).toBeUndefined();
    expect(await nameClaimOf(category.name)).toBeUndefined();
    await create({ name: category.name });
  });

  it('refuses a category that tickets use, suggesting to deactivate it instead', async () => {
    const category = await create();
    await recordUsage(category.id, 3);
    const res = await adminClient.delete(`/api/categories/${category.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This category is used by 3 tickets; deactivate it instead');
    expect(await getCategory(category.id)).toMatchObject({ usageCount: 3 });
    expect(await nameClaimOf(category.name)).toMatchObject({ categoryId: category.id });
  });

  it('answers 404 for a category that does not exist', async () => {
    const res = await adminClient.delete(`/api/categories/${randomUUID()}`);
    expect(res.status).toBe(404);
  });
});
