import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIORITIES, TICKET_STATUSES, TICKET_TYPES, type Priority, type TicketStatus } from '#shared/constants.ts';
import type { Category } from '#shared/schemas/category.ts';
import { dashboardMetricsSchema } from '#shared/schemas/dashboard.ts';
import type { HistoryEntry } from '#shared/schemas/ticket.ts';
import { getAgentWeek, listCategoryDayStats, listDayStats } from '#functions/data/stats.ts';
import { getTicket } from '#functions/data/tickets/item.ts';
import { listHistory } from '#functions/data/tickets/thread.ts';
import { customerActor, staffCaller } from '#functions/domain/caller.ts';
import { assignTicket } from '#functions/use-cases/tickets/assign-ticket.ts';
import { createTicket } from '#functions/use-cases/tickets/create-ticket.ts';
import { sweepOverdue } from '#functions/use-cases/tickets/mark-overdue.ts';
import { addStaffComment } from '#functions/use-cases/tickets/thread.ts';
import { updateTicket } from '#functions/use-cases/tickets/update-ticket.ts';
import type { TicketRecord } from '#functions/domain/tickets.ts';
import { isoWeek } from '#functions/domain/metrics.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { startApi } from './support/api.ts';
import { createStaffUser, type StaffFixture } from './support/fixtures.ts';
import { createTestCategory, signedIn, ticketBody, useDedicatedTable, type SignedIn } from './tickets-support.ts';

/**
 * After a random history of creates, edits, assignments, comments, resolves, reopens and overdue marks, spread over
 * the last two weeks, every dashboard figure must equal a recount made from the tickets and their history. The
 * recount below is written from the definitions in shared/schemas/dashboard.ts, not from functions/domain/metrics.ts.
 */
let table: Awaited<ReturnType<typeof useDedicatedTable>>;
let api: Gateway;
let admin: SignedIn;
let manager: SignedIn;
let agents: StaffFixture[];
let categories: Category[];
const ids: number[] = [];

const DAY = 86_400_000;
const SEED = 20_240_611;

function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}
const rnd = random(SEED);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

beforeAll(async () => {
  table = await useDedicatedTable('helpdesk-dashboard');
  api = await startApi();
  [admin, manager] = await Promise.all([signedIn(api.url, 'admin'), signedIn(api.url, 'manager')]);
  agents = await Promise.all([1, 2, 3].map(() => createStaffUser({ role: 'agent' })));
  categories = await Promise.all([createTestCategory(), createTestCategory()]);

  // Two weeks of past activity, through the data layer, whose clock is a parameter.
  const now = Date.now();
  for (let i = 0; i < 30; i++) {
    let at = now - (1 + rnd() * 13) * DAY;
    const step = () => {
      at += rnd() * 6 * 3_600_000;
      return new Date(at);
    };
    const author = pick([admin, manager]);
    const type = pick(TICKET_TYPES);
    const body = ticketBody(pick(categories).name);
    // E-mail tickets are opened by inbound mail alone: a trusted caller acting for the customer.
    const byMail = type === 'email';
    const { ticket } = await createTicket(
      byMail ? { kind: 'system', actor: customerActor(body.customerEmail) } : staffCaller(author.user),
      {
        ...body,
        priority: pick(PRIORITIES),
        type,
        ...(rnd() < 0.5 ? { assignedToId: pick(agents).user.id } : {}),
      },
      { now: new Date(at), ...(byMail ? { fromMail: { messageId: `<${randomUUID()}@example.com>` } } : {}) },
    );
    ids.push(ticket.id);
    for (let k = Math.floor(rnd() * 4); k > 0; k--) {
      const when = step();
      if (when.getTime() >= now) break;
      const choice = rnd();
      if (choice < 0.5) await updateTicket(staffCaller(admin.user), ticket.id, { status: pick(TICKET_STATUSES) }, when);
      else if (choice < 0.7)
        await updateTicket(staffCaller(admin.user), ticket.id, { priority: pick(PRIORITIES) }, when);
      else if (choice < 0.85) await assignTicket(staffCaller(manager.user), ticket.id, pick(agents).user.id, when);
      else
        await addStaffComment(
          staffCaller(admin.user),
          ticket.id,
          { content: 'Earlier note', isInternal: rnd() < 0.4 },
          when,
        );
    }
  }
  await sweepOverdue();

  // Then today's work through the API, five operations at a time on different tickets.
  for (let round = 0; round < 16; round++) {
    const targets = [...ids].sort(() => rnd() - 0.5).slice(0, 4);
    const operations = [
      () =>
        pick([admin, manager]).client.post('/api/tickets', {
          ...ticketBody(pick(categories).name),
          priority: pick(PRIORITIES),
          ...(rnd() < 0.3 ? { assignedToId: pick(agents).user.id } : {}),
        }),
      ...targets.map((id) => {
        const choice = rnd();
        if (choice < 0.45) return () => admin.client.patch(`/api/tickets/${id}`, { status: pick(TICKET_STATUSES) });
        if (choice < 0.6)
          return () => manager.client.patch(`/api/tickets/${id}`, { priority: pick<Priority>(PRIORITIES) });
        if (choice < 0.7) return () => admin.client.patch(`/api/tickets/${id}`, { category: pick(categories).name });
        if (choice < 0.85)
          return () => manager.client.post(`/api/tickets/${id}/assign`, { agentId: pick(agents).user.id });
        return () => admin.client.post(`/api/tickets/${id}/comments`, { content: 'On it', isInternal: rnd() < 0.3 });
      }),
    ];
    const responses = await Promise.all(operations.map((operation) => operation()));
    for (const res of responses) expect(res.status).toBeLessThan(300);
    const created = responses[0]!.body as { id: number };
    ids.push(created.id);
  }
  await sweepOverdue();
}, 180_000);
afterAll(async () => {
  await api?.close();
  await table?.restore();
});

