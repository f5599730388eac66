import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishText } from '../english.ts';
import type { Category } from '#shared/schemas/category.ts';
import { ticketListSchema, ticketSchema, commentSchema, historyEntrySchema } from '#shared/schemas/ticket.ts';
import { getCategory, updateCategory } from '#functions/data/categories.ts';
import { getTotals } from '#functions/data/stats.ts';
import { keys } from '#functions/data/table.ts';
import { deactivateStaffMember } from '#functions/use-cases/staff/manage-staff.ts';
import { dynamo } from '#functions/lib/clients.ts';
import { config } from '#functions/lib/config.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ApiClient, startApi } from './support/api.ts';
import { createStaffUser, type StaffFixture, TEST_SYSTEM } from './support/fixtures.ts';
import { createTestApiKey, createTestCategory, signedIn, ticketBody, type SignedIn } from './tickets-support.ts';

let api: Gateway;
let admin: SignedIn;
let manager: SignedIn;
let agent: SignedIn;
let otherAgent: StaffFixture;
let category: Category;
let inactiveCategory: Category;
let goneAgent: StaffFixture;

beforeAll(async () => {
  api = await startApi();
  [admin, manager, agent] = await Promise.all([
    signedIn(api.url, 'admin', { firstName: 'Ada', lastName: 'Admin' }),
    signedIn(api.url, 'manager'),
    signedIn(api.url, 'agent', { firstName: 'Alan', lastName: 'Agent' }),
  ]);
  otherAgent = await createStaffUser({ role: 'agent' });
  goneAgent = await createStaffUser({ role: 'agent' });
  await deactivateStaffMember(TEST_SYSTEM, goneAgent.user.id);
  category = await createTestCategory();
  inactiveCategory = await createTestCategory();
  await updateCategory(inactiveCategory, { isActive: false }, false);
});
afterAll(() => api?.close());

const raw = async (key: { pk: string; sk: string }) =>
  (await dynamo().send(new GetCommand({ TableName: config().tableName, Key: key, ConsistentRead: true }))).Item;

/** What a rejected request must leave untouched: no ticket number taken, no counter moved. */
const createSnapshot = async () => ({ sequence: (await raw(keys.ticketSequence()))?.value, totals: await getTotals() });

