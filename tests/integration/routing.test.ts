/**
 * Routing by availability, capacity and skill (docs/decisions/006-routing-by-availability-capacity-skill.md), end to
 * end: creates through the API, the table's stream fed to the router (which drains the queue) by the local poller.
 * The tests run in order on one table of their own; each makes its own agents and takes the earlier ones off the
 * desk, so that the agents round robin sees are exactly the test's.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { keys } from '#functions/data/table.ts';
import { setAvailability } from '#functions/data/users.ts';
import { handler as router } from '#functions/jobs/router.ts';
import { dynamo } from '#functions/lib/clients.ts';
import { config } from '#functions/lib/config.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import type { StreamPoller } from '#infra/local/stream-poller.ts';
import { pollTableStream } from './support/stream.ts';
import { eventually } from './support/waiting.ts';
import { createTestCategory, signedIn, ticketBody, useDedicatedTable, type SignedIn } from './tickets-support.ts';
import { startApi } from './support/api.ts';

let table: Awaited<ReturnType<typeof useDedicatedTable>>;
let api: Gateway;
let poller: StreamPoller;
let manager: SignedIn;
let category: { id: string; name: string };
/** Every agent made so far: each test takes the earlier ones off the desk. */
const madeAgents: SignedIn[] = [];

beforeAll(async () => {
  table = await useDedicatedTable('helpdesk-routing');
  api = await startApi();
  poller = await pollTableStream(table.tableName, [{ handler: async () => router, functionName: 'helpdesk-router' }]);
  manager = await signedIn(api.url, 'manager');
  category = await createTestCategory();
});
afterAll(async () => {
  await poller?.stop();
  await api?.close();
  await table?.restore();
});

/** `count` new agents, signed in; every agent of an earlier test goes offline first. */
async function freshAgents(count: number): Promise<SignedIn[]> {
  await Promise.all(madeAgents.map((agent) => setAvailability(agent.user.id, 'offline', new Date())));
  const agents = await Promise.all(Array.from({ length: count }, () => signedIn(api.url, 'agent')));
  madeAgents.push(...agents);
  return agents;
}

const countBy = <T>(xs: readonly T[], key: (x: T) => string) => {
  const counts = new Map<string, number>();
  for (const x of xs) counts.set(key(x), (counts.get(key(x)) ?? 0) + 1);
  return counts;
};

/** The open-ticket counter kept on an agent's directory item. */
async function counterOf(userId: string): Promise<number> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.user(userId), ConsistentRead: true }),
  );
  return Number(Item?.openTickets ?? 0);
}

/**
 * Creates with an Idempotency-Key each, retried on a 503 or a dropped connection as an upstream system would (a create
 * that ran past the function's time limit on a loaded machine); a retry of a create that did commit answers 200 with
 * the same ticket.
 */
async function createMany(count: number, body: (i: number) => Record<string, unknown>): Promise<Ticket[]> {
  const run = Date.now();
  const createOnce = async (i: number) => {
    const headers = { 'idempotency-key': `routing-${run}-${i}` };
    const input = body(i);
    const attempt = () =>
      manager.client.post('/api/tickets', input, { headers }).catch(() => ({ status: 503, body: undefined }));
    let res = await attempt();
    for (let retry = 0; retry < 3 && res.status === 503; retry++) res = await attempt();
    return res;
  };
  const responses = await Promise.all(Array.from({ length: count }, (_, i) => createOnce(i)));
  expect(responses.map((r) => r.status).filter((status) => status !== 201 && status !== 200)).toEqual([]);
  return responses.map((r) => r.body as Ticket);
}

const ticketNow = async (id: number): Promise<Ticket> => (await manager.client.get(`/api/tickets/${id}`)).body;

describe('availability', () => {
  it('starts everyone available, and lets each person set their own status (nothing else)', async () => {
    const [agent] = await freshAgents(1);
    const me = await agent!.client.get('/api/auth/user');
    expect(me.body.availability ?? me.body.user?.availability).toBe('available');

    const away = await agent!.client.put('/api/user/availability', { status: 'away' });
    expect(away.status).toBe(200);
    expect(away.body.availability).toBe('away');
    const refused = await agent!.client.put('/api/user/availability', { status: 'lunch' });
    expect(refused.status).toBe(400);

    const listed = (await manager.client.get('/api/agents')).body as Array<{ id: string; availability: string }>;
    expect(listed.find((entry) => entry.id === agent!.user.id)?.availability).toBe('away');
  }, 60_000);

  it('never gives an away agent an auto-assignment, and spreads the rest within one of each other', async () => {
    const agents = await freshAgents(4);
    const [away, ...available] = agents;
    expect((await away!.client.put('/api/user/availability', { status: 'away' })).status).toBe(200);

    const tickets = await createMany(40, () => ticketBody(category.name));
    expect(tickets.filter((t) => !t.assignedToId)).toEqual([]);
    const perAgent = countBy(tickets, (t) => t.assignedToId!);
    expect(perAgent.has(away!.user.id)).toBe(false);
    expect([...perAgent.keys()].sort()).toEqual(available.map((a) => a.user.id).sort());
    const counts = [...perAgent.values()];
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    for (const agent of available) expect(await counterOf(agent.user.id)).toBe(perAgent.get(agent.user.id));
  }, 300_000);
});

