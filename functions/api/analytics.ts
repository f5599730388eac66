/**
 * Analytics for admins and managers (functions/use-cases/reports/analytics.ts), all from aggregates the ticket
 * transactions keep exact. No request reads tickets.
 */
import { agentPerformanceQuerySchema } from '#shared/schemas/analytics.ts';
import { TICKET_ACCESS } from '../domain/permissions.ts';
import { defineRoute } from '../http/handler.ts';
import { groupHandler } from './group-handler.ts';
import { getCategoryUsage, getInsights, rankAgentsThisWeek } from '../use-cases/reports/analytics.ts';

export const handler = groupHandler('analytics', {
  'GET /api/analytics/category-usage': defineRoute({
    access: TICKET_ACCESS.analytics,
    async handle({ caller }) {
      return { body: await getCategoryUsage(caller) };
    },
  }),

  'GET /api/analytics/insights': defineRoute({
    access: TICKET_ACCESS.analytics,
    async handle({ caller }) {
      return { body: await getInsights(caller) };
    },
  }),

  'GET /api/agents/performance': defineRoute({
    access: TICKET_ACCESS.analytics,
    query: agentPerformanceQuerySchema,
    async handle({ query, caller }) {
      return { body: await rankAgentsThisWeek(caller, query.limit) };
    },
  }),
});
