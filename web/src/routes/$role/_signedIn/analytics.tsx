import { createFileRoute, notFound } from '@tanstack/react-router';
import { LIST_LIMITS } from '#shared/constants.ts';
import { DEFAULT_VOLUME_PERIOD } from '../../../components/panels/panel-format.ts';
import { AnalyticsPage } from '../../../features/analytics/AnalyticsPage.tsx';
import { agentPerformanceQuery, categoryUsageQuery, insightsQuery } from '../../../features/analytics/queries.ts';
import { volumeDataQuery } from '../../../features/dashboard/queries.ts';
import { canOpen } from '../../../lib/sections.ts';

export const Route = createFileRoute('/$role/_signedIn/analytics')({
  // Agents are refused the analytics reads: the page is a 404 for them, and its loader never runs.
  beforeLoad: ({ params }) => {
    if (!canOpen(params.role, 'analytics')) throw notFound();
  },
  // Every panel's read starts here; each panel shows its own loading state or failure, as on the dashboard.
  loader: ({ context: { user, queryClient } }) => {
    if (!user) return;
    void queryClient.prefetchQuery(insightsQuery());
    void queryClient.prefetchQuery(categoryUsageQuery());
    void queryClient.prefetchQuery(volumeDataQuery(DEFAULT_VOLUME_PERIOD));
    void queryClient.prefetchQuery(agentPerformanceQuery(LIST_LIMITS.agentPerformance));
  },
  component: AnalyticsPage,
});