describe('capacity and skills', () => {
  it('lets admins and managers set an agent’s routing, refusing agents, bad caps and unknown categories', async () => {
    const [agent] = await freshAgents(1);
    const path = `/api/agents/${agent!.user.id}/routing`;
    const routing = { maxOpenTickets: 3, categories: [category.id], languages: ['de'] };
    expect((await agent!.client.put(path, routing)).status).toBe(403);
    expect((await manager.client.put(path, { ...routing, maxOpenTickets: 0 })).status).toBe(400);
    expect((await manager.client.put(path, { ...routing, languages: ['xx'] })).status).toBe(400);
    expect((await manager.client.put(path, { ...routing, categories: ['no-such-category'] })).status).toBe(400);
    const saved = await manager.client.put(path, routing);
    expect(saved.status).toBe(200);
    expect(saved.body.routing).toEqual(routing);
    const listed = (await manager.client.get('/api/agents')).body as Array<{ id: string; routing: unknown }>;
    expect(listed.find((entry) => entry.id === agent!.user.id)?.routing).toEqual(routing);
  }, 60_000);

  it('prefers the agents skilled for the category and language, and falls back to anyone on the desk', async () => {
    const [german, other] = await freshAgents(2);
    const other2 = await createTestCategory();
    await manager.client.put(`/api/agents/${german!.user.id}/routing`, {
      maxOpenTickets: null,
      categories: [category.id],
      languages: ['de'],
    });
    await manager.client.put(`/api/agents/${other!.user.id}/routing`, {
      maxOpenTickets: null,
      categories: [other2.id],
      languages: [],
    });
    const germanTickets = await createMany(4, () => ticketBody(category.name, { customerLanguage: 'de' }));
    expect(new Set(germanTickets.map((t) => t.assignedToId))).toEqual(new Set([german!.user.id]));
    // Nobody handles Japanese in this category: it still goes to someone rather than wait.
    const japanese = await createMany(2, () => ticketBody(category.name, { customerLanguage: 'ja' }));
    expect(japanese.every((t) => t.assignedToId)).toBe(true);
  }, 120_000);
});

describe('the routing queue', () => {
  it('keeps tickets waiting while nobody is available, then assigns them in order as soon as an agent is', async () => {
    const [agent] = await freshAgents(1);
    await setAvailability(agent!.user.id, 'offline', new Date());
    // One at a time, so that their ages are distinct: the queue is critical first, then oldest first.
    const priorities = ['low', 'medium', 'critical', 'medium', 'high', 'low'] as const;
    const waiting: Ticket[] = [];
    for (const priority of priorities) {
      const res = await manager.client.post('/api/tickets', ticketBody(category.name, { priority }));
      expect(res.status).toBe(201);
      expect(res.body.assignedToId).toBeNull();
      waiting.push(res.body);
    }
    const queue = (await manager.client.get('/api/routing/queue')).body as Ticket[];
    const rank = { critical: 0, high: 1, medium: 2, low: 3 } as const;
    const expected = [...waiting].sort((a, b) => rank[a.priority] - rank[b.priority] || a.id - b.id);
    expect(queue.map((t) => t.id)).toEqual(expected.map((t) => t.id));

    const started = Date.now();
    expect((await agent!.client.put('/api/user/availability', { status: 'available' })).status).toBe(200);
    const assigned = await eventually(
      async () => {
        const now = await Promise.all(waiting.map((t) => ticketNow(t.id)));
        return now.every((t) => t.assignedToId === agent!.user.id) && now;
      },
      'the waiting tickets to be assigned',
      30_000,
    );
    console.info(
      `6 waiting tickets assigned ${((Date.now() - started) / 1000).toFixed(1)} s after the agent came back`,
    );
    const history = await Promise.all(
      expected.map(async (t) => {
        const entries = (await manager.client.get(`/api/tickets/${t.id}/history`)).body as Array<{
          action: string;
          at: string;
        }>;
        return entries.find((entry) => entry.action === 'assigned')!.at;
      }),
    );
    expect([...history].sort()).toEqual(history);
    expect(assigned.every((t) => t.assignedToId)).toBe(true);
    expect((await manager.client.get('/api/routing/queue')).body).toEqual([]);
    expect(await counterOf(agent!.user.id)).toBe(6);
  }, 120_000);

  it('with caps of 1, 300 concurrent creates never put anyone over their cap; the rest wait, then move as agents free up', async () => {
    const agents = await freshAgents(5);
    await Promise.all(
      agents.map((agent) =>
        manager.client.put(`/api/agents/${agent.user.id}/routing`, {
          maxOpenTickets: 1,
          categories: [],
          languages: [],
        }),
      ),
    );
    const started = performance.now();
    const tickets = await createMany(300, () => ticketBody(category.name));
    console.info(`300 concurrent creates with caps of 1 in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const assigned = tickets.filter((t) => t.assignedToId);
    const perAgent = countBy(assigned, (t) => t.assignedToId!);
    expect(assigned).toHaveLength(5);
    expect([...perAgent.values()]).toEqual([1, 1, 1, 1, 1]);
    for (const agent of agents) expect(await counterOf(agent.user.id)).toBe(1);
    const queue = (await manager.client.get('/api/routing/queue')).body as Ticket[];
    expect(queue).toHaveLength(100);

    // One agent resolves their ticket: the oldest waiting ticket (all are medium) is theirs within seconds.
    const first = agents[0]!;
    const mine = assigned.find((t) => t.assignedToId === first.user.id)!;
    const oldest = queue[0]!;
    expect((await first.client.patch(`/api/tickets/${mine.id}`, { status: 'resolved' })).status).toBe(200);
    await eventually(
      async () => (await ticketNow(oldest.id)).assignedToId === first.user.id,
      'the oldest waiting ticket to reach the agent under their cap again',
      30_000,
    );
    expect(await counterOf(first.user.id)).toBe(1);
  }, 600_000);
});
