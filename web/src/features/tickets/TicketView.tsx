/**
 * The parts of the one ticket view (docs/product.md §11), shared by the detail dialog (a quick look from a list) and
 * the ticket page (`/<role>/tickets/<code>`): what is wrong with reading it, its badges and clocks, its fields, its
 * description, and the conversation and history tabs.
 */
import { Alert, DataList, Heading, HStack, Link, Stack, Tabs, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from '@tanstack/react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LuHistory, LuMessageSquare, LuStar } from 'react-icons/lu';
import { ticketCode } from '#shared/format.ts';
import type { CustomerMailStatus } from '#shared/schemas/mail.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { IdentifierText } from '../../components/ui/IdentifierText.tsx';
import { PriorityBadge, StatusBadge, TypeBadge } from '../../components/ui/TicketBadges.tsx';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { errorText } from '../../lib/server-message.ts';
import { assigneeName, spacedOrNA, typeLabel } from '../../lib/ticket-display.ts';
import { LANGUAGE_NAMES } from '../settings/settings-options.ts';
import { PresenceLine } from './PresenceLine.tsx';
import { RestrictedBadge } from './Restricted.tsx';
import { SlaClocks } from './SlaClocks.tsx';
import { TicketConversation } from './TicketConversation.tsx';
import { TicketHistory } from './TicketHistory.tsx';
import { useTicketPresence } from './use-ticket-presence.ts';

/**
 * Above the ticket: that the version shown is the listed one because the latest could not be read, and that the
 * customer's address does not take mail.
 */
export function TicketNotices({
  detail,
  mailStatus,
  mergedIntoId,
}: {
  detail: Pick<UseQueryResult<Ticket>, 'isError' | 'error'>;
  mailStatus: CustomerMailStatus | undefined;
  /** The ticket this one was merged into, whose page the notice links to. */
  mergedIntoId?: number | null;
}) {
  const t = useT();
  return (
    <>
      {mergedIntoId ? <MergedNotice intoId={mergedIntoId} /> : null}
      {detail.isError && (
        <Alert.Root status="warning" role="alert" size="sm">
          <Alert.Indicator />
          <Alert.Title>{t('ticketDetail.stale', { error: errorText(detail.error, t) })}</Alert.Title>
        </Alert.Root>
      )}
      {mailStatus?.deliverable === false && <UndeliverableAddress status={mailStatus} />}
    </>
  );
}

/** The ticket's status, priority and type badges, its SLA clocks, and every field of docs/product.md §2. */
export function TicketFacts({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const format = useFormat();
  return (
    <Stack gap="4">
      <HStack gap="2" wrap="wrap">
        <StatusBadge status={ticket.status} />
        <PriorityBadge priority={ticket.priority} />
        <TypeBadge type={ticket.type} />
        <RestrictedBadge ticket={ticket} />
      </HStack>
      <SlaClocks ticket={ticket} />
      <DataList.Root orientation="horizontal" size="sm" gap="2">
        <DetailItem label={t('ticketTable.customer')}>{ticket.customerEmail}</DetailItem>
        <DetailItem label={t('ticketForm.category')}>{spacedOrNA(ticket.category, t)}</DetailItem>
        <DetailItem label={t('ticketForm.type')}>{typeLabel(ticket.type, t)}</DetailItem>
        <DetailItem label={t('createTicket.customerLanguage')}>{LANGUAGE_NAMES[ticket.customerLanguage]}</DetailItem>
        <DetailItem label={t('ticket.assignedTo')}>{assigneeName(ticket.assignedTo, t)}</DetailItem>
        <DetailItem label={t('ticketTable.created')}>{format.dateTime(ticket.createdAt)}</DetailItem>
        {ticket.firstResponseDueAt && (
          <DetailItem label={t('sla.firstResponseDue')}>{format.dateTime(ticket.firstResponseDueAt)}</DetailItem>
        )}
        <DetailItem label={t('sla.firstResponseAt')}>
          {ticket.firstResponseAt ? format.dateTime(ticket.firstResponseAt) : t('sla.noResponseYet')}
        </DetailItem>
        <DetailItem label={t('ticketDetail.deadline')}>{format.dateTime(ticket.deadline)}</DetailItem>
        {ticket.resolvedAt && (
          <DetailItem label={t('ticketDetail.resolved')}>{format.dateTime(ticket.resolvedAt)}</DetailItem>
        )}
        {ticket.rating && (
          <DetailItem label={t('ticketDetail.rating')}>
            <CustomerRating rating={ticket.rating} />
          </DetailItem>
        )}
      </DataList.Root>
    </Stack>
  );
}

/** The customer's description of the problem, identifiers in monospace. */
export function TicketDescription({ ticket }: { ticket: Ticket }) {
  const t = useT();
  return (
    <Stack gap="1">
      <Heading as="h3" size="sm">
        {t('ticketForm.description')}
      </Heading>
      <Text whiteSpace="pre-wrap" wordBreak="break-word">
        <IdentifierText text={ticket.description} />
      </Text>
    </Stack>
  );
}

/**
 * The conversation with the customer and the team's notes, and the ticket's history, as two tabs; above them, who
 * else is on the ticket (docs/product.md §2 "Ticket page"), for as long as the thread is on screen.
 */
export function TicketThread({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const presence = useTicketPresence(ticket.id);
  return (
    <Stack gap="2">
      <PresenceLine viewers={presence.viewers} />
      <Tabs.Root defaultValue="comments" variant="line" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="comments">
            <LuMessageSquare aria-hidden />
            {t('mail.conversationLabel')}
          </Tabs.Trigger>
          <Tabs.Trigger value="history">
            <LuHistory aria-hidden />
            {t('ticketDetail.history')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="comments">
          <TicketConversation ticket={ticket} onTyped={presence.typed} />
        </Tabs.Content>
        <Tabs.Content value="history">
          <TicketHistory ticketId={ticket.id} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

/** The customer's rating beside the resolution: stars and `4/5`, when they rated, and their comment. */
function CustomerRating({ rating }: { rating: NonNullable<Ticket['rating']> }) {
  const t = useT();
  const format = useFormat();
  return (
    <Stack gap="0.5" data-testid="customer-rating">
      <HStack gap="1.5" wrap="wrap">
        <HStack gap="0" color="orange.solid" aria-hidden>
          {[1, 2, 3, 4, 5].map((star) => (
            <LuStar key={star} fill={star <= rating.score ? 'currentColor' : 'none'} />
          ))}
        </HStack>
        <Text as="span" fontWeight="medium">
          {t('ticketDetail.ratingScore', { score: rating.score })}
        </Text>
        <Text as="span" color="fg.muted" fontSize="xs">
          {t('ticketDetail.ratedAt', { date: format.dateTime(rating.ratedAt) })}
        </Text>
      </HStack>
      {rating.comment && (
        <Text fontStyle="italic" whiteSpace="pre-wrap">
          {t('ticketDetail.ratingComment', { comment: rating.comment })}
        </Text>
      )}
    </Stack>
  );
}

function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="28">{label}</DataList.ItemLabel>
      <DataList.ItemValue wordBreak="break-word">{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** The ticket was merged into another: its conversation, and the customer's replies, are there now. */
function MergedNotice({ intoId }: { intoId: number }) {
  const t = useT();
  const { role } = useParams({ strict: false });
  const code = ticketCode(intoId);
  return (
    <Alert.Root status="info" size="sm">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {t('merge.mergedInto')}{' '}
          {role ? (
            <Link asChild>
              <RouterLink to="/$role/tickets/$ticketCode" params={{ role, ticketCode: code }}>
                {code}
              </RouterLink>
            </Link>
          ) : (
            code
          )}
        </Alert.Title>
        <Alert.Description>{t('merge.mergedIntoHint')}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** SES reported the customer's address as bouncing, or the customer marked our mail as spam. */
function UndeliverableAddress({ status }: { status: CustomerMailStatus }) {
  const t = useT();
  const format = useFormat();
  const since = format.dateTime(status.since ?? '');
  const why =
    status.reason === 'complaint'
      ? t('mail.complained', { since })
      : status.detail
        ? t('mail.bouncedWithDetail', { address: status.address, since, detail: status.detail })
        : t('mail.bounced', { address: status.address, since });
  return (
    <Alert.Root status="warning" size="sm">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('mail.undeliverableTitle')}</Alert.Title>
        <Alert.Description>
          {why} {t('mail.replyKeptHint')}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
