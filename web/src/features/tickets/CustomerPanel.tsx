import { Badge, Box, Heading, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from '@tanstack/react-router';
import { LuStar } from 'react-icons/lu';
import { UNRESOLVED_STATUSES } from '#shared/constants.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { StatusBadge } from '../../components/ui/TicketBadges.tsx';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { errorText } from '../../lib/server-message.ts';
import { redactedText } from '../../lib/redaction-text.ts';
import { CUSTOMER_PANEL_LIMIT, customerTicketsQuery } from './queries.ts';

/**
 * The customer panel beside a ticket's thread (docs/product.md §2 "Ticket page"): the customer's other tickets, newest
 * first, each with its status, age and rating and opening its page; how many are open; their average rating; how many
 * restricted cases the viewer may not see.
 */
export function CustomerPanel({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const format = useFormat();
  const { role } = useParams({ strict: false });
  const list = useQuery(customerTicketsQuery(ticket.customerEmail));
  const headingId = 'customer-panel-heading';

  let content: React.ReactNode;
  if (list.isPending) {
    content = (
      <HStack role="status" gap="2" color="fg.muted">
        <Spinner size="xs" />
        <Text fontSize="sm">{t('customerPanel.loading')}</Text>
      </HStack>
    );
  } else if (list.isError) {
    content = (
      <Text role="alert" fontSize="sm" color="fg.error">
        {t('customerPanel.failed', { error: errorText(list.error, t) })}
      </Text>
    );
  } else {
    const all = list.data.tickets;
    const others = all.filter((other) => other.id !== ticket.id);
    const open = all.filter((other) => UNRESOLVED_STATUSES.includes(other.status)).length;
    const scores = all.flatMap((other) => (other.rating ? [other.rating.score] : []));
    const average = scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null;
    content = (
      <Stack gap="3">
        <Text fontSize="sm">{t('customerPanel.summary', { count: all.length, open })}</Text>
        {/* Restricted cases this staff member may not see: how many, and nothing more (§6 "Compliance"). */}
        {Boolean(list.data.restrictedCount) && (
          <Text fontSize="sm" color="fg.muted">
            {t('customerPanel.restricted', { count: list.data.restrictedCount ?? 0 })}
          </Text>
        )}
        {list.data.nextCursor && (
          <Text fontSize="xs" color="fg.muted">
            {t('customerPanel.newest', { count: CUSTOMER_PANEL_LIMIT })}
          </Text>
        )}
        {average !== null && (
          <HStack gap="1" fontSize="sm">
            <LuStar aria-hidden />
            <Text>
              {t('customerPanel.ratings', {
                average: format.number(Math.round(average * 10) / 10),
                count: scores.length,
              })}
            </Text>
          </HStack>
        )}
        {others.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t('customerPanel.noOthers')}
          </Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" ms="0">
            {others.map((other) => (
              <Box as="li" key={other.id} borderTopWidth="1px" pt="2">
                <HStack justify="space-between" gap="2" align="start">
                  {role ? (
                    <Link asChild fontFamily="mono" fontSize="sm" color="colorPalette.fg" variant="underline">
                      <RouterLink to="/$role/tickets/$ticketCode" params={{ role, ticketCode: other.ticketId }}>
                        {other.ticketId}
                      </RouterLink>
                    </Link>
                  ) : (
                    <Text fontFamily="mono" fontSize="sm">
                      {other.ticketId}
                    </Text>
                  )}
                  <StatusBadge status={other.status} />
                </HStack>
                <Text fontSize="sm" truncate title={redactedText(other.subject, t)}>
                  {redactedText(other.subject, t)}
                </Text>
                <HStack gap="2" fontSize="xs" color="fg.muted">
                  <Text title={format.dateTime(other.createdAt)}>{format.date(other.createdAt)}</Text>
                  {other.rating && (
                    <Badge size="xs" variant="subtle" colorPalette="yellow">
                      {t('customerPanel.rated', { score: other.rating.score })}
                    </Badge>
                  )}
                </HStack>
              </Box>
            ))}
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" borderRadius="l2" p="4">
      <Heading as="h2" size="sm" mb="1" id={headingId}>
        {t('customerPanel.title')}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3" wordBreak="break-all">
        {ticket.customerEmail}
      </Text>
      {content}
    </Box>
  );
}
