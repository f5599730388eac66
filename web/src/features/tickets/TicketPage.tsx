import { Box, Button, Grid, Heading, HStack, Link, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link as RouterLink } from '@tanstack/react-router';
import { useState } from 'react';
import { LuArrowLeft, LuLink, LuMerge, LuPencil } from 'react-icons/lu';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { useT } from '../../i18n/react.tsx';
import { redactedText } from '../../lib/redaction-text.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { CustomerPanel } from './CustomerPanel.tsx';
import { EditTicketDialog } from './EditTicketDialog.tsx';
import { IncidentPanel } from './IncidentPanel.tsx';
import { useIncidentChildren } from './incidents.ts';
import { LinkIncidentDialog } from './LinkIncidentDialog.tsx';
import { MergeTicketDialog } from './MergeTicketDialog.tsx';
import { canEditTicket } from './permissions.ts';
import { ticketDetailQuery, ticketMailStatusQuery } from './queries.ts';
import { RestrictButton } from './Restricted.tsx';
import { WaitingOnCustomerButton } from './SlaClocks.tsx';
import { TicketDescription, TicketFacts, TicketNotices, TicketThread } from './TicketView.tsx';

const route = getRouteApi('/$role/_signedIn/tickets_/$ticketCode');

/**
 * The ticket page (docs/product.md §2 "Ticket page"): the ticket's code and subject with its actions, the description
 * and the thread (conversation and composer, history) in the middle; its badges, clocks and fields, its incident
 * (docs/product.md §2 "Incidents") and the customer panel (their other tickets) on the side. The route's loader has
 * read the ticket; live changes refresh it like every ticket on screen.
 */
export function TicketPage() {
  const t = useT();
  const { role } = route.useParams();
  const { id } = route.useLoaderData();
  const detail = useQuery(ticketDetailQuery(id));
  const mailStatus = useQuery(ticketMailStatusQuery(id));
  const [editing, setEditing] = useState<number | null>(null);
  const [merging, setMerging] = useState(false);
  const [linking, setLinking] = useState(false);
  const navigate = route.useNavigate();
  const user = useCurrentUser();
  const ticket = detail.data;
  const children = useIncidentChildren(ticket ?? { id, parentId: null });
  if (!ticket) return null;
  // An incident is no part of another, and a merged ticket is linked to none; a child moves to another incident.
  const mayLink =
    user !== null &&
    canEditTicket(user, ticket) &&
    !ticket.mergedIntoId &&
    (ticket.parentId !== null || children.data?.length === 0);

  return (
    <>
      <Link asChild fontSize="sm" color="fg.muted" mb="3">
        <RouterLink to="/$role/tickets" params={{ role }}>
          <LuArrowLeft aria-hidden />
          {t('ticketPage.back')}
        </RouterLink>
      </Link>
      <PageHeader
        title={ticket.ticketId}
        description={redactedText(ticket.subject, t)}
        actions={
          <HStack gap="2" wrap="wrap">
            <WaitingOnCustomerButton ticket={ticket} />
            <RestrictButton ticket={ticket} />
            <Button variant="outline" onClick={() => setEditing(ticket.id)}>
              <LuPencil aria-hidden />
              {t('editTicket.title')}
            </Button>
            {mayLink && (
              <Button variant="outline" onClick={() => setLinking(true)}>
                <LuLink aria-hidden />
                {ticket.parentId !== null ? t('incident.move') : t('incident.link')}
              </Button>
            )}
            {!ticket.mergedIntoId && (
              <Button variant="outline" onClick={() => setMerging(true)}>
                <LuMerge aria-hidden />
                {t('merge.open')}
              </Button>
            )}
          </HStack>
        }
      />
      <Stack gap="5">
        <TicketNotices detail={detail} mailStatus={mailStatus.data} mergedIntoId={ticket.mergedIntoId} />
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 22rem' }} gap="8" alignItems="start">
          <Stack gap="5" minW="0">
            <TicketDescription ticket={ticket} />
            <TicketThread ticket={ticket} />
          </Stack>
          <Stack gap="5">
            <Box as="aside" aria-labelledby="ticket-page-details" borderWidth="1px" borderRadius="l2" p="4">
              <Heading as="h2" size="sm" mb="3" id="ticket-page-details">
                {t('ticketPage.details')}
              </Heading>
              <TicketFacts ticket={ticket} />
            </Box>
            <IncidentPanel ticket={ticket} />
            <CustomerPanel ticket={ticket} />
          </Stack>
        </Grid>
      </Stack>
      <EditTicketDialog ticketId={editing} onClose={() => setEditing(null)} />
      <LinkIncidentDialog ticket={ticket} open={linking} onClose={() => setLinking(false)} />
      <MergeTicketDialog
        ticket={ticket}
        role={role}
        open={merging}
        onClose={() => setMerging(false)}
        onMerged={(target) =>
          void navigate({ to: '/$role/tickets/$ticketCode', params: { role, ticketCode: target.ticketId } })
        }
      />
    </>
  );
}
