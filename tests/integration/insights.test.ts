import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Priority } from '#shared/constants.ts';
import { insightListSchema, type Insight } from '#shared/schemas/analytics.ts';
import type { Category } from '#shared/schemas/category.ts';
import { staffCaller, systemCaller } from '#functions/domain/caller.ts';
import { createTicket } from '#functions/use-cases/tickets/create-ticket.ts';
import { sweepOverdue } from '#functions/use-cases/tickets/mark-overdue.ts';
import { rateTicket } from '#functions/use-cases/tickets/rate-ticket.ts';
import { updateTicket } from '#functions/use-cases/tickets/update-ticket.ts';
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
 * Each insight appears exactly when its data says so. The data is built step by step on a table of its own (the
 * insights read help-desk-wide aggregates): past days through the data functions, whose clock is a parameter, as
 * infra/local/seed.ts does; today's ratings through the API. After each step the list of insight ids is exactly
 * what the rules allow: one short of a threshold, nothing; at it, the card.
 */
let table: Awaited<ReturnType<typeof useDedicatedTable>>;
let api: Gateway;
let admin: SignedIn;
let manager: SignedIn;
let survey: ApiClient;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const midnight = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
};
/** Noon `daysAgo` days ago, plus `minutes`; today means now (so nothing happens in the future). */
const when = (daysAgo: number, minutes = 0) =>
  daysAgo === 0 ? new Date() : new Date(midnight() - daysAgo * DAY + 12 * HOUR + minutes * 60_000);

beforeAll(async () => {
  table = await useDedicatedTable('helpdesk-insights');
  api = await startApi();
  [admin, manager] = await Promise.all([signedIn(api.url, 'admin'), signedIn(api.url, 'manager')]);
  survey = ApiClient.withApiKey(api.url, (await createTestApiKey(['tickets:rate'], 'Survey')).secret);
}, 60_000);
afterAll(async () => {
  await api?.close();
  await table?.restore();
});

async function insightIds(): Promise<string[]> {
  const res = await manager.client.get<Insight[]>('/api/analytics/insights');
  expect(res.status).toBe(200);
  return insightListSchema
    .parse(res.body)
    .map((i) => i.id)
    .sort();
}

/** A ticket filed `daysAgo` days ago; resolved a minute later when `resolve` says so. */
async function ticket(options: {
  daysAgo: number;
  category: Category;
  assignee?: StaffFixture;
  priority?: Priority;
  resolve?: boolean;
}): Promise<number> {
  const { ticket } = await createTicket(
    staffCaller(admin.user),
    {
      ...ticketBody(options.category.name),
      type: 'direct',
      priority: options.priority ?? 'low',
      ...(options.assignee ? { assignedToId: options.assignee.user.id } : {}),
    },
    { now: when(options.daysAgo) },
  );
  if (options.resolve) {
    await updateTicket(staffCaller(admin.user), ticket.id, { status: 'resolved' }, when(options.daysAgo, 1));
  }
  return ticket.id;
}

const rate = async (id: number, score: number) =>
  expect((await survey.post(`/api/tickets/${id}/rating`, { score })).status).toBeLessThan(300);

