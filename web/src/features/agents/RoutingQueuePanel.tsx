import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuCircleCheck, LuRefreshCw } from 'react-icons/lu';
import { Panel } from '../../components/panels/Panel.tsx';
import { PanelEmpty, PanelError, PanelLoading } from '../../components/panels/PanelStatus.tsx';
import { PriorityBadge } from '../../components/ui/TicketBadges.tsx';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { routingQueueQuery } from './queries.ts';

/**
 * The tickets waiting for an agent (docs/product.md §2 "Agent Management", docs/decisions/006): nobody available,
 * under their cap, could take them; they are assigned in this order as soon as someone can.
 */
export function RoutingQueuePanel() {
  const t = useT();
  const format = useFormat();
  const queue = useQuery({ ...routingQueueQuery(), refetchInterval: 30_000 });
  const tickets = queue.data ?? [];
  const countBadge = (
    <Badge colorPalette={tickets.length > 0 ? 'orange' : 'gray'} variant="solid">
      {format.number(tickets.length)}
      <Box as="span" srOnly>
        {` ${t('routingQueue.countSuffix')}`}
      </Box>
    </Badge>
  );
  const refresh = (
    <Button size="xs" variant="outline" loading={queue.isFetching} onClick={() => void queue.refetch()}>
      <LuRefreshCw aria-hidden />
      {t('overdue.refresh')}
    </Button>
  );
  return (
    <Panel
      title={t('routingQueue.title')}
      badge={queue.data && countBadge}
      actions={refresh}
      description={t('routingQueue.description')}
    >
      {queue.isPending ? (
        <PanelLoading label={t('routingQueue.loading')} />
      ) : queue.isError ? (
        <PanelError error={queue.error} onRetry={() => void queue.refetch()} />
      ) : tickets.length === 0 ? (
        <PanelEmpty icon={<LuCircleCheck />} title={t('routingQueue.empty')} />
      ) : (
        <Stack as="ol" gap="0" listStyleType="none" maxH="md" overflowY="auto" aria-label={t('routingQueue.title')}>
          {tickets.map((ticket) => (
            <HStack
              as="li"
              key={ticket.id}
              gap="3"
              py="2"
              borderBottomWidth="1px"
              _last={{ borderBottomWidth: 0 }}
              data-ticket-id={ticket.ticketId}
            >
              <Text fontFamily="mono" textStyle="sm" fontWeight="semibold">
                {ticket.ticketId}
              </Text>
              <PriorityBadge priority={ticket.priority} />
              <Text flex="1" lineClamp={1}>
                {ticket.subject}
              </Text>
              <Text textStyle="xs" color="fg.muted" whiteSpace="nowrap">
                {format.dateTime(ticket.createdAt)}
              </Text>
            </HStack>
          ))}
        </Stack>
      )}
    </Panel>
  );
}
