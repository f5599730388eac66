/**
 * Display rules of the dashboard panels (docs/product.md §2, §9), kept apart from the components so each boundary is
 * tested directly.
 */
import { PERFORMANCE_THRESHOLDS, type Priority } from '#shared/constants.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { PriorityDistribution, VolumeData } from '#shared/schemas/dashboard.ts';

/** Colour palette of an agent's performance score: green at 90 or above, blue at 70 or above, orange below. */
export function performancePalette(score: number): 'green' | 'blue' | 'orange' {
  if (score >= PERFORMANCE_THRESHOLDS.good) return 'green';
  if (score >= PERFORMANCE_THRESHOLDS.fair) return 'blue';
  return 'orange';
}

/** 'N/5 rating' with one decimal (4.25 → '4.3/5 rating'), or 'No rating yet' when nobody rated. */
export function ratingText(rating: number | null | undefined): string {
  return rating == null ? MESSAGES.noRatingYet : `${rating.toFixed(1)}/5 rating`;
}

export interface PriorityShare {
  priority: Priority;
  count: number;
  /** Share of all tickets in percent, rounded to one decimal; 0 when there are no tickets. */
  percent: number;
}

/** Each priority's count and its share of the total, in the order given. */
export function priorityShares(distribution: PriorityDistribution): PriorityShare[] {
  const total = distribution.reduce((sum, item) => sum + item.count, 0);
  return distribution.map(({ priority, count }) => ({
    priority,
    count,
    percent: total === 0 ? 0 : Math.round((count / total) * 1000) / 10,
  }));
}

export type Trend = 'up' | 'down' | 'flat';
export type TrendTone = 'good' | 'bad' | 'neutral';

/**
 * Direction of a card's change and whether it is good news. A change that rounds to 0.0% is flat; for figures
 * where less is better (response time) a fall is good.
 */
export function trendOf(change: number, lowerIsBetter = false): { trend: Trend; tone: TrendTone } {
  // Same rounding as formatChange, so a card never shows an arrow beside '0.0%'.
  if (Number(Math.abs(change).toFixed(1)) === 0) return { trend: 'flat', tone: 'neutral' };
  const trend: Trend = change > 0 ? 'up' : 'down';
  const improving = lowerIsBetter ? trend === 'down' : trend === 'up';
  return { trend, tone: improving ? 'good' : 'bad' };
}

/** Totals of a volume series, for the visible summary and the chart's description. */
export function volumeTotals(data: VolumeData): { created: number; resolved: number } {
  return data.reduce(
    (totals, day) => ({ created: totals.created + day.created, resolved: totals.resolved + day.resolved }),
    { created: 0, resolved: 0 },
  );
}

const DAY_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * A volume day ('2025-03-07', a UTC calendar day) as 'Mar 7'; never shifted by the viewer's timezone. Anything else
 * is shown as given: chart libraries call formatters with values of their own, and a label must never throw.
 */
export function formatVolumeDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) ? day : DAY_LABEL.format(date);
}
