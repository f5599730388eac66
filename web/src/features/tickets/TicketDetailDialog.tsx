import { Alert, Button, DataList, Dialog, Heading, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LuHistory, LuMessageSquare } from 'react-icons/lu';
import type { CustomerMailStatus } from '#shared/schemas/mail.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { DialogFrame } from '../../components/ui/DialogFrames.tsx';
import { IdentifierText } from '../../components/ui/IdentifierText.tsx';
import { PriorityBadge, StatusBadge, TypeBadge } from '../../components/ui/TicketBadges.tsx';
import { useT } from '../../i18n/react.tsx';
import { redactedText } from '../../lib/redaction-text.ts';
import { useFormat } from '../../i18n/use-format.ts';
import { errorText } from '../../lib/server-message.ts';
import { assigneeName, spacedOrNA, typeLabel } from '../../lib/ticket-display.ts';
import { LANGUAGE_NAMES } from '../settings/settings-options.ts';
import { ticketDetailQuery, ticketMailStatusQuery } from './queries.ts';
import { SlaClocks, WaitingOnCustomerButton } from './SlaClocks.tsx';
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
  const t = useT();
  const shown = useLastNonNull(ticket);
  return (
    <DialogFrame
      open={ticket !== null}
      onClose={onClose}
      closeLabel={t('ticketDetail.close')}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
    >
      {shown && <TicketDetail listed={shown} onEdit={onEdit} />}
    </DialogFrame>
  );
}

function TicketDetail({ listed, onEdit }: { listed: Ticket; onEdit: (ticket: Ticket) => void }) {
  const t = useT();
  const format = useFormat();
  // Shown at once from the list, then replaced by the server's current version.
  const detail = useQuery({ ...ticketDetailQuery(listed.id), placeholderData: listed });
  const ticket = detail.data ?? listed;
  const mailStatus = useQuery(ticketMailStatusQuery(listed.id));

  return (
    <>
      <Dialog.Header flexDirection="column" alignItems="start" gap="1">
        <Dialog.Title fontFamily="mono">{ticket.ticketId}</Dialog.Title>
        <Heading as="p" size="md" fontWeight="medium">
          {redactedText(ticket.subject, t)}
        </Heading>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="5">
          {detail.isError && (
            <Alert.Root status="warning" role="alert" size="sm">
              <Alert.Indicator />
              <Alert.Title>{t('ticketDetail.stale', { error: errorText(detail.error, t) })}</Alert.Title>
            </Alert.Root>
          )}
          {mailStatus.data?.deliverable === false && <UndeliverableAddress status={mailStatus.data} />}
          <HStack gap="2" wrap="wrap">
            <StatusBadge status={ticket.status} />
            <PriorityBadge priority={ticket.priority} />
            <TypeBadge type={ticket.type} />
          </HStack>
          <SlaClocks ticket={ticket} />

          <DataList.Root orientation="horizontal" size="sm" gap="2">
            <DetailItem label={t('ticketTable.customer')}>{ticket.customerEmail}</DetailItem>
            <DetailItem label={t('ticketForm.category')}>{spacedOrNA(ticket.category, t)}</DetailItem>
            <DetailItem label={t('ticketForm.type')}>{typeLabel(ticket.type, t)}</DetailItem>
            <DetailItem label={t('createTicket.customerLanguage')}>
              {LANGUAGE_NAMES[ticket.customerLanguage]}
            </DetailItem>
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
          </DataList.Root>

          <Stack gap="1">
            <Heading as="h3" size="sm">
              {t('ticketForm.description')}
            </Heading>
            <Text whiteSpace="pre-wrap" wordBreak="break-word">
              <IdentifierText text={ticket.description} />
            </Text>
          </Stack>

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
              <TicketConversation ticket={ticket} />
            </Tabs.Content>
            <Tabs.Content value="history">
              <TicketHistory ticketId={ticket.id} />
            </Tabs.Content>
          </Tabs.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <WaitingOnCustomerButton ticket={ticket} />
        <Button variant="outline" onClick={() => onEdit(ticket)}>
          {t('editTicket.title')}
        </Button>
        <Dialog.ActionTrigger asChild>
          <Button>{t('common.close')}</Button>
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