// ---------------------------------------------------------------------------------------------------------------
// The recount

const round1 = (n: number) => Math.round(n * 10) / 10;
const change = (current: number | null, previous: number | null) =>
  current === null || previous === null || previous === 0 ? null : round1(((current - previous) / previous) * 100);
const dayOf = (iso: string) => iso.slice(0, 10);
const isResolved = (status: TicketStatus) => status === 'resolved' || status === 'closed';

/** The status a ticket had just before `at`, from its history; undefined if it did not exist yet. */
function statusBefore(entries: HistoryEntry[], at: number): TicketStatus | undefined {
  let status: TicketStatus | undefined;
  for (const entry of entries) {
    if (Date.parse(entry.at) >= at) break;
    if (entry.action === 'created') status = 'open';
    for (const c of entry.changes) if (c.field === 'status') status = c.to as TicketStatus;
  }
  return status;
}

async function recount() {
  const tickets = (await Promise.all(ids.map((id) => getTicket(id)))) as TicketRecord[];
  const histories = await Promise.all(ids.map((id) => listHistory(id)));
  const today = new Date();
  const days = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - (n - 1 - i) * DAY)
        .toISOString()
        .slice(0, 10),
    );
  const [lastWeek, thisWeek] = [days(14).slice(0, 7), days(7)];
  const weekStart = Date.parse(`${thisWeek[0]}T00:00:00.000Z`);
  const count = (f: (t: TicketRecord) => boolean) => tickets.filter(f).length;
  const mean = (ts: TicketRecord[]) =>
    ts.length ? round1(ts.reduce((s, t) => s + t.responseTime!, 0) / ts.length) : null;
  const respondedIn = (range: string[]) =>
    tickets.filter((t) => t.firstResponseAt && range.includes(dayOf(t.firstResponseAt)));

  const byStatus = Object.fromEntries(TICKET_STATUSES.map((s) => [s, count((t) => t.status === s)]));
  const total = tickets.length;
  const resolvedNow = byStatus.resolved! + byStatus.closed!;
  const before = histories.map((h) => statusBefore(h, weekStart)).filter((s) => s !== undefined);
  const rateBefore = before.length ? round1((before.filter(isResolved).length / before.length) * 100) : null;
  const rateNow = total ? round1((resolvedNow / total) * 100) : null;

  return {
    tickets,
    metrics: {
      overview: {
        totalTickets: total,
        openTickets: byStatus.open,
        inProgressTickets: byStatus.in_progress,
        resolvedTickets: byStatus.resolved,
        closedTickets: byStatus.closed,
        overdueTickets: count((t) => !isResolved(t.status) && t.isOverdue),
      },
      avgResponseTime: mean(tickets.filter((t) => t.responseTime !== null)),
      resolutionRate: rateNow ?? 0,
      byStatus,
      byPriority: Object.fromEntries(PRIORITIES.map((p) => [p, count((t) => t.priority === p)])),
      byType: Object.fromEntries(TICKET_TYPES.map((p) => [p, count((t) => t.type === p)])),
      changes: {
        totalTickets: change(
          count((t) => thisWeek.includes(dayOf(t.createdAt))),
          count((t) => lastWeek.includes(dayOf(t.createdAt))),
        ),
        openTickets: change(byStatus.open!, before.filter((s) => s === 'open').length),
        avgResponseTime: change(mean(respondedIn(thisWeek)), mean(respondedIn(lastWeek))),
        resolutionRate: change(rateNow, rateBefore),
      },
    },
    volume30: days(30).map((date) => ({
      date,
      created: count((t) => dayOf(t.createdAt) === date),
      resolved: count((t) => isResolved(t.status) && dayOf(t.resolvedAt!) === date),
    })),
  };
}

