import { Button, Dialog, HStack, Stack, Tag, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { LuPlus, LuUserCheck } from 'react-icons/lu';
import type { User } from '#shared/schemas/user.ts';
import { DialogFrame } from '../../components/ui/DialogFrames.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { useT } from '../../i18n/react.tsx';
import { refusalMessage } from '../../lib/server-message.ts';
import { displayNameOf } from '../../lib/format.ts';
import { SECTION_TITLES } from '../../lib/sections.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { canListStaff } from './permissions.ts';
import { staffQuery, ticketDetailQuery } from './queries.ts';
import { TicketFilterBar } from './TicketFilterBar.tsx';
import { TicketsTable } from './TicketsTable.tsx';
import { type TicketsSearch, allTicketsFilters } from './tickets-search.ts';
import { CreateTicketDialog, EditTicketDialog, TicketDetailDialog } from './dialogs.ts';

const route = getRouteApi('/$role/_signedIn/tickets');

/**
 * All Tickets (docs/product.md §2): the shared table over every ticket, optionally narrowed to one assignee. Its
 * filters live in the URL (`?q=&status=&priority=&type=&assignedToId=`), and so does a ticket opened by a link
 * (`?ticket=`); the route's loader has read the list they select.
 */
export function AllTicketsPage() {
  const t = useT();
  const user = useCurrentUser();
  const { q, status, priority, type, assignedToId, ticket } = route.useSearch();
  const navigate = route.useNavigate();
  const [creating, setCreating] = useState(false);
  const filters = useMemo(
    () => allTicketsFilters({ q, status, priority, type, assignedToId }),
    [q, status, priority, type, assignedToId],
  );
  const setSearch = (changes: TicketsSearch, replace = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...changes }), replace, resetScroll: false });

  return (
    <>
      <PageHeader
        title={t(SECTION_TITLES.tickets)}
        actions={
          <HStack gap="3" wrap="wrap">
            {user && assignedToId !== user.id && (
              <Button variant="outline" onClick={() => setSearch({ assignedToId: user.id })}>
                <LuUserCheck aria-hidden />
                {t('tickets.myTickets')}
              </Button>
            )}
            <Button
              onClick={() => setCreating(true)}
              onPointerEnter={CreateTicketDialog.preload}
              onFocus={CreateTicketDialog.preload}
            >
              <LuPlus aria-hidden />
              {t('tickets.create')}
            </Button>
          </HStack>
        }
      />
      {assignedToId && user && (
        <HStack mb="4" gap="2">
          <Text fontSize="sm" color="fg.muted">
            {t('tickets.filteredBy')}
          </Text>
          <AssigneeChip assigneeId={assignedToId} user={user} onRemove={() => setSearch({ assignedToId: undefined })} />
        </HStack>
      )}
      <Stack gap="4">
        <TicketFilterBar byType filters={filters} onChange={(changes, { replace }) => setSearch(changes, replace)} />
        <TicketsTable filters={filters} label={t('tickets.allLabel')} selectable />
      </Stack>
      <CreateTicketDialog open={creating} onClose={() => setCreating(false)} />
      <LinkedTicket ticketId={ticket ?? null} onClose={() => setSearch({ ticket: undefined }, true)} />
    </>
  );
}

/**
 * The ticket a link names (`?ticket=42`, links of earlier notification e-mails), opened over the list whatever it shows;
 * closing it takes the parameter away again. A ticket that cannot be read is said so in a dialog of its own.
 */
function LinkedTicket({ ticketId, onClose }: { ticketId: number | null; onClose: () => void }) {
  const detail = useQuery({ ...ticketDetailQuery(ticketId ?? 0), enabled: ticketId !== null });
  const [editing, setEditing] = useState<number | null>(null);
  const failed = ticketId !== null && detail.isError;
  const t = useT();
  return (
    <>
      <TicketDetailDialog
        ticket={ticketId !== null && detail.data?.id === ticketId ? detail.data : null}
        onClose={onClose}
        onEdit={(ticket) => {
          onClose();
          setEditing(ticket.id);
        }}
      />
      <EditTicketDialog ticketId={editing} onClose={() => setEditing(null)} />
      <DialogFrame
        open={failed}
        onClose={onClose}
        closeLabel={t('common.close')}
        title={t('tickets.linkedUnavailable')}
      >
        <Dialog.Body>
          <Text role="alert">{refusalMessage(detail.error, t) ?? t('tickets.linkedLoadFailed')}</Text>
        </Dialog.Body>
      </DialogFrame>
    </>
  );
}

/**
 * "Assigned to: Priya Nair ×": names the person (deactivated ones too) when the user may list staff, else only says
 * whether it is them.
 */
function AssigneeChip({ assigneeId, user, onRemove }: { assigneeId: string; user: User; onRemove: () => void }) {
  const t = useT();
  const staff = useQuery({ ...staffQuery(), enabled: canListStaff(user.role) && assigneeId !== user.id });
  const person = staff.data?.find((member) => member.id === assigneeId);
  const name =
    assigneeId === user.id ? t('tickets.assigneeMe') : person ? displayNameOf(person, t) : t('tickets.assigneeSomeone');
  return (
    <Tag.Root size="lg" variant="subtle" colorPalette="blue">
      <Tag.Label>{t('tickets.assignedTo', { name })}</Tag.Label>
      <Tag.EndElement>
        <Tag.CloseTrigger aria-label={t('tickets.removeAssigneeFilter')} onClick={onRemove} />
      </Tag.EndElement>
    </Tag.Root>
  );
}
