/**
 * Dashboard figures from aggregate counters (docs/data-model.md), and how each ticket change moves those counters.
 *
 * Most counters are a sum over tickets of what each ticket contributes in its current state (`contributions`), so
 * the delta of a change is "contributions after − contributions before" and every counter equals a recount of
 * the tickets at all times. Two per-day counters record moves instead (`openNet`, `resolvedNet`: net tickets that
 * entered `open` / resolved-or-closed that day), which is what tells the open count and the resolution rate of
 * seven days ago.
 */
import { PRIORITIES, TICKET_STATUSES, TICKET_TYPES, VOLUME_PERIODS, type VolumePeriod } from '#shared/constants.ts';
import type { DashboardMetrics, PriorityDistribution, VolumeData } from '#shared/schemas/dashboard.ts';
import { isUnresolved } from './deadlines.ts';
import type { TicketRecord } from './tickets.ts';

export type Counters = Record<string, number>;

/**
 * The five kinds of aggregate item: keys.statsTotals(), keys.statsDay(day), keys.statsCategoryDay(day),
 * keys.statsAgentDay(day), keys.agentWeek(agentId, week).
 */
export type AggregateRef =
  | { kind: 'totals' }
  | { kind: 'day'; day: string }
  | { kind: 'categoryDay'; day: string }
  | { kind: 'agentDay'; day: string }
  | { kind: 'agentWeek'; agentId: string; week: string };

export interface AggregateDelta {
  ref: AggregateRef;
  /** Counter name → amount to ADD; never zero. */
  counters: Counters;
}

/** The UTC day of an ISO timestamp, `YYYY-MM-DD`. */
export const dayOf = (iso: string): string => iso.slice(0, 10);

