/**
 * Display rules of the dashboard panels (docs/product.md §2, §9), kept apart from the components so each boundary is
 * tested directly.
 */
import type { Priority } from '#shared/constants.ts';
import type { PriorityDistribution } from '#shared/schemas/dashboard.ts';

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
