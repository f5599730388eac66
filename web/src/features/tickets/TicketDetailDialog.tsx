import { Button, Dialog, Heading, Link, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from '@tanstack/react-router';
import { LuExternalLink } from 'react-icons/lu';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { DialogFrame } from '../../components/ui/DialogFrames.tsx';
import { useT } from '../../i18n/react.tsx';
import { redactedText } from '../../lib/redaction-text.ts';
import { ticketDetailQuery, ticketMailStatusQuery } from './queries.ts';
import { RestrictButton } from './Restricted.tsx';
import { WaitingOnCustomerButton } from './SlaClocks.tsx';
import { TicketDescription, TicketFacts, TicketNotices, TicketThread } from './TicketView.tsx';
import { useLastNonNull } from './use-last-non-null.ts';

interface TicketDetailDialogProps {
  /** The ticket to show (as the list had it; the dialog reads it fresh); null keeps the dialog closed. */
  ticket: Ticket | null;
  onClose: () => void;
  /** Edit Ticket: the caller opens the edit dialog, which itself tells a user without permission so. */
  onEdit: (ticket: Ticket) => void;
}

/**
 * The ticket detail dialog (docs/product.md §11), a quick look from a list: every field of docs/product.md §2
 * "Ticket detail", the SLA clocks, the conversation with the customer and the team's internal notes, the ticket's
 * history, and a link to the ticket's page.
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
  const { role } = useParams({ strict: false });
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
        {role && (
          <Link asChild fontSize="sm" color="colorPalette.fg" variant="underline">
            <RouterLink to="/$role/tickets/$ticketCode" params={{ role, ticketCode: ticket.ticketId }}>
              <LuExternalLink aria-hidden />
              {t('ticketDetail.openPage')}
            </RouterLink>
          </Link>
        )}
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="5">
          <TicketNotices detail={detail} mailStatus={mailStatus.data} mergedIntoId={ticket.mergedIntoId} />
          <TicketFacts ticket={ticket} />
          <TicketDescription ticket={ticket} />
          <TicketThread ticket={ticket} />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <WaitingOnCustomerButton ticket={ticket} />
        <RestrictButton ticket={ticket} />
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