/** The ISO-8601 week of an ISO timestamp (UTC), `YYYY-Www`; weeks start on Monday. */
export function isoWeek(iso: string): string {
  const date = new Date(`${dayOf(iso)}T00:00:00.000Z`);
  const weekday = date.getUTCDay() || 7;
  // The Thursday of this week decides the week's year.
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

function refId(ref: AggregateRef): string {
  switch (ref.kind) {
    case 'totals':
      return 'totals';
    case 'day':
      return `day:${ref.day}`;
    case 'categoryDay':
      return `catday:${ref.day}`;
    case 'agentDay':
      return `agentday:${ref.day}`;
    case 'agentWeek':
      return `week:${ref.agentId}:${ref.week}`;
  }
}

/** Counter sums keyed by aggregate item. */
class Tally {
  private readonly items = new Map<string, AggregateDelta>();

  add(ref: AggregateRef, counter: string, amount: number): void {
    if (amount === 0) return;
    const id = refId(ref);
    let item = this.items.get(id);
    if (!item) {
      item = { ref, counters: {} };
      this.items.set(id, item);
    }
    item.counters[counter] = (item.counters[counter] ?? 0) + amount;
  }

  merge(other: Tally, sign: 1 | -1): void {
    for (const { ref, counters } of other.items.values()) {
      for (const [name, n] of Object.entries(counters)) this.add(ref, name, sign * n);
    }
  }

  /** Non-zero counters only; an item left with none is dropped. */
  deltas(): AggregateDelta[] {
    return [...this.items.values()]
      .map(({ ref, counters }) => ({
        ref,
        counters: Object.fromEntries(Object.entries(counters).filter(([, n]) => n !== 0)),
      }))
      .filter((d) => Object.keys(d.counters).length > 0);
  }
}

/**
 * Counters named after an entity. Category counters use the category's id, which a rename does not change; the
 * per-agent open count lives on the totals item, so one read gives every agent's workload.
 */
export const COUNTER_NAMES = {
  /** Totals: unresolved (open or in progress) tickets assigned to this staff member now. */
  assignedOpen: (userId: string) => `assignedOpen_${userId}`,
  /**
   * Category day: tickets created that day in this category (the category the ticket is filed under now). On an item
   * of its own, so that the day item keeps a fixed set of counters however many categories are used.
   */
  createdInCategory: (categoryId: string) => `created_cat_${categoryId}`,
  /**
   * Agent day: SLA targets met or breached that day by the tickets credited to this agent (the first response by the
   * day of the response, the resolution by the day of the resolution). On an item of its own, beside the day item.
   */
  slaOfAgent: (target: SlaTarget, outcome: SlaOutcome, userId: string) => `${target}${outcome}_${userId}`,
} as const;

/** The two SLA targets, as the attainment counters name them. */
export const SLA_TARGETS = ['firstResponse', 'resolution'] as const;
export type SlaTarget = (typeof SLA_TARGETS)[number];
type SlaOutcome = 'Met' | 'Breached';

const TOTALS: AggregateRef = { kind: 'totals' };
const day = (iso: string): AggregateRef => ({ kind: 'day', day: dayOf(iso) });
const categoryDay = (iso: string): AggregateRef => ({ kind: 'categoryDay', day: dayOf(iso) });
const agentDay = (iso: string): AggregateRef => ({ kind: 'agentDay', day: dayOf(iso) });

/** Whether a ticket met each SLA target, once the target is settled (answered, resolved); undefined before. */
function slaOutcomes(t: TicketRecord): { target: SlaTarget; at: string; agentId: string | null; met: boolean }[] {
  const outcomes = [];
  if (t.firstResponseAt && t.firstResponseDueAt) {
    outcomes.push({
      target: 'firstResponse' as const,
      at: t.firstResponseAt,
      agentId: t.responseAgentId,
      met: t.firstResponseAt <= t.firstResponseDueAt,
    });
  }
  if (t.resolvedAt && t.slaMet !== null) {
    outcomes.push({ target: 'resolution' as const, at: t.resolvedAt, agentId: t.resolutionAgentId, met: t.slaMet });
  }
  return outcomes;
}
const week = (agentId: string, iso: string): AggregateRef => ({ kind: 'agentWeek', agentId, week: isoWeek(iso) });

/** What one ticket, as it stands, contributes to each aggregate. */
function contributions(t: TicketRecord): Tally {
  const tally = new Tally();
  tally.add(TOTALS, 'total', 1);
  tally.add(TOTALS, `status_${t.status}`, 1);
  tally.add(TOTALS, `priority_${t.priority}`, 1);
  tally.add(TOTALS, `type_${t.type}`, 1);
  if (isUnresolved(t.status) && t.isOverdue) tally.add(TOTALS, 'overdue', 1);
  if (isUnresolved(t.status) && t.assignedToId) tally.add(TOTALS, COUNTER_NAMES.assignedOpen(t.assignedToId), 1);
  tally.add(day(t.createdAt), 'created', 1);
  tally.add(categoryDay(t.createdAt), COUNTER_NAMES.createdInCategory(t.categoryId), 1);

  if (t.firstResponseAt && t.responseTime !== null) {
    for (const ref of [TOTALS, day(t.firstResponseAt)]) {
      tally.add(ref, 'responseTimeSum', t.responseTime);
      tally.add(ref, 'responseTimeCount', 1);
    }
    if (t.responseAgentId) {
      tally.add(week(t.responseAgentId, t.firstResponseAt), 'responseTimeSum', t.responseTime);
      tally.add(week(t.responseAgentId, t.firstResponseAt), 'responseTimeCount', 1);
    }
  }
  if (t.resolvedAt && t.resolutionTime !== null) {
    tally.add(day(t.resolvedAt), 'resolved', 1);
    for (const ref of [TOTALS, day(t.resolvedAt)]) {
      tally.add(ref, 'resolutionTimeSum', t.resolutionTime);
      tally.add(ref, 'resolutionTimeCount', 1);
    }
    // A rating counts with the resolution it judges: that day, and that agent's week.
    if (t.rating) {
      tally.add(day(t.resolvedAt), 'ratingSum', t.rating.score);
      tally.add(day(t.resolvedAt), 'ratingCount', 1);
    }
    if (t.resolutionAgentId) {
      const agentWeek = week(t.resolutionAgentId, t.resolvedAt);
      tally.add(agentWeek, 'resolved', 1);
      tally.add(agentWeek, 'resolutionTimeSum', t.resolutionTime);
      tally.add(agentWeek, 'resolutionTimeCount', 1);
      tally.add(agentWeek, t.slaMet ? 'slaMet' : 'slaBreached', 1);
      if (t.rating) {
        tally.add(agentWeek, 'ratingSum', t.rating.score);
        tally.add(agentWeek, 'ratingCount', 1);
      }
    }
  }
  if (t.assignedToId && t.assignedAt) tally.add(week(t.assignedToId, t.assignedAt), 'assigned', 1);
  // SLA attainment: each settled target, met or breached, on the day it was settled, and for the agent credited.
  for (const { target, at, agentId, met } of slaOutcomes(t)) {
    const outcome: SlaOutcome = met ? 'Met' : 'Breached';
    tally.add(day(at), `${target}${outcome}`, 1);
    if (agentId) tally.add(agentDay(at), COUNTER_NAMES.slaOfAgent(target, outcome, agentId), 1);
  }
  return tally;
}

const inOpen = (t: TicketRecord | null) => (t?.status === 'open' ? 1 : 0);
const inResolved = (t: TicketRecord | null) => (t && !isUnresolved(t.status) ? 1 : 0);

/**
 * The counter changes that take the aggregates from `before` to `after` (null: the ticket did not exist), with the
 * day's moves counted on the day of `now`.
 */
export function aggregateDeltas(before: TicketRecord | null, after: TicketRecord | null, now: Date): AggregateDelta[] {
  const tally = new Tally();
  if (after) tally.merge(contributions(after), 1);
  if (before) tally.merge(contributions(before), -1);
  const today = day(now.toISOString());
  tally.add(today, 'openNet', inOpen(after) - inOpen(before));
  tally.add(today, 'resolvedNet', inResolved(after) - inResolved(before));
  return tally.deltas();
}

/** The last `n` UTC days ending with `today`, oldest first. */
export function dayRange(today: Date, n: number): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: n }, (_, i) => new Date(end - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

const round1 = (n: number): number => Math.round(n * 10) / 10;
const mean = (sum: number, count: number): number | null => (count > 0 ? round1(sum / count) : null);
const rate = (part: number, whole: number): number | null => (whole > 0 ? round1((part / whole) * 100) : null);

/** Percent change from `previous` to `current`, one decimal; null when there is no base to compare with. */
export function percentChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return round1(((current - previous) / previous) * 100);
}