describe('insights, built up rule by rule', () => {
  let steady: Category;
  let surge: Category;
  let ada: StaffFixture;
  let bea: StaffFixture;
  const expected: string[] = [];

  it('shows nothing for an empty help desk', async () => {
    expect(await insightIds()).toEqual([]);
  });

  it('forecasts the volume once 14 of the last 28 complete days had tickets, not at 13', async () => {
    steady = await createTestCategory({ displayName: 'Steady' });
    // Resolved at once, and before any agent exists: no workload, no overdue, and outside the surge windows.
    for (let daysAgo = 28; daysAgo > 15; daysAgo--) await ticket({ daysAgo, category: steady, resolve: true });
    expect(await insightIds()).toEqual([]);

    await ticket({ daysAgo: 15, category: steady, resolve: true });
    expected.push('volume-forecast');
    expect(await insightIds()).toEqual(expected.sort());
  });

  it('alerts on overdue tickets once the overdue job has marked them', async () => {
    [ada, bea] = await Promise.all([
      createStaffUser({ role: 'agent', firstName: 'Ada', lastName: 'Busy' }),
      createStaffUser({ role: 'agent', firstName: 'Bea', lastName: 'Quiet' }),
    ]);
    await ticket({ daysAgo: 3, category: steady, assignee: ada, priority: 'critical' });
    await ticket({ daysAgo: 3, category: steady, assignee: bea, priority: 'critical' });
    expect(await insightIds()).toEqual(expected);

    expect((await sweepOverdue()).marked).toBe(2);
    expected.push('overdue-tickets');
    expect(await insightIds()).toEqual(expected.sort());
  });

  it('suggests a reassignment once one agent has 5 more open tickets than another, and twice as many', async () => {
    // Ada 1 and Bea 1 open so far. One fresh category per ticket, so that no category surges.
    for (let i = 0; i < 4; i++) await ticket({ daysAgo: 0, category: await createTestCategory(), assignee: ada });
    expect(await insightIds()).toEqual(expected);

    await ticket({ daysAgo: 0, category: await createTestCategory(), assignee: ada });
    expected.push('workload-imbalance');
    const res = await manager.client.get<Insight[]>('/api/analytics/insights');
    expect(res.body.map((i) => i.id).sort()).toEqual(expected.sort());
    expect(res.body.find((i) => i.id === 'workload-imbalance')?.action).toBe(
      'Move 2 tickets from Ada Busy to Bea Quiet',
    );
  });

  it('alerts on a category with 5 tickets in the last 7 days and at least twice the 7 before', async () => {
    surge = await createTestCategory({ displayName: 'Card payments' });
    for (const daysAgo of [9, 10]) await ticket({ daysAgo, category: surge, assignee: bea, resolve: true });
    for (const daysAgo of [1, 2, 3, 4]) await ticket({ daysAgo, category: surge, assignee: bea, resolve: true });
    expect(await insightIds()).toEqual(expected);

    await ticket({ daysAgo: 0, category: surge, assignee: bea, resolve: true });
    expected.push(`category-surge:${surge.id}`);
    const res = await manager.client.get<Insight[]>('/api/analytics/insights');
    expect(res.body.map((i) => i.id).sort()).toEqual(expected.sort());
    expect(res.body.find((i) => i.id === `category-surge:${surge.id}`)?.title).toBe('Surge in Card payments tickets');
  });

  it('warns when the mean rating fell by 0.5 with 3 ratings in each week, and praises a high mean instead once it recovers', async () => {
    // Last week: three tickets resolved 10 days ago, rated 5 by then.
    for (let i = 0; i < 3; i++) {
      const id = await ticket({ daysAgo: 10, category: steady, resolve: true });
      await rateTicket(SURVEY_IMPORT, id, { score: 5, comment: null }, when(10, 5));
    }
    // This week: the surge tickets, resolved in the last 5 days, rated 3 now through the API.
    const recent = await recentlyResolvedSurgeTickets();
    await rate(recent[0]!, 3);
    await rate(recent[1]!, 3);
    expect(await insightIds()).toEqual(expected);

    await rate(recent[2]!, 3);
    expect(await insightIds()).toEqual([...expected, 'rating-drop'].sort());

    // Replacing the three with 5s removes the drop; five ratings of 5 earn the praise.
    for (const id of recent.slice(0, 3)) await rate(id, 5);
    expect(await insightIds()).toEqual(expected);
    await rate(recent[3]!, 5);
    await rate(recent[4]!, 5);
    expected.push('rating-high');
    expect(await insightIds()).toEqual(expected.sort());
  });

  it('orders the cards most severe first', async () => {
    const res = await admin.client.get<Insight[]>('/api/analytics/insights');
    const order = { critical: 0, warning: 1, info: 2 };
    const severities = res.body.map((i) => order[i.severity]);
    expect(severities).toEqual([...severities].sort((a, b) => a - b));
    expect(res.body[0]).toMatchObject({ id: 'overdue-tickets', severity: 'critical' });
  });

  /** The ids of the surge category's tickets resolved in the last 7 days, from the list API. */
  async function recentlyResolvedSurgeTickets(): Promise<number[]> {
    const res = await admin.client.get<{ tickets: { id: number; category: string; resolvedAt: string | null }[] }>(
      '/api/tickets',
      { query: { status: 'resolved', limit: 100 } },
    );
    const since = midnight() - 6 * DAY;
    const ids = res.body.tickets
      .filter((t) => t.category === surge.name && t.resolvedAt && Date.parse(t.resolvedAt) >= since)
      .map((t) => t.id);
    expect(ids).toHaveLength(5);
    return ids;
  }
});

describe('who may read insights', () => {
  it('refuses agents, API keys and anonymous callers', async () => {
    const agent = await signedIn(api.url, 'agent');
    const reader = ApiClient.withApiKey(api.url, (await createTestApiKey(['tickets:read'])).secret);
    const statuses = await Promise.all(
      [agent.client, reader, survey, new ApiClient(api.url)].map(
        async (c) => (await c.get('/api/analytics/insights')).status,
      ),
    );
    expect(statuses).toEqual([403, 403, 403, 401]);
  });
});
