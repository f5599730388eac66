import { Grid, Stack } from '@chakra-ui/react';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { useT } from '../../i18n/react.tsx';
import { SECTION_TITLES } from '../../lib/sections.ts';
import { InsightsPanel } from '../../components/panels/InsightsPanel.tsx';
import { VolumeTrend } from '../../components/panels/VolumeTrend.tsx';
import { volumeDataQuery } from '../dashboard/queries.ts';
import { AgentPerformanceTable } from './AgentPerformanceTable.tsx';
import { CategoryUsagePanel } from './CategoryUsagePanel.tsx';
import { insightsQuery } from './queries.ts';

/**
 * AI Analytics, admin and manager (docs/product.md §2 AI Analytics): the analytical half of the dashboard —
 * insights, ticket volume, where tickets are filed and how each agent is doing — without the operational panels.
 * The route answers 404 to agents, who are refused these reads anyway.
 */
export function AnalyticsPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t(SECTION_TITLES.analytics)} description={t('analytics.description')} />
      <Stack gap="6">
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="6">
          <InsightsPanel query={insightsQuery()} />
          <CategoryUsagePanel />
        </Grid>
        <VolumeTrend query={volumeDataQuery} />
        <AgentPerformanceTable />
      </Stack>
    </>
  );
}
