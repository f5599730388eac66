import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { LuCirclePause, LuCirclePlay, LuHourglass } from 'react-icons/lu';
import { UNRESOLVED_STATUSES } from '#shared/constants.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { DeadlineBadge } from '../../components/ui/DeadlineBadge.tsx';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { liveDeadline } from '../../lib/deadline.ts';
import { notify } from '../../lib/notify.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { useUpdateTicketMutation } from './mutations.ts';
import { canEditTicket } from './permissions.ts';

const unresolved = (ticket: Pick<Ticket, 'status'>) => UNRESOLVED_STATUSES.includes(ticket.status);

/**
 * A ticket's two SLA clocks (docs/product.md §9): the first response while it is awaited, and the resolution, or
 * "Waiting on customer" while that clock is stopped.
 */
export function SlaClocks({ ticket, direction = 'row' }: { ticket: Ticket; direction?: 'row' | 'column' }) {
  const t = useT();
  const firstResponseDue = unresolved(ticket) && !ticket.firstResponseAt ? ticket.firstResponseDueAt : null;
  const Wrap = direction === 'row' ? HStack : Stack;
  return (
    <Wrap gap="1" align="start" wrap="wrap">
      {firstResponseDue && (
        <HStack gap="1" data-clock="first-response">
          <Text fontSize="xs" color="fg.muted">
            {t('sla.firstResponse')}
          </Text>
          <DeadlineBadge deadline={firstResponseDue} />
        </HStack>
      )}
      {ticket.waitingOnCustomer && unresolved(ticket) ? (
        <Badge colorPalette="purple" variant="subtle" data-clock="waiting">
          <LuHourglass aria-hidden />
          {t('sla.waitingOnCustomer')}
        </Badge>
      ) : (
        unresolved(ticket) && (
          <HStack gap="1" data-clock="resolution">
            <Text fontSize="xs" color="fg.muted">
              {t('sla.resolution')}
            </Text>
            <DeadlineBadge deadline={liveDeadline(ticket)} />
          </HStack>
        )
      )}
    </Wrap>
  );
}

/**
 * Waiting on customer / Resume the clock, for whoever may edit the ticket while it is unresolved: stops or restarts
 * the resolution clock (`PATCH /api/tickets/{id}` `{waitingOnCustomer}`); the customer's next message restarts it too.
 */
export function WaitingOnCustomerButton({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const user = useCurrentUser();
  const update = useUpdateTicketMutation(ticket.id);
  if (!user || !canEditTicket(user, ticket) || !unresolved(ticket)) return null;
  const waiting = ticket.waitingOnCustomer;
  const onClick = async () => {
    try {
      await update.mutateAsync({ waitingOnCustomer: !waiting });
    } catch (error) {
      if (!isUnauthorized(error)) notify('error', translate('sla.waitingFailed'), refusalMessage(error, translate));
    }
  };
  return (
    <Button variant="outline" onClick={onClick} loading={update.isPending}>
      {waiting ? <LuCirclePlay aria-hidden /> : <LuCirclePause aria-hidden />}
      {waiting ? t('sla.resumeClock') : t('sla.markWaiting')}
    </Button>
  );
}
