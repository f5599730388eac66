import { describe, expect, it } from 'vitest';
import { PRIORITIES, TICKET_STATUSES, type Priority, type TicketStatus } from '#shared/constants.ts';
import {
  aggregateDeltas,
  dashboardMetrics,
  dayRange,
  isoWeek,
  percentChange,
  priorityDistribution,
  volumeSeries,
  type AggregateDelta,
  type Counters,
} from './metrics.ts';
import {
  assignTicket,
  commentOnTicket,
  editTicket,
  markOverdue,
  newTicket,
  rateTicket,
  type TicketRecord,
} from './tickets.ts';

describe('isoWeek', () => {
  it.each([
    ['2025-01-01T12:00:00.000Z', '2025-W01'],
    ['2024-12-30T00:00:00.000Z', '2025-W01'],
    ['2024-12-29T23:59:59.999Z', '2024-W52'],
    ['2021-01-03T10:00:00.000Z', '2020-W53'],
    ['2025-03-03T00:00:00.000Z', '2025-W10'],
    ['2025-03-09T23:00:00.000Z', '2025-W10'],
  ])('puts %s in %s', (iso, week) => {
    expect(isoWeek(iso)).toBe(week);
  });
});

describe('dayRange', () => {
  it('lists the last n UTC days, oldest first, across a month end', () => {
    expect(dayRange(new Date('2025-03-02T23:30:00.000Z'), 4)).toEqual([
      '2025-02-27',
      '2025-02-28',
      '2025-03-01',
      '2025-03-02',
    ]);
  });
});

describe('percentChange', () => {
  it.each([
    [12, 10, 20],
    [5, 10, -50],
    [10, 10, 0],
    [1, 3, -66.7],
    [5, 0, null],
    [5, null, null],
    [null, 5, null],
  ])('from %s against %s is %s', (current, previous, expected) => {
    expect(percentChange(current, previous)).toBe(expected);
  });
});

const today = new Date('2025-03-14T12:00:00.000Z');

describe('dashboardMetrics', () => {
  it('is all zeros and nulls for an empty help desk', () => {
    expect(dashboardMetrics({}, new Map(), today)).toEqual({
      overview: {
        totalTickets: 0,
        openTickets: 0,
        inProgressTickets: 0,
        resolvedTickets: 0,
        closedTickets: 0,
        overdueTickets: 0,
      },
      avgResponseTime: null,
      resolutionRate: 0,
      byStatus: { open: 0, in_progress: 0, resolved: 0, closed: 0 },
      byPriority: { low: 0, medium: 0, high: 0, critical: 0 },
      byType: { api: 0, direct: 0, email: 0 },
      changes: { totalTickets: null, openTickets: null, avgResponseTime: null, resolutionRate: null },
    });
  });

  it('reads the cards from the totals and the changes from this week against last week', () => {
    const totals: Counters = {
      total: 40,
      status_open: 10,
      status_in_progress: 6,
      status_resolved: 16,
      status_closed: 8,
      priority_high: 40,
      type_direct: 4,
      type_api: 30,
      type_email: 6,
      overdue: 3,
      responseTimeSum: 900,
      responseTimeCount: 30,
    };
    const days = new Map<string, Counters>([
      // last week: 2025-03-01 .. 2025-03-07
      ['2025-03-02', { created: 8, responseTimeSum: 200, responseTimeCount: 5 }],
      // this week: 2025-03-08 .. 2025-03-14
      ['2025-03-09', { created: 6, openNet: 2, resolvedNet: 4, responseTimeSum: 90, responseTimeCount: 3 }],
      ['2025-03-14', { created: 4, openNet: 3, resolvedNet: 2 }],
    ]);
    const m = dashboardMetrics(totals, days, today);
    expect(m.overview).toEqual({
      totalTickets: 40,
      openTickets: 10,
      inProgressTickets: 6,
      resolvedTickets: 16,
      closedTickets: 8,
      overdueTickets: 3,
    });
    expect(m.avgResponseTime).toBe(30);
    expect(m.resolutionRate).toBe(60);
    expect(m.byType).toEqual({ api: 30, direct: 4, email: 6 });
    expect(m.changes).toEqual({
      totalTickets: 25, // 10 created this week against 8
      openTickets: 100, // 10 open now, 5 a week ago
      avgResponseTime: -25, // 30 min this week against 40
      resolutionRate: 0, // 24/40 now, 18/30 a week ago
    });
  });
});

describe('priorityDistribution', () => {
  it('lists every priority, lowest first, zeros included', () => {
    expect(priorityDistribution({ priority_high: 3, priority_low: 1 })).toEqual([
      { priority: 'low', count: 1 },
      { priority: 'medium', count: 0 },
      { priority: 'high', count: 3 },
      { priority: 'critical', count: 0 },
    ]);
  });
});

