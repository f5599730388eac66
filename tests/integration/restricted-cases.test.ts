/**
 * Restricted compliance cases (docs/product.md §6 "Compliance", docs/decisions/098-restricted-compliance-cases.md):
 * a restricted ticket exists only for staff with the compliance permission. This file walks the route table: every
 * route that reads, lists, counts or searches tickets must be covered here, and for a non-compliance admin, manager,
 * agent and API key every by-id route answers exactly as for a missing ticket and changes nothing, and every list
 * leaves the ticket out; a compliance agent sees it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES } from '#shared/constants.ts';
import { categorySchema } from '#shared/schemas/category.ts';
import { type Ticket, ticketListSchema, ticketSchema } from '#shared/schemas/ticket.ts';
import { indexTicketText } from '#functions/data/search-index.ts';
import { getTicket } from '#functions/data/tickets/item.ts';
import { HTTP_ROUTES } from '#functions/api/routes.ts';
import { routeKeyOf } from '#functions/http/route-key.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ApiClient, startApi } from './support/api.ts';
import {
  createTestApiKey,
  createTestCategory,
  createTicketAs,
  type SignedIn,
  signedIn,
  ticketBody,
} from './tickets-support.ts';

let api: Gateway;
let admin: SignedIn;
let manager: SignedIn;
let agent: SignedIn;
let complianceAgent: SignedIn;
let complianceManager: SignedIn;
let keyClient: ApiClient;
let restrictedCategory: string;
let openCategory: string;
let customerEmail: string;
/** The restricted case, and a visible ticket of the same customer (the incident it is linked to). */
let restricted: Ticket;
let visible: Ticket;
const MISSING = 99_999_999;
const SUBJECT = `Sanctions screening hit ${randomUUID().slice(0, 8)}`;

const grantCompliance = async (user: SignedIn) => {
  const res = await admin.client.put(`/api/users/${user.user.id}/permissions`, { compliance: true });
  expect(res.status).toBe(200);
  // The session reads the directory on every request: the permission holds from the next one.
};

beforeAll(async () => {
  api = await startApi();
  [admin, manager, agent, complianceAgent, complianceManager] = await Promise.all([
    signedIn(api.url, 'admin'),
    signedIn(api.url, 'manager'),
    signedIn(api.url, 'agent'),
    signedIn(api.url, 'agent'),
    signedIn(api.url, 'manager'),
  ]);
  await grantCompliance(complianceAgent);
  await grantCompliance(complianceManager);
  keyClient = ApiClient.withApiKey(api.url, (await createTestApiKey([...API_KEY_SCOPES])).secret);
  const created = await admin.client.post('/api/categories', {
    name: `compliance_${randomUUID().slice(0, 6)}`,
    displayName: 'Compliance',
    restricted: true,
  });
  expect(created.status).toBe(201);
  restrictedCategory = categorySchema.parse(created.body).name;
  openCategory = (await createTestCategory()).name;
  customerEmail = `suspect-${randomUUID().slice(0, 6)}@example.com`;
  visible = await createTicketAs(admin.client, ticketBody(openCategory, { customerEmail }));
  restricted = await createTicketAs(
    complianceAgent.client,
    ticketBody(restrictedCategory, { customerEmail, subject: SUBJECT, priority: 'critical' }),
  );
  // Found by words too: the term index as the indexer job would have written it.
  await indexTicketText((await getTicket(restricted.id))!);
  // A compliance manager gives it to the compliance agent and links it to the visible incident.
  expect(
    (await complianceManager.client.post(`/api/tickets/${restricted.id}/assign`, { agentId: complianceAgent.user.id }))
      .status,
  ).toBe(200);
  expect(
    (await complianceManager.client.put(`/api/tickets/${restricted.id}/parent`, { parentId: visible.id })).status,
  ).toBe(200);
});
afterAll(() => api?.close());

type Probe = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: (id: number) => string;
  body?: (id: number) => unknown;
};

/**
 * Every route that reads one ticket (or writes it), probed with the restricted ticket's id and with a missing one:
 * the two answers must be the same. `id` is where the restricted ticket goes; the other ticket of a pair is visible.
 */
