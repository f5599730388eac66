import { Alert, Button, Dialog, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { type Ticket, type UpdateTicketInput, updateTicketSchema } from '#shared/schemas/ticket.ts';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { notify } from '../../lib/notify.ts';
import { errorText } from '../../lib/server-message.ts';
import { showFieldErrors } from '../../lib/form-errors.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { DialogFrame, FormDialogFooter } from '../../components/ui/DialogFrames.tsx';
import { useTicketDialogFrame } from './ticket-dialog.ts';
import { TextAreaField, TextField } from './FormFields.tsx';
import { useUpdateTicketMutation } from './mutations.ts';
import { notifyFailure } from './notify-failure.ts';
import { canEditTicket } from './permissions.ts';
import { ticketDetailQuery } from './queries.ts';
import { CategorySelect, PrioritySelect, StatusSelect } from './TicketSelects.tsx';
import { useLastNonNull } from './use-last-non-null.ts';

// docs/product.md §5 "Edit ticket": subject and description required, the rest from their lists. Same rules as the server.
const EDITABLE_FIELDS = ['subject', 'status', 'priority', 'description', 'category'] as const;
// The form's fields only: waiting on the customer has its own button (SlaClocks.tsx).
const editTicketSchema = updateTicketSchema
  .pick({ subject: true, status: true, priority: true, description: true, category: true })
  .required();
type EditTicketValues = z.input<typeof editTicketSchema>;

const FORM_ID = 'edit-ticket-form';

interface EditTicketDialogProps {
  /** The ticket to edit; null keeps the dialog closed. */
  ticketId: number | null;
  onClose: () => void;
}

/**
 * The Edit ticket dialog (docs/product.md §2): preloaded from `GET /api/tickets/{id}`; a user who may not edit the ticket
 * is told so instead of being shown a form the server would refuse.
 */
export function EditTicketDialog({ ticketId, onClose }: EditTicketDialogProps) {
  const t = useT();
  const shownId = useLastNonNull(ticketId);
  return (
    <DialogFrame {...useTicketDialogFrame()} open={ticketId !== null} onClose={onClose} title={t('editTicket.title')}>
      {shownId === null ? <NoTicket /> : <EditTicketContent ticketId={shownId} onClose={onClose} />}
    </DialogFrame>
  );
}

function NoTicket() {
  const t = useT();
  return (
    <>
      <Dialog.Body>
        <Text>{t('form.ticketRequired')}</Text>
      </Dialog.Body>
      <CloseFooter />
    </>
  );
}

function CloseFooter() {
  const t = useT();
  return (
    <Dialog.Footer>
      <Dialog.ActionTrigger asChild>
        <Button variant="outline">{t('common.close')}</Button>
      </Dialog.ActionTrigger>
    </Dialog.Footer>
  );
}

function EditTicketContent({ ticketId, onClose }: { ticketId: number; onClose: () => void }) {
  const t = useT();
  const user = useCurrentUser();
  const ticket = useQuery(ticketDetailQuery(ticketId));

  if (ticket.isPending) {
    return (
      <>
        <Dialog.Body>
          <HStack role="status" gap="3" py="6" justify="center" color="fg.muted">
            <Spinner size="sm" />
            <Text>{t('editTicket.loading')}</Text>
          </HStack>
        </Dialog.Body>
        <CloseFooter />
      </>
    );
  }
  if (ticket.isError) {
    return (
      <>
        <Dialog.Body>
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('editTicket.loadFailed')}</Alert.Title>
              <Alert.Description>{errorText(ticket.error, t)}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        </Dialog.Body>
        <CloseFooter />
      </>
    );
  }
  if (!user || !canEditTicket(user, ticket.data)) {
    return (
      <>
        <Dialog.Body>
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Title>{t('error.ticket.editDenied')}</Alert.Title>
          </Alert.Root>
        </Dialog.Body>
        <CloseFooter />
      </>
    );
  }
  return <EditTicketForm ticket={ticket.data} onClose={onClose} />;
}

function EditTicketForm({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const t = useT();
  const update = useUpdateTicketMutation(ticket.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, dirtyFields, isSubmitting },
  } = useForm<EditTicketValues, unknown, UpdateTicketInput>({
    resolver: zodResolver(editTicketSchema),
    defaultValues: {
      subject: ticket.subject,
      status: ticket.status,
      priority: ticket.priority,
      description: ticket.description,
      category: ticket.category,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    // Only what the user changed: a field someone else changed meanwhile is not put back.
    const changes: UpdateTicketInput = Object.fromEntries(
      EDITABLE_FIELDS.filter((field) => dirtyFields[field]).map((field) => [field, values[field]]),
    );
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    try {
      await update.mutateAsync(changes);
    } catch (error) {
      notifyFailure(error, translate('editTicket.failed'));
      showFieldErrors(error, EDITABLE_FIELDS, setError);
      return;
    }
    notify('success', translate('editTicket.success'));
    onClose();
  });

  return (
    <>
      <Dialog.Body>
        <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label={t('ticketTable.edit', { code: ticket.ticketId })}>
          <Stack gap="4">
            <Text color="fg.muted" fontFamily="mono" fontSize="sm">
              {ticket.ticketId}
            </Text>
            <TextField label={t('ticketForm.subject')} error={errors.subject?.message} {...register('subject')} />
            <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
              <StatusSelect error={errors.status?.message} {...register('status')} />
              <PrioritySelect error={errors.priority?.message} {...register('priority')} />
            </Stack>
            <CategorySelect current={ticket.category} error={errors.category?.message} {...register('category')} />
            <TextAreaField
              label={t('ticketForm.description')}
              rows={6}
              error={errors.description?.message}
              {...register('description')}
            />
          </Stack>
        </form>
      </Dialog.Body>
      <FormDialogFooter
        form={FORM_ID}
        submitLabel={t('editTicket.submit')}
        pendingLabel={t('common.updating')}
        pending={isSubmitting}
      />
    </>
  );
}
