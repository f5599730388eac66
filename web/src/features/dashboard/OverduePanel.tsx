import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuCircleCheck, LuRefreshCw } from 'react-icons/lu';
import { MESSAGES } from '#shared/messages.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { DeadlineBadge } from '../../components/ui/DeadlineBadge.tsx';
import { formatDateTime, useUserTimezone } from '../../lib/dates.ts';
import { PriorityBadge, StatusBadge } from '../tickets/TicketBadges.tsx';
import { Panel } from './Panel.tsx';
import { PanelEmpty, PanelError, PanelLoading } from './PanelStatus.tsx';
import { overdueTicketsQuery } from './queries.ts';

/** Unresolved tickets past their deadline, refreshed every 30 s and on demand (docs/product.md §2 Overdue Tickets panel). */
export function OverduePanel() {
  const overdue = useQuery(overdueTicketsQuery());

  const countBadge = overdue.data && (
    <Badge colorPalette={overdue.data.length > 0 ? 'red' : 'gray'} variant="solid">
      {overdue.data.length}
      <Box as="span" srOnly>
        {' overdue'}
      </Box>
    </Badge>
  );
  const refresh = (
    <Button size="xs" variant="outline" loading={overdue.isFetching} onClick={() => void overdue.refetch()}>
      <LuRefreshCw aria-hidden />
      Refresh
    </Button>
  );

  return (
    <Panel title="Overdue Tickets" badge={countBadge} actions={refresh} description={MESSAGES.overdueDeadlinesHint}>
      {overdue.isPending ? (
        <PanelLoading label="Loading overdue tickets…" />
      ) : overdue.isError ? (
        <PanelError error={overdue.error} onRetry={() => void overdue.refetch()} />
      ) : overdue.data.length === 0 ? (
        <PanelEmpty
          icon={<LuCircleCheck />}
          title={MESSAGES.noOverdueTickets}
          description={MESSAGES.noOverdueTicketsDetail}
        />
      ) : (
        // Focusable so that keyboard users can scroll a long list (the rows themselves have no controls).
        <Stack
          as="ul"
          gap="0"
          listStyleType="none"
          maxH="md"
          overflowY="auto"
          tabIndex={0}
          aria-label="Overdue tickets"
        >
          {overdue.data.map((ticket) => (
            <OverdueRow key={ticket.id} ticket={ticket} />
          ))}
        </Stack>
      )}
    </Panel>
  );
}

function OverdueRow({ ticket }: { ticket: Ticket }) {
  const timezone = useUserTimezone();
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
        {ticket.subject}
      </Text>
      <Flex wrap="wrap" columnGap="4" rowGap="0.5" textStyle="xs" color="fg.muted">
        <Text>Customer: {ticket.customerEmail}</Text>
        <Text>Assignee: {ticket.assignedTo?.email ?? MESSAGES.unassigned}</Text>
        <Text>
          Deadline: <time dateTime={ticket.deadline}>{formatDateTime(ticket.deadline, timezone)}</time>
        </Text>
      </Flex>
    </Stack>
  );
}