const BY_ID: Record<string, Probe[]> = {
  'GET /api/tickets/{id}': [{ method: 'GET', path: (id) => `/api/tickets/${id}` }],
  'PATCH /api/tickets/{id}': [
    { method: 'PATCH', path: (id) => `/api/tickets/${id}`, body: () => ({ status: 'resolved' }) },
    { method: 'PATCH', path: (id) => `/api/tickets/${id}`, body: () => ({ subject: 'Changed by someone else' }) },
  ],
  'POST /api/tickets/{id}/assign': [
    { method: 'POST', path: (id) => `/api/tickets/${id}/assign`, body: () => ({ agentId: agent.user.id }) },
  ],
  'POST /api/tickets/{id}/merge': [
    { method: 'POST', path: (id) => `/api/tickets/${id}/merge`, body: () => ({ intoTicketId: visible.id }) },
    { method: 'POST', path: () => `/api/tickets/${visible.id}/merge`, body: (id) => ({ intoTicketId: id }) },
  ],
  'PUT /api/tickets/{id}/parent': [
    { method: 'PUT', path: (id) => `/api/tickets/${id}/parent`, body: () => ({ parentId: visible.id }) },
    { method: 'PUT', path: () => `/api/tickets/${visible.id}/parent`, body: (id) => ({ parentId: id }) },
  ],
  'DELETE /api/tickets/{id}/parent': [{ method: 'DELETE', path: (id) => `/api/tickets/${id}/parent` }],
  'GET /api/tickets/{id}/children': [{ method: 'GET', path: (id) => `/api/tickets/${id}/children` }],
  'GET /api/tickets/{id}/comments': [{ method: 'GET', path: (id) => `/api/tickets/${id}/comments` }],
  'POST /api/tickets/{id}/comments': [
    {
      method: 'POST',
      path: (id) => `/api/tickets/${id}/comments`,
      body: () => ({ content: 'Seen', isInternal: true }),
    },
  ],
  'GET /api/tickets/{id}/history': [{ method: 'GET', path: (id) => `/api/tickets/${id}/history` }],
  'POST /api/tickets/{id}/rating': [
    { method: 'POST', path: (id) => `/api/tickets/${id}/rating`, body: () => ({ score: 5 }) },
  ],
  'GET /api/tickets/{id}/messages': [{ method: 'GET', path: (id) => `/api/tickets/${id}/messages` }],
  'POST /api/tickets/{id}/messages': [
    { method: 'POST', path: (id) => `/api/tickets/${id}/messages`, body: () => ({ content: 'Any news?' }) },
  ],
  'POST /api/tickets/{id}/attachments': [
    {
      method: 'POST',
      path: (id) => `/api/tickets/${id}/attachments`,
      body: () => ({ filename: 'passport.pdf', contentType: 'application/pdf', size: 1000 }),
    },
  ],
  'GET /api/tickets/{id}/attachments/{attachmentId}': [
    { method: 'GET', path: (id) => `/api/tickets/${id}/attachments/${randomUUID()}` },
  ],
  'DELETE /api/tickets/{id}/attachments/{attachmentId}': [
    {
      method: 'DELETE',
      path: (id) => `/api/tickets/${id}/attachments/${randomUUID()}`,
      body: () => ({ reason: 'Card photo' }),
    },
  ],
  'GET /api/tickets/{id}/mail-status': [{ method: 'GET', path: (id) => `/api/tickets/${id}/mail-status` }],
  'GET /api/tickets/{id}/macros/{macroId}/preview': [
    { method: 'GET', path: (id) => `/api/tickets/${id}/macros/${randomUUID()}/preview` },
  ],
};

/** Routes that list, search or count tickets, each with the check this file makes of it (in the tests below). */
const LISTS: Record<string, string> = {
  'GET /api/tickets': 'lists, every filter, search by code, address and words, the customer panel count',
  'GET /api/tickets/overdue': 'left out of the overdue list',
  'GET /api/routing/queue': 'never in the routing queue',
  'GET /api/dashboard/metrics': 'counted as a number',
  'GET /api/dashboard/priority-distribution': 'counted as a number',
  'GET /api/dashboard/volume-data': 'counts only, no rows',
  'GET /api/dashboard/sla-attainment': 'counts only, no rows',
  'GET /api/analytics/category-usage': 'counts only, no rows',
  'GET /api/analytics/insights': 'counts only, no rows',
  'GET /api/agents/performance': 'counts only, no rows',
};

