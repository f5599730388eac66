/**
 * Insight cards (docs/product.md §2 AI Analytics Insights) computed from the aggregate items only: the totals item, the
 * per-day items, the per-category day items and the staff and category lists. Each rule is a pure function of the
 * figures it needs and returns a card only when those figures support it; thresholds are named below. No AWS here.
 */
import { type Message, message } from '#shared/i18n/messages.ts';
import type { Insight } from '#shared/schemas/analytics.ts';
import { englishOf, type ServerKey } from '../lib/messages.ts';
import { COUNTER_NAMES, dayRange, percentChange, type Counters } from './metrics.ts';

/** Surges and ratings compare the last 7 days (today included) with the 7 days before. */
export const WINDOW_DAYS = 7;

/** The thresholds of each rule (docs in the rule functions below). */
export const INSIGHT_RULES = {
  /** Forecast: complete days read, days of them that must have had tickets, days forecast, rise that warns. */
  forecast: { historyDays: 28, minDaysWithData: 14, horizonDays: 7, warnAbove: 1.25 },
  /** Overdue: this many overdue tickets, or more than this share of the unresolved ones, is critical. */
  overdue: { criticalCount: 10, criticalShare: 0.2 },
  /** Workload: the busiest agent has at least `minGap` more open tickets than the least busy, and `minRatio` times. */
  workload: { minGap: 5, minRatio: 2 },
  /** Category surge: the last 7 days hold at least `minRatio` times the 7 before, and at least `minCount` tickets. */
  surge: { minRatio: 2, minCount: 5 },
  /** Ratings: a drop of `minDrop` with `minRatings` in each week warns; a mean of `praiseMean` over `praiseRatings` praises. */
  satisfaction: { minDrop: 0.5, minRatings: 3, praiseMean: 4.5, praiseRatings: 5 },
} as const;

/** The overdue alert's recommended action. */
export const OVERDUE_ACTION = englishOf({ code: 'insight.overdue.action' });

/**
 * A card with its texts as messages of the registry (for the SPA, in the reader's language) and in English (for
 * other readers of the API).
 */
function insight(
  card: Pick<Insight, 'id' | 'type' | 'severity'>,
  title: Message<ServerKey>,
  description: Message<ServerKey>,
  action: Message<ServerKey> | null,
): Insight {
  return {
    ...card,
    title: englishOf(title),
    description: englishOf(description),
    action: action && englishOf(action),
    texts: { title, description, action },
  };
}

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

// ---------------------------------------------------------------------------------------------------------------
// Prediction: next week's volume

/**
 * Tickets expected over the next `horizonDays`: a least-squares line through the daily counts (oldest first),
 * extended forward, never below zero per day. Rounded to a whole number.
 */
export function forecastVolume(
  daily: readonly number[],
  horizonDays: number = INSIGHT_RULES.forecast.horizonDays,
): number {
  const n = daily.length;
  if (n === 0) return 0;
  const meanX = (n - 1) / 2;
  const meanY = sum(daily) / n;
  let covariance = 0;
  let variance = 0;
  daily.forEach((y, x) => {
    covariance += (x - meanX) * (y - meanY);
    variance += (x - meanX) ** 2;
  });
  const slope = variance === 0 ? 0 : covariance / variance;
  let total = 0;
  for (let x = n; x < n + horizonDays; x++) total += Math.max(0, meanY + slope * (x - meanX));
  return Math.round(total);
}

/**
 * A volume forecast from the created counts of the last complete days (oldest first, `historyDays` of them); only
 * when at least `minDaysWithData` of them had tickets. The trend starts at the first day with tickets: the empty
 * days before a help desk opened are not a quiet period, and would read as steep growth. A warning when the
 * forecast exceeds the last 7 days by more than 25 %.
 */
