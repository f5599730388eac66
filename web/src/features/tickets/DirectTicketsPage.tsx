import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { LuPhoneIncoming, LuPlus } from 'react-icons/lu';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { useT } from '../../i18n/react.tsx';
import { SECTION_TITLES } from '../../lib/sections.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { canCreateDirectTickets } from './permissions.ts';
import { TicketFilterBar } from './TicketFilterBar.tsx';
import { NoTickets, TicketsTable } from './TicketsTable.tsx';
import { type ListFilters, directTicketsFilters } from './tickets-search.ts';
import { CreateTicketDialog } from './dialogs.ts';

const route = getRouteApi('/$role/_signedIn/direct-tickets');

/**
 * Direct Tickets (docs/product.md §2): tickets staff typed in after a customer's call, and the button to record one.
 * Its filters live in the URL (`?q=&status=&priority=`); the route's loader has read the list they select.
 */
export function DirectTicketsPage() {
  const t = useT();
  const user = useCurrentUser();
  const { q, status, priority } = route.useSearch();
  const navigate = route.useNavigate();
  const [creating, setCreating] = useState(false);
  const mayCreate = user ? canCreateDirectTickets(user.role) : false;
  const filters = useMemo(() => directTicketsFilters({ q, status, priority }), [q, status, priority]);
  const setSearch = (changes: ListFilters, replace: boolean) =>
    void navigate({ search: (prev) => ({ ...prev, ...changes }), replace, resetScroll: false });

  return (
    <>
      <PageHeader
        title={t(SECTION_TITLES['direct-tickets'])}
        actions={
          mayCreate ? (
            <Button
              onClick={() => setCreating(true)}
              onPointerEnter={CreateTicketDialog.preload}
              onFocus={CreateTicketDialog.preload}
            >
              <LuPlus aria-hidden />
              {t('tickets.createDirect')}
            </Button>
          ) : (
            <Text color="fg.muted">{t('tickets.directNotAllowed')}</Text>
          )
        }
      />
      <Alert.Root status="info" variant="surface" mb="6">
        <Alert.Indicator>
          <LuPhoneIncoming />
        </Alert.Indicator>
        <Alert.Content>
          <Alert.Title>{t('tickets.aboutDirectTitle')}</Alert.Title>
          <Alert.Description>{t('tickets.aboutDirectBody')}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Stack gap="4">
        <TicketFilterBar filters={filters} onChange={(changes, { replace }) => setSearch(changes, replace)} />
        <TicketsTable
          filters={filters}
          label={t('tickets.directLabel')}
          selectable
          emptyState={<NoTickets title={t('tickets.noDirect')} description={t('tickets.noDirectDetail')} />}
        />
      </Stack>
      {mayCreate && <CreateTicketDialog open={creating} onClose={() => setCreating(false)} defaultType="direct" />}
    </>
  );
}