describe('dashboard figures after a random two weeks', () => {
  it('has exercised every kind of change', async () => {
    const { tickets } = await recount();
    const histories = await Promise.all(ids.map((id) => listHistory(id)));
    const actions = new Set(histories.flat().map((e) => e.action));
    expect([...actions].sort()).toEqual(['assigned', 'commented', 'created', 'overdue', 'updated']);
    const reopened = histories.some((h) =>
      h.some((e) =>
        e.changes.some(
          (c) => c.field === 'status' && isResolved(c.from as TicketStatus) && !isResolved(c.to as TicketStatus),
        ),
      ),
    );
    expect(reopened).toBe(true);
    expect(tickets.some((t) => t.isOverdue)).toBe(true);
  });

  it('gives the metrics of a full recount, changes against last week included', async () => {
    const { metrics } = await recount();
    const res = await manager.client.get('/api/dashboard/metrics');
    expect(dashboardMetricsSchema.parse(res.body)).toEqual(metrics);
    // The seed makes a history in which every change has a base to compare with.
    expect(Object.values(metrics.changes).every((c) => c !== null)).toBe(true);
  });

  it('gives the priority distribution of a full recount', async () => {
    const { metrics } = await recount();
    const res = await manager.client.get('/api/dashboard/priority-distribution');
    expect(res.body).toEqual(PRIORITIES.map((priority) => ({ priority, count: metrics.byPriority[priority] })));
  });

  it.each([7, 30, 90])('gives %i days of volume, created and resolved per day, as a recount does', async (days) => {
    const { volume30 } = await recount();
    const res = await manager.client.get('/api/dashboard/volume-data', { query: { days } });
    expect(res.body).toHaveLength(days);
    const tail = (res.body as unknown[]).slice(-Math.min(days, 30));
    expect(tail).toEqual(volume30.slice(-Math.min(days, 30)));
    expect((res.body as { created: number }[]).slice(0, Math.max(0, days - 30)).every((d) => d.created === 0)).toBe(
      true,
    );
  });

  it('gives the usage of each category as a recount does', async () => {
    const { tickets } = await recount();
    const res = await admin.client.get('/api/analytics/category-usage');
    for (const c of categories) {
      expect(res.body).toContainEqual({
        category: c.name,
        displayName: c.displayName,
        color: c.color,
        count: tickets.filter((t) => t.categoryId === c.id).length,
      });
    }
  });

  it('keeps the tickets created per category and day equal to a recount, on items apart from the day items', async () => {
    const { tickets } = await recount();
    const expected = new Map<string, Record<string, number>>();
    for (const t of tickets) {
      const counters = expected.get(dayOf(t.createdAt)) ?? {};
      counters[`created_cat_${t.categoryId}`] = (counters[`created_cat_${t.categoryId}`] ?? 0) + 1;
      expected.set(dayOf(t.createdAt), counters);
    }
    const from = [...expected.keys()].sort()[0]!;
    const to = dayOf(new Date().toISOString());
    const nonZero = (items: Map<string, Record<string, number>>) =>
      new Map(
        [...items]
          .map(
            ([day, counters]) =>
              [day, Object.fromEntries(Object.entries(counters).filter(([, n]) => n !== 0))] as const,
          )
          .filter(([, counters]) => Object.keys(counters).length > 0),
      );
    expect(expected.size).toBeGreaterThan(7);
    expect(nonZero(await listCategoryDayStats(from, to))).toEqual(expected);
    // The day items keep their fixed counters only, however many categories the tickets use.
    const dayCounters = [...(await listDayStats(from, to)).values()].flatMap((counters) => Object.keys(counters));
    expect(dayCounters.filter((name) => name.startsWith('created_cat_'))).toEqual([]);
  });

  it('keeps every weekly agent figure equal to a recount', async () => {
    const { tickets } = await recount();
    const expected = new Map<string, Record<string, number>>();
    const add = (agentId: string | null, at: string | null, counter: string, n = 1) => {
      if (!agentId || !at) return;
      const key = `${agentId} ${isoWeek(at)}`;
      const c = expected.get(key) ?? {};
      c[counter] = (c[counter] ?? 0) + n;
      expected.set(key, c);
    };
    for (const t of tickets) {
      add(t.assignedToId, t.assignedAt, 'assigned');
      add(t.responseAgentId, t.firstResponseAt, 'responseTimeSum', t.responseTime ?? 0);
      add(t.responseAgentId, t.firstResponseAt, 'responseTimeCount');
      if (isResolved(t.status)) {
        add(t.resolutionAgentId, t.resolvedAt, 'resolved');
        add(t.resolutionAgentId, t.resolvedAt, 'resolutionTimeSum', t.resolutionTime!);
        add(t.resolutionAgentId, t.resolvedAt, 'resolutionTimeCount');
        add(t.resolutionAgentId, t.resolvedAt, t.slaMet ? 'slaMet' : 'slaBreached');
      }
    }
    expect(expected.size).toBeGreaterThan(3);
    for (const [key, counters] of expected) {
      const [agentId, week] = key.split(' ') as [string, string];
      const stored = await getAgentWeek(agentId, week);
      const nonZero = Object.fromEntries(Object.entries(stored).filter(([, n]) => n !== 0));
      expect({ key, counters: nonZero }).toEqual({
        key,
        counters: Object.fromEntries(Object.entries(counters).filter(([, n]) => n !== 0)),
      });
    }
  });
});
