import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { LuCirclePause, LuCirclePlay, LuHourglass } from 'react-icons/lu';
import { UNRESOLVED_STATUSES } from '#shared/constants.ts';
import type { MessageKey } from '#shared/i18n/messages.ts';
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

type Clock =
  | { kind: 'first-response' | 'resolution'; label: MessageKey; deadline: string | null }
  | { kind: 'waiting'; label: MessageKey };

/** The clocks running on a ticket, most pressing first: the first response while awaited, then the resolution. */
function runningClocks(ticket: Ticket): Clock[] {
  if (!unresolved(ticket)) return [];
  const clocks: Clock[] = [];
  if (!ticket.firstResponseAt && ticket.firstResponseDueAt) {
    clocks.push({ kind: 'first-response', label: 'sla.firstResponse', deadline: ticket.firstResponseDueAt });
  }
  clocks.push(
    ticket.waitingOnCustomer
      ? { kind: 'waiting', label: 'sla.waitingOnCustomer' }
      : { kind: 'resolution', label: 'sla.resolution', deadline: liveDeadline(ticket) },
  );
  return clocks;
}

/**
 * A ticket's SLA clocks (docs/product.md §9): the first response while it is awaited, and the resolution, or
 * "Waiting on customer" while that clock is stopped. `show="next"` (a table row) shows only the most pressing one,
 * its name above its badge, so it fits a narrow column.
 */
export function SlaClocks({ ticket, show = 'all' }: { ticket: Ticket; show?: 'all' | 'next' }) {
  const t = useT();
  const clocks = runningClocks(ticket);
  const shown = show === 'next' ? clocks.slice(0, 1) : clocks;
  const Wrap = show === 'next' ? Stack : HStack;
  return (
    <Wrap gap="1" align="start" wrap="wrap">
      {shown.map((clock) =>
        clock.kind === 'waiting' ? (
          <Badge key={clock.kind} colorPalette="purple" variant="subtle" data-clock="waiting">
            <LuHourglass aria-hidden />
            {t(clock.label)}
          </Badge>
        ) : (
          <Stack
            key={clock.kind}
            direction={show === 'next' ? 'column' : 'row'}
            gap={show === 'next' ? '0.5' : '1'}
            align={show === 'next' ? 'start' : 'center'}
            data-clock={clock.kind}
          >
            <Text fontSize="xs" color="fg.muted">
              {t(clock.label)}
            </Text>
            <DeadlineBadge deadline={clock.deadline} />
          </Stack>
        ),
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