const create = (client: ApiClient, overrides: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  client.post('/api/tickets', ticketBody(category.name, overrides), headers ? { headers } : undefined);

const history = async (id: number) =>
  (await admin.client.get(`/api/tickets/${id}/history`)).body as { action: string; changes: any[]; actor: any }[];

describe('POST /api/tickets', () => {
  it('creates an open ticket with a code, a deadline from its priority and the assignee expanded', async () => {
    const res = await create(admin.client, { priority: 'critical', assignedToId: agent.user.id });
    expect(res.status).toBe(201);
    const ticket = ticketSchema.parse(res.body);
    expect(ticket.ticketId).toBe(`TKT-${String(ticket.id).padStart(6, '0')}`);
    expect(ticket).toMatchObject({
      status: 'open',
      priority: 'critical',
      type: 'direct',
      category: category.name,
      categoryId: category.id,
      assignedToId: agent.user.id,
      assignedTo: { id: agent.user.id, firstName: 'Alan', lastName: 'Agent', email: agent.email },
      createdById: admin.user.id,
      createdByApiKeyId: null,
      isOverdue: false,
      resolvedAt: null,
    });
    expect(Date.parse(ticket.deadline) - Date.parse(ticket.createdAt)).toBe(2 * 3_600_000);
    expect((await getCategory(category.id))?.usageCount).toBeGreaterThanOrEqual(1);
  });

  it('defaults to medium priority and type api, and assigns an active agent by round robin', async () => {
    const { customerEmail, subject, description } = ticketBody(category.name);
    const res = await admin.client.post('/api/tickets', {
      customerEmail,
      subject,
      description,
      category: category.name,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ priority: 'medium', type: 'api' });
    const assignee = await raw(keys.user(res.body.assignedToId));
    expect(assignee).toMatchObject({ role: 'agent', isActive: true });
  });

  it('records who created it in the history, with the round-robin assignee', async () => {
    const { body } = await create(manager.client);
    const [created] = await history(body.id);
    expect(historyEntrySchema.parse(created)).toMatchObject({
      action: 'created',
      actor: { type: 'user', id: manager.user.id },
      changes: [{ field: 'assignedTo', from: null, to: { id: body.assignedToId } }],
    });
  });

  it.each([
    ['an invalid e-mail', { customerEmail: 'not-an-email' }, 'customerEmail', englishText('validation.email')],
    ['no e-mail', { customerEmail: undefined }, 'customerEmail', englishText('validation.email')],
    [
      'a four-character subject',
      { subject: 'Help' },
      'subject',
      englishText('validation.subject.tooShort', { min: 5 }),
    ],
    [
      'a subject of spaces',
      { subject: '         ' },
      'subject',
      englishText('validation.subject.tooShort', { min: 5 }),
    ],
    [
      'a nine-character description',
      { description: 'Too short' },
      'description',
      englishText('validation.description.tooShort', { min: 10 }),
    ],
    ['no category', { category: undefined }, 'category', englishText('validation.category.required')],
    ['an empty category', { category: '' }, 'category', englishText('validation.category.required')],
    [
      'an unknown priority',
      { priority: 'urgent' },
      'priority',
      englishText('validation.priority.invalid', { values: 'low, medium, high, critical' }),
    ],
    ['an unknown type', { type: 'fax' }, 'type', englishText('validation.type.invalid', { values: 'api, direct' })],
    [
      'the e-mail type, which only inbound mail opens',
      { type: 'email' },
      'type',
      englishText('validation.type.invalid', { values: 'api, direct' }),
    ],
  ])('refuses %s with the form message and writes nothing', async (_label, overrides, field, message) => {
    const before = await createSnapshot();
    const res = await create(admin.client, overrides);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, errors: { [field]: message } });
    expect(await createSnapshot()).toEqual(before);
  });

  it.each([
    [
      'an unknown category',
      () => ({ category: `missing_${randomUUID().slice(0, 6)}` }),
      'category',
      englishText('error.ticket.unknownCategory'),
    ],
    [
      'an inactive category',
      () => ({ category: inactiveCategory.name }),
      'category',
      englishText('error.ticket.unknownCategory'),
    ],
    [
      'a deactivated assignee',
      () => ({ assignedToId: goneAgent.user.id }),
      'assignedToId',
      englishText('error.ticket.inactiveAssignee'),
    ],
    [
      'an unknown assignee',
      () => ({ assignedToId: randomUUID() }),
      'assignedToId',
      englishText('error.ticket.inactiveAssignee'),
    ],
  ])('refuses %s and writes nothing', async (_label, overrides, field, message) => {
    const before = await createSnapshot();
    const res = await create(admin.client, overrides());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, errors: { [field]: message } });
    expect(await createSnapshot()).toEqual(before);
    expect((await getCategory(inactiveCategory.id))?.usageCount).toBe(0);
  });

  it('files an API-key ticket as type api, recording the key', async () => {
    const key = await createTestApiKey(['tickets:create']);
    const res = await create(ApiClient.withApiKey(api.url, key.secret), { type: 'direct' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'api', createdById: null, createdByApiKeyId: key.id });
    const [created] = await history(res.body.id);
    expect(created!.actor).toEqual({ type: 'apiKey', id: key.id, name: 'Trading platform' });
  });
});

