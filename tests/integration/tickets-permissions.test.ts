import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishText } from '../english.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ApiClient, startApi } from './support/api.ts';
import { createStaffUser, type StaffFixture } from './support/fixtures.ts';
import { createTestApiKey, createTestCategory, signedIn, ticketBody } from './tickets-support.ts';

/**
 * The docs/product.md §6 matrix for the ticket, dashboard and category-usage routes, route by route and caller by caller.
 * Ratings, insights and agent performance have their own tests with the work that built them.
 */
type CallerName = 'admin' | 'manager' | 'agent' | 'readKey' | 'createKey' | 'anonymous';
const CALLERS: CallerName[] = ['admin', 'manager', 'agent', 'readKey', 'createKey', 'anonymous'];

let api: Gateway;
let clients: Record<CallerName, ApiClient>;
let otherAgent: StaffFixture;
let categoryName: string;
/** A fresh ticket per request, assigned to someone other than the signed-in agent. */
let ticketIds: number[];

beforeAll(async () => {
  api = await startApi();
  const [admin, manager, agent] = await Promise.all([
    signedIn(api.url, 'admin'),
    signedIn(api.url, 'manager'),
    signedIn(api.url, 'agent'),
  ]);
  otherAgent = await createStaffUser({ role: 'agent' });
  const [readKey, createKey] = await Promise.all([
    createTestApiKey(['tickets:read']),
    createTestApiKey(['tickets:create']),
  ]);
  clients = {
    admin: admin.client,
    manager: manager.client,
    agent: agent.client,
    readKey: ApiClient.withApiKey(api.url, readKey.secret),
    createKey: ApiClient.withApiKey(api.url, createKey.secret),
    anonymous: new ApiClient(api.url),
  };
  categoryName = (await createTestCategory()).name;
  ticketIds = [];
  for (let batch = 0; batch < 10; batch++) {
    const created = await Promise.all(
      Array.from({ length: 10 }, () =>
        admin.client.post('/api/tickets', ticketBody(categoryName, { assignedToId: otherAgent.user.id })),
      ),
    );
    ticketIds.push(...created.map((res) => res.body.id as number));
  }
});
afterAll(() => api?.close());

interface RouteCase {
  route: string;
  request: (client: ApiClient, ticketId: number) => Promise<{ status: number; body: any }>;
  expected: Record<CallerName, number>;
}

const everyStaff = (ok: number) => ({ admin: ok, manager: ok, agent: ok });
const managersOnly = (ok: number) => ({ admin: ok, manager: ok, agent: 403 });

const ROUTES: RouteCase[] = [
  {
    route: 'GET /api/tickets',
    request: (c) => c.get('/api/tickets', { query: { limit: 1 } }),
    expected: { ...everyStaff(200), readKey: 200, createKey: 403, anonymous: 401 },
  },
  {
    route: 'POST /api/tickets',
    request: (c) => c.post('/api/tickets', ticketBody(categoryName)),
    expected: { ...everyStaff(201), readKey: 403, createKey: 201, anonymous: 401 },
  },
  {
    route: 'GET /api/tickets/overdue',
    request: (c) => c.get('/api/tickets/overdue'),
    expected: { ...everyStaff(200), readKey: 200, createKey: 403, anonymous: 401 },
  },
  {
    route: 'GET /api/tickets/{id}',
    request: (c, id) => c.get(`/api/tickets/${id}`),
    expected: { ...everyStaff(200), readKey: 200, createKey: 403, anonymous: 401 },
  },
  {
    route: "PATCH /api/tickets/{id} (someone else's ticket)",
    request: (c, id) => c.patch(`/api/tickets/${id}`, { status: 'in_progress' }),
    expected: { ...managersOnly(200), readKey: 403, createKey: 403, anonymous: 401 },
  },
  {
    route: 'POST /api/tickets/{id}/assign',
    request: (c, id) => c.post(`/api/tickets/${id}/assign`, { agentId: otherAgent.user.id }),
    expected: { ...managersOnly(200), readKey: 403, createKey: 403, anonymous: 401 },
  },
  {
    route: 'GET /api/tickets/{id}/comments',
    request: (c, id) => c.get(`/api/tickets/${id}/comments`),
    expected: { ...everyStaff(200), readKey: 200, createKey: 403, anonymous: 401 },
  },
  {
    route: 'POST /api/tickets/{id}/comments',
    request: (c, id) => c.post(`/api/tickets/${id}/comments`, { content: 'Looking into it' }),
    expected: { ...everyStaff(201), readKey: 403, createKey: 403, anonymous: 401 },
  },
  {
    route: 'GET /api/tickets/{id}/history',
    request: (c, id) => c.get(`/api/tickets/${id}/history`),
    expected: { ...everyStaff(200), readKey: 200, createKey: 403, anonymous: 401 },
  },
  {
    route: 'GET /api/dashboard/metrics',
    request: (c) => c.get('/api/dashboard/metrics'),
    expected: { ...everyStaff(200), readKey: 200, createKey: 403, anonymous: 401 },
  },
  {
    route: 'GET /api/dashboard/priority-distribution',
    request: (c) => c.get('/api/dashboard/priority-distribution'),
    expected: { ...everyStaff(200), readKey: 200, createKey: 403, anonymous: 401 },
  },
  {
    route: 'GET /api/dashboard/volume-data',
    request: (c) => c.get('/api/dashboard/volume-data', { query: { days: 30 } }),
    expected: { ...everyStaff(200), readKey: 200, createKey: 403, anonymous: 401 },
  },
  {
    route: 'GET /api/analytics/category-usage',
    request: (c) => c.get('/api/analytics/category-usage'),
    expected: { ...managersOnly(200), readKey: 403, createKey: 403, anonymous: 401 },
  },
];

describe.each(ROUTES)('$route', ({ request, expected }) => {
  it.each(CALLERS)('answers %s as the matrix says, refusals with a message', async (caller) => {
    const res = await request(clients[caller], ticketIds.pop()!);
    expect(res.status).toBe(expected[caller]);
    if (res.status >= 400) expect(res.body.message).toEqual(expect.stringMatching(/\S/));
  });
});

describe('edit refusal', () => {
  it("tells an agent they may not edit someone else's ticket, in the words of the edit dialog", async () => {
    const res = await clients.agent.patch(`/api/tickets/${ticketIds.pop()}`, { subject: 'Not mine to change' });
    expect(res).toMatchObject({ status: 403, body: { message: englishText('error.ticket.editDenied') } });
  });
});
