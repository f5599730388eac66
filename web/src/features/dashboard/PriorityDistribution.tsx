import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { LuRefreshCw } from 'react-icons/lu';
import { PRIORITIES } from '#shared/constants.ts';
import { useT } from '../../i18n/react.tsx';
import { RichText } from '../../i18n/rich-text.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { PRIORITY_PALETTES, priorityLabel } from '../../lib/ticket-display.ts';
import { priorityShares } from './dashboard-format.ts';
import { Panel } from '../../components/panels/Panel.tsx';
import { PanelBoundary, PanelLoading } from '../../components/panels/PanelStatus.tsx';
import { priorityDistributionQuery } from './queries.ts';

/** Count and share of all tickets per priority, most urgent first (docs/product.md §2). */
export function PriorityDistribution() {
  const t = useT();
  return (
    <Panel title={t('priorities.title')}>
      <PanelBoundary pending={<PanelLoading label={t('priorities.loading')} />}>
        <PriorityShares />
      </PanelBoundary>
    </Panel>
  );
}

function PriorityShares() {
  const t = useT();
  const format = useFormat();
  const { data: distribution } = useSuspenseQuery(priorityDistributionQuery());
  return (
    <Stack as="ul" gap="3" listStyleType="none">
      {priorityShares(distribution)
        .sort((a, b) => PRIORITIES.indexOf(b.priority) - PRIORITIES.indexOf(a.priority))
        .map(({ priority, count, percent }) => (
          <Stack as="li" key={priority} gap="1" data-priority={priority}>
            <HStack justify="space-between" textStyle="sm">
              <HStack gap="2">
                <Box boxSize="2.5" rounded="full" bg={`${PRIORITY_PALETTES[priority]}.solid`} aria-hidden />
                <Text fontWeight="medium">{priorityLabel(priority, t)}</Text>
              </HStack>
              <Text color="fg.muted">
                <RichText
                  id="priorities.share"
                  values={{ count: format.number(count), share: format.percent(percent) }}
                  components={{ 0: <Text as="span" color="fg" fontWeight="semibold" /> }}
                />
              </Text>
            </HStack>
            <Box h="1.5" rounded="full" bg="bg.muted" aria-hidden>
              <Box h="full" rounded="full" bg={`${PRIORITY_PALETTES[priority]}.solid`} width={`${percent}%`} />
            </Box>
          </Stack>
        ))}
    </Stack>
  );
}

/** The server assigns new tickets without an agent round robin; this tells staff it is on (docs/product.md §2). */
export function RoundRobinStatus() {
  const t = useT();
  return (
    <Panel title={t('roundRobin.title')}>
      <HStack gap="3">
        <Badge colorPalette="green" variant="subtle" size="md">
          <LuRefreshCw aria-hidden />
          {t('common.active')}
        </Badge>
        <Text textStyle="sm" color="fg.muted">
          {t('roundRobin.enabled')}
        </Text>
      </HStack>
    </Panel>
  );
}
