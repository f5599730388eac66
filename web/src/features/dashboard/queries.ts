import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** `GET /api/dashboard/metrics`; only the fields the SPA reads are typed. */
export interface DashboardMetrics {
  overview: {
    totalTickets: number;
    openTickets: number;
    avgResponseTime?: number;
    resolutionRate?: number;
  };
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  metrics: () => [...dashboardKeys.all, 'metrics'] as const,
};

/** Headline ticket figures (dashboard cards, sidebar badges). */
export const dashboardMetricsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.metrics(),
    queryFn: ({ signal }) => api.get<DashboardMetrics>('/api/dashboard/metrics', { signal }),
  });
