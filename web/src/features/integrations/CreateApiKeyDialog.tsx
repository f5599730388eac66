import { Dialog, Field, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { API_KEY_SCOPES, type ApiKeyScope } from '#shared/constants.ts';
import { INTEGRATION_TEXTS as T } from '#shared/messages.ts';
import { API_KEY_NAME_MAX, type CreatedApiKey, createApiKeySchema } from '#shared/schemas/api-key.ts';
import { FormDialogFooter } from '../../components/ui/DialogFrames.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { refusalMessage, showFieldErrors } from '../../lib/server-message.ts';
import { useCreateApiKeyMutation } from './queries.ts';
import { CheckboxSetField, SecretDialog } from './parts.tsx';

/** What each scope lets a key do, as the form offers it (docs/api.md "Scopes"). */
export const SCOPE_LABELS: Record<(typeof API_KEY_SCOPES)[number], string> = {
  'tickets:create': 'Create tickets',
  'tickets:read': 'Read tickets, their messages and the figures',
  'tickets:rate': "Record the customer's rating",
  'tickets:reply': "Pass on the customer's answers",
};

interface Props {
  open: boolean;
  onClose: () => void;
}

/** Create an API key; once created, the dialog shows its secret once, with a copy button. */
export function CreateApiKeyDialog({ open, onClose }: Props) {
  return (
    <SecretDialog<CreatedApiKey>
      open={open}
      onClose={onClose}
      title={T.createApiKey}
      createdTitle={T.apiKeyCreated}
      describe={(created) => created.apiKey.name}
      secretLabel="API key secret"
      form={(onCreated) => <ApiKeyForm onCreated={onCreated} />}
    />
  );
}

function ApiKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const create = useCreateApiKeyMutation();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(createApiKeySchema),
    defaultValues: { name: '', scopes: ['tickets:read'] as ApiKeyScope[] },
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      onCreated(await create.mutateAsync(input));
    } catch (error) {
      if (isUnauthorized(error)) return;
      showFieldErrors(error, ['name', 'scopes'] as const, setError);
      notify('error', refusalMessage(error) ?? T.apiKeyCreateFailed);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <Field.Root invalid={Boolean(errors.name)} required>
            <Field.Label>{T.apiKeyName}</Field.Label>
            <Input maxLength={API_KEY_NAME_MAX} autoComplete="off" {...register('name')} />
            <Field.HelperText>{T.apiKeyNameHelp}</Field.HelperText>
            <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
          </Field.Root>
          <CheckboxSetField
            control={control}
            name="scopes"
            legend={T.apiKeyScopes}
            options={API_KEY_SCOPES}
            labels={SCOPE_LABELS}
            error={errors.scopes?.message}
          />
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel={T.createApiKey} pendingLabel="Creating..." pending={create.isPending} />
    </form>
  );
}
