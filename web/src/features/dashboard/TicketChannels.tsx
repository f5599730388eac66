import { HStack, Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { TICKET_TYPES } from '#shared/constants.ts';
import { Panel } from '../../components/panels/Panel.tsx';
import { PanelBoundary, PanelLoading } from '../../components/panels/PanelStatus.tsx';
import { TypeBadge } from '../../components/ui/TicketBadges.tsx';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { dashboardMetricsQuery } from './queries.ts';

/** How many tickets came in by each channel (the totals' per-type counters): API, direct, e-mail. */
export function TicketChannels() {
  const t = useT();
  return (
    <Panel title={t('mail.byChannel')}>
      <PanelBoundary pending={<PanelLoading label={t('mail.loadingChannels')} />}>
        <ChannelCounts />
      </PanelBoundary>
    </Panel>
  );
}

function ChannelCounts() {
  const format = useFormat();
  const { data } = useSuspenseQuery(dashboardMetricsQuery());
  return (
    <Stack as="ul" gap="2" listStyleType="none">
      {TICKET_TYPES.map((type) => (
        <HStack as="li" key={type} justify="space-between" data-type={type}>
          <TypeBadge type={type} />
          <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
            {format.number(data.byType[type])}
          </Text>
        </HStack>
      ))}
    </Stack>
  );
}
