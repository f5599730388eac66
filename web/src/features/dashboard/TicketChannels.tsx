import { HStack, Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { TICKET_TYPES } from '#shared/constants.ts';
import { MAIL_TEXTS } from '#shared/messages.ts';
import { Panel } from '../../components/panels/Panel.tsx';
import { PanelBoundary, PanelLoading } from '../../components/panels/PanelStatus.tsx';
import { TypeBadge } from '../../components/ui/TicketBadges.tsx';
import { dashboardMetricsQuery } from './queries.ts';

/** How many tickets came in by each channel (the totals' per-type counters): API, direct, e-mail. */
export function TicketChannels() {
  return (
    <Panel title={MAIL_TEXTS.byChannel}>
      <PanelBoundary pending={<PanelLoading label="Loading channels…" />}>
        <ChannelCounts />
      </PanelBoundary>
    </Panel>
  );
}

function ChannelCounts() {
  const { data } = useSuspenseQuery(dashboardMetricsQuery());
  return (
    <Stack as="ul" gap="2" listStyleType="none">
      {TICKET_TYPES.map((type) => (
        <HStack as="li" key={type} justify="space-between" data-type={type}>
          <TypeBadge type={type} />
          <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
            {data.byType[type]}
          </Text>
        </HStack>
      ))}
    </Stack>
  );
}