const sumOver = (days: ReadonlyMap<string, Counters>, range: readonly string[], counter: string): number =>
  range.reduce((sum, d) => sum + (days.get(d)?.[counter] ?? 0), 0);

const countsOf = <T extends string>(values: readonly T[], totals: Counters, prefix: string) =>
  Object.fromEntries(values.map((v) => [v, totals[`${prefix}_${v}`] ?? 0])) as Record<T, number>;

/** How many days of per-day items the dashboard metrics read: this week and the week before. */
export const METRICS_DAYS = 14;

/**
 * The dashboard's figures from the totals item and the per-day items of the last METRICS_DAYS days (missing days
 * count as zero).
 */
export function dashboardMetrics(totals: Counters, days: ReadonlyMap<string, Counters>, today: Date): DashboardMetrics {
  const range = dayRange(today, METRICS_DAYS);
  const thisWeek = range.slice(7);
  const lastWeek = range.slice(0, 7);
  const byStatus = countsOf(TICKET_STATUSES, totals, 'status');
  const total = totals.total ?? 0;
  const resolvedNow = byStatus.resolved + byStatus.closed;

  // Seven days ago, by undoing this week's moves.
  const totalBefore = total - sumOver(days, thisWeek, 'created');
  const openBefore = byStatus.open - sumOver(days, thisWeek, 'openNet');
  const resolvedBefore = resolvedNow - sumOver(days, thisWeek, 'resolvedNet');

  const responseMean = (range: readonly string[]) =>
    mean(sumOver(days, range, 'responseTimeSum'), sumOver(days, range, 'responseTimeCount'));

  return {
    overview: {
      totalTickets: total,
      openTickets: byStatus.open,
      inProgressTickets: byStatus.in_progress,
      resolvedTickets: byStatus.resolved,
      closedTickets: byStatus.closed,
      overdueTickets: totals.overdue ?? 0,
    },
    avgResponseTime: mean(totals.responseTimeSum ?? 0, totals.responseTimeCount ?? 0),
    resolutionRate: rate(resolvedNow, total) ?? 0,
    byStatus,
    byPriority: countsOf(PRIORITIES, totals, 'priority'),
    byType: countsOf(TICKET_TYPES, totals, 'type'),
    changes: {
      totalTickets: percentChange(sumOver(days, thisWeek, 'created'), sumOver(days, lastWeek, 'created')),
      openTickets: percentChange(byStatus.open, openBefore),
      avgResponseTime: percentChange(responseMean(thisWeek), responseMean(lastWeek)),
      resolutionRate: percentChange(rate(resolvedNow, total), rate(resolvedBefore, totalBefore)),
    },
  };
}

