import { Box, NativeSelect, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Component, type ReactNode, Suspense, lazy, useState } from 'react';
import { VOLUME_PERIODS, type VolumePeriod } from '#shared/constants.ts';
import type { VolumeData } from '#shared/schemas/dashboard.ts';
import { formatVolumeDay, volumeTotals } from './dashboard-format.ts';
import { Panel } from './Panel.tsx';
import { PanelError } from './PanelStatus.tsx';
import { volumeDataQuery } from './queries.ts';

// Recharts and the chart components are about 100 KB gzip: they load with the first drawn chart, never up front.
const VolumeChart = lazy(() => import('./VolumeChart.tsx'));

const DEFAULT_PERIOD: VolumePeriod = 7;
const periodLabel = (days: VolumePeriod) => `Last ${days} days`;

/** Tickets created and resolved per day with the 7/30/90-day selector (docs/product.md §2, §9; drawn per docs/product.md §11). */
export function VolumeTrend() {
  const [days, setDays] = useState<VolumePeriod>(DEFAULT_PERIOD);
  const volume = useQuery(volumeDataQuery(days));

  const periodSelect = (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        aria-label="Volume period"
        value={days}
        onChange={(event) => setDays(Number(event.currentTarget.value) as VolumePeriod)}
      >
        {VOLUME_PERIODS.map((period) => (
          <option key={period} value={period}>
            {periodLabel(period)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );

  return (
    <Panel title="Ticket Volume" actions={periodSelect}>
      {volume.isPending ? (
        <Skeleton h="64" rounded="md" />
      ) : volume.isError ? (
        <PanelError error={volume.error} onRetry={() => void volume.refetch()} />
      ) : (
        // While another period loads, the previous series stays on screen, marked busy.
        <Box aria-busy={volume.isPlaceholderData} opacity={volume.isPlaceholderData ? 0.6 : 1}>
          <VolumeFigures data={volume.data} days={days} />
        </Box>
      )}
    </Panel>
  );
}

function VolumeFigures({ data, days }: { data: VolumeData; days: VolumePeriod }) {
  const totals = volumeTotals(data);
  return (
    <Stack gap="3">
      <Text textStyle="sm" color="fg.muted">
        {totals.created} created · {totals.resolved} resolved in the {periodLabel(days).toLowerCase()}
      </Text>
      <ChartBoundary>
        <Suspense fallback={<Skeleton h={{ base: '56', lg: '64' }} rounded="md" />}>
          <VolumeChart data={data} />
        </Suspense>
      </ChartBoundary>
      <Box srOnly>
        <Table.Root>
          <Table.Caption>Tickets created and resolved per day, {periodLabel(days).toLowerCase()}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Day</Table.ColumnHeader>
              <Table.ColumnHeader>Created</Table.ColumnHeader>
              <Table.ColumnHeader>Resolved</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.map((day) => (
              <Table.Row key={day.date}>
                <Table.Cell>{formatVolumeDay(day.date)}</Table.Cell>
                <Table.Cell>{day.created}</Table.Cell>
                <Table.Cell>{day.resolved}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}

/**
 * The drawing is an extra over the figures: if its code cannot be downloaded (a deploy replaced the chunk, the
 * network dropped) or it fails to render, the panel says so and the summary and table stay.
 */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Text textStyle="sm" color="fg.muted">
        The chart could not be drawn; reload the page to try again.
      </Text>
    );
  }
}
