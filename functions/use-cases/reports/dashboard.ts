/**
 * Dashboard figures (docs/product.md §2 Dashboard Overview). Each reads a fixed number of aggregate items: the totals
 * item and at most 90 per-day items, whatever the number of tickets.
 */
import type { DashboardMetrics, PriorityDistribution, VolumeData } from '#shared/schemas/dashboard.ts';
import type { VolumePeriod } from '#shared/constants.ts';
import { getTotals, listDayStats } from '../../data/stats.ts';
import type { Caller } from '../../domain/caller.ts';
import { dashboardMetrics, dayRange, METRICS_DAYS, priorityDistribution, volumeSeries } from '../../domain/metrics.ts';
import { assertAccess, TICKET_ACCESS } from '../../domain/permissions.ts';

/** getDashboardMetrics: the headline figures, from the totals and the last METRICS_DAYS days. */
export async function getDashboardMetrics(caller: Caller, now = new Date()): Promise<DashboardMetrics> {
  assertAccess(caller, TICKET_ACCESS.dashboard);
  const days = dayRange(now, METRICS_DAYS);
  const [totals, perDay] = await Promise.all([getTotals(), listDayStats(days[0]!, days.at(-1)!)]);
  return dashboardMetrics(totals, perDay, now);
}

/** getPriorityDistribution: tickets by priority, from the totals. */
export async function getPriorityDistribution(caller: Caller): Promise<PriorityDistribution> {
  assertAccess(caller, TICKET_ACCESS.dashboard);
  return priorityDistribution(await getTotals());
}

/** getVolume: created and resolved per day over the period. */
export async function getVolume(caller: Caller, period: VolumePeriod, now = new Date()): Promise<VolumeData> {
  assertAccess(caller, TICKET_ACCESS.dashboard);
  const days = dayRange(now, period);
  const perDay = await listDayStats(days[0]!, days.at(-1)!);
  return volumeSeries(perDay, now, period);
}