/** Ticket routes that never name one existing ticket: creating one, and bulk changes (checked below). */
const OTHERS: Record<string, string> = {
  'POST /api/tickets': 'creates; a restricted category makes the ticket restricted',
  'POST /api/tickets/bulk': 'each ticket as its own route answers: not found',
};

const touchesTickets = (path: string) =>
  path.startsWith('/api/tickets') ||
  path.startsWith('/api/dashboard') ||
  path.startsWith('/api/analytics') ||
  path === '/api/agents/performance' ||
  path === '/api/routing/queue';

const callers = () =>
  [
    ['admin', admin.client],
    ['manager', manager.client],
    ['agent', agent.client],
    ['API key', keyClient],
  ] as const;

async function send(client: ApiClient, probe: Probe, id: number) {
  return client.request<unknown>(probe.method, probe.path(id), probe.body?.(id));
}

const codeOf = (body: unknown) => (body && typeof body === 'object' && 'code' in body ? body.code : body);

describe('the route table', () => {
  it('has every route that reads, lists, counts or searches tickets covered by this file', () => {
    const covered = new Set([...Object.keys(BY_ID), ...Object.keys(LISTS), ...Object.keys(OTHERS)]);
    const uncovered = HTTP_ROUTES.filter((route) => touchesTickets(route.path))
      .map(routeKeyOf)
      .filter((key) => !covered.has(key));
    expect(uncovered).toEqual([]);
    // And nothing here names a route that no longer exists.
    const existing = new Set(HTTP_ROUTES.map(routeKeyOf));
    expect([...covered].filter((key) => !existing.has(key))).toEqual([]);
  });
});

