import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIORITIES, TICKET_STATUSES, type TicketStatus } from '#shared/constants.ts';
import { agentSchema, type Agent, type WeekPerformance } from '#shared/schemas/user.ts';
import { getTicket } from '#functions/data/tickets/item.ts';
import { staffCaller, systemCaller } from '#functions/domain/caller.ts';
import { assignTicket } from '#functions/use-cases/tickets/assign-ticket.ts';
import { createTicket } from '#functions/use-cases/tickets/create-ticket.ts';
import { rateTicket } from '#functions/use-cases/tickets/rate-ticket.ts';
import { addStaffComment } from '#functions/use-cases/tickets/thread.ts';
import { updateTicket } from '#functions/use-cases/tickets/update-ticket.ts';
import { isoWeek } from '#functions/domain/metrics.ts';
import type { TicketRecord } from '#functions/domain/tickets.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ApiClient, startApi } from './support/api.ts';
import { createStaffUser, type StaffFixture } from './support/fixtures.ts';
import {
  createTestApiKey,
  createTestCategory,
  signedIn,
  ticketBody,
  useDedicatedTable,
  type SignedIn,
} from './tickets-support.ts';

/** Ratings imported from a customer survey: trusted code, not an API key. */
const SURVEY_IMPORT = systemCaller('survey-import', 'Survey import');

/**
 * After a random history of tickets over this week and the last, `GET /api/agents/performance` and `GET /api/agents`
 * must give each agent's week exactly as a recount of those tickets does, scored by the formula of
 * docs/performance-score.md (written out again below, from the document, not from functions/domain/performance.ts).
 * A dedicated table, so that the team is exactly the one made here.
 */
let table: Awaited<ReturnType<typeof useDedicatedTable>>;
let api: Gateway;
let admin: SignedIn;
let manager: SignedIn;
let agents: StaffFixture[];
let leaver: StaffFixture;
const ids: number[] = [];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}
const rnd = random(20_250_302);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

const now = () => new Date();
const mondayOf = (at: Date) =>
  Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()) - ((at.getUTCDay() + 6) % 7) * DAY;

beforeAll(async () => {
  table = await useDedicatedTable('helpdesk-performance');
  api = await startApi();
  [admin, manager] = await Promise.all([signedIn(api.url, 'admin'), signedIn(api.url, 'manager')]);
  agents = await Promise.all(
    ['Ada', 'Bea', 'Cy'].map((firstName) => createStaffUser({ role: 'agent', firstName, lastName: 'Agent' })),
  );
  leaver = await createStaffUser({ role: 'agent', firstName: 'Lee', lastName: 'Leaver' });
  const category = await createTestCategory();
  const assignees = [...agents, leaver, manager];
  const { secret } = await createTestApiKey(['tickets:rate'], 'Survey');
  const survey = ApiClient.withApiKey(api.url, secret);

  const end = Date.now() - 60_000;
  const weekStart = mondayOf(new Date(end));
  for (let i = 0; i < 40; i++) {
    // Half the tickets start last week, half this week (between Monday 00:00 and a minute ago).
    let at = i % 2 ? weekStart - (0.2 + rnd() * 5) * DAY : weekStart + rnd() * (end - weekStart) * 0.7;
    const step = () => {
      at += rnd() * 10 * HOUR;
      return new Date(at);
    };
    const { ticket } = await createTicket(
      staffCaller(admin.user),
      {
        ...ticketBody(category.name),
        type: 'direct',
        priority: pick(PRIORITIES),
        assignedToId: pick(assignees).user.id,
      },
      { now: new Date(at) },
    );
    ids.push(ticket.id);
    for (let k = 1 + Math.floor(rnd() * 4); k > 0; k--) {
      const when = step();
      if (when.getTime() >= end) break;
      const choice = rnd();
      if (choice < 0.55) {
        const status = pick<TicketStatus>(rnd() < 0.7 ? ['resolved', 'closed'] : TICKET_STATUSES);
        await updateTicket(staffCaller(admin.user), ticket.id, { status }, when);
      } else if (choice < 0.75) await assignTicket(staffCaller(manager.user), ticket.id, pick(assignees).user.id, when);
      else if (choice < 0.9)
        await addStaffComment(
          staffCaller(admin.user),
          ticket.id,
          { content: 'Looking into it', isInternal: false },
          when,
        );
      else {
        const current = (await getTicket(ticket.id))!;
        if (current.status === 'resolved' || current.status === 'closed') {
          const score = 1 + Math.floor(rnd() * 5);
          await rateTicket(SURVEY_IMPORT, ticket.id, { score, comment: null }, when);
        }
      }
    }
  }
  // Today's ratings through the API, some replacing earlier ones.
  for (const id of ids) {
    const t = (await getTicket(id))!;
    if ((t.status === 'resolved' || t.status === 'closed') && rnd() < 0.6) {
      const res = await survey.post(`/api/tickets/${id}/rating`, { score: 1 + Math.floor(rnd() * 5) });
      expect(res.status).toBeLessThan(300);
    }
  }
  expect((await admin.client.delete(`/api/users/${leaver.user.id}`)).status).toBe(200);
}, 180_000);
afterAll(async () => {
  await api?.close();
  await table?.restore();
});

