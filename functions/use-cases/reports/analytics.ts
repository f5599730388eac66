/**
 * Analytics for admins and managers, all from aggregates the ticket transactions keep exact: category usage from
 * the categories' usage counts, agent performance from the weekly agent items (keys.agentWeek), insights from the
 * totals item, at most INSIGHT_DAYS per-day items, at most CATEGORY_DAYS per-category day items and the staff and
 * category lists. Nothing here reads tickets.
 */
import type { Insight } from '#shared/schemas/analytics.ts';
import type { CategoryUsage } from '#shared/schemas/dashboard.ts';
import type { Agent } from '#shared/schemas/user.ts';
import { listAgentWeeks } from '../../data/agent-weeks.ts';
import { listCategories } from '../../data/categories.ts';
import { getTotals, listCategoryDayStats, listDayStats } from '../../data/stats.ts';
import { listStaff } from '../../data/users.ts';
import type { Caller } from '../../domain/caller.ts';
import { CATEGORY_DAYS, computeInsights, INSIGHT_DAYS } from '../../domain/insights.ts';
import { dayRange } from '../../domain/metrics.ts';
import { currentWeek, isRankedAgent, rankAgents } from '../../domain/performance.ts';
import { assertAccess, TICKET_ACCESS } from '../../domain/permissions.ts';
import { displayName } from '../../domain/tickets.ts';

/** getCategoryUsage: tickets filed under each category now, most used first. */
export async function getCategoryUsage(caller: Caller): Promise<CategoryUsage> {
  assertAccess(caller, TICKET_ACCESS.analytics);
  return (await listCategories())
    .map((c) => ({ category: c.name, displayName: c.displayName, color: c.color, count: c.usageCount ?? 0 }))
    .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category));
}

/** getInsights: what the figures of the last weeks call attention to. */
export async function getInsights(caller: Caller, now = new Date()): Promise<Insight[]> {
  assertAccess(caller, TICKET_ACCESS.analytics);
  const days = dayRange(now, INSIGHT_DAYS);
  const categoryWindow = days.slice(-CATEGORY_DAYS);
  const [totals, perDay, perCategoryDay, staff, categories] = await Promise.all([
    getTotals(),
    listDayStats(days[0]!, days.at(-1)!),
    listCategoryDayStats(categoryWindow[0]!, categoryWindow.at(-1)!),
    listStaff(),
    listCategories(),
  ]);
  const agents = staff.filter(isRankedAgent).map((user) => ({ id: user.id, name: displayName(user) }));
  return computeInsights({ totals, days: perDay, categoryDays: perCategoryDay, agents, categories }, now);
}

/** rankAgentsThisWeek: the best agents of the current week, at most `limit`. */
export async function rankAgentsThisWeek(caller: Caller, limit: number, now = new Date()): Promise<Agent[]> {
  assertAccess(caller, TICKET_ACCESS.analytics);
  const staff = await listStaff();
  const agentIds = staff.filter(isRankedAgent).map((user) => user.id);
  const weeks = await listAgentWeeks(agentIds, currentWeek(now));
  return rankAgents(staff, weeks, now, limit);
}
