import { Alert, Button, DataList, Dialog, Heading, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LuHistory, LuMessageSquare } from 'react-icons/lu';
import { MAIL_TEXTS } from '#shared/messages.ts';
import type { CustomerMailStatus } from '#shared/schemas/mail.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { DeadlineBadge } from '../../components/ui/DeadlineBadge.tsx';
import { DialogFrame } from '../../components/ui/DialogFrames.tsx';
import { PriorityBadge, StatusBadge, TypeBadge } from '../../components/ui/TicketBadges.tsx';
import { IdentifierText } from '../../components/ui/IdentifierText.tsx';
import { formatDateTime, useUserTimezone } from '../../lib/dates.ts';
import { liveDeadline } from '../../lib/deadline.ts';
import { assigneeName, spacedOrNA, typeLabel } from '../../lib/ticket-display.ts';
import { LANGUAGE_LABELS } from '../settings/settings-options.ts';
import { ticketDetailQuery, ticketMailStatusQuery } from './queries.ts';
import { TicketConversation } from './TicketConversation.tsx';
import { TicketHistory } from './TicketHistory.tsx';
import { useLastNonNull } from './use-last-non-null.ts';

interface TicketDetailDialogProps {
  /** The ticket to show (as the list had it; the dialog reads it fresh); null keeps the dialog closed. */
  ticket: Ticket | null;
  onClose: () => void;
  /** Edit Ticket: the caller opens the edit dialog, which itself tells a user without permission so. */
  onEdit: (ticket: Ticket) => void;
}

/**
 * The one ticket detail view (docs/product.md §11): every field of docs/product.md §2 "Ticket detail", the deadline
 * countdown, the conversation with the customer and the team's internal notes, and the ticket's history.
 */
export function TicketDetailDialog({ ticket, onClose, onEdit }: TicketDetailDialogProps) {
  const shown = useLastNonNull(ticket);
  return (
    <DialogFrame
      open={ticket !== null}
      onClose={onClose}
      closeLabel="Close ticket details"
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
    >
      {shown && <TicketDetail listed={shown} onEdit={onEdit} />}
    </DialogFrame>
  );
}

function TicketDetail({ listed, onEdit }: { listed: Ticket; onEdit: (ticket: Ticket) => void }) {
  const timeZone = useUserTimezone();
  // Shown at once from the list, then replaced by the server's current version.
  const detail = useQuery({ ...ticketDetailQuery(listed.id), placeholderData: listed });
  const ticket = detail.data ?? listed;
  const mailStatus = useQuery(ticketMailStatusQuery(listed.id));

  return (
    <>
      <Dialog.Header flexDirection="column" alignItems="start" gap="1">
        <Dialog.Title fontFamily="mono">{ticket.ticketId}</Dialog.Title>
        <Heading as="p" size="md" fontWeight="medium">
          {ticket.subject}
        </Heading>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="5">
          {detail.isError && (
            <Alert.Root status="warning" role="alert" size="sm">
              <Alert.Indicator />
              <Alert.Title>
                Showing the ticket as listed; the latest version could not be loaded ({detail.error.message}).
              </Alert.Title>
            </Alert.Root>
          )}
          {mailStatus.data?.deliverable === false && (
            <UndeliverableAddress status={mailStatus.data} timeZone={timeZone} />
          )}
          <HStack gap="2" wrap="wrap">
            <StatusBadge status={ticket.status} />
            <PriorityBadge priority={ticket.priority} />
            <TypeBadge type={ticket.type} />
            <DeadlineBadge deadline={liveDeadline(ticket)} />
          </HStack>

          <DataList.Root orientation="horizontal" size="sm" gap="2">
            <DetailItem label="Customer">{ticket.customerEmail}</DetailItem>
            <DetailItem label="Category">{spacedOrNA(ticket.category)}</DetailItem>
            <DetailItem label="Type">{typeLabel(ticket.type)}</DetailItem>
            <DetailItem label={MAIL_TEXTS.customerLanguage}>{LANGUAGE_LABELS[ticket.customerLanguage]}</DetailItem>
            <DetailItem label="Assigned to">{assigneeName(ticket.assignedTo)}</DetailItem>
            <DetailItem label="Created">{formatDateTime(ticket.createdAt, timeZone)}</DetailItem>
            <DetailItem label="Deadline">{formatDateTime(ticket.deadline, timeZone)}</DetailItem>
            {ticket.resolvedAt && (
              <DetailItem label="Resolved">{formatDateTime(ticket.resolvedAt, timeZone)}</DetailItem>
            )}
          </DataList.Root>

          <Stack gap="1">
            <Heading as="h3" size="sm">
              Description
            </Heading>
            <Text whiteSpace="pre-wrap" wordBreak="break-word">
              <IdentifierText text={ticket.description} />
            </Text>
          </Stack>

          <Tabs.Root defaultValue="comments" variant="line" lazyMount>
            <Tabs.List>
              <Tabs.Trigger value="comments">
                <LuMessageSquare aria-hidden />
                {MAIL_TEXTS.conversationLabel}
              </Tabs.Trigger>
              <Tabs.Trigger value="history">
                <LuHistory aria-hidden />
                History
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="comments">
              <TicketConversation ticket={ticket} timeZone={timeZone} />
            </Tabs.Content>
            <Tabs.Content value="history">
              <TicketHistory ticketId={ticket.id} timeZone={timeZone} />
            </Tabs.Content>
          </Tabs.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={() => onEdit(ticket)}>
          Edit Ticket
        </Button>
        <Dialog.ActionTrigger asChild>
          <Button>Close</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
    </>
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

/** SES reported the customer's address as bouncing, or the customer marked our mail as spam. */
function UndeliverableAddress({ status, timeZone }: { status: CustomerMailStatus; timeZone: string }) {
  const why =
    status.reason === 'complaint'
      ? `The customer marked our e-mail as spam on ${formatDateTime(status.since ?? '', timeZone)}.`
      : `E-mail to ${status.address} bounced on ${formatDateTime(status.since ?? '', timeZone)}${status.detail ? ` (${status.detail})` : ''}.`;
  return (
    <Alert.Root status="warning" size="sm">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{MAIL_TEXTS.undeliverableTitle}</Alert.Title>
        <Alert.Description>
          {why} {MAIL_TEXTS.replyKeptHint}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