export function volumeForecastInsight(dailyCreated: readonly number[]): Insight | null {
  const { minDaysWithData, horizonDays, warnAbove } = INSIGHT_RULES.forecast;
  if (dailyCreated.filter((n) => n > 0).length < minDaysWithData) return null;
  const history = dailyCreated.slice(dailyCreated.findIndex((n) => n > 0));
  const forecast = forecastVolume(history, horizonDays);
  const lastWeek = sum(dailyCreated.slice(-horizonDays));
  const rising = forecast > lastWeek * warnAbove;
  const change = percentChange(forecast, lastWeek);
  return insight(
    { id: 'volume-forecast', type: 'prediction', severity: rising ? 'warning' : 'info' },
    message(rising ? 'insight.forecast.titleRising' : 'insight.forecast.title'),
    message('insight.forecast.description', {
      forecast,
      days: horizonDays,
      lastWeek,
      trend: change === null ? 'none' : change >= 0 ? 'up' : 'down',
      change: change ?? 0,
      historyDays: history.length,
    }),
    rising ? message('insight.forecast.actionRising') : null,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Alert: overdue tickets

/** Unresolved tickets past their deadline: a warning, critical from 10 of them or more than 20 % of the unresolved. */
export function overdueInsight(overdue: number, unresolved: number): Insight | null {
  if (overdue <= 0) return null;
  const { criticalCount, criticalShare } = INSIGHT_RULES.overdue;
  const critical = overdue >= criticalCount || overdue > unresolved * criticalShare;
  return insight(
    { id: 'overdue-tickets', type: 'alert', severity: critical ? 'critical' : 'warning' },
    message('insight.overdue.title', { count: overdue }),
    message('insight.overdue.description', { overdue, unresolved }),
    message('insight.overdue.action'),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Optimization: uneven workload

export interface AgentLoad {
  name: string;
  /** Unresolved (open or in progress) tickets assigned to them now. */
  open: number;
}

/**
 * The busiest and the least busy active agent, when the gap is at least 5 tickets and the busiest has at least
 * twice as many: moving half the gap evens them out.
 */
export function workloadInsight(agents: readonly AgentLoad[]): Insight | null {
  if (agents.length < 2) return null;
  const byLoad = [...agents].sort((a, b) => b.open - a.open || a.name.localeCompare(b.name));
  const busiest = byLoad[0]!;
  const quietest = byLoad.at(-1)!;
  const { minGap, minRatio } = INSIGHT_RULES.workload;
  const gap = busiest.open - quietest.open;
  if (gap < minGap || busiest.open < minRatio * quietest.open) return null;
  const move = Math.floor(gap / 2);
  const names = { busiest: busiest.name, quietest: quietest.name };
  return insight(
    { id: 'workload-imbalance', type: 'optimization', severity: 'warning' },
    message('insight.workload.title'),
    message('insight.workload.description', { ...names, busiestOpen: busiest.open, quietestOpen: quietest.open }),
    message('insight.workload.action', { ...names, count: move }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Alert: category surge

export interface CategoryVolume {
  id: string;
  name: string;
  /** Tickets created in the last 7 days (today included). */
  recent: number;
  /** Tickets created in the 7 days before those. */
  previous: number;
}

/** One card per category whose last 7 days hold at least 5 tickets and at least twice the 7 days before. */
export function categorySurgeInsights(categories: readonly CategoryVolume[]): Insight[] {
  const { minRatio, minCount } = INSIGHT_RULES.surge;
  return categories
    .filter((c) => c.recent >= minCount && c.recent >= minRatio * c.previous)
    .sort((a, b) => b.recent - a.recent || a.name.localeCompare(b.name))
    .map((c) =>
      insight(
        { id: `category-surge:${c.id}`, type: 'alert', severity: 'warning' },
        message('insight.surge.title', { category: c.name }),
        message('insight.surge.description', { recent: c.recent, previous: c.previous, days: WINDOW_DAYS }),
        message('insight.surge.action', { category: c.name }),
      ),
    );
}

// ---------------------------------------------------------------------------------------------------------------
// Satisfaction: ratings

export interface RatingTally {
  sum: number;
  count: number;
}

const meanText = (t: RatingTally) => (t.sum / t.count).toFixed(1);

/**
 * Customer ratings of the last 7 days against the 7 before (by the day the rated ticket was resolved): a warning
 * when the mean fell by 0.5 or more with at least 3 ratings in each week; otherwise praise when this week's mean
 * is 4.5 or more over at least 5 ratings.
 */
export function satisfactionInsight(recent: RatingTally, previous: RatingTally): Insight | null {
  const { minDrop, minRatings, praiseMean, praiseRatings } = INSIGHT_RULES.satisfaction;
  // Compared on cross-multiplied sums: exact, where comparing two rounded means would not be.
  const dropped =
    recent.count >= minRatings &&
    previous.count >= minRatings &&
    previous.sum * recent.count - recent.sum * previous.count >= minDrop * previous.count * recent.count;
  if (dropped) {
    return insight(
      { id: 'rating-drop', type: 'satisfaction', severity: 'warning' },
      message('insight.ratingDrop.title'),
      message('insight.ratingDrop.description', {
        recentMean: meanText(recent),
        recentCount: recent.count,
        previousMean: meanText(previous),
        previousCount: previous.count,
        days: WINDOW_DAYS,
      }),
      message('insight.ratingDrop.action'),
    );
  }
  if (recent.count >= praiseRatings && recent.sum >= praiseMean * recent.count) {
    return insight(
      { id: 'rating-high', type: 'satisfaction', severity: 'info' },
      message('insight.ratingHigh.title'),
      message('insight.ratingHigh.description', { mean: meanText(recent), count: recent.count, days: WINDOW_DAYS }),
      null,
    );
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// All rules over the aggregates

export interface InsightInputs {
  totals: Counters;
  /** Per-day items covering at least the last `INSIGHT_DAYS` days (missing days count as zero). */
  days: ReadonlyMap<string, Counters>;
  /**
   * Per-category day items (`COUNTER_NAMES.createdInCategory` counters) covering at least the last `CATEGORY_DAYS`
   * days (missing days count as zero).
   */
  categoryDays: ReadonlyMap<string, Counters>;
  /** Active agents, with a display name. */
  agents: readonly { id: string; name: string }[];
  /** Every category, for the names of the category counters. */
  categories: readonly { id: string; displayName: string }[];
}

/** How many days of per-day items the insights read: the forecast's complete days and today. */
export const INSIGHT_DAYS = INSIGHT_RULES.forecast.historyDays + 1;

/** How many days of per-category day items the insights read: the two windows the surge compares. */
export const CATEGORY_DAYS = 2 * WINDOW_DAYS;

const SEVERITY_ORDER: Record<Insight['severity'], number> = { critical: 0, warning: 1, info: 2 };
const CATEGORY_PREFIX = COUNTER_NAMES.createdInCategory('');

/** Every insight the aggregates support, most severe first (rule order within a severity). */
export function computeInsights(input: InsightInputs, now: Date): Insight[] {
  const { totals, days, categoryDays } = input;
  const range = dayRange(now, INSIGHT_DAYS);
  const counter = (items: ReadonlyMap<string, Counters>, day: string, name: string) => items.get(day)?.[name] ?? 0;
  const total = (items: ReadonlyMap<string, Counters>, window: readonly string[], name: string) =>
    sum(window.map((day) => counter(items, day, name)));

  // Today is not over yet: the forecast reads complete days only.
  const history = range.slice(0, -1).map((day) => counter(days, day, 'created'));
  const recent = range.slice(-WINDOW_DAYS);
  const previous = range.slice(-2 * WINDOW_DAYS, -WINDOW_DAYS);

  const categoryIds = new Set<string>();
  for (const day of [...previous, ...recent]) {
    for (const name of Object.keys(categoryDays.get(day) ?? {})) {
      if (name.startsWith(CATEGORY_PREFIX)) categoryIds.add(name.slice(CATEGORY_PREFIX.length));
    }
  }
  const categoryName = new Map(input.categories.map((c) => [c.id, c.displayName]));
  const volumes = [...categoryIds].map((id) => {
    const name = COUNTER_NAMES.createdInCategory(id);
    // A ticket filed under a category that has no item any more keeps its id; the card then names the id.
    return {
      id,
      name: categoryName.get(id) ?? id,
      recent: total(categoryDays, recent, name),
      previous: total(categoryDays, previous, name),
    };
  });

  const insights = [
    overdueInsight(totals.overdue ?? 0, (totals.status_open ?? 0) + (totals.status_in_progress ?? 0)),
    ...categorySurgeInsights(volumes),
    workloadInsight(input.agents.map((a) => ({ name: a.name, open: totals[COUNTER_NAMES.assignedOpen(a.id)] ?? 0 }))),
    satisfactionInsight(
      { sum: total(days, recent, 'ratingSum'), count: total(days, recent, 'ratingCount') },
      { sum: total(days, previous, 'ratingSum'), count: total(days, previous, 'ratingCount') },
    ),
    volumeForecastInsight(history),
  ].filter((insight): insight is Insight => insight !== null);
  return insights.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}
