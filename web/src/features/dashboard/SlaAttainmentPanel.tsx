import { NativeSelect, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { VOLUME_PERIODS, type VolumePeriod } from '#shared/constants.ts';
import type { SlaAttainment } from '#shared/schemas/dashboard.ts';
import { Panel } from '../../components/panels/Panel.tsx';
import { PanelBoundary } from '../../components/panels/PanelStatus.tsx';
import { DEFAULT_VOLUME_PERIOD } from '../../components/panels/panel-format.ts';
import type { Translate } from '../../i18n/react.tsx';
import { useT } from '../../i18n/react.tsx';
import { slaAttainmentQuery } from './queries.ts';

type Figure = SlaAttainment['firstResponse'];

const attainmentText = (figure: Figure, t: Translate) =>
  figure.percent === null
    ? t('sla.attainment.none')
    : t('sla.attainment.percent', { percent: figure.percent, met: figure.met, total: figure.met + figure.breached });

/**
 * First-response and resolution attainment (docs/product.md §9) with the 7/30/90-day selector: the desk's, then each
 * agent's, from the aggregate items.
 */
export function SlaAttainmentPanel() {
  const t = useT();
  const [days, setDays] = useState<VolumePeriod>(DEFAULT_VOLUME_PERIOD);
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
    <Panel title={t('sla.attainment.title')} description={t('sla.attainment.description')} actions={periodSelect}>
      <PanelBoundary pending={<Skeleton h="32" rounded="md" />}>
        <AttainmentTable days={shownDays} busy={shownDays !== days} />
      </PanelBoundary>
    </Panel>
  );
}

function AttainmentTable({ days, busy }: { days: VolumePeriod; busy: boolean }) {
  const t = useT();
  const { data } = useSuspenseQuery(slaAttainmentQuery(days));
  return (
    <Stack gap="2" aria-busy={busy} opacity={busy ? 0.6 : 1}>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('sla.attainment.agent')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('sla.firstResponse')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('sla.resolution')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          <Table.Row fontWeight="semibold" data-testid="sla-attainment-desk">
            <Table.Cell>{t('agents.all')}</Table.Cell>
            <Table.Cell>{attainmentText(data.firstResponse, t)}</Table.Cell>
            <Table.Cell>{attainmentText(data.resolution, t)}</Table.Cell>
          </Table.Row>
          {data.agents.map((agent) => (
            <Table.Row key={agent.agentId}>
              <Table.Cell>{agent.name}</Table.Cell>
              <Table.Cell>{attainmentText(agent.firstResponse, t)}</Table.Cell>
              <Table.Cell>{attainmentText(agent.resolution, t)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {data.agents.length === 0 && (
        <Text textStyle="sm" color="fg.muted">
          {t('sla.attainment.none')}
        </Text>
      )}
    </Stack>
  );
}
