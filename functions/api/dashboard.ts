/**
 * Dashboard figures (docs/product.md §2 Dashboard Overview), from functions/use-cases/reports/dashboard.ts: each route
 * reads a fixed number of aggregate items, whatever the number of tickets.
 */
import {
  dashboardMetricsSchema,
  priorityDistributionSchema,
  slaAttainmentSchema,
  volumeDataQuerySchema,
  volumeDataSchema,
} from '#shared/schemas/dashboard.ts';
import { TICKET_ACCESS } from '../domain/permissions.ts';
import { defineRoute } from '../http/handler.ts';
import { groupHandler } from './group-handler.ts';
import {
  getDashboardMetrics,
  getPriorityDistribution,
  getSlaAttainment,
  getVolume,
} from '../use-cases/reports/dashboard.ts';

export const handler = groupHandler('dashboard', {
  'GET /api/dashboard/metrics': defineRoute({
    access: TICKET_ACCESS.dashboard,
    doc: {
      operationId: 'getDashboardMetrics',
      summary: 'Headline ticket figures',
      description:
        'Totals by status, priority and type, the mean first-response time (minutes), the resolution rate (percent) ' +
        'and the change of each headline figure against the week before (percent; null without a base). Kept exact ' +
        'by the same transactions that change tickets, so it costs the same at any number of tickets.',
      response: { status: 200, description: 'The figures.', schema: dashboardMetricsSchema },
    },
    async handle({ caller }) {
      return { body: await getDashboardMetrics(caller) };
    },
  }),

  'GET /api/dashboard/priority-distribution': defineRoute({
    access: TICKET_ACCESS.dashboard,
    doc: {
      operationId: 'getPriorityDistribution',
      summary: 'Tickets per priority',
      response: {
        status: 200,
        description: 'Every priority, lowest first, zeros included.',
        schema: priorityDistributionSchema,
      },
    },
    async handle({ caller }) {
      return { body: await getPriorityDistribution(caller) };
    },
  }),

  'GET /api/dashboard/volume-data': defineRoute({
    access: TICKET_ACCESS.dashboard,
    query: volumeDataQuerySchema,
    doc: {
      operationId: 'getVolumeData',
      summary: 'Tickets created and resolved per day',
      parameters: { days: 'How many days, ending today (UTC): 7, 30 or 90. Default 7.' },
      response: {
        status: 200,
        description: 'One entry per UTC day, oldest first, zero-filled.',
        schema: volumeDataSchema,
      },
    },
    async handle({ query, caller }) {
      return { body: await getVolume(caller, query.days) };
    },
  }),

  'GET /api/dashboard/sla-attainment': defineRoute({
    access: TICKET_ACCESS.slaAttainment,
    query: volumeDataQuerySchema,
    doc: {
      operationId: 'getSlaAttainment',
      summary: 'SLA attainment of the desk and per agent',
      parameters: { days: 'How many days, ending today (UTC): 7, 30 or 90. Default 7.' },
      response: {
        status: 200,
        description:
          'First-response and resolution targets met and breached, and the percent met, by the day each was settled.',
        schema: slaAttainmentSchema,
      },
    },
    async handle({ query, caller }) {
      return { body: await getSlaAttainment(caller, query.days) };
    },
  }),
});