/** Ticket counts per priority, every priority present, lowest first. */
export function priorityDistribution(totals: Counters): PriorityDistribution {
  return PRIORITIES.map((priority) => ({ priority, count: totals[`priority_${priority}`] ?? 0 }));
}

/** Created and resolved per day for the last `period` days, oldest first, zero-filled. */
export function volumeSeries(days: ReadonlyMap<string, Counters>, today: Date, period: VolumePeriod): VolumeData {
  if (!VOLUME_PERIODS.includes(period)) throw new RangeError(`Unsupported period ${period}`);
  return dayRange(today, period).map((date) => ({
    date,
    created: days.get(date)?.created ?? 0,
    resolved: days.get(date)?.resolved ?? 0,
  }));
}

/** Met and breached counts of one target, and the percent met (one decimal; null when none was settled). */
export interface Attainment {
  met: number;
  breached: number;
  percent: number | null;
}

const attainment = (met: number, breached: number): Attainment => ({
  met,
  breached,
  percent: rate(met, met + breached),
});

/**
 * SLA attainment over the last `period` days: the whole desk's from the day items, each agent's from the agent-day
 * items (only agents with a settled target in the period), by agent id.
 */
export function slaAttainment(
  days: ReadonlyMap<string, Counters>,
  agentDays: ReadonlyMap<string, Counters>,
  today: Date,
  period: VolumePeriod,
): { desk: Record<SlaTarget, Attainment>; agents: Map<string, Record<SlaTarget, Attainment>> } {
  const range = dayRange(today, period);
  const desk = Object.fromEntries(
    SLA_TARGETS.map((target) => [
      target,
      attainment(sumOver(days, range, `${target}Met`), sumOver(days, range, `${target}Breached`)),
    ]),
  ) as Record<SlaTarget, Attainment>;
  const perAgent = new Map<string, Counters>();
  for (const date of range) {
    for (const [name, n] of Object.entries(agentDays.get(date) ?? {})) {
      const match = /^(firstResponse|resolution)(Met|Breached)_(.+)$/.exec(name);
      if (!match) continue;
      const counters = perAgent.get(match[3]!) ?? {};
      counters[`${match[1]}${match[2]}`] = (counters[`${match[1]}${match[2]}`] ?? 0) + n;
      perAgent.set(match[3]!, counters);
    }
  }
  const agents = new Map(
    [...perAgent].map(([agentId, c]) => [
      agentId,
      Object.fromEntries(
        SLA_TARGETS.map((target) => [target, attainment(c[`${target}Met`] ?? 0, c[`${target}Breached`] ?? 0)]),
      ) as Record<SlaTarget, Attainment>,
    ]),
  );
  return { desk, agents };
}
