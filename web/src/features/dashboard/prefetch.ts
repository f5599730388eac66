import type { QueryClient } from '@tanstack/react-query';
import { LIST_LIMITS, type Role } from '#shared/constants.ts';
import { DEFAULT_VOLUME_PERIOD } from '../../components/panels/panel-format.ts';
import { canOpen } from '../../lib/sections.ts';
import { agentPerformanceQuery, insightsQuery } from '../analytics/queries.ts';
import { LATEST_TICKETS, ticketListQuery } from '../tickets/queries.ts';
import { dashboardMetricsQuery, overdueTicketsQuery, priorityDistributionQuery, volumeDataQuery } from './queries.ts';

/**
 * Starts every read of a role's dashboard without waiting for any: the dashboard route's loader calls it (also when a
 * link to the dashboard is hovered), so the reads run while the dashboard's code downloads, and each panel then
 * shows its own loading state or failure. Agents are refused the analytics reads and are never asked for them.
 */
export function prefetchDashboard(queryClient: QueryClient, role: Role): void {
  void queryClient.prefetchQuery(dashboardMetricsQuery());
  void queryClient.prefetchQuery(priorityDistributionQuery());
  void queryClient.prefetchQuery(volumeDataQuery(DEFAULT_VOLUME_PERIOD));
  void queryClient.prefetchQuery(overdueTicketsQuery());
  void queryClient.prefetchInfiniteQuery(ticketListQuery(LATEST_TICKETS));
  if (!canOpen(role, 'analytics')) return;
  void queryClient.prefetchQuery(insightsQuery());
  void queryClient.prefetchQuery(agentPerformanceQuery(LIST_LIMITS.topAgents));
}
