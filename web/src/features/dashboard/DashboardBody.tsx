import { Grid, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { Role } from '#shared/constants.ts';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { SECTION_TITLES, canOpen } from '../../lib/sections.ts';
import { LatestTickets } from '../tickets/LatestTickets.tsx';
import { DashboardActions } from './DashboardActions.tsx';
import { DashboardLoading } from './DashboardLoading.tsx';
import { InsightsPanel } from './InsightsPanel.tsx';
import { MetricCards } from './MetricCards.tsx';
import { OverduePanel } from './OverduePanel.tsx';
import { PanelError } from './PanelStatus.tsx';
import { PriorityDistribution, RoundRobinStatus } from './PriorityDistribution.tsx';
import { TopAgents } from './TopAgents.tsx';
import { VolumeTrend } from './VolumeTrend.tsx';
import { dashboardMetricsQuery } from './queries.ts';

/**
 * The dashboard's panels, loaded with their own chunk (DashboardPage). Until the headline figures arrive it reads
 * 'Loading dashboard...', as docs/product.md §2 has it; every other panel then shows its own loading, error or empty state.
 */
export default function DashboardBody({ role }: { role: Role }) {
  const metrics = useQuery(dashboardMetricsQuery());
  // Agents are refused /api/analytics/* and /api/agents/performance: their panels are not offered at all.
  const showAnalytics = canOpen(role, 'analytics');

  return (
    <>
      <PageHeader title={SECTION_TITLES.dashboard} actions={<DashboardActions role={role} />} />
      {metrics.isPending ? (
        <DashboardLoading />
      ) : (
        <Stack gap="6">
          {metrics.isError ? (
            <PanelError error={metrics.error} onRetry={() => void metrics.refetch()} />
          ) : (
            <MetricCards metrics={metrics.data} />
          )}
          <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="6">
            <VolumeTrend />
            <Stack gap="6">
              <PriorityDistribution />
              <RoundRobinStatus />
            </Stack>
          </Grid>
          <OverduePanel />
          {showAnalytics && (
            <Grid templateColumns={{ base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }} gap="6">
              <TopAgents role={role} />
              <InsightsPanel />
            </Grid>
          )}
          <LatestTickets />
        </Stack>
      )}
    </>
  );
}
