import { Box, Button, Heading, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LuUnlink } from 'react-icons/lu';
import { ticketCode } from '#shared/format.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { StatusBadge } from '../../components/ui/TicketBadges.tsx';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { RichText } from '../../i18n/rich-text.tsx';
import { notify } from '../../lib/notify.ts';
import { redactedText } from '../../lib/redaction-text.ts';
import { errorText } from '../../lib/server-message.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { useUnlinkFromIncidentMutation } from './mutations.ts';
import { notifyFailure } from './notify-failure.ts';
import { canEditTicket } from './permissions.ts';
import { openCount, useIncidentChildren } from './incidents.ts';
import { ticketDetailQuery } from './queries.ts';

/** A ticket's code as a link to its page (or plain text outside a role's screens); its text comes from a message. */
function TicketCodeLink({ code, children }: { code: string; children?: ReactNode }) {
  const { role } = useParams({ strict: false });
  if (!role)
    return (
      <Text as="span" fontFamily="mono">
        {children ?? code}
      </Text>
    );
  return (
    <Link asChild fontFamily="mono" color="colorPalette.fg" variant="underline">
      <RouterLink to="/$role/tickets/$ticketCode" params={{ role, ticketCode: code }}>
        {children ?? code}
      </RouterLink>
    </Link>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const t = useT();
  const headingId = 'incident-panel-heading';
  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" borderRadius="l2" p="4">
      <Heading as="h2" size="sm" mb="3" id={headingId}>
        {t('incident.title')}
      </Heading>
      {children}
    </Box>
  );
}

function Loading({ text }: { text: string }) {
  return (
    <HStack role="status" gap="2" color="fg.muted">
      <Spinner size="xs" />
      <Text fontSize="sm">{text}</Text>
    </HStack>
  );
}

/**
 * The "Incident" panel beside a ticket's thread (docs/product.md §2 "Incidents"): for an incident, how many tickets
 * are linked to it and how many are still open, and each of them (code, subject, status); for a ticket that is part
 * of one, the incident (a link to its page) and, for whoever may edit the ticket, Unlink. Nothing for any other
 * ticket. Its list is read under the lists' key, so live changes refresh it.
 */
export function IncidentPanel({ ticket }: { ticket: Ticket }) {
  if (ticket.parentId !== null) return <PartOfIncident ticket={ticket} parentId={ticket.parentId} />;
  return <IncidentChildren ticket={ticket} />;
}

function IncidentChildren({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const children = useIncidentChildren(ticket);
  // Until the read answers it is not known whether the ticket is an incident: most are not, so nothing shows meanwhile.
  if (children.isPending) return null;
  if (children.isError)
    return (
      <Frame>
        <Text role="alert" fontSize="sm" color="fg.error">
          {t('incident.failed', { error: errorText(children.error, t) })}
        </Text>
      </Frame>
    );
  const all = children.data;
  if (all.length === 0) return null;
  return (
    <Frame>
      <Stack gap="3">
        <Text fontSize="sm">{t('incident.summary', { count: all.length, open: openCount(all) })}</Text>
        <Stack as="ul" gap="2" listStyleType="none" ms="0" aria-label={t('incident.listLabel')}>
          {all.map((child) => (
            <Box as="li" key={child.id} borderTopWidth="1px" pt="2">
              <HStack justify="space-between" gap="2" align="start">
                <Text fontSize="sm">
                  <TicketCodeLink code={child.ticketId} />
                </Text>
                <StatusBadge status={child.status} />
              </HStack>
              <Text fontSize="sm" truncate title={redactedText(child.subject, t)}>
                {redactedText(child.subject, t)}
              </Text>
            </Box>
          ))}
        </Stack>
      </Stack>
    </Frame>
  );
}

function PartOfIncident({ ticket, parentId }: { ticket: Ticket; parentId: number }) {
  const t = useT();
  const user = useCurrentUser();
  const parent = useQuery(ticketDetailQuery(parentId));
  const unlink = useUnlinkFromIncidentMutation();
  const code = ticketCode(parentId);
  const mayEdit = user !== null && canEditTicket(user, ticket);

  const onUnlink = async () => {
    try {
      await unlink.mutateAsync(ticket.id);
      notify('success', translate('incident.unlinked', { code: ticket.ticketId, parent: code }));
    } catch (error) {
      notifyFailure(error, translate('incident.unlinkFailed', { error: errorText(error, translate) }));
    }
  };

  return (
    <Frame>
      <Stack gap="3">
        <Text fontSize="sm">
          <RichText id="incident.partOf" values={{ code }} components={{ 0: <TicketCodeLink code={code} /> }} />
        </Text>
        {parent.isPending ? (
          <Loading text={t('incident.parentLoading')} />
        ) : parent.isError ? (
          <Text role="alert" fontSize="sm" color="fg.error">
            {t('incident.parentFailed', { error: errorText(parent.error, t) })}
          </Text>
        ) : (
          <HStack justify="space-between" gap="2" align="start">
            <Text fontSize="sm" truncate title={redactedText(parent.data.subject, t)}>
              {redactedText(parent.data.subject, t)}
            </Text>
            <StatusBadge status={parent.data.status} />
          </HStack>
        )}
        {mayEdit && (
          <Box>
            <Button size="xs" variant="outline" onClick={() => void onUnlink()} loading={unlink.isPending}>
              <LuUnlink aria-hidden />
              {t('incident.unlink')}
            </Button>
          </Box>
        )}
      </Stack>
    </Frame>
  );
}