describe('Idempotency-Key', () => {
  it('answers a repeated create with the first ticket and creates one', async () => {
    const key = randomUUID();
    const body = ticketBody(category.name);
    const before = await getTotals();
    const first = await admin.client.post('/api/tickets', body, { headers: { 'idempotency-key': key } });
    const again = await admin.client.post('/api/tickets', body, { headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect((await getTotals()).total).toBe((before.total ?? 0) + 1);
  });

  it('creates one ticket when the same key arrives five times at once', async () => {
    const key = randomUUID();
    const body = ticketBody(category.name);
    const before = await getTotals();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        manager.client.post('/api/tickets', body, { headers: { 'idempotency-key': key } }),
      ),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(4);
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(1);
    expect((await getTotals()).total).toBe((before.total ?? 0) + 1);
  });

  it('refuses the same key with a different request', async () => {
    const key = randomUUID();
    await admin.client.post('/api/tickets', ticketBody(category.name), { headers: { 'idempotency-key': key } });
    const res = await admin.client.post(
      '/api/tickets',
      ticketBody(category.name, { subject: 'Another problem entirely' }),
      {
        headers: { 'idempotency-key': key },
      },
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(englishText('error.ticket.idempotencyKeyReused'));
  });

  it('keeps keys apart per caller', async () => {
    const key = randomUUID();
    const body = ticketBody(category.name);
    const a = await admin.client.post('/api/tickets', body, { headers: { 'idempotency-key': key } });
    const b = await manager.client.post('/api/tickets', body, { headers: { 'idempotency-key': key } });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).not.toBe(b.body.id);
  });

  it('refuses a key that is not visible ASCII', async () => {
    const res = await create(admin.client, {}, { 'idempotency-key': 'x'.repeat(256) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(englishText('validation.idempotencyKey.invalid'));
  });
});

describe('GET /api/tickets/{id}', () => {
  it('returns the ticket with its assignee, 404 for an unknown one, 400 for a bad id', async () => {
    const { body } = await create(admin.client, { assignedToId: otherAgent.user.id });
    const found = await agent.client.get(`/api/tickets/${body.id}`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual(body);
    expect((await agent.client.get('/api/tickets/999999999')).body).toEqual({
      message: englishText('error.ticket.notFound'),
      code: 'error.ticket.notFound',
    });
    const bad = await agent.client.get('/api/tickets/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(englishText('validation.ticketId.invalid'));
  });
});

describe('PATCH /api/tickets/{id}', () => {
  const deadlineIndex = async (id: number) => {
    const item = await raw(keys.ticket(id));
    return { pk: item?.gsi5pk, sk: item?.gsi5sk };
  };

  it('resolves: sets resolvedAt and resolutionTime, takes the ticket off the deadline index; reopening undoes both', async () => {
    const { body } = await create(admin.client, { assignedToId: agent.user.id });
    expect((await deadlineIndex(body.id)).pk).toBe('WARN');

    const resolved = await agent.client.patch(`/api/tickets/${body.id}`, { status: 'resolved' });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'resolved', resolutionTime: 0, responseTime: null });
    expect(resolved.body.resolvedAt).toEqual(expect.any(String));
    expect(await deadlineIndex(body.id)).toEqual({ pk: undefined, sk: undefined });

    const reopened = await agent.client.patch(`/api/tickets/${body.id}`, { status: 'open' });
    expect(reopened.body).toMatchObject({ status: 'open', resolvedAt: null, resolutionTime: null, responseTime: null });
    expect((await deadlineIndex(body.id)).pk).toBe('WARN');
  });

  it('moves the deadline from creation when the priority changes', async () => {
    const { body } = await create(admin.client, { priority: 'low' });
    const res = await manager.client.patch(`/api/tickets/${body.id}`, { priority: 'high' });
    expect(Date.parse(res.body.deadline) - Date.parse(body.createdAt)).toBe(8 * 3_600_000);
    // Ordered by the resolution warning, at 80 % of the new target (docs/decisions/005-sla-clocks.md).
    const warnAt = new Date(Date.parse(body.createdAt) + 0.8 * 8 * 3_600_000).toISOString();
    expect((await deadlineIndex(body.id)).sk).toMatch(new RegExp(`^${warnAt}#`));
  });

  it('moves the category and its usage count', async () => {
    const other = await createTestCategory();
    const { body } = await create(admin.client);
    const before = (await getCategory(category.id))!.usageCount;
    const res = await admin.client.patch(`/api/tickets/${body.id}`, { category: other.name });
    expect(res.body).toMatchObject({ category: other.name, categoryId: other.id });
    expect((await getCategory(other.id))!.usageCount).toBe(1);
    expect((await getCategory(category.id))!.usageCount).toBe(before - 1);
  });

  it('records every changed field in the history', async () => {
    const { body } = await create(admin.client, { priority: 'medium' });
    await admin.client.patch(`/api/tickets/${body.id}`, {
      subject: 'Withdrawal now failed',
      status: 'in_progress',
      priority: 'medium',
    });
    const [, updated] = await history(body.id);
    expect(updated).toMatchObject({
      action: 'updated',
      actor: { type: 'user', id: admin.user.id, name: 'Ada Admin' },
      changes: [
        { field: 'subject', from: body.subject, to: 'Withdrawal now failed' },
        { field: 'status', from: 'open', to: 'in_progress' },
      ],
    });
  });

  it.each([
    ['an empty subject', { subject: '' }, 'subject', englishText('validation.subject.required')],
    ['a blank subject', { subject: '   ' }, 'subject', englishText('validation.subject.required')],
    ['a null subject', { subject: null }, 'subject', englishText('validation.subject.required')],
    ['an empty description', { description: '' }, 'description', englishText('validation.description.required')],
    [
      'an unknown status',
      { status: 'done' },
      'status',
      englishText('validation.status.invalid', { values: 'open, in_progress, resolved, closed' }),
    ],
    [
      'an unknown priority',
      { priority: 'urgent' },
      'priority',
      englishText('validation.priority.invalid', { values: 'low, medium, high, critical' }),
    ],
    ['an empty category', { category: '' }, 'category', englishText('validation.category.required')],
    ['an unknown category', { category: 'no_such_category' }, 'category', englishText('error.ticket.unknownCategory')],
    ['an inactive category', 'inactive', 'category', englishText('error.ticket.unknownCategory')],
  ])('refuses %s with its message and changes nothing', async (_label, patch, field, message) => {
    const { body } = await create(admin.client);
    const before = await raw(keys.ticket(body.id));
    const res = await admin.client.patch(
      `/api/tickets/${body.id}`,
      patch === 'inactive' ? { category: inactiveCategory.name } : patch,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, errors: { [field]: message } });
    expect(await raw(keys.ticket(body.id))).toEqual(before);
    expect(await history(body.id)).toHaveLength(1);
  });

  it('lets an agent edit only tickets assigned to them', async () => {
    const mine = await create(admin.client, { assignedToId: agent.user.id });
    const theirs = await create(admin.client, { assignedToId: otherAgent.user.id });
    expect((await agent.client.patch(`/api/tickets/${mine.body.id}`, { status: 'in_progress' })).status).toBe(200);
    const refused = await agent.client.patch(`/api/tickets/${theirs.body.id}`, { status: 'in_progress' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(englishText('error.ticket.editDenied'));
    expect((await raw(keys.ticket(theirs.body.id)))?.status).toBe('open');
  });

  it('answers 404 for an unknown ticket', async () => {
    const res = await admin.client.patch('/api/tickets/999999998', { status: 'closed' });
    expect(res.status).toBe(404);
  });

  it('applies concurrent edits and comments on one ticket each exactly once', async () => {
    const { body } = await create(admin.client, { assignedToId: agent.user.id, priority: 'low' });
    const before = await getTotals();
    const subjects = Array.from({ length: 6 }, (_, i) => `Concurrent subject number ${i}`);
    const responses = await Promise.all([
      ...subjects.map((subject) => admin.client.patch(`/api/tickets/${body.id}`, { subject })),
      manager.client.patch(`/api/tickets/${body.id}`, { priority: 'critical' }),
      agent.client.patch(`/api/tickets/${body.id}`, { status: 'in_progress' }),
      agent.client.post(`/api/tickets/${body.id}/comments`, { content: 'First reply' }),
      manager.client.post(`/api/tickets/${body.id}/comments`, { content: 'Second reply' }),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 201, 201]);

    const entries = await history(body.id);
    expect(entries.filter((e) => e.action === 'updated')).toHaveLength(8);
    expect(entries.filter((e) => e.action === 'commented')).toHaveLength(2);
    const stored = await raw(keys.ticket(body.id));
    // Every entry that changed the ticket moved its version once (a comment does only if it was the first response).
    const changing = entries.filter((e) => e.action !== 'created' && e.changes.length > 0);
    expect(stored).toMatchObject({ priority: 'critical', status: 'in_progress', version: 1 + changing.length });
    expect(subjects).toContain(stored?.subject);
    const after = await getTotals();
    expect((after.priority_critical ?? 0) - (before.priority_critical ?? 0)).toBe(1);
    expect((after.priority_low ?? 0) - (before.priority_low ?? 0)).toBe(-1);
    expect((after.status_in_progress ?? 0) - (before.status_in_progress ?? 0)).toBe(1);
    expect((after.responseTimeCount ?? 0) - (before.responseTimeCount ?? 0)).toBe(1);
  });
});

describe('POST /api/tickets/{id}/assign', () => {
  it('assigns to an active staff member and records who had it before', async () => {
    const { body } = await create(admin.client, { assignedToId: agent.user.id });
    const res = await manager.client.post(`/api/tickets/${body.id}/assign`, { agentId: otherAgent.user.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ assignedToId: otherAgent.user.id, assignedTo: { email: otherAgent.email } });
    const entries = await history(body.id);
    expect(entries.at(-1)).toMatchObject({
      action: 'assigned',
      changes: [
        { field: 'assignedTo', from: { id: agent.user.id, name: 'Alan Agent' }, to: { id: otherAgent.user.id } },
      ],
    });
  });

  it.each([
    ['no agent', {}, englishText('validation.agent.required')],
    ['an empty agent', { agentId: '' }, englishText('validation.agent.required')],
    ['a deactivated agent', 'gone', englishText('error.ticket.inactiveAssignee')],
    ['an unknown user', { agentId: 'no-such-user' }, englishText('error.ticket.inactiveAssignee')],
  ])('refuses %s and changes nothing', async (_label, body, message) => {
    const { body: ticket } = await create(admin.client, { assignedToId: agent.user.id });
    const before = await raw(keys.ticket(ticket.id));
    const res = await admin.client.post(
      `/api/tickets/${ticket.id}/assign`,
      body === 'gone' ? { agentId: goneAgent.user.id } : body,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, errors: { agentId: message } });
    expect(await raw(keys.ticket(ticket.id))).toEqual(before);
  });
});

describe('comments', () => {
  it('adds a comment with its author, lists it, and makes the first public one the response', async () => {
    const { body } = await create(admin.client, { assignedToId: agent.user.id });
    const note = await agent.client.post(`/api/tickets/${body.id}/comments`, {
      content: '  Checked the ledger  ',
      isInternal: true,
    });
    expect(note.status).toBe(201);
    expect((await raw(keys.ticket(body.id)))?.responseTime).toBeNull();

    const reply = await agent.client.post(`/api/tickets/${body.id}/comments`, { content: 'We are on it.' });
    expect(commentSchema.parse(reply.body)).toMatchObject({
      ticketId: body.id,
      userId: agent.user.id,
      comment: 'We are on it.',
      isInternal: false,
      author: { firstName: 'Alan', lastName: 'Agent', email: agent.email },
    });
    expect((await raw(keys.ticket(body.id)))?.responseTime).toBe(0);

    const list = await manager.client.get(`/api/tickets/${body.id}/comments`);
    expect(list.body.map((c: { comment: string }) => c.comment)).toEqual(['Checked the ledger', 'We are on it.']);
    expect((await history(body.id)).map((e) => e.action)).toEqual(['created', 'commented', 'commented']);
  });

  it('hides internal notes from API keys', async () => {
    const { body } = await create(admin.client);
    await admin.client.post(`/api/tickets/${body.id}/comments`, { content: 'internal', isInternal: true });
    await admin.client.post(`/api/tickets/${body.id}/comments`, { content: 'public' });
    const key = await createTestApiKey(['tickets:read']);
    const res = await ApiClient.withApiKey(api.url, key.secret).get(`/api/tickets/${body.id}/comments`);
    expect(res.body.map((c: { comment: string }) => c.comment)).toEqual(['public']);
  });

  it.each([
    ['empty', { content: '' }],
    ['blank', { content: '   ' }],
    ['missing', {}],
  ])('refuses a comment that is %s and writes nothing', async (_label, body) => {
    const { body: ticket } = await create(admin.client);
    const res = await admin.client.post(`/api/tickets/${ticket.id}/comments`, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: englishText('validation.comment.required'),
      errors: { content: englishText('validation.comment.required') },
    });
    expect((await admin.client.get(`/api/tickets/${ticket.id}/comments`)).body).toEqual([]);
    expect(await history(ticket.id)).toHaveLength(1);
  });

  it('answers 404 for comments on an unknown ticket', async () => {
    expect((await admin.client.post('/api/tickets/999999997/comments', { content: 'hello' })).status).toBe(404);
    expect((await admin.client.get('/api/tickets/999999997/comments')).status).toBe(404);
  });
});

describe('GET /api/tickets', () => {
  // One customer's tickets: the filters below are tried within them (search has tests of its own: search.test.ts).
  const customerEmail = `zq${randomUUID().slice(0, 8)}@example.com`;
  let ids: number[];
  let assignee: StaffFixture;

  beforeAll(async () => {
    assignee = await createStaffUser({ role: 'agent' });
    // Explicit assignees throughout: round robin would hand the others to the new agent too.
    const specs = [
      { priority: 'low', type: 'api', assignedToId: agent.user.id },
      { priority: 'high', type: 'direct', assignedToId: assignee.user.id },
      { priority: 'high', type: 'api', assignedToId: assignee.user.id },
      { priority: 'critical', type: 'direct', assignedToId: agent.user.id },
      { priority: 'high', type: 'api', assignedToId: agent.user.id },
    ];
    ids = [];
    // One at a time: the list is newest first, and these share a creation order.
    for (const spec of specs) ids.push((await create(admin.client, { ...spec, customerEmail })).body.id);
    await admin.client.patch(`/api/tickets/${ids[2]}`, { status: 'in_progress' });
  });

  const list = async (query: Record<string, string | number>) => {
    const res = await agent.client.get('/api/tickets', { query });
    expect(res.status).toBe(200);
    return ticketListSchema.parse(res.body);
  };
  const idsOf = (page: { tickets: { id: number }[] }) => page.tickets.map((t) => t.id);

  it("lists a customer's tickets, newest first, whatever the case of the address", async () => {
    expect(idsOf(await list({ customerEmail: customerEmail.toUpperCase() }))).toEqual([...ids].reverse());
  });

  it.each([
    ['priority', { priority: 'high' }, [4, 2, 1]],
    ['type', { type: 'direct' }, [3, 1]],
    ['status', { status: 'in_progress' }, [2]],
    ['assignee', { assignedToId: 'assignee' }, [2, 1]],
    ['assignee and status', { assignedToId: 'assignee', status: 'open' }, [1]],
    ['status, priority and type', { status: 'open', priority: 'high', type: 'api' }, [4]],
  ])('combines the customer with the %s filter', async (_label, filters, expected) => {
    const query: Record<string, string> = { customerEmail, ...filters };
    if (query.assignedToId) query.assignedToId = assignee.user.id;
    expect(idsOf(await list(query))).toEqual(expected.map((i) => ids[i]));
  });

  it('pages with a cursor until it is null, each ticket once', async () => {
    const seen: number[] = [];
    let cursor: string | null | undefined;
    for (let page = 0; page < 10; page++) {
      const result = await list({ customerEmail, limit: 2, ...(cursor ? { cursor } : {}) });
      expect(result.tickets.length).toBeLessThanOrEqual(2);
      seen.push(...idsOf(result));
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    expect(cursor).toBeNull();
    expect(seen).toEqual([...ids].reverse());
  });

  it('returns at most `limit` tickets without filters and a cursor for more', async () => {
    const page = await list({ limit: 3 });
    expect(page.tickets).toHaveLength(3);
    expect(page.nextCursor).toEqual(expect.any(String));
    const next = await list({ limit: 3, cursor: page.nextCursor! });
    expect(idsOf(next).some((id) => idsOf(page).includes(id))).toBe(false);
  });

  it.each([
    ['a limit over 100', { limit: 101 }, englishText('validation.limit.invalid', { max: 100 })],
    ['a zero limit', { limit: 0 }, englishText('validation.limit.invalid', { max: 100 })],
    ['a garbled cursor', { cursor: 'not-a-cursor' }, englishText('validation.cursor.invalid')],
    [
      'an unknown status',
      { status: 'done' },
      englishText('validation.status.invalid', { values: 'open, in_progress, resolved, closed' }),
    ],
  ])('refuses %s', async (_label, query, message) => {
    const res = await agent.client.get('/api/tickets', { query });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a cursor made for other filters', async () => {
    const { nextCursor } = await list({ customerEmail, limit: 1 });
    const res = await agent.client.get('/api/tickets', { query: { status: 'open', cursor: nextCursor! } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(englishText('validation.cursor.invalid'));
  });
});
