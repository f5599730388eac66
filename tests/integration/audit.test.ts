/**
 * The audit log (docs/decisions/072-audit-log.md) through the API: an entry for each administrative action and each
 * sign-in, failed sign-in and sign-out, written with the action; read by admins only, newest first, filtered by
 * actor, action and period, a page at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '#shared/schemas/audit.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ApiClient, startApi } from './support/api.ts';
import { createStaffUser, type StaffFixture, uniqueEmail } from './support/fixtures.ts';

let api: Gateway;
let admin: StaffFixture;
let adminClient: ApiClient;

beforeAll(async () => {
  api = await startApi();
  admin = await createStaffUser({ role: 'admin' });
  adminClient = new ApiClient(api.url);
  await adminClient.signIn(admin.email, admin.password);
});
afterAll(() => api.close());

/** The admin's own entries, newest first. */
async function entriesOf(actor: string, query: Record<string, string | number> = {}): Promise<AuditEntry[]> {
  const res = await adminClient.get('/api/audit', { query: { actor, limit: 100, ...query } });
  expect(res.status).toBe(200);
  return res.body.entries;
}

describe('what is recorded', () => {
  it('every administrative action, with who, what, target, when and client address', async () => {
    const started = new Date().toISOString();
    const email = uniqueEmail('audited');
    const created = await adminClient.post('/api/users', {
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: 'secret-123',
      role: 'agent',
    });
    expect(created.status).toBe(201);
    const userId = created.body.id;
    await adminClient.put(`/api/users/${userId}/role`, { role: 'manager' });
    await adminClient.put(`/api/users/${userId}/password`, { password: 'another-123' });
    await adminClient.delete(`/api/users/${userId}`);
    const category = await adminClient.post('/api/categories', {
      name: `audit_${Date.now()}`,
      displayName: 'Audit test',
    });
    await adminClient.patch(`/api/categories/${category.body.id}`, { displayName: 'Audit test 2' });
    await adminClient.delete(`/api/categories/${category.body.id}`);
    const key = await adminClient.post('/api/api-keys', { name: 'Audit key', scopes: ['tickets:read'] });
    await adminClient.delete(`/api/api-keys/${key.body.apiKey.id}`);
    const hook = await adminClient.post('/api/webhooks', {
      url: 'https://hooks.example.com/audit',
      events: ['ticket.created'],
    });
    expect(hook.status).toBe(201);
    expect((await adminClient.delete(`/api/webhooks/${hook.body.webhook.id}`)).status).toBe(204);

    const entries = await entriesOf(admin.user.id);
    const mine = entries.filter((e) => e.at >= started).reverse();
    expect(mine.map((e) => e.action)).toEqual([
      'user_created',
      'user_role_changed',
      'user_password_reset',
      'user_deactivated',
      'category_created',
      'category_updated',
      'category_deleted',
      'api_key_created',
      'api_key_revoked',
      'webhook_created',
      'webhook_deleted',
    ]);
    for (const entry of mine) {
      expect(entry.actor).toEqual({ type: 'user', id: admin.user.id, name: expect.stringContaining(admin.email) });
      expect(entry.clientAddress).toBe('127.0.0.1');
    }
    expect(mine[0]!.target).toEqual({ type: 'user', id: userId, name: email });
    expect(mine[1]!.details).toBe('role: agent → manager');
    expect(mine[5]!.details).toBe('displayName: Audit test → Audit test 2');
    expect(mine[7]!.target).toEqual({ type: 'apiKey', id: key.body.apiKey.id, name: 'Audit key' });
    expect(mine[9]).toMatchObject({
      target: { type: 'webhook', id: hook.body.webhook.id, name: 'https://hooks.example.com/audit' },
      details: 'events: ticket.created',
    });
    expect(mine[10]!.target).toEqual({
      type: 'webhook',
      id: hook.body.webhook.id,
      name: 'https://hooks.example.com/audit',
    });
    // No password or secret ever reaches the log.
    const text = JSON.stringify(mine);
    expect(text).not.toContain('another-123');
    expect(text).not.toContain(key.body.secret);
  });

  it('sign-ins, failed sign-ins (known and unknown e-mail) and sign-outs', async () => {
    const agent = await createStaffUser({ role: 'agent' });
    const client = new ApiClient(api.url);
    expect((await client.post('/api/auth/agent-login', { email: agent.email, password: 'nope' })).status).toBe(401);
    await client.signIn(agent.email, agent.password);
    await client.get('/api/logout');
    const stranger = uniqueEmail('stranger');
    await client.post('/api/auth/agent-login', { email: stranger, password: 'nope' });

    expect((await entriesOf(agent.user.id)).map((e) => e.action)).toEqual(['sign_out', 'sign_in', 'sign_in_failed']);
    const unknown = await entriesOf(stranger);
    expect(unknown).toHaveLength(1);
    expect(unknown[0]!.actor).toEqual({ type: 'anonymous', id: stranger, name: stranger });
    expect(unknown[0]!.action).toBe('sign_in_failed');
  });

  it('nothing when the action was refused', async () => {
    const before = await entriesOf(admin.user.id, { action: 'category_created' });
    const refused = await adminClient.post('/api/categories', { name: '', displayName: 'x' });
    expect(refused.status).toBe(400);
    expect(await entriesOf(admin.user.id, { action: 'category_created' })).toEqual(before);
  });
});

