/**
 * An agent's week (docs/product.md §3 agent_performance, `currentWeekPerformance`) from their weekly aggregate item
 * (keys.agentWeek), and the performance score whose formula docs/performance-score.md explains. No AWS here.
 */
import type { Agent, User, WeekPerformance } from '#shared/schemas/user.ts';
import { isoWeek, type Counters } from './metrics.ts';
import { displayName } from './tickets.ts';

/**
 * The score's parts and their weights (they sum to 100). A part without data this week leaves the score, and the
 * others are scaled up to fill its weight: an agent is neither rewarded nor punished for what was not measured.
 */
export const SCORE_WEIGHTS = { slaMet: 50, resolution: 30, rating: 20 } as const;
type ScorePart = keyof typeof SCORE_WEIGHTS;

const round2 = (n: number): number => Math.round(n * 100) / 100;
const mean2 = (sum: number | undefined, count: number | undefined): number | null =>
  count ? round2((sum ?? 0) / count) : null;

/** Each part of the score as a fraction from 0 to 1, or absent when the week has no data for it. */
export function scoreParts(week: Counters): Partial<Record<ScorePart, number>> {
  const assigned = week.assigned ?? 0;
  const resolved = week.resolved ?? 0;
  const slaMet = week.slaMet ?? 0;
  const slaJudged = slaMet + (week.slaBreached ?? 0);
  const ratings = week.ratingCount ?? 0;
  return {
    ...(slaJudged > 0 ? { slaMet: slaMet / slaJudged } : {}),
    // Tickets assigned last week and resolved this one can outnumber this week's assignments: capped at 1.
    ...(assigned + resolved > 0 ? { resolution: assigned === 0 ? 1 : Math.min(1, resolved / assigned) } : {}),
    ...(ratings > 0 ? { rating: ((week.ratingSum ?? 0) / ratings - 1) / 4 } : {}),
  };
}

/** The performance score, 0-100 with two decimals; 0 when no part has data. */
export function performanceScore(week: Counters): number {
  const parts = Object.entries(scoreParts(week)) as [ScorePart, number][];
  const weight = parts.reduce((sum, [part]) => sum + SCORE_WEIGHTS[part], 0);
  if (weight === 0) return 0;
  return round2((100 * parts.reduce((sum, [part, value]) => sum + SCORE_WEIGHTS[part] * value, 0)) / weight);
}

/** Monday (UTC) of the ISO week `now` falls in, `YYYY-MM-DD`. */
export function weekStartingOf(now: Date): string {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const daysSinceMonday = (now.getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * 86_400_000).toISOString().slice(0, 10);
}

/** The ISO week (`YYYY-Www`) whose agent items hold the current week's figures. */
export const currentWeek = (now: Date): string => isoWeek(now.toISOString());

/**
 * The week's figures from an agent-week item; null when the agent had nothing assigned, resolved or answered in
 * it (an empty week is unmeasured, not a score of 0).
 */
export function weekPerformance(week: Counters | undefined, weekStarting: string): WeekPerformance | null {
  const c = week ?? {};
  const active = (c.assigned ?? 0) + (c.resolved ?? 0) + (c.responseTimeCount ?? 0) > 0;
  if (!active) return null;
  return {
    weekStarting,
    ticketsAssigned: c.assigned ?? 0,
    ticketsResolved: c.resolved ?? 0,
    averageResponseTime: mean2(c.responseTimeSum, c.responseTimeCount),
    averageResolutionTime: mean2(c.resolutionTimeSum, c.resolutionTimeCount),
    customerRating: mean2(c.ratingSum, c.ratingCount),
    performanceScore: performanceScore(c),
  };
}

/** A staff member with this week's figures, as `GET /api/agents` lists them. */
export const withWeekPerformance = (user: User, week: Counters | undefined, now: Date): Agent => ({
  ...user,
  currentWeekPerformance: weekPerformance(week, weekStartingOf(now)),
});

/** Who is ranked: active agents (managers and admins handle tickets too, but are not measured against agents). */
export const isRankedAgent = (user: User): boolean => user.role === 'agent' && user.isActive;

/**
 * `GET /api/agents/performance`: the active agents with figures this week, best score first, then by name; at most
 * `limit`.
 */
export function rankAgents(
  staff: readonly User[],
  weeks: ReadonlyMap<string, Counters>,
  now: Date,
  limit: number,
): Agent[] {
  return staff
    .filter(isRankedAgent)
    .map((user) => withWeekPerformance(user, weeks.get(user.id), now))
    .filter((agent) => agent.currentWeekPerformance !== null)
    .sort(
      (a, b) =>
        b.currentWeekPerformance!.performanceScore - a.currentWeekPerformance!.performanceScore ||
        displayName(a).localeCompare(displayName(b)) ||
        a.id.localeCompare(b.id),
    )
    .slice(0, limit);
}
