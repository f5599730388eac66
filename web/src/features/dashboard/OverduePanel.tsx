import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { LuCircleCheck, LuRefreshCw } from 'react-icons/lu';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { DeadlineBadge } from '../../components/ui/DeadlineBadge.tsx';
import { useT } from '../../i18n/react.tsx';
import { redactedText } from '../../lib/redaction-text.ts';
import { RichText } from '../../i18n/rich-text.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { PriorityBadge, StatusBadge } from '../../components/ui/TicketBadges.tsx';
import { Panel } from '../../components/panels/Panel.tsx';
import { PanelEmpty, PanelError, PanelLoading } from '../../components/panels/PanelStatus.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { overdueTicketsQuery } from './queries.ts';

/** Unresolved tickets past their deadline, refreshed every 30 s and on demand (docs/product.md §2 Overdue Tickets panel). */
export function OverduePanel() {
  const t = useT();
  // The count and Refresh in the header need the list, so the whole panel waits for it, in its own frame.
  return (
    <QueryBoundary
      pending={
        <Panel title={t('overdue.title')} description={t('overdue.deadlinesHint')}>
          <PanelLoading label={t('overdue.loading')} />
        </Panel>
      }
      error={(error, retry) => (
        <Panel title={t('overdue.title')} description={t('overdue.deadlinesHint')}>
          <PanelError error={error} onRetry={retry} />
        </Panel>
      )}
    >
      <OverdueList />
    </QueryBoundary>
  );
}

function OverdueList() {
  const t = useT();
  const format = useFormat();
  const overdue = useSuspenseQuery(overdueTicketsQuery());
  const tickets = overdue.data;

  const countBadge = (
    <Badge colorPalette={tickets.length > 0 ? 'red' : 'gray'} variant="solid">
      {format.number(tickets.length)}
      <Box as="span" srOnly>
        {` ${t('overdue.countSuffix')}`}
      </Box>
    </Badge>
  );
  const refresh = (
    <Button size="xs" variant="outline" loading={overdue.isFetching} onClick={() => void overdue.refetch()}>
      <LuRefreshCw aria-hidden />
      {t('overdue.refresh')}
    </Button>
  );

  return (
    <Panel title={t('overdue.title')} badge={countBadge} actions={refresh} description={t('overdue.deadlinesHint')}>
      {tickets.length === 0 ? (
        <PanelEmpty icon={<LuCircleCheck />} title={t('overdue.empty')} description={t('overdue.emptyDetail')} />
      ) : (
        // Focusable so that keyboard users can scroll a long list (the rows themselves have no controls).
        <Stack
          as="ul"
          gap="0"
          listStyleType="none"
          maxH="md"
          overflowY="auto"
          tabIndex={0}
          aria-label={t('overdue.listLabel')}
        >
          {tickets.map((ticket) => (
            <OverdueRow key={ticket.id} ticket={ticket} />
          ))}
        </Stack>
      )}
    </Panel>
  );
}

function OverdueRow({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const format = useFormat();
  return (
    <Stack
      as="li"
      gap="1.5"
      py="3"
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: 0 }}
      data-ticket-id={ticket.ticketId}
    >
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <HStack gap="2" wrap="wrap">
          <Text fontFamily="mono" textStyle="sm" fontWeight="semibold">
            {ticket.ticketId}
          </Text>
          <PriorityBadge priority={ticket.priority} />
          <StatusBadge status={ticket.status} />
        </HStack>
        <DeadlineBadge deadline={ticket.deadline} />
      </Flex>
      <Text fontWeight="medium" lineClamp={1}>
        {redactedText(ticket.subject, t)}
      </Text>
      <Flex wrap="wrap" columnGap="4" rowGap="0.5" textStyle="xs" color="fg.muted">
        <Text>{t('overdue.customer', { email: ticket.customerEmail })}</Text>
        <Text>{t('overdue.assignee', { assignee: ticket.assignedTo?.email ?? t('common.unassigned') })}</Text>
        <Text>
          <RichText
            id="overdue.deadline"
            values={{ deadline: format.dateTime(ticket.deadline) }}
            components={{ 0: <time dateTime={ticket.deadline} /> }}
          />
        </Text>
      </Flex>
    </Stack>
  );
}
