import { Alert, Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPhoneIncoming, LuPlus } from 'react-icons/lu';
import { LIST_LIMITS } from '#shared/constants.ts';
import { MESSAGES, TICKET_TEXTS } from '#shared/messages.ts';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { SECTION_TITLES } from '../../lib/sections.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { CreateTicketDialog } from './CreateTicketDialog.tsx';
import { canCreateDirectTickets } from './permissions.ts';
import { NoTickets, TicketsTable } from './TicketsTable.tsx';

/** Direct Tickets (docs/product.md §2): tickets staff typed in after a customer's call, and the button to record one. */
export function DirectTicketsPage() {
  const user = useCurrentUser();
  const [creating, setCreating] = useState(false);
  const mayCreate = user ? canCreateDirectTickets(user.role) : false;

  return (
    <>
      <PageHeader
        title={SECTION_TITLES['direct-tickets']}
        actions={
          mayCreate ? (
            <Button onClick={() => setCreating(true)}>
              <LuPlus aria-hidden />
              Create Direct Ticket
            </Button>
          ) : (
            <Text color="fg.muted">{MESSAGES.directTicketsNotAllowed}</Text>
          )
        }
      />
      <Alert.Root status="info" variant="surface" mb="6">
        <Alert.Indicator>
          <LuPhoneIncoming />
        </Alert.Indicator>
        <Alert.Content>
          <Alert.Title>{TICKET_TEXTS.aboutDirectTicketsTitle}</Alert.Title>
          <Alert.Description>{TICKET_TEXTS.aboutDirectTicketsBody}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <TicketsTable
        scope={{ limit: LIST_LIMITS.fullList, type: 'direct' }}
        label="Direct tickets"
        emptyState={
          <NoTickets
            title={TICKET_TEXTS.noDirectTickets}
            description="Tickets recorded from customer calls will appear here."
          />
        }
      />
      {mayCreate && <CreateTicketDialog open={creating} onClose={() => setCreating(false)} defaultType="direct" />}
    </>
  );
}
