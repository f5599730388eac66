/**
 * Dashboard figures (docs/product.md §2 Dashboard Overview). Each route reads a fixed number of aggregate items: the totals
 * item and at most 90 per-day items, whatever the number of tickets.
 */
import { volumeDataQuerySchema } from '#shared/schemas/dashboard.ts';
import { getTotals, listDayStats } from '../data/stats.ts';
import { dashboardMetrics, dayRange, METRICS_DAYS, priorityDistribution, volumeSeries } from '../domain/metrics.ts';
import { TICKET_ROLES } from '../domain/permissions.ts';
import { defineRoute, httpHandler } from '../lib/http.ts';

export const handler = httpHandler('dashboard', {
  'GET /api/dashboard/metrics': defineRoute({
    access: { roles: TICKET_ROLES.dashboard },
    async handle() {
      const now = new Date();
      const days = dayRange(now, METRICS_DAYS);
      const [totals, perDay] = await Promise.all([getTotals(), listDayStats(days[0]!, days.at(-1)!)]);
      return { body: dashboardMetrics(totals, perDay, now) };
    },
  }),

  'GET /api/dashboard/priority-distribution': defineRoute({
    access: { roles: TICKET_ROLES.dashboard },
    async handle() {
      return { body: priorityDistribution(await getTotals()) };
    },
  }),

  'GET /api/dashboard/volume-data': defineRoute({
    access: { roles: TICKET_ROLES.dashboard },
    query: volumeDataQuerySchema,
    async handle({ query }) {
      const now = new Date();
      const days = dayRange(now, query.days);
      const perDay = await listDayStats(days[0]!, days.at(-1)!);
      return { body: volumeSeries(perDay, now, query.days) };
    },
  }),
});
