/**
 * Dashboard figures (docs/product.md §2 Dashboard Overview). Each reads a fixed number of aggregate items: the totals
 * item and at most 90 per-day items, whatever the number of tickets.
 */
import type { DashboardMetrics, PriorityDistribution, SlaAttainment, VolumeData } from '#shared/schemas/dashboard.ts';
import type { VolumePeriod } from '#shared/constants.ts';
import { getTotals, listAgentDayStats, listDayStats } from '../../data/stats.ts';
import { listStaff } from '../../data/users.ts';
import type { Caller } from '../../domain/caller.ts';
import {
  dashboardMetrics,
  dayRange,
  METRICS_DAYS,
  priorityDistribution,
  slaAttainment,
  volumeSeries,
} from '../../domain/metrics.ts';
import { displayName } from '../../domain/tickets.ts';
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

/**
 * getSlaAttainment: first-response and resolution attainment over the period, for the desk (day items) and per agent
 * (agent-day items, named from the staff list): at most 2 × 90 aggregate items and the staff, whatever the number of
 * tickets.
 */
export async function getSlaAttainment(caller: Caller, period: VolumePeriod, now = new Date()): Promise<SlaAttainment> {
  assertAccess(caller, TICKET_ACCESS.slaAttainment);
  const days = dayRange(now, period);
  const [perDay, perAgentDay, staff] = await Promise.all([
    listDayStats(days[0]!, days.at(-1)!),
    listAgentDayStats(days[0]!, days.at(-1)!),
    listStaff(),
  ]);
  const { desk, agents } = slaAttainment(perDay, perAgentDay, now, period);
  const names = new Map(staff.map((user) => [user.id, displayName(user)]));
  return {
    days: period,
    ...desk,
    agents: [...agents]
      .map(([agentId, figures]) => ({ agentId, name: names.get(agentId) ?? agentId, ...figures }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}
