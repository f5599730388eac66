import { queryOptions } from '@tanstack/react-query';
import type { DashboardMetrics } from '#shared/schemas/dashboard.ts';
import { api } from '../../lib/api.ts';

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
