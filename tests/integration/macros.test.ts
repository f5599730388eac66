/**
 * Macros through the HTTP API (docs/product.md, "Macros"): who may write and share them, the preview in the ticket's
 * customer language with every placeholder filled, and a reply sent from a macro applying its actions once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketCode } from '#shared/format.ts';
import { macroPreviewSchema, macroSchema, type Macro } from '#shared/schemas/macro.ts';
import { commentSchema, historyEntrySchema, ticketSchema } from '#shared/schemas/ticket.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ApiClient, startApi } from './support/api.ts';
import { createTestApiKey, createTestCategory, signedIn, ticketBody, type SignedIn } from './tickets-support.ts';

let api: Gateway;
let admin: SignedIn;
let manager: SignedIn;
let agent: SignedIn;
let otherAgent: SignedIn;
let category: string;

beforeAll(async () => {
  api = await startApi();
  [admin, manager, agent, otherAgent] = await Promise.all([
    signedIn(api.url, 'admin'),
    signedIn(api.url, 'manager'),
    signedIn(api.url, 'agent', { firstName: 'Priya', lastName: 'Nair' }),
    signedIn(api.url, 'agent'),
  ]);
  category = (await createTestCategory()).name;
});
afterAll(() => api?.close());

const WITHDRAWAL = {
  en: 'Hello {{customer.email}}, about {{ticket.code}} ("{{ticket.subject}}"): your withdrawal is on its way. {{agent.firstName}}',
  de: 'Hallo {{customer.email}}, zu {{ ticket.code }} („{{ticket.subject}}“): Ihre Auszahlung ist unterwegs. {{agent.firstName}}',
};

async function createMacro(client: ApiClient, body: Record<string, unknown>): Promise<Macro> {
  const res = await client.post('/api/macros', { title: 'Withdrawal on its way', body: WITHDRAWAL, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return macroSchema.parse(res.body);
}

async function newTicket(overrides: Record<string, unknown> = {}) {
  const res = await admin.client.post(
    '/api/tickets',
    ticketBody(category, { assignedToId: agent.user.id, ...overrides }),
  );
  expect(res.status).toBe(201);
  return ticketSchema.parse(res.body);
}

const preview = async (client: ApiClient, ticketId: number, macroId: string) =>
  client.get(`/api/tickets/${ticketId}/macros/${macroId}/preview`);

describe('writing macros', () => {
  it('lets an agent write their own macro and nobody else sees it', async () => {
    const own = await createMacro(agent.client, { title: 'My greeting', shared: false });
    expect(own).toMatchObject({ title: 'My greeting', shared: false, ownerId: agent.user.id, usageCount: 0 });
    expect(own.ownerName).toBe('Priya Nair');

    const mine = macroSchema.array().parse((await agent.client.get('/api/macros')).body);
    expect(mine.map((m) => m.id)).toContain(own.id);
    const theirs = macroSchema.array().parse((await otherAgent.client.get('/api/macros')).body);
    expect(theirs.map((m) => m.id)).not.toContain(own.id);
    expect((await otherAgent.client.patch(`/api/macros/${own.id}`, { title: 'Taken' })).status).toBe(404);
    expect((await otherAgent.client.delete(`/api/macros/${own.id}`)).status).toBe(404);
  });

  it('refuses a shared macro from an agent and changes nothing', async () => {
    const before = macroSchema.array().parse((await agent.client.get('/api/macros')).body);
    const res = await agent.client.post('/api/macros', { title: 'Team answer', body: { en: 'Hi' }, shared: true });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('error.macro.shareDenied');
    const after = macroSchema.array().parse((await agent.client.get('/api/macros')).body);
    expect(after).toEqual(before);

    const own = await createMacro(agent.client, { title: 'Keep it mine' });
    const share = await agent.client.patch(`/api/macros/${own.id}`, { shared: true });
    expect(share.status).toBe(403);
  });

  it('shares a manager macro with every staff member, and only managers and admins change it', async () => {
    const shared = await createMacro(manager.client, { title: 'Shared withdrawal answer', shared: true });
    const seenByAgent = macroSchema.array().parse((await otherAgent.client.get('/api/macros')).body);
    expect(seenByAgent.find((m) => m.id === shared.id)).toMatchObject({ shared: true, ownerId: manager.user.id });

    const agentEdit = await otherAgent.client.patch(`/api/macros/${shared.id}`, { title: 'Hijacked' });
    expect(agentEdit.status).toBe(403);
    const adminEdit = await admin.client.patch(`/api/macros/${shared.id}`, { title: 'Shared withdrawal reply' });
    expect(adminEdit.status).toBe(200);
    expect(macroSchema.parse(adminEdit.body).title).toBe('Shared withdrawal reply');
    expect((await otherAgent.client.delete(`/api/macros/${shared.id}`)).status).toBe(403);
    expect((await manager.client.delete(`/api/macros/${shared.id}`)).status).toBe(204);
    expect((await manager.client.get('/api/macros')).body.map((m: Macro) => m.id)).not.toContain(shared.id);
  });

  it('refuses an unknown placeholder, a missing English text and a key, with clear messages', async () => {
    const unknown = await agent.client.post('/api/macros', { title: 'Bad', body: { en: 'Hi {{customer.name}}' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('{{customer.name}} is not a placeholder');
    const noEnglish = await agent.client.post('/api/macros', { title: 'Bad', body: { de: 'Hallo' } });
    expect(noEnglish.status).toBe(400);
    expect(noEnglish.body.message).toContain('The English text is required');
    const key = ApiClient.withApiKey(api.url, (await createTestApiKey(['tickets:read'])).secret);
    expect((await key.get('/api/macros')).status).toBe(403);
  });
});

describe('the preview', () => {
  it('writes the macro in the customer language with every placeholder filled', async () => {
    const macro = await createMacro(agent.client, {});
    const ticket = await newTicket({
      customerLanguage: 'de',
      customerEmail: 'kunde@example.de',
      subject: 'Auszahlung',
    });
    const res = await preview(agent.client, ticket.id, macro.id);
    expect(res.status).toBe(200);
    expect(macroPreviewSchema.parse(res.body)).toEqual({
      content: `Hallo kunde@example.de, zu ${ticketCode(ticket.id)} („Auszahlung“): Ihre Auszahlung ist unterwegs. Priya`,
      actions: {},
      language: 'de',
    });
  });

  it('falls back to English when the macro lacks the customer language', async () => {
    const macro = await createMacro(agent.client, {});
    const ticket = await newTicket({ customerLanguage: 'ja', customerEmail: 'trader@example.jp' });
    const body = macroPreviewSchema.parse((await preview(agent.client, ticket.id, macro.id)).body);
    expect(body.language).toBe('en');
    expect(body.content).toBe(
      `Hello trader@example.jp, about ${ticketCode(ticket.id)} ("Withdrawal still pending"): your withdrawal is on its way. Priya`,
    );
  });

  it('answers 404 for a macro the caller may not see and for a ticket that does not exist', async () => {
    const own = await createMacro(agent.client, {});
    const ticket = await newTicket();
    expect((await preview(otherAgent.client, ticket.id, own.id)).status).toBe(404);
    expect((await preview(agent.client, 99_999_999, own.id)).status).toBe(404);
  });
});

describe('a reply sent from a macro', () => {
  it('applies the actions with the reply, counts the use and names the macro in the history', async () => {
    const macro = await createMacro(manager.client, {
      title: 'Resolved: withdrawal sent',
      shared: true,
      actions: { status: 'resolved', priority: 'low' },
    });
    const ticket = await newTicket();
    const res = await agent.client.post(`/api/tickets/${ticket.id}/comments`, {
      content: 'Your withdrawal was sent a minute ago.',
      macroId: macro.id,
    });
    expect(res.status).toBe(201);
    expect(commentSchema.parse(res.body).comment).toBe('Your withdrawal was sent a minute ago.');

    const after = ticketSchema.parse((await agent.client.get(`/api/tickets/${ticket.id}`)).body);
    expect(after).toMatchObject({ status: 'resolved', priority: 'low' });
    expect(after.firstResponseAt).not.toBeNull();
    const history = historyEntrySchema
      .array()
      .parse((await agent.client.get(`/api/tickets/${ticket.id}/history`)).body);
    const entry = history.find((e) => e.action === 'commented');
    expect(entry?.changes).toEqual(
      expect.arrayContaining([
        { field: 'status', from: 'open', to: 'resolved' },
        { field: 'priority', from: 'medium', to: 'low' },
        { field: 'macro', from: null, to: 'Resolved: withdrawal sent' },
      ]),
    );
    const listed = macroSchema.array().parse((await agent.client.get('/api/macros')).body);
    expect(listed.find((m) => m.id === macro.id)?.usageCount).toBe(1);
  });

  it('refuses the whole reply when the sender may not make the macro’s changes', async () => {
    const macro = await createMacro(manager.client, { title: 'Close it', shared: true, actions: { status: 'closed' } });
    const ticket = await newTicket();
    const res = await otherAgent.client.post(`/api/tickets/${ticket.id}/comments`, {
      content: 'Closing this.',
      macroId: macro.id,
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('error.macro.actionsDenied');
    expect((await agent.client.get(`/api/tickets/${ticket.id}/comments`)).body).toEqual([]);
    expect(ticketSchema.parse((await agent.client.get(`/api/tickets/${ticket.id}`)).body).status).toBe('open');
  });

  it('refuses a reply naming a macro that was deleted, keeping the ticket as it was', async () => {
    const macro = await createMacro(agent.client, { actions: { priority: 'high' } });
    expect((await agent.client.delete(`/api/macros/${macro.id}`)).status).toBe(204);
    const ticket = await newTicket();
    const res = await agent.client.post(`/api/tickets/${ticket.id}/comments`, { content: 'Hi', macroId: macro.id });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('error.macro.notFound');
    expect(ticketSchema.parse((await agent.client.get(`/api/tickets/${ticket.id}`)).body).priority).toBe('medium');
  });
});
