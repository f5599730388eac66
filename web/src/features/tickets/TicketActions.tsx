import { Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPlus, LuUserPlus } from 'react-icons/lu';
import type { Role } from '#shared/constants.ts';
import { useT } from '../../i18n/react.tsx';
import { AssignTicketDialog, CreateTicketDialog } from './dialogs.ts';
import { canAssignTickets } from './permissions.ts';

type OpenDialog = 'create' | 'assign' | null;

/**
 * The dashboard's header buttons (docs/product.md §2; no 'Test Modal', docs/product.md §11): Create Ticket for everyone, Assign
 * Ticket for those the server lets assign. Assign opens the dialog without a ticket, so it asks for one first.
 */
export function TicketActions({ role }: { role: Role }) {
  const t = useT();
  const [open, setOpen] = useState<OpenDialog>(null);
  const close = () => setOpen(null);

  return (
    <HStack gap="2" wrap="wrap">
      <Button
        onClick={() => setOpen('create')}
        onPointerEnter={CreateTicketDialog.preload}
        onFocus={CreateTicketDialog.preload}
      >
        <LuPlus aria-hidden />
        {t('tickets.create')}
      </Button>
      {canAssignTickets(role) && (
        <>
          <Button
            variant="outline"
            onClick={() => setOpen('assign')}
            onPointerEnter={AssignTicketDialog.preload}
            onFocus={AssignTicketDialog.preload}
          >
            <LuUserPlus aria-hidden />
            {t('assignTicket.title')}
          </Button>
          <AssignTicketDialog open={open === 'assign'} onClose={close} />
        </>
      )}
      <CreateTicketDialog open={open === 'create'} onClose={close} />
    </HStack>
  );
}
