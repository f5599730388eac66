import { queryOptions } from '@tanstack/react-query';
import { OVERDUE_POLL_MS, type VolumePeriod } from '#shared/constants.ts';
import type { DashboardMetrics, PriorityDistribution, SlaAttainment, VolumeData } from '#shared/schemas/dashboard.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { api } from '../../lib/api.ts';

/**
 * Everything the dashboard reads. A ticket change may move any of these figures, so a mutation or a live ticket
 * notice that changes tickets invalidates `dashboardKeys.all`.
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  metrics: () => [...dashboardKeys.all, 'metrics'] as const,
  priorityDistribution: () => [...dashboardKeys.all, 'priority-distribution'] as const,
  volume: (days: VolumePeriod) => [...dashboardKeys.all, 'volume', days] as const,
  overdue: () => [...dashboardKeys.all, 'overdue'] as const,
  slaAttainment: (days: VolumePeriod) => [...dashboardKeys.all, 'sla-attainment', days] as const,
};

/** First-response and resolution attainment over the last `days` days, for the desk and per agent. */
export const slaAttainmentQuery = (days: VolumePeriod) =>
  queryOptions({
    queryKey: dashboardKeys.slaAttainment(days),
    queryFn: ({ signal }) => api.get<SlaAttainment>(`/api/dashboard/sla-attainment?days=${days}`, { signal }),
  });

/** Headline ticket figures (dashboard cards, sidebar badges). */
export const dashboardMetricsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.metrics(),
    queryFn: ({ signal }) => api.get<DashboardMetrics>('/api/dashboard/metrics', { signal }),
  });

/** Ticket count per priority, zeros included. */
export const priorityDistributionQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.priorityDistribution(),
    queryFn: ({ signal }) => api.get<PriorityDistribution>('/api/dashboard/priority-distribution', { signal }),
  });

/** Tickets created and resolved per day over the last `days` days, oldest first. */
export const volumeDataQuery = (days: VolumePeriod) =>
  queryOptions({
    queryKey: dashboardKeys.volume(days),
    queryFn: ({ signal }) => api.get<VolumeData>(`/api/dashboard/volume-data?days=${days}`, { signal }),
  });

/** Unresolved tickets past their deadline; polled, since tickets become overdue without anyone changing them. */
export const overdueTicketsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.overdue(),
    queryFn: ({ signal }) => api.get<Ticket[]>('/api/tickets/overdue', { signal }),
    refetchInterval: OVERDUE_POLL_MS,
  });
