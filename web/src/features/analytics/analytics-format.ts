import type { CategoryUsage } from '#shared/schemas/dashboard.ts';

export type CategoryUsageShare = CategoryUsage[number] & {
  /** Share of all categorised tickets in percent, one decimal. */
  percent: number;
  /** Bar length against the most used category (100 for it), so the leader always fills its row. */
  barPercent: number;
};

/** Category usage with each category's share of the total and its bar length; order kept (most used first). */
export function categoryUsageShares(usage: CategoryUsage): CategoryUsageShare[] {
  const total = usage.reduce((sum, item) => sum + item.count, 0);
  const max = usage.reduce((most, item) => Math.max(most, item.count), 0);
  return usage.map((item) => ({
    ...item,
    percent: total === 0 ? 0 : Math.round((item.count / total) * 1000) / 10,
    barPercent: max === 0 ? 0 : (item.count / max) * 100,
  }));
}
