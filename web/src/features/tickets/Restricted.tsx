/**
 * Restricted compliance cases on screen (docs/product.md §6 "Compliance"): the badge that marks one (only staff with
 * the compliance permission ever see such a ticket), and the button with which they restrict a ticket or lift it.
 */
import { Badge, Button } from '@chakra-ui/react';
import { LuLock, LuLockOpen } from 'react-icons/lu';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { errorText } from '../../lib/server-message.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { useUpdateTicketMutation } from './mutations.ts';

/** "Restricted", beside a restricted ticket's other badges and in lists; nothing for any other ticket. */
export function RestrictedBadge({ ticket }: { ticket: Pick<Ticket, 'restricted'> }) {
  const t = useT();
  if (!ticket.restricted) return null;
  return (
    <Badge variant="solid" colorPalette="purple" whiteSpace="nowrap" title={t('restricted.hint')}>
      <LuLock aria-hidden />
      {t('restricted.badge')}
    </Badge>
  );
}

/** Restrict to compliance / Lift restriction (`PATCH /api/tickets/{id}` `{restricted}`): compliance staff only. */
export function RestrictButton({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const user = useCurrentUser();
  const update = useUpdateTicketMutation(ticket.id);
  if (!user?.compliance) return null;
  const onClick = async () => {
    try {
      await update.mutateAsync({ restricted: !ticket.restricted });
    } catch (error) {
      if (isUnauthorized(error)) return;
      notify('error', translate('restricted.failed', { error: errorText(error, translate) }));
    }
  };
  return (
    <Button variant="outline" onClick={onClick} loading={update.isPending}>
      {ticket.restricted ? <LuLockOpen aria-hidden /> : <LuLock aria-hidden />}
      {ticket.restricted ? t('restricted.lift') : t('restricted.restrict')}
    </Button>
  );
}
