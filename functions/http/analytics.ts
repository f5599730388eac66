/**
 * Analytics for admins and managers, all from aggregates the ticket transactions keep exact: category usage from
 * the categories' usage counts, agent performance from the weekly agent items (keys.agentWeek), insights from the
 * totals item, at most INSIGHT_DAYS per-day items, at most CATEGORY_DAYS per-category day items and the staff and
 * category lists. No request reads tickets.
 */
import { agentPerformanceQuerySchema } from '#shared/schemas/analytics.ts';
import type { CategoryUsage } from '#shared/schemas/dashboard.ts';
import { listAgentWeeks } from '../data/agent-weeks.ts';
import { listCategories } from '../data/categories.ts';
import { getTotals, listCategoryDayStats, listDayStats } from '../data/stats.ts';
import { listStaff } from '../data/users.ts';
import { CATEGORY_DAYS, computeInsights, INSIGHT_DAYS } from '../domain/insights.ts';
import { dayRange } from '../domain/metrics.ts';
import { currentWeek, isRankedAgent, rankAgents } from '../domain/performance.ts';
import { DENIED, TICKET_ROLES } from '../domain/permissions.ts';
import { displayName } from '../domain/tickets.ts';
import { defineRoute, httpHandler } from '../lib/http.ts';

export const handler = httpHandler('analytics', {
  'GET /api/analytics/category-usage': defineRoute({
    access: { roles: TICKET_ROLES.analytics, deniedMessage: DENIED.analytics },
    async handle() {
      const usage: CategoryUsage = (await listCategories())
        .map((c) => ({ category: c.name, displayName: c.displayName, color: c.color, count: c.usageCount ?? 0 }))
        .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category));
      return { body: usage };
    },
  }),

  'GET /api/analytics/insights': defineRoute({
    access: { roles: TICKET_ROLES.analytics, deniedMessage: DENIED.analytics },
    async handle() {
      const now = new Date();
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
      return { body: computeInsights({ totals, days: perDay, categoryDays: perCategoryDay, agents, categories }, now) };
    },
  }),

  'GET /api/agents/performance': defineRoute({
    access: { roles: TICKET_ROLES.analytics, deniedMessage: DENIED.analytics },
    query: agentPerformanceQuerySchema,
    async handle({ query }) {
      const now = new Date();
      const staff = await listStaff();
      const agentIds = staff.filter(isRankedAgent).map((user) => user.id);
      const weeks = await listAgentWeeks(agentIds, currentWeek(now));
      return { body: rankAgents(staff, weeks, now, query.limit) };
    },
  }),
});