describe('volumeSeries', () => {
  it.each([7, 30, 90] as const)('has one zero-filled entry per day for %i days, ending today', (period) => {
    const series = volumeSeries(new Map([['2025-03-13', { created: 5, resolved: 2 }]]), today, period);
    expect(series).toHaveLength(period);
    expect(series.at(-1)).toEqual({ date: '2025-03-14', created: 0, resolved: 0 });
    expect(series.at(-2)).toEqual({ date: '2025-03-13', created: 5, resolved: 2 });
  });
});

/** A recount written independently of metrics.ts: what every counter should hold for these tickets. */
function recount(tickets: TicketRecord[]): Map<string, Counters> {
  const out = new Map<string, Counters>();
  const add = (id: string, name: string, n = 1) => {
    const c = out.get(id) ?? {};
    c[name] = (c[name] ?? 0) + n;
    out.set(id, c);
  };
  for (const t of tickets) {
    add('totals', 'total');
    add('totals', `status_${t.status}`);
    add('totals', `priority_${t.priority}`);
    add('totals', `type_${t.type}`);
    const unresolved = t.status === 'open' || t.status === 'in_progress';
    if (unresolved && t.isOverdue) add('totals', 'overdue');
    if (unresolved && t.assignedToId) add('totals', `assignedOpen_${t.assignedToId}`);
    add(`day:${t.createdAt.slice(0, 10)}`, 'created');
    add(`catday:${t.createdAt.slice(0, 10)}`, `created_cat_${t.categoryId}`);
    if (t.responseTime !== null) {
      add('totals', 'responseTimeSum', t.responseTime);
      add('totals', 'responseTimeCount');
      add(`day:${t.firstResponseAt!.slice(0, 10)}`, 'responseTimeSum', t.responseTime);
      add(`day:${t.firstResponseAt!.slice(0, 10)}`, 'responseTimeCount');
      if (t.responseAgentId) {
        add(`week:${t.responseAgentId}:${isoWeek(t.firstResponseAt!)}`, 'responseTimeSum', t.responseTime);
        add(`week:${t.responseAgentId}:${isoWeek(t.firstResponseAt!)}`, 'responseTimeCount');
      }
    }
    if (t.status === 'resolved' || t.status === 'closed') {
      const d = `day:${t.resolvedAt!.slice(0, 10)}`;
      add(d, 'resolved');
      add(d, 'resolutionTimeSum', t.resolutionTime!);
      add(d, 'resolutionTimeCount');
      add('totals', 'resolutionTimeSum', t.resolutionTime!);
      add('totals', 'resolutionTimeCount');
      if (t.rating) {
        add(d, 'ratingSum', t.rating.score);
        add(d, 'ratingCount');
      }
      if (t.resolutionAgentId) {
        const w = `week:${t.resolutionAgentId}:${isoWeek(t.resolvedAt!)}`;
        add(w, 'resolved');
        add(w, 'resolutionTimeSum', t.resolutionTime!);
        add(w, 'resolutionTimeCount');
        add(w, t.slaMet ? 'slaMet' : 'slaBreached');
        if (t.rating) {
          add(w, 'ratingSum', t.rating.score);
          add(w, 'ratingCount');
        }
      }
    }
    if (t.assignedToId) add(`week:${t.assignedToId}:${isoWeek(t.assignedAt!)}`, 'assigned');
    if (t.firstResponseAt && t.firstResponseDueAt) {
      const outcome = t.firstResponseAt <= t.firstResponseDueAt ? 'Met' : 'Breached';
      add(`day:${t.firstResponseAt.slice(0, 10)}`, `firstResponse${outcome}`);
      if (t.responseAgentId) {
        add(`agentday:${t.firstResponseAt.slice(0, 10)}`, `firstResponse${outcome}_${t.responseAgentId}`);
      }
    }
    if (t.status === 'resolved' || t.status === 'closed') {
      const outcome = t.slaMet ? 'Met' : 'Breached';
      add(`day:${t.resolvedAt!.slice(0, 10)}`, `resolution${outcome}`);
      if (t.resolutionAgentId) {
        add(`agentday:${t.resolvedAt!.slice(0, 10)}`, `resolution${outcome}_${t.resolutionAgentId}`);
      }
    }
  }
  return out;
}

const idOf = ({ ref }: AggregateDelta) =>
  ref.kind === 'totals'
    ? 'totals'
    : ref.kind === 'day'
      ? `day:${ref.day}`
      : ref.kind === 'categoryDay'
        ? `catday:${ref.day}`
        : ref.kind === 'agentDay'
          ? `agentday:${ref.day}`
          : `week:${ref.agentId}:${ref.week}`;

