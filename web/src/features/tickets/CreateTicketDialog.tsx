import { Dialog, SimpleGrid, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { CREATABLE_TICKET_TYPES, LANGUAGES } from '#shared/constants.ts';
import { MAIL_TEXTS, TICKET_TEXTS } from '#shared/messages.ts';
import { type CreateTicketInput, createTicketSchema } from '#shared/schemas/ticket.ts';
import type { User } from '#shared/schemas/user.ts';
import { displayNameOf, roleLabelOf } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { DialogFrame, FormDialogFooter } from '../../components/ui/DialogFrames.tsx';
import { TICKET_DIALOG } from './ticket-dialog.ts';
import { SelectField, TextAreaField, TextField } from './FormFields.tsx';
import { useCreateTicketMutation } from './mutations.ts';
import { notifyFailure } from './notify-failure.ts';
import { canListStaff } from './permissions.ts';
import { assignableStaffQuery } from './queries.ts';
import { showServerFieldErrors } from './server-field-errors.ts';
import { typeLabel } from '../../lib/ticket-display.ts';
import { LANGUAGE_LABELS } from '../settings/settings-options.ts';
import { CategorySelect, PrioritySelect } from './TicketSelects.tsx';

/** The agent choice that sends no agent: the server assigns round robin (docs/product.md §4). */
export const AUTO_ASSIGN = 'auto';

// docs/product.md §5 "Create ticket", the server's own schema; the agent field keeps 'auto' until submit drops it, and
// the customer language '' (not known: English) until submit leaves it out.
const createTicketFormSchema = createTicketSchema.extend({
  assignedToId: z.string(),
  customerLanguage: z.union([z.literal(''), z.enum(LANGUAGES)]),
});
type CreateTicketValues = z.input<typeof createTicketFormSchema>;
type CreateTicketForm = z.output<typeof createTicketFormSchema>;
const FORM_FIELDS = [
  'customerEmail',
  'customerLanguage',
  'priority',
  'subject',
  'category',
  'type',
  'description',
  'assignedToId',
] as const;

const FORM_ID = 'create-ticket-form';

interface CreateTicketDialogProps {
  open: boolean;
  onClose: () => void;
  /** The type the form starts with: `direct` from Direct Tickets; `api` otherwise (docs/product.md §5 default). */
  defaultType?: (typeof CREATABLE_TICKET_TYPES)[number];
}

/** The Create New Ticket dialog (docs/product.md §2): active categories, an agent or round robin ('auto'). */
export function CreateTicketDialog({ open, onClose, defaultType = 'api' }: CreateTicketDialogProps) {
  return (
    <DialogFrame
      {...TICKET_DIALOG}
      open={open}
      onClose={onClose}
      title={defaultType === 'direct' ? 'Create Direct Ticket' : 'Create New Ticket'}
    >
      <CreateTicketForm defaultType={defaultType} onClose={onClose} />
    </DialogFrame>
  );
}

function CreateTicketForm({
  defaultType,
  onClose,
}: {
  defaultType: (typeof CREATABLE_TICKET_TYPES)[number];
  onClose: () => void;
}) {
  const user = useCurrentUser();
  const create = useCreateTicketMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateTicketValues, unknown, CreateTicketForm>({
    resolver: zodResolver(createTicketFormSchema),
    defaultValues: {
      customerEmail: '',
      priority: 'medium',
      subject: '',
      category: '',
      type: defaultType,
      description: '',
      assignedToId: AUTO_ASSIGN,
      customerLanguage: '',
    },
  });

  const onSubmit = handleSubmit(async ({ assignedToId, customerLanguage, ...request }) => {
    // Undefined is left out of the JSON body: 'auto' sends no agent at all, '' no language.
    const input: CreateTicketInput = {
      ...request,
      assignedToId: assignedToId === AUTO_ASSIGN ? undefined : assignedToId,
      customerLanguage: customerLanguage || undefined,
    };
    try {
      await create.mutateAsync(input);
    } catch (error) {
      notifyFailure(error, TICKET_TEXTS.ticketCreateFailed);
      showServerFieldErrors(error, setError, FORM_FIELDS);
      return;
    }
    notify('success', TICKET_TEXTS.ticketCreated);
    reset();
    onClose();
  });

  return (
    <>
      <Dialog.Body>
        <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label="Create ticket">
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <TextField
                label="Customer email"
                type="email"
                autoComplete="off"
                placeholder="customer@example.com"
                error={errors.customerEmail?.message}
                {...register('customerEmail')}
              />
              <SelectField
                label={MAIL_TEXTS.customerLanguage}
                helperText="The customer's e-mails are written in it."
                error={errors.customerLanguage?.message}
                {...register('customerLanguage')}
              >
                <option value="">Not known (English)</option>
                {LANGUAGES.map((language) => (
                  <option key={language} value={language}>
                    {LANGUAGE_LABELS[language]}
                  </option>
                ))}
              </SelectField>
            </SimpleGrid>
            <TextField
              label="Subject"
              placeholder="Brief summary of the issue"
              error={errors.subject?.message}
              {...register('subject')}
            />
            <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
              <PrioritySelect error={errors.priority?.message} {...register('priority')} />
              <CategorySelect prompt error={errors.category?.message} {...register('category')} />
              <SelectField label="Type" error={errors.type?.message} {...register('type')}>
                {CREATABLE_TICKET_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {typeLabel(type)}
                  </option>
                ))}
              </SelectField>
            </SimpleGrid>
            <TextAreaField
              label="Description"
              placeholder="What the customer reported"
              error={errors.description?.message}
              {...register('description')}
            />
            {user && (
              <AgentSelect user={user} error={errors.assignedToId?.message} registration={register('assignedToId')} />
            )}
          </Stack>
        </form>
      </Dialog.Body>
      <FormDialogFooter form={FORM_ID} submitLabel="Create Ticket" pendingLabel="Creating..." pending={isSubmitting} />
    </>
  );
}

interface AgentSelectProps {
  user: User;
  error: string | undefined;
  registration: UseFormRegisterReturn<'assignedToId'>;
}

/**
 * Round robin ('auto') or a chosen person. Admins and managers choose from the active staff, loaded when the dialog
 * opens; agents may not list staff (docs/product.md §6), so they choose between round robin and themselves.
 */
function AgentSelect({ user, error, registration }: AgentSelectProps) {
  const mayList = canListStaff(user.role);
  const staff = useQuery({ ...assignableStaffQuery(), enabled: mayList });
  const helperText = !mayList
    ? undefined
    : staff.isPending
      ? 'Loading agents...'
      : staff.isError
        ? `Agents could not be loaded: ${staff.error.message}`
        : undefined;
  return (
    <SelectField label="Assign to" error={error} helperText={helperText} {...registration}>
      <option value={AUTO_ASSIGN}>Auto-assign (round robin)</option>
      {mayList ? (
        staff.data?.map((member) => (
          <option key={member.id} value={member.id}>
            {displayNameOf(member)} ({roleLabelOf(member.role)})
          </option>
        ))
      ) : (
        <option value={user.id}>Me ({displayNameOf(user)})</option>
      )}
    </SelectField>
  );
}