describe('a restricted ticket to staff without the compliance permission and to API keys', () => {
  it('answers every by-id route exactly as for a missing ticket, and changes nothing', async () => {
    const before = await complianceAgent.client.get(`/api/tickets/${restricted.id}`);
    const historyBefore = await complianceAgent.client.get(`/api/tickets/${restricted.id}/history`);
    for (const [route, probes] of Object.entries(BY_ID)) {
      for (const probe of probes) {
        for (const [who, client] of callers()) {
          const asRestricted = await send(client, probe, restricted.id);
          const asMissing = await send(client, probe, MISSING);
          const label = `${who} ${route} ${probe.path(restricted.id)}`;
          expect({ label, status: asRestricted.status }).toEqual({ label, status: asMissing.status });
          expect({ label, code: codeOf(asRestricted.body) }).toEqual({ label, code: codeOf(asMissing.body) });
          expect(asRestricted.status, label).toBeGreaterThanOrEqual(400);
          expect(JSON.stringify(asRestricted.body), label).not.toContain(SUBJECT);
        }
      }
    }
    // The by-id reads of a ticket the caller may read are a 404 (not a refusal by role).
    for (const [who, client] of callers()) {
      expect((await client.get(`/api/tickets/${restricted.id}`)).status, who).toBe(404);
    }
    const after = await complianceAgent.client.get(`/api/tickets/${restricted.id}`);
    expect(after.body).toEqual(before.body);
    expect((await complianceAgent.client.get(`/api/tickets/${restricted.id}/history`)).body).toEqual(
      historyBefore.body,
    );
  });

  it('leaves it out of every list, filter and search, and says how many the customer panel leaves out', async () => {
    const queries: Record<string, string | number>[] = [
      {},
      { status: 'open' },
      { priority: 'critical' },
      { category: restrictedCategory },
      { assignedToId: complianceAgent.user.id },
      { customerEmail },
      { q: restricted.ticketId },
      { q: customerEmail },
      { q: SUBJECT },
    ];
    for (const query of queries) {
      for (const [who, client] of callers()) {
        const res = await client.get('/api/tickets', { query: { ...query, limit: 100 } });
        expect(res.status, `${who} ${JSON.stringify(query)}`).toBe(200);
        const page = ticketListSchema.parse(res.body);
        expect(
          page.tickets.map((t) => t.id),
          `${who} ${JSON.stringify(query)}`,
        ).not.toContain(restricted.id);
        expect(JSON.stringify(res.body)).not.toContain(SUBJECT);
      }
      const seen = ticketListSchema.parse(
        (await complianceAgent.client.get('/api/tickets', { query: { ...query, limit: 100 } })).body,
      );
      if (query.status !== undefined || query.customerEmail || query.q || query.assignedToId || query.category) {
        expect(
          seen.tickets.map((t) => t.id),
          `compliance ${JSON.stringify(query)}`,
        ).toContain(restricted.id);
      }
    }
    // The customer panel's list: the visible ticket, and a count of the one left out.
    const panel = ticketListSchema.parse((await agent.client.get('/api/tickets', { query: { customerEmail } })).body);
    expect(panel.tickets.map((t) => t.id)).toEqual([visible.id]);
    expect(panel.restrictedCount).toBe(1);
    const compliancePanel = ticketListSchema.parse(
      (await complianceAgent.client.get('/api/tickets', { query: { customerEmail } })).body,
    );
    expect(compliancePanel.restrictedCount).toBe(0);
    expect(compliancePanel.tickets.map((t) => t.id).sort()).toEqual([visible.id, restricted.id].sort());
    // No other list says how many it left out.
    expect(ticketListSchema.parse((await agent.client.get('/api/tickets')).body).restrictedCount).toBeUndefined();
  });

  it('leaves it out of the overdue list, an incident’s children and the routing queue', async () => {
    for (const [who, client] of callers()) {
      const overdue = await client.get('/api/tickets/overdue');
      expect(overdue.status, who).toBe(200);
      expect(
        (overdue.body as Ticket[]).map((t) => t.id),
        who,
      ).not.toContain(restricted.id);
      const children = await client.get(`/api/tickets/${visible.id}/children`);
      expect(children.status, who).toBe(200);
      expect(children.body, who).toEqual([]);
    }
    const seenChildren = await complianceAgent.client.get(`/api/tickets/${visible.id}/children`);
    expect((seenChildren.body as Ticket[]).map((t) => t.id)).toEqual([restricted.id]);
    for (const client of [admin.client, manager.client, complianceManager.client]) {
      const queue = await client.get('/api/routing/queue');
      expect(queue.status).toBe(200);
      expect((queue.body as Ticket[]).map((t) => t.id)).not.toContain(restricted.id);
    }
  });

  it('answers bulk changes for it as not found, and changes nothing', async () => {
    for (const client of [admin.client, manager.client]) {
      const res = await client.post('/api/tickets/bulk', {
        ticketIds: [restricted.id, visible.id],
        changes: { priority: 'low' },
      });
      expect(res.status).toBe(200);
      expect(res.body.results).toEqual([
        { id: restricted.id, ok: false, code: 'error.ticket.notFound' },
        { id: visible.id, ok: true },
      ]);
    }
    const seen = ticketSchema.parse((await complianceAgent.client.get(`/api/tickets/${restricted.id}`)).body);
    expect(seen.priority).toBe('critical');
  });

  it('counts it on the dashboard as a number only', async () => {
    const before = (await agent.client.get('/api/dashboard/metrics')).body;
    const another = await createTicketAs(complianceAgent.client, ticketBody(restrictedCategory, { subject: SUBJECT }));
    const after = (await agent.client.get('/api/dashboard/metrics')).body;
    expect(after.overview.totalTickets).toBe(before.overview.totalTickets + 1);
    for (const path of [
      '/api/dashboard/metrics',
      '/api/dashboard/priority-distribution',
      '/api/dashboard/volume-data',
      '/api/analytics/category-usage',
    ]) {
      const res = await admin.client.get(path);
      expect(res.status, path).toBe(200);
      expect(JSON.stringify(res.body), path).not.toContain(SUBJECT);
      expect(JSON.stringify(res.body), path).not.toContain(another.ticketId);
    }
  });
});

describe('a compliance staff member', () => {
  it('sees the restricted ticket, its thread and its history', async () => {
    const res = await complianceAgent.client.get(`/api/tickets/${restricted.id}`);
    expect(res.status).toBe(200);
    expect(ticketSchema.parse(res.body)).toMatchObject({ restricted: true, subject: SUBJECT });
    expect((await complianceAgent.client.get(`/api/tickets/${restricted.id}/history`)).status).toBe(200);
    const comment = await complianceAgent.client.post(`/api/tickets/${restricted.id}/comments`, {
      content: 'Escalated to the MLRO',
      isInternal: true,
    });
    expect(comment.status).toBe(201);
  });
});

