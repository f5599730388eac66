/**
 * Dashboard figures (docs/product.md §2 Dashboard Overview), from functions/use-cases/reports/dashboard.ts: each route
 * reads a fixed number of aggregate items, whatever the number of tickets.
 */
import { volumeDataQuerySchema } from '#shared/schemas/dashboard.ts';
import { TICKET_ACCESS } from '../domain/permissions.ts';
import { defineRoute, httpHandler } from '../lib/http.ts';
import { getDashboardMetrics, getPriorityDistribution, getVolume } from '../use-cases/reports/dashboard.ts';

export const handler = httpHandler('dashboard', {
  'GET /api/dashboard/metrics': defineRoute({
    access: TICKET_ACCESS.dashboard,
    async handle({ caller }) {
      return { body: await getDashboardMetrics(caller) };
    },
  }),

  'GET /api/dashboard/priority-distribution': defineRoute({
    access: TICKET_ACCESS.dashboard,
    async handle({ caller }) {
      return { body: await getPriorityDistribution(caller) };
    },
  }),

  'GET /api/dashboard/volume-data': defineRoute({
    access: TICKET_ACCESS.dashboard,
    query: volumeDataQuerySchema,
    async handle({ query, caller }) {
      return { body: await getVolume(caller, query.days) };
    },
  }),
});
