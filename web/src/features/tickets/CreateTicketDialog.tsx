import { Dialog, SimpleGrid, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import * as z from 'zod';
import { CREATABLE_TICKET_TYPES, LANGUAGES } from '#shared/constants.ts';
import { type CreateTicketInput, createTicketSchema } from '#shared/schemas/ticket.ts';
import type { User } from '#shared/schemas/user.ts';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { displayNameOf, roleLabelOf } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { errorText } from '../../lib/server-message.ts';
import { showFieldErrors } from '../../lib/form-errors.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { DialogFrame, FormDialogFooter } from '../../components/ui/DialogFrames.tsx';
import { useTicketDialogFrame } from './ticket-dialog.ts';
import { SelectField, TextAreaField, TextField } from './FormFields.tsx';
import { useCreateTicketMutation } from './mutations.ts';
import { notifyFailure } from './notify-failure.ts';
import { canListStaff } from './permissions.ts';
import { assignableStaffQuery } from './queries.ts';
import { typeLabel } from '../../lib/ticket-display.ts';
import { LANGUAGE_NAMES } from '../settings/settings-options.ts';
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
  const t = useT();
  return (
    <DialogFrame
      {...useTicketDialogFrame()}
      open={open}
      onClose={onClose}
      title={defaultType === 'direct' ? t('tickets.createDirect') : t('createTicket.title')}
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
  const t = useT();
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
      notifyFailure(error, translate('createTicket.failed'));
      showFieldErrors(error, FORM_FIELDS, setError);
      return;
    }
    notify('success', translate('createTicket.success'));
    reset();
    onClose();
  });

  return (
    <>
      <Dialog.Body>
        <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label={t('createTicket.formLabel')}>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <TextField
                label={t('createTicket.customerEmail')}
                type="email"
                autoComplete="off"
                placeholder={t('createTicket.customerEmailPlaceholder')}
                error={errors.customerEmail?.message}
                {...register('customerEmail')}
              />
              <SelectField
                label={t('createTicket.customerLanguage')}
                helperText={t('createTicket.customerLanguageHint')}
                error={errors.customerLanguage?.message}
                {...register('customerLanguage')}
              >
                <option value="">{t('createTicket.customerLanguageUnknown')}</option>
                {LANGUAGES.map((language) => (
                  <option key={language} value={language}>
                    {LANGUAGE_NAMES[language]}
                  </option>
                ))}
              </SelectField>
            </SimpleGrid>
            <TextField
              label={t('ticketForm.subject')}
              placeholder={t('createTicket.subjectPlaceholder')}
              error={errors.subject?.message}
              {...register('subject')}
            />
            <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
              <PrioritySelect error={errors.priority?.message} {...register('priority')} />
              <CategorySelect prompt error={errors.category?.message} {...register('category')} />
              <SelectField label={t('ticketForm.type')} error={errors.type?.message} {...register('type')}>
                {CREATABLE_TICKET_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {typeLabel(type, t)}
                  </option>
                ))}
              </SelectField>
            </SimpleGrid>
            <TextAreaField
              label={t('ticketForm.description')}
              placeholder={t('createTicket.descriptionPlaceholder')}
              error={errors.description?.message}
              {...register('description')}
            />
            {user && (
              <AgentSelect user={user} error={errors.assignedToId?.message} registration={register('assignedToId')} />
            )}
          </Stack>
        </form>
      </Dialog.Body>
      <FormDialogFooter
        form={FORM_ID}
        submitLabel={t('tickets.create')}
        pendingLabel={t('common.creating')}
        pending={isSubmitting}
      />
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
  const t = useT();
  const mayList = canListStaff(user.role);
  const staff = useQuery({ ...assignableStaffQuery(), enabled: mayList });
  const helperText = !mayList
    ? undefined
    : staff.isPending
      ? t('ticketForm.loadingAgents')
      : staff.isError
        ? t('ticketForm.agentsFailed', { error: errorText(staff.error, t) })
        : undefined;
  return (
    <SelectField label={t('createTicket.assignTo')} error={error} helperText={helperText} {...registration}>
      <option value={AUTO_ASSIGN}>{t('createTicket.autoAssign')}</option>
      {mayList ? (
        staff.data?.map((member) => (
          <option key={member.id} value={member.id}>
            {t('ticketForm.staffMember', { name: displayNameOf(member, t), role: roleLabelOf(member.role, t) })}
          </option>
        ))
      ) : (
        <option value={user.id}>{t('createTicket.me', { name: displayNameOf(user, t) })}</option>
      )}
    </SelectField>
  );
}