describe('restricting and lifting', () => {
  it('makes a ticket filed in a restricted category restricted, and never assigns it round robin', async () => {
    const byKey = await createTicketAs(keyClient, ticketBody(restrictedCategory));
    expect(byKey.restricted).toBe(true);
    expect(byKey.assignedToId).toBeNull();
    expect((await keyClient.get(`/api/tickets/${byKey.id}`)).status).toBe(404);
    const queue = await complianceManager.client.get('/api/routing/queue');
    expect((queue.body as Ticket[]).map((t) => t.id)).not.toContain(byKey.id);
  });

  it('refuses to give a restricted ticket to staff without the permission, on create and on assign', async () => {
    const create = await complianceAgent.client.post(
      '/api/tickets',
      ticketBody(restrictedCategory, { assignedToId: agent.user.id }),
    );
    expect(create.status).toBe(400);
    expect(create.body.code).toBe('error.ticket.assigneeNotCompliance');
    const assign = await complianceManager.client.post(`/api/tickets/${restricted.id}/assign`, {
      agentId: agent.user.id,
    });
    expect(assign.status).toBe(400);
    expect(assign.body.code).toBe('error.ticket.assigneeNotCompliance');
  });

  it('lets only compliance staff restrict or lift, with a history entry that names no text', async () => {
    const ticket = await createTicketAs(admin.client, ticketBody(openCategory));
    expect(ticket.restricted).toBe(false);
    for (const client of [admin.client, manager.client]) {
      const denied = await client.patch(`/api/tickets/${ticket.id}`, { restricted: true });
      expect(denied.status).toBe(403);
      expect(denied.body.code).toBe('error.ticket.restrictDenied');
    }
    const made = await complianceManager.client.patch(`/api/tickets/${ticket.id}`, { restricted: true });
    expect(made.status).toBe(200);
    expect(made.body.restricted).toBe(true);
    expect((await admin.client.get(`/api/tickets/${ticket.id}`)).status).toBe(404);
    // Only a compliance user lifts it: anyone else meets a missing ticket or the refusal.
    expect((await admin.client.patch(`/api/tickets/${ticket.id}`, { restricted: false })).status).toBe(403);
    const lifted = await complianceManager.client.patch(`/api/tickets/${ticket.id}`, { restricted: false });
    expect(lifted.body.restricted).toBe(false);
    expect((await admin.client.get(`/api/tickets/${ticket.id}`)).status).toBe(200);
    const history = (await admin.client.get(`/api/tickets/${ticket.id}/history`)).body as {
      changes: { field: string; from: unknown; to: unknown }[];
    }[];
    const changes = history.flatMap((entry) => entry.changes).filter((change) => change.field === 'restricted');
    expect(changes).toEqual([
      { field: 'restricted', from: false, to: true },
      { field: 'restricted', from: true, to: false },
    ]);
  });

  it('restricts a ticket moved into a restricted category', async () => {
    const ticket = await createTicketAs(admin.client, ticketBody(openCategory));
    const moved = await admin.client.patch(`/api/tickets/${ticket.id}`, { category: restrictedCategory });
    expect(moved.status).toBe(200);
    expect(moved.body.restricted).toBe(true);
    expect((await admin.client.get(`/api/tickets/${ticket.id}`)).status).toBe(404);
  });

  it('keeps the category flag: false by default, set and cleared by admins', async () => {
    const plain = await admin.client.post('/api/categories', {
      name: `plain_${randomUUID().slice(0, 6)}`,
      displayName: 'Plain',
    });
    expect(plain.body.restricted).toBe(false);
    const marked = await admin.client.patch(`/api/categories/${plain.body.id}`, { restricted: true });
    expect(marked.status).toBe(200);
    expect(marked.body.restricted).toBe(true);
    expect((await manager.client.patch(`/api/categories/${plain.body.id}`, { restricted: false })).status).toBe(403);
    const wrong = await admin.client.patch(`/api/categories/${plain.body.id}`, { restricted: 'yes' });
    expect(wrong.status).toBe(400);
  });
});
