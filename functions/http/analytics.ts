/**
 * Analytics for admins and managers. Category usage is read from the categories' usage counts, which the ticket
 * transactions keep exact. Insights and agent performance come with a later task, built on the weekly agent
 * aggregates the ticket transactions already maintain (keys.agentWeek); until then they answer 501.
 */
import type { CategoryUsage } from '#shared/schemas/dashboard.ts';
import { listCategories } from '../data/categories.ts';
import { TICKET_ROLES } from '../domain/permissions.ts';
import { defineRoute, httpHandler, type HttpResult } from '../lib/http.ts';

const notImplemented = async (): Promise<HttpResult> => ({ status: 501, body: { message: 'Not implemented yet' } });

export const handler = httpHandler('analytics', {
  'GET /api/analytics/category-usage': defineRoute({
    access: { roles: TICKET_ROLES.analytics },
    async handle() {
      const usage: CategoryUsage = (await listCategories())
        .map((c) => ({ category: c.name, displayName: c.displayName, color: c.color, count: c.usageCount ?? 0 }))
        .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category));
      return { body: usage };
    },
  }),

  'GET /api/analytics/insights': defineRoute({ access: { roles: TICKET_ROLES.analytics }, handle: notImplemented }),

  'GET /api/agents/performance': defineRoute({ access: { roles: TICKET_ROLES.analytics }, handle: notImplemented }),
});