describe('reading the log', () => {
  it('is for admins only; a request without a session is a 401', async () => {
    for (const role of ['manager', 'agent'] as const) {
      const person = await createStaffUser({ role });
      const client = new ApiClient(api.url);
      await client.signIn(person.email, person.password);
      const res = await client.get('/api/audit');
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 'error.audit.denied',
        message: 'Only administrators can read the audit log',
      });
    }
    expect((await new ApiClient(api.url).get('/api/audit')).status).toBe(401);
  });

  it('filters by action and by period, newest first, and pages with a cursor bound to the filters', async () => {
    const agent = await createStaffUser({ role: 'agent' });
    for (let i = 0; i < 3; i++) {
      const client = new ApiClient(api.url);
      await client.signIn(agent.email, agent.password);
    }
    const today = new Date().toISOString().slice(0, 10);
    const all = await entriesOf(agent.user.id, { action: 'sign_in', from: today, to: today });
    expect(all).toHaveLength(3);
    expect([...all].sort((a, b) => b.at.localeCompare(a.at))).toEqual(all);

    const first = await adminClient.get('/api/audit', { query: { actor: agent.user.id, action: 'sign_in', limit: 2 } });
    expect(first.body.entries).toHaveLength(2);
    const second = await adminClient.get('/api/audit', {
      query: { actor: agent.user.id, action: 'sign_in', limit: 2, cursor: first.body.nextCursor },
    });
    expect([...first.body.entries, ...second.body.entries].map((e: AuditEntry) => e.id)).toEqual(all.map((e) => e.id));
    const otherFilter = await adminClient.get('/api/audit', {
      query: { actor: agent.user.id, limit: 2, cursor: first.body.nextCursor },
    });
    expect(otherFilter.status).toBe(400);

    expect(await entriesOf(agent.user.id, { from: '2000-01-01', to: '2000-01-31' })).toEqual([]);
    const byAction = await adminClient.get('/api/audit', { query: { action: 'sign_in', limit: 5 } });
    expect(byAction.body.entries.every((e: AuditEntry) => e.action === 'sign_in')).toBe(true);
  });

  it.each([
    [{ action: 'dance' }],
    [{ from: '2026-13-01' }],
    [{ from: '2026-11-10', to: '2026-11-01' }],
    [{ limit: '0x10' }],
    [{ actor: 'a\u0000b' }],
  ])('refuses bad filters %j with 400', async (query) => {
    expect((await adminClient.get('/api/audit', { query })).status).toBe(400);
  });
});
