import { Box, NativeSelect, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { type QueryKey, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, lazy, useDeferredValue, useState } from 'react';
import { VOLUME_PERIODS, type VolumePeriod } from '#shared/constants.ts';
import type { VolumeData } from '#shared/schemas/dashboard.ts';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { DEFAULT_VOLUME_PERIOD, volumeTotals } from './panel-format.ts';
import { ErrorBoundary } from '../QueryBoundary.tsx';
import { InView } from './InView.tsx';
import { Panel } from './Panel.tsx';
import { PanelBoundary, type PanelQuery } from './PanelStatus.tsx';

// Recharts and the chart components are about 100 KB gzip: they load with the first drawn chart, never up front, and
// only once the chart's place is in view.
const VolumeChart = lazy(() => import('./VolumeChart.tsx'));

/** The chart's room while its code loads or its place is still out of sight: the chart's own height. */
const chartPlaceholder = <Skeleton h={{ base: '56', lg: '64' }} rounded="md" />;

/**
 * Tickets created and resolved per day with the 7/30/90-day selector (docs/product.md §2, §9; drawn per docs/product.md
 * §11), on the dashboard and on AI Analytics; `query` is the dashboard feature's read of a period.
 */
export function VolumeTrend<K extends QueryKey>({
  query,
}: {
  query: (days: VolumePeriod) => PanelQuery<VolumeData, K>;
}) {
  const t = useT();
  const [days, setDays] = useState<VolumePeriod>(DEFAULT_VOLUME_PERIOD);
  // While another period loads, the previous series stays on screen, marked busy, instead of a blank panel.
  const shownDays = useDeferredValue(days);

  const periodSelect = (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        aria-label={t('volume.period')}
        value={days}
        onChange={(event) => setDays(Number(event.currentTarget.value) as VolumePeriod)}
      >
        {VOLUME_PERIODS.map((period) => (
          <option key={period} value={period}>
            {t('volume.lastDays', { days: period })}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );

  return (
    <Panel title={t('volume.title')} actions={periodSelect}>
      <PanelBoundary pending={<Skeleton h="64" rounded="md" />}>
        <VolumeFigures query={query(shownDays)} days={shownDays} busy={shownDays !== days} />
      </PanelBoundary>
    </Panel>
  );
}

interface VolumeFiguresProps<K extends QueryKey> {
  query: PanelQuery<VolumeData, K>;
  days: VolumePeriod;
  busy: boolean;
}

function VolumeFigures<K extends QueryKey>({ query, days, busy }: VolumeFiguresProps<K>) {
  const t = useT();
  const format = useFormat();
  const { data } = useSuspenseQuery(query);
  const totals = volumeTotals(data);
  return (
    <Stack gap="3" aria-busy={busy} opacity={busy ? 0.6 : 1}>
      <Text textStyle="sm" color="fg.muted">
        {t('volume.summary', {
          created: format.number(totals.created),
          resolved: format.number(totals.resolved),
          days,
        })}
      </Text>
      {/* The drawing is an extra over the figures: if its code cannot be downloaded (a deploy replaced the chunk,
          the network dropped) or it fails to render, the panel says so and the summary and table stay. */}
      <ErrorBoundary
        fallback={() => (
          <Text textStyle="sm" color="fg.muted">
            {t('volume.chartFailed')}
          </Text>
        )}
      >
        <InView placeholder={chartPlaceholder}>
          <Suspense fallback={chartPlaceholder}>
            <VolumeChart data={data} />
          </Suspense>
        </InView>
      </ErrorBoundary>
      <Box srOnly>
        <Table.Root>
          <Table.Caption>{t('volume.tableCaption', { days })}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('volume.day')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('volume.created')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('volume.resolved')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.map((day) => (
              <Table.Row key={day.date}>
                <Table.Cell>{format.day(day.date)}</Table.Cell>
                <Table.Cell>{format.number(day.created)}</Table.Cell>
                <Table.Cell>{format.number(day.resolved)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}