// ---------------------------------------------------------------------------------------------------------------
// The recount

const round2 = (n: number) => Math.round(n * 100) / 100;
const isResolved = (t: TicketRecord) => t.status === 'resolved' || t.status === 'closed';

/** docs/performance-score.md: 50 SLA met, 30 resolution rate (capped at 1), 20 rating; parts without data drop out. */
function score(c: {
  assigned: number;
  resolved: number;
  met: number;
  breached: number;
  ratingSum: number;
  ratings: number;
}): number {
  const parts: [number, number][] = [];
  if (c.met + c.breached > 0) parts.push([50, c.met / (c.met + c.breached)]);
  if (c.assigned + c.resolved > 0) parts.push([30, c.assigned === 0 ? 1 : Math.min(1, c.resolved / c.assigned)]);
  if (c.ratings > 0) parts.push([20, (c.ratingSum / c.ratings - 1) / 4]);
  const weight = parts.reduce((s, [w]) => s + w, 0);
  return weight === 0 ? 0 : round2((100 * parts.reduce((s, [w, v]) => s + w * v, 0)) / weight);
}

async function recount(): Promise<Map<string, WeekPerformance | null>> {
  const tickets = (await Promise.all(ids.map((id) => getTicket(id)))) as TicketRecord[];
  const today = now();
  const week = isoWeek(today.toISOString());
  const weekStarting = new Date(mondayOf(today)).toISOString().slice(0, 10);
  const inWeek = (at: string | null) => at !== null && isoWeek(at) === week;
  const out = new Map<string, WeekPerformance | null>();
  for (const person of [admin, manager, ...agents, leaver]) {
    const id = person.user.id;
    const assigned = tickets.filter((t) => t.assignedToId === id && inWeek(t.assignedAt));
    const resolved = tickets.filter((t) => isResolved(t) && t.resolutionAgentId === id && inWeek(t.resolvedAt));
    const responded = tickets.filter((t) => t.responseAgentId === id && inWeek(t.firstResponseAt));
    const rated = resolved.filter((t) => t.rating);
    const sumOf = (ts: TicketRecord[], f: (t: TicketRecord) => number) => ts.reduce((s, t) => s + f(t), 0);
    const mean = (ts: TicketRecord[], f: (t: TicketRecord) => number) =>
      ts.length ? round2(sumOf(ts, f) / ts.length) : null;
    if (assigned.length + resolved.length + responded.length === 0) {
      out.set(id, null);
      continue;
    }
    const met = resolved.filter((t) => t.slaMet).length;
    out.set(id, {
      weekStarting,
      ticketsAssigned: assigned.length,
      ticketsResolved: resolved.length,
      averageResponseTime: mean(responded, (t) => t.responseTime!),
      averageResolutionTime: mean(resolved, (t) => t.resolutionTime!),
      customerRating: mean(rated, (t) => t.rating!.score),
      performanceScore: score({
        assigned: assigned.length,
        resolved: resolved.length,
        met,
        breached: resolved.length - met,
        ratingSum: sumOf(rated, (t) => t.rating!.score),
        ratings: rated.length,
      }),
    });
  }
  return out;
}

