import { DataList, Dialog, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { LIST_LIMITS } from '#shared/constants.ts';
import { TICKET_TEXTS } from '#shared/messages.ts';
import { type Ticket, assignTicketSchema } from '#shared/schemas/ticket.ts';
import { liveDeadline } from '../../lib/deadline.ts';
import { displayNameOf, roleLabelOf } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { DialogFrame, FormDialogFooter } from '../../components/ui/DialogFrames.tsx';
import { TICKET_DIALOG } from './ticket-dialog.ts';
import { SelectField } from './FormFields.tsx';
import { useAssignTicketMutation } from './mutations.ts';
import { notifyFailure } from './notify-failure.ts';
import { assignableStaffQuery, ticketListQuery } from './queries.ts';
import { showServerFieldErrors } from './server-field-errors.ts';
import { assigneeName } from '../../lib/ticket-display.ts';
import { useLastNonNull } from './use-last-non-null.ts';

// docs/product.md §5 "Assign ticket": a ticket, and an agent ('Please select an agent').
const assignFormSchema = z.object({
  ticketId: z.string().min(1, TICKET_TEXTS.noTicketSelected),
  agentId: assignTicketSchema.shape.agentId,
});
type AssignFormValues = z.infer<typeof assignFormSchema>;

const FORM_ID = 'assign-ticket-form';

interface AssignTicketDialogProps {
  open: boolean;
  /** The ticket to assign; without one the dialog first asks which (the unresolved ones among the latest 100). */
  ticket?: Ticket | null;
  onClose: () => void;
}

/** The Assign Ticket dialog (docs/product.md §2), for admins and managers: the ticket, and whom to give it to. */
export function AssignTicketDialog({ open, ticket = null, onClose }: AssignTicketDialogProps) {
  const shown = useLastNonNull(ticket);
  return (
    <DialogFrame {...TICKET_DIALOG} open={open} onClose={onClose} title="Assign Ticket">
      <AssignTicketForm ticket={open ? ticket : shown} onClose={onClose} />
    </DialogFrame>
  );
}

function AssignTicketForm({ ticket, onClose }: { ticket: Ticket | null; onClose: () => void }) {
  const assign = useAssignTicketMutation();
  const staff = useQuery(assignableStaffQuery());
  // Only asked for when no ticket was given; shares the All Tickets page's cache entry.
  const candidates = useInfiniteQuery({
    ...ticketListQuery({ limit: LIST_LIMITS.fullList }),
    enabled: ticket === null,
  });
  const unresolved = (candidates.data?.pages[0]?.tickets ?? []).filter((candidate) => liveDeadline(candidate) !== null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<AssignFormValues>({
    resolver: zodResolver(assignFormSchema),
    defaultValues: { ticketId: ticket ? String(ticket.id) : '', agentId: '' },
  });

  const chosenId = watch('ticketId');
  const chosen = ticket ?? unresolved.find((candidate) => String(candidate.id) === chosenId) ?? null;

  const onSubmit = handleSubmit(async ({ ticketId, agentId }) => {
    try {
      await assign.mutateAsync({ ticketId: Number(ticketId), agentId });
    } catch (error) {
      notifyFailure(error, TICKET_TEXTS.ticketAssignFailed);
      showServerFieldErrors(error, setError, ['agentId']);
      return;
    }
    notify('success', TICKET_TEXTS.ticketAssigned);
    onClose();
  });

  const staffHelp = staff.isPending
    ? 'Loading agents...'
    : staff.isError
      ? `Agents could not be loaded: ${staff.error.message}`
      : undefined;
  const ticketHelp = candidates.isError ? `Tickets could not be loaded: ${candidates.error.message}` : undefined;

  return (
    <>
      <Dialog.Body>
        <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label="Assign ticket">
          <Stack gap="4">
            {ticket === null && (
              <SelectField
                label="Ticket"
                error={errors.ticketId?.message}
                helperText={ticketHelp}
                {...register('ticketId')}
              >
                <option value="">{candidates.isPending ? 'Loading tickets...' : 'Select a ticket'}</option>
                {unresolved.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.ticketId} · {candidate.subject}
                  </option>
                ))}
              </SelectField>
            )}
            {chosen && (
              <DataList.Root orientation="horizontal" size="sm" gap="2" borderWidth="1px" rounded="md" p="3">
                <Summary label="Ticket ID" value={chosen.ticketId} />
                <Summary label="Subject" value={chosen.subject} />
                <Summary label="Customer" value={chosen.customerEmail} />
                <Summary label="Assigned to" value={assigneeName(chosen.assignedTo)} />
              </DataList.Root>
            )}
            <SelectField label="Agent" error={errors.agentId?.message} helperText={staffHelp} {...register('agentId')}>
              <option value="">Select an agent</option>
              {staff.data?.map((member) => (
                <option key={member.id} value={member.id}>
                  {displayNameOf(member)} ({roleLabelOf(member.role)})
                </option>
              ))}
            </SelectField>
          </Stack>
        </form>
      </Dialog.Body>
      <FormDialogFooter form={FORM_ID} submitLabel="Assign Ticket" pendingLabel="Assigning..." pending={isSubmitting} />
    </>
  );
}

function Summary({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="24">{label}</DataList.ItemLabel>
      <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
    </DataList.Item>
  );
}
