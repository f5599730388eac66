import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES } from '#shared/constants.ts';
import { englishText } from '../english.ts';
import type { Category } from '#shared/schemas/category.ts';
import { bulkUpdateTicketsResultSchema, type Ticket, ticketSchema } from '#shared/schemas/ticket.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ApiClient, startApi } from './support/api.ts';
import { createStaffUser, type StaffFixture } from './support/fixtures.ts';
import {
  createTestApiKey,
  createTestCategory,
  createTicketAs,
  type SignedIn,
  signedIn,
  ticketBody,
} from './tickets-support.ts';

/**
 * `POST /api/tickets/bulk` (docs/product.md §2 "Tickets table", §7): each ticket is checked and changed as if edited
 * alone, and answers for itself.
 */
let api: Gateway;
let admin: SignedIn;
let manager: SignedIn;
let agent: SignedIn;
let otherAgent: StaffFixture;
let category: Category;

beforeAll(async () => {
  api = await startApi();
  [admin, manager, agent] = await Promise.all([
    signedIn(api.url, 'admin'),
    signedIn(api.url, 'manager', { firstName: 'Mia', lastName: 'Manager' }),
    signedIn(api.url, 'agent', { firstName: 'Alan', lastName: 'Agent' }),
  ]);
  otherAgent = await createStaffUser({ role: 'agent' });
  category = await createTestCategory();
});
afterAll(() => api?.close());

const ticketFor = (assignedToId: string) =>
  createTicketAs(admin.client, ticketBody(category.name, { assignedToId, priority: 'medium' }));

const read = async (id: number): Promise<Ticket> =>
  ticketSchema.parse((await admin.client.get(`/api/tickets/${id}`)).body);

const history = async (id: number) =>
  (await admin.client.get(`/api/tickets/${id}/history`)).body as { action: string; changes: any[]; actor: any }[];