describe('agent performance after a random fortnight', () => {
  it('has data worth ranking: several agents measured, different scores, ratings among them', async () => {
    const expected = await recount();
    const measured = agents.map((a) => expected.get(a.user.id)).filter((w) => w !== null && w !== undefined);
    expect(measured.length).toBeGreaterThanOrEqual(2);
    expect(new Set(measured.map((w) => w.performanceScore)).size).toBeGreaterThan(1);
    expect(measured.some((w) => w.customerRating !== null)).toBe(true);
    expect(expected.get(leaver.user.id)).not.toBeNull();
  });

  it('ranks the active agents measured this week as a recount does, best score first, then by name', async () => {
    const expected = await recount();
    const ranked = agents
      .filter((a) => expected.get(a.user.id))
      .map((a) => ({
        id: a.user.id,
        name: `${a.user.firstName} ${a.user.lastName}`,
        currentWeekPerformance: expected.get(a.user.id)!,
      }))
      .sort(
        (a, b) =>
          b.currentWeekPerformance.performanceScore - a.currentWeekPerformance.performanceScore ||
          a.name.localeCompare(b.name),
      );

    const res = await manager.client.get<Agent[]>('/api/agents/performance', { query: { limit: 50 } });

    expect(res.status).toBe(200);
    const body = res.body.map((agent) => agentSchema.parse(agent));
    expect(body.map(({ id, currentWeekPerformance }) => ({ id, currentWeekPerformance }))).toEqual(
      ranked.map(({ id, currentWeekPerformance }) => ({ id, currentWeekPerformance })),
    );
  });

  it('stops at the limit asked for', async () => {
    const all = (await admin.client.get<Agent[]>('/api/agents/performance', { query: { limit: 50 } })).body;
    const top = await admin.client.get<Agent[]>('/api/agents/performance', { query: { limit: 1 } });
    expect(top.body.map((a) => a.id)).toEqual(all.slice(0, 1).map((a) => a.id));
  });

  it('leaves out deactivated agents and other roles', async () => {
    const body = (await admin.client.get<Agent[]>('/api/agents/performance')).body;
    const listed = body.map((a) => a.id);
    expect(listed).not.toContain(leaver.user.id);
    expect(listed).not.toContain(manager.user.id);
    expect(body.every((a) => a.role === 'agent' && a.isActive)).toBe(true);
  });

  it('gives every staff member in GET /api/agents the week of a recount, null for those without figures', async () => {
    const expected = await recount();
    const res = await manager.client.get<Agent[]>('/api/agents');
    expect(res.status).toBe(200);
    const weeks = new Map(res.body.map((agent) => [agent.id, agentSchema.parse(agent).currentWeekPerformance]));
    for (const [id, week] of expected) expect({ id, week: weeks.get(id) }).toEqual({ id, week });
    expect(weeks.get(admin.user.id)).toBeNull();
  });

  it('refuses agents, API keys and anonymous callers', async () => {
    const agent = new ApiClient(api.url);
    await agent.signIn(agents[0]!.email, agents[0]!.password);
    const key = ApiClient.withApiKey(api.url, (await createTestApiKey(['tickets:read', 'tickets:rate'])).secret);
    const statuses = await Promise.all(
      [agent, key, new ApiClient(api.url)].map(async (c) => (await c.get('/api/agents/performance')).status),
    );
    expect(statuses).toEqual([403, 403, 401]);
  });

  it.each(['0', '51', 'many'])('answers 400 for limit=%s', async (limit) => {
    const res = await manager.client.get('/api/agents/performance', { query: { limit } });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.stringMatching(/\S/));
  });
});
