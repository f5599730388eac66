import { Grid, Stack } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import type { Role } from '#shared/constants.ts';
import { InsightsPanel } from '../../components/panels/InsightsPanel.tsx';
import { PanelError } from '../../components/panels/PanelStatus.tsx';
import { VolumeTrend } from '../../components/panels/VolumeTrend.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { useT } from '../../i18n/react.tsx';
import { SECTION_TITLES, canOpen } from '../../lib/sections.ts';
import { insightsQuery } from '../analytics/queries.ts';
import { DashboardLoading } from './DashboardLoading.tsx';
import { MetricCards } from './MetricCards.tsx';
import { OverduePanel } from './OverduePanel.tsx';
import { PriorityDistribution, RoundRobinStatus } from './PriorityDistribution.tsx';
import { dashboardMetricsQuery, volumeDataQuery } from './queries.ts';
import { TicketChannels } from './TicketChannels.tsx';
import { SlaAttainmentPanel } from './SlaAttainmentPanel.tsx';
import { TopAgents } from './TopAgents.tsx';

interface DashboardPageProps {
  role: Role;
  /** Beside the title: the tickets feature's Create Ticket and Assign Ticket. */
  actions: ReactNode;
  /** Below the panels: the tickets feature's latest tickets. */
  latestTickets: ReactNode;
}

/**
 * Role dashboard at the base path (docs/product.md §2 Dashboard Overview). Until the headline figures arrive it reads
 * 'Loading dashboard...'; every other panel then shows its own loading, error or empty state. The route's loader has
 * started every read by the time this renders.
 */
export function DashboardPage({ role, actions, latestTickets }: DashboardPageProps) {
  // Agents are refused /api/analytics/* and /api/agents/performance: their panels are not offered at all.
  const showAnalytics = canOpen(role, 'analytics');
  const t = useT();

  return (
    <>
      <PageHeader title={t(SECTION_TITLES.dashboard)} actions={actions} />
      <Suspense fallback={<DashboardLoading />}>
        <Stack gap="6">
          <HeadlineFigures />
          <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="6">
            <VolumeTrend query={volumeDataQuery} />
            <Stack gap="6">
              <PriorityDistribution />
              <TicketChannels />
              <RoundRobinStatus />
            </Stack>
          </Grid>
          <OverduePanel />
          <SlaAttainmentPanel />
          {showAnalytics && (
            <Grid templateColumns={{ base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }} gap="6">
              <TopAgents role={role} />
              <InsightsPanel query={insightsQuery()} />
            </Grid>
          )}
          {latestTickets}
        </Stack>
      </Suspense>
    </>
  );
}

/**
 * The four headline cards. While they load, the whole dashboard reads 'Loading dashboard...' (they suspend to the
 * page's boundary); if they cannot be read, the panel error takes their place and the other panels stay.
 */
function HeadlineFigures() {
  return (
    <QueryBoundary error={(error, retry) => <PanelError error={error} onRetry={retry} />}>
      <Metrics />
    </QueryBoundary>
  );
}

function Metrics() {
  const { data } = useSuspenseQuery(dashboardMetricsQuery());
  return <MetricCards metrics={data} />;
}