describe('POST /api/tickets/bulk', () => {
  it("changes an agent's own tickets and refuses, ticket by ticket, those assigned to someone else", async () => {
    const mine = await ticketFor(agent.user.id);
    const theirs = await ticketFor(otherAgent.user.id);
    const alsoMine = await ticketFor(agent.user.id);

    const res = await agent.client.post('/api/tickets/bulk', {
      ticketIds: [mine.id, theirs.id, alsoMine.id],
      changes: { status: 'in_progress', priority: 'high' },
    });

    expect(res.status).toBe(200);
    expect(bulkUpdateTicketsResultSchema.parse(res.body).results).toEqual([
      { id: mine.id, ok: true },
      { id: theirs.id, ok: false, code: 'error.ticket.editDenied' },
      { id: alsoMine.id, ok: true },
    ]);
    for (const id of [mine.id, alsoMine.id]) {
      expect(await read(id)).toMatchObject({ status: 'in_progress', priority: 'high' });
      const [, updated] = await history(id);
      expect(updated).toMatchObject({
        action: 'updated',
        actor: { type: 'user', id: agent.user.id, name: 'Alan Agent' },
        changes: expect.arrayContaining([
          { field: 'status', from: 'open', to: 'in_progress' },
          { field: 'priority', from: 'medium', to: 'high' },
        ]),
      });
    }
    expect(await read(theirs.id)).toMatchObject({ status: 'open', priority: 'medium' });
    expect((await history(theirs.id)).map((entry) => entry.action)).toEqual(['created']);
  });

  it('lets a manager close three tickets, each with its own history entry', async () => {
    const tickets = await Promise.all([
      ticketFor(agent.user.id),
      ticketFor(otherAgent.user.id),
      ticketFor(otherAgent.user.id),
    ]);
    const ids = tickets.map((ticket) => ticket.id);

    const res = await manager.client.post('/api/tickets/bulk', { ticketIds: ids, changes: { status: 'closed' } });

    expect(res.status).toBe(200);
    expect(res.body.results).toEqual(ids.map((id) => ({ id, ok: true })));
    for (const id of ids) {
      const ticket = await read(id);
      expect(ticket.status).toBe('closed');
      expect(ticket.resolvedAt).not.toBeNull();
      expect((await history(id)).at(-1)).toMatchObject({
        action: 'updated',
        actor: { type: 'user', id: manager.user.id, name: 'Mia Manager' },
        changes: expect.arrayContaining([{ field: 'status', from: 'open', to: 'closed' }]),
      });
    }
  });

  it("assigns for a manager as the assign route does, and refuses an agent's assignment on every ticket", async () => {
    const tickets = await Promise.all([ticketFor(agent.user.id), ticketFor(agent.user.id)]);
    const ids = tickets.map((ticket) => ticket.id);

    const refused = await agent.client.post('/api/tickets/bulk', {
      ticketIds: ids,
      changes: { status: 'in_progress', assignedToId: otherAgent.user.id },
    });
    expect(refused.status).toBe(200);
    expect(refused.body.results).toEqual(ids.map((id) => ({ id, ok: false, code: 'error.ticket.assignDenied' })));
    for (const id of ids) expect(await read(id)).toMatchObject({ status: 'open', assignedToId: agent.user.id });

    const res = await manager.client.post('/api/tickets/bulk', {
      ticketIds: ids,
      changes: { assignedToId: otherAgent.user.id },
    });
    expect(res.body.results).toEqual(ids.map((id) => ({ id, ok: true })));
    for (const id of ids) {
      expect(await read(id)).toMatchObject({ assignedToId: otherAgent.user.id });
      expect((await history(id)).at(-1)).toMatchObject({ action: 'assigned' });
    }
  });

  it('answers an unknown ticket with its own not-found result and changes the others', async () => {
    const ticket = await ticketFor(agent.user.id);
    const unknown = 999_999_999;

    const res = await admin.client.post('/api/tickets/bulk', {
      ticketIds: [unknown, ticket.id],
      changes: { priority: 'critical' },
    });

    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { id: unknown, ok: false, code: 'error.ticket.notFound' },
      { id: ticket.id, ok: true },
    ]);
    expect((await read(ticket.id)).priority).toBe('critical');
  });

  it('refuses more than 100 tickets with 400, changing none', async () => {
    const ticket = await ticketFor(agent.user.id);
    const ticketIds = [ticket.id, ...Array.from({ length: 100 }, (_, i) => 900_000_000 + i)];

    const res = await admin.client.post('/api/tickets/bulk', { ticketIds, changes: { status: 'closed' } });

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'validation.bulk.tooManyTickets',
      message: englishText('validation.bulk.tooManyTickets', { max: 100 }),
    });
    expect((await read(ticket.id)).status).toBe('open');
  });

  it.each([
    ['empty changes', {}],
    ['only fields a bulk change does not make', { subject: 'Not in bulk', waitingOnCustomer: true }],
  ])('refuses %s with 400 and a clear message', async (_, changes) => {
    const ticket = await ticketFor(agent.user.id);

    const res = await admin.client.post('/api/tickets/bulk', { ticketIds: [ticket.id], changes });

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'validation.bulk.noChanges',
      message: 'Choose at least one change: status, priority, assignee, category or incident',
    });
    expect(await history(ticket.id)).toHaveLength(1);
  });

  it.each([
    ['no tickets', [], 'validation.bulk.noTickets'],
    ['a ticket named twice', [1, 1], 'validation.bulk.repeatedTicket'],
    ['something that is not a list', '1,2', 'validation.bulk.ticketIds'],
  ])('refuses %s with 400', async (_, ticketIds, code) => {
    const res = await admin.client.post('/api/tickets/bulk', { ticketIds, changes: { status: 'closed' } });
    expect(res).toMatchObject({ status: 400, body: { code } });
  });

  it('is for staff only: an API key is refused, whatever its scopes', async () => {
    const key = await createTestApiKey([...API_KEY_SCOPES]);
    const res = await ApiClient.withApiKey(api.url, key.secret).post('/api/tickets/bulk', {
      ticketIds: [1],
      changes: { status: 'closed' },
    });
    expect(res).toMatchObject({ status: 403, body: { code: 'error.apiKey.routeRefused' } });
  });
});
