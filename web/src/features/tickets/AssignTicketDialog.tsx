import { DataList, Dialog, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { LIST_LIMITS } from '#shared/constants.ts';
import { issueText } from '#shared/i18n/messages.ts';
import { type Ticket, assignTicketSchema } from '#shared/schemas/ticket.ts';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { redactedText } from '../../lib/redaction-text.ts';
import { liveDeadline } from '../../lib/deadline.ts';
import { notify } from '../../lib/notify.ts';
import { errorText } from '../../lib/server-message.ts';
import { showFieldErrors } from '../../lib/form-errors.ts';
import { DialogFrame, FormDialogFooter } from '../../components/ui/DialogFrames.tsx';
import { useTicketDialogFrame } from './ticket-dialog.ts';
import { SelectField } from './FormFields.tsx';
import { useAssignTicketMutation } from './mutations.ts';
import { notifyFailure } from './notify-failure.ts';
import { assignableStaffQuery, ticketListQuery } from './queries.ts';
import { StaffOptions } from './TicketSelects.tsx';
import { assigneeName } from '../../lib/ticket-display.ts';
import { useLastNonNull } from './use-last-non-null.ts';

// docs/product.md §5 "Assign ticket": a ticket, and an agent ('Please select an agent').
const assignFormSchema = z.object({
  ticketId: z.string().min(1, issueText('form.ticketRequired')),
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
  const t = useT();
  const shown = useLastNonNull(ticket);
  return (
    <DialogFrame {...useTicketDialogFrame()} open={open} onClose={onClose} title={t('assignTicket.title')}>
      <AssignTicketForm ticket={open ? ticket : shown} onClose={onClose} />
    </DialogFrame>
  );
}

function AssignTicketForm({ ticket, onClose }: { ticket: Ticket | null; onClose: () => void }) {
  const t = useT();
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
      notifyFailure(error, translate('assignTicket.failed'));
      showFieldErrors(error, ['agentId'], setError);
      return;
    }
    notify('success', translate('assignTicket.success'));
    onClose();
  });

  const staffHelp = staff.isPending
    ? t('ticketForm.loadingAgents')
    : staff.isError
      ? t('ticketForm.agentsFailed', { error: errorText(staff.error, t) })
      : undefined;
  const ticketHelp = candidates.isError
    ? t('assignTicket.ticketsFailed', { error: errorText(candidates.error, t) })
    : undefined;

  return (
    <>
      <Dialog.Body>
        <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label={t('assignTicket.formLabel')}>
          <Stack gap="4">
            {ticket === null && (
              <SelectField
                label={t('assignTicket.ticket')}
                error={errors.ticketId?.message}
                helperText={ticketHelp}
                {...register('ticketId')}
              >
                <option value="">{candidates.isPending ? t('tickets.loading') : t('assignTicket.selectTicket')}</option>
                {unresolved.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {t('assignTicket.ticketOption', {
                      code: candidate.ticketId,
                      subject: redactedText(candidate.subject, t),
                    })}
                  </option>
                ))}
              </SelectField>
            )}
            {chosen && (
              <DataList.Root orientation="horizontal" size="sm" gap="2" borderWidth="1px" rounded="md" p="3">
                <Summary label={t('ticketTable.ticketId')} value={chosen.ticketId} />
                <Summary label={t('ticketForm.subject')} value={redactedText(chosen.subject, t)} />
                <Summary label={t('ticketTable.customer')} value={chosen.customerEmail} />
                <Summary label={t('ticket.assignedTo')} value={assigneeName(chosen.assignedTo, t)} />
              </DataList.Root>
            )}
            <SelectField
              label={t('assignTicket.agent')}
              error={errors.agentId?.message}
              helperText={staffHelp}
              {...register('agentId')}
            >
              <option value="">{t('assignTicket.selectAgent')}</option>
              <StaffOptions staff={staff.data} />
            </SelectField>
          </Stack>
        </form>
      </Dialog.Body>
      <FormDialogFooter
        form={FORM_ID}
        submitLabel={t('assignTicket.title')}
        pendingLabel={t('assignTicket.pending')}
        pending={isSubmitting}
      />
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
