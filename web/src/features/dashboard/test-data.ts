/** Answers of the dashboard's API reads, typed against the shared schemas so that a shape change breaks the tests. */
import type { Insight } from '#shared/schemas/analytics.ts';
import type {
  CategoryUsage,
  DashboardMetrics,
  PriorityDistribution,
  SlaAttainment,
  VolumeData,
} from '#shared/schemas/dashboard.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import type { Agent, WeekPerformance } from '#shared/schemas/user.ts';
import { staffUser } from '../../test/render-app.tsx';

export const metrics = {
  overview: {
    totalTickets: 42,
    openTickets: 7,
    inProgressTickets: 5,
    resolvedTickets: 20,
    closedTickets: 10,
    overdueTickets: 2,
  },
  avgResponseTime: 144,
  resolutionRate: 71.43,
  byStatus: { open: 7, in_progress: 5, resolved: 20, closed: 10 },
  byPriority: { low: 12, medium: 20, high: 8, critical: 2 },
  byType: { api: 26, direct: 12, email: 4 },
  changes: { totalTickets: 12.5, openTickets: -8, avgResponseTime: 15, resolutionRate: null },
} satisfies DashboardMetrics;

export const priorityDistribution = [
  { priority: 'low', count: 12 },
  { priority: 'medium', count: 20 },
  { priority: 'high', count: 8 },
  { priority: 'critical', count: 2 },
] satisfies PriorityDistribution;

export const volume = [
  { date: '2025-03-06', created: 3, resolved: 1 },
  { date: '2025-03-07', created: 2, resolved: 4 },
] satisfies VolumeData;

export function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 1,
    ticketId: 'TKT-000001',
    subject: 'Withdrawal stuck in pending',
    description: 'My BTC withdrawal has been pending for a day.',
    customerEmail: 'customer@example.com',
    category: 'crypto_withdrawal',
    categoryId: 'cat-1',
    customerLanguage: 'en',
    priority: 'high',
    status: 'open',
    type: 'api',
    assignedToId: null,
    assignedTo: null,
    createdById: null,
    createdByApiKeyId: 'key-1',
    deadline: '2025-01-06T09:00:00.000Z',
    isOverdue: true,
    firstResponseDueAt: null,
    firstResponseAt: null,
    isFirstResponseOverdue: false,
    waitingOnCustomer: false,
    slaPausedAt: null,
    createdAt: '2025-01-06T01:00:00.000Z',
    updatedAt: '2025-01-06T01:00:00.000Z',
    resolvedAt: null,
    responseTime: null,
    resolutionTime: null,
    rating: null,
    mergedIntoId: null,
    parentId: null,
    restricted: false,
    ...overrides,
  };
}

function week(overrides: Partial<WeekPerformance>): WeekPerformance {
  return {
    weekStarting: '2025-01-06',
    ticketsAssigned: 10,
    ticketsResolved: 8,
    averageResponseTime: 42,
    averageResolutionTime: 300,
    customerRating: null,
    performanceScore: 80,
    ...overrides,
  };
}

export function agent(id: string, firstName: string, lastName: string, performance: Partial<WeekPerformance>): Agent {
  return {
    ...staffUser('agent', { id, firstName, lastName, email: `${firstName.toLowerCase()}@example.com` }),
    currentWeekPerformance: week(performance),
  };
}

export const topAgents: Agent[] = [
  agent('a1', 'Ava', 'Stone', { performanceScore: 92.5, ticketsResolved: 14, customerRating: 4.25 }),
  agent('a2', 'Ben', 'Okafor', { performanceScore: 70, ticketsResolved: 9, customerRating: null }),
  agent('a3', 'Cleo', 'Marsh', { performanceScore: 69.9, ticketsResolved: 3, customerRating: 3 }),
];

/** Insights as the server words them: English texts, and the same as message codes the SPA words itself. */
export const insights: Insight[] = [
  {
    id: 'overdue-tickets',
    type: 'alert',
    severity: 'critical',
    title: '12 overdue tickets',
    description: '12 of the 40 unresolved tickets are past their deadline.',
    action: 'Reassign or escalate the overdue tickets',
    texts: {
      title: { code: 'insight.overdue.title', params: { count: 12 } },
      description: { code: 'insight.overdue.description', params: { overdue: 12, unresolved: 40 } },
      action: { code: 'insight.overdue.action' },
    },
  },
  {
    id: 'volume-forecast',
    type: 'prediction',
    severity: 'info',
    title: 'Ticket volume forecast',
    description:
      'About 30 new tickets expected in the next 7 days, against 28 in the last 7 (+7%): the trend of the last 20 days carried forward.',
    action: null,
    texts: {
      title: { code: 'insight.forecast.title' },
      description: {
        code: 'insight.forecast.description',
        params: { forecast: 30, days: 7, lastWeek: 28, trend: 'up', change: 7, historyDays: 20 },
      },
      action: null,
    },
  },
];

export const categoryUsage = [
  { category: 'kyc', displayName: 'Kyc', color: '#ef4444', count: 6 },
  { category: 'fiat_deposit', displayName: 'Fiat Deposit', color: '#3b82f6', count: 3 },
  { category: 'others', displayName: 'Others', color: '#6b7280', count: 0 },
] satisfies CategoryUsage;

/** `GET /api/dashboard/sla-attainment`: the desk and one agent over the period. */
export const slaAttainment: SlaAttainment = {
  days: 30,
  firstResponse: { met: 9, breached: 1, percent: 90 },
  resolution: { met: 3, breached: 1, percent: 75 },
  agents: [
    {
      agentId: 'agent-ada',
      name: 'Ada Lovelace',
      firstResponse: { met: 4, breached: 0, percent: 100 },
      resolution: { met: 0, breached: 0, percent: null },
    },
  ],
};