/** A small deterministic generator, so a failing sequence can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe('aggregateDeltas', () => {
  it.each([1, 2, 3, 4, 5])('keeps every counter equal to a recount through a random history (seed %i)', (seed) => {
    const rnd = random(seed);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const agents = ['a1', 'a2', 'a3'].map((id) => ({ id, firstName: id, lastName: 'X', email: `${id}@x` }));
    const categories = ['c1', 'c2'].map((id) => ({ id, name: id }));
    const counters = new Map<string, Counters>();
    const moves = new Map<string, Counters>();
    const apply = (before: TicketRecord | null, after: TicketRecord, now: Date) => {
      for (const d of aggregateDeltas(before, after, now)) {
        const c = counters.get(idOf(d)) ?? {};
        for (const [name, n] of Object.entries(d.counters)) {
          if (name === 'openNet' || name === 'resolvedNet') {
            const m = moves.get(idOf(d)) ?? {};
            m[name] = (m[name] ?? 0) + n;
            moves.set(idOf(d), m);
          } else c[name] = (c[name] ?? 0) + n;
        }
        counters.set(idOf(d), c);
      }
    };
    const tickets: TicketRecord[] = [];
    let clock = Date.parse('2025-02-20T00:00:00.000Z');
    for (let step = 0; step < 400; step++) {
      clock += Math.floor(rnd() * 6 * 3_600_000);
      const now = new Date(clock);
      const i = Math.floor(rnd() * tickets.length);
      const current = tickets[i];
      const action = current
        ? pick(['create', 'edit', 'status', 'assign', 'comment', 'overdue', 'rate', 'category'] as const)
        : 'create';
      let next: TicketRecord;
      if (action === 'create' || !current) {
        next = newTicket(
          {
            id: tickets.length + 1,
            subject: 'subject',
            description: 'description',
            customerEmail: 'c@x',
            category: pick(categories),
            priority: pick(PRIORITIES),
            type: pick(['api', 'direct'] as const),
            assignee: rnd() < 0.2 ? null : pick(agents),
            createdById: null,
            createdByApiKeyId: null,
          },
          now,
        );
        apply(null, next, now);
        tickets.push(next);
        continue;
      }
      if (action === 'edit') next = editTicket(current, { priority: pick<Priority>(PRIORITIES) }, now).ticket;
      else if (action === 'status')
        next = editTicket(current, { status: pick<TicketStatus>(TICKET_STATUSES) }, now).ticket;
      else if (action === 'assign') next = assignTicket(current, pick(agents), now).ticket;
      else if (action === 'comment') next = commentOnTicket(current, { isInternal: rnd() < 0.3 }, now).ticket;
      else if (action === 'category') next = editTicket(current, { category: pick(categories) }, now).ticket;
      else if (action === 'rate') {
        // Only resolved and closed tickets take a rating; the rule refuses the others.
        if (current.status === 'open' || current.status === 'in_progress') continue;
        next = rateTicket(
          current,
          { score: 1 + Math.floor(rnd() * 5), comment: null, ratedByApiKeyId: 'k' },
          now,
        ).ticket;
      } else next = markOverdue(current, now).ticket;
      apply(current, next, now);
      tickets[i] = next;
    }

    const expected = recount(tickets);
    const actual = new Map(
      [...counters].map(([id, c]) => [id, Object.fromEntries(Object.entries(c).filter(([, n]) => n !== 0))]),
    );
    for (const [id, c] of actual) if (Object.keys(c).length === 0) actual.delete(id);
    expect(actual).toEqual(expected);

    // The move counters undo to the state of any earlier moment: summed over all days they give today's counts.
    const sumMoves = (name: string) => [...moves.values()].reduce((s, m) => s + (m[name] ?? 0), 0);
    expect(sumMoves('openNet')).toBe(tickets.filter((t) => t.status === 'open').length);
    expect(sumMoves('resolvedNet')).toBe(
      tickets.filter((t) => t.status === 'resolved' || t.status === 'closed').length,
    );
  });

  it('touches nothing for a change that changes nothing', () => {
    const t = newTicket(
      {
        id: 1,
        subject: 's',
        description: 'd',
        customerEmail: 'c@x',
        category: { id: 'c', name: 'c' },
        priority: 'low',
        type: 'api',
        assignee: null,
        createdById: null,
        createdByApiKeyId: null,
      },
      today,
    );
    expect(aggregateDeltas(t, { ...t, subject: 'other' }, today)).toEqual([]);
  });
});
