import { Dialog, Field, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { API_KEY_SCOPES, type ApiKeyScope } from '#shared/constants.ts';
import type { MessageKey } from '#shared/i18n/messages.ts';
import { API_KEY_NAME_MAX, type CreatedApiKey, createApiKeySchema } from '#shared/schemas/api-key.ts';
import { FormDialogFooter } from '../../components/ui/DialogFrames.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { fieldErrorText, showFieldErrors } from '../../lib/form-errors.ts';
import { useT } from '../../i18n/react.tsx';
import { useCreateApiKeyMutation } from './queries.ts';
import { CheckboxSetField, SecretDialog } from './parts.tsx';
import { isPendingApproval } from '../approvals/queries.ts';

/** What each scope lets a key do, as the form offers it (docs/api.md "Scopes"). */
export const SCOPE_LABELS: Record<(typeof API_KEY_SCOPES)[number], MessageKey> = {
  'tickets:create': 'integrations.scope.create',
  'tickets:read': 'integrations.scope.read',
  'tickets:rate': 'integrations.scope.rate',
  'tickets:reply': 'integrations.scope.reply',
  'customers:write': 'integrations.scope.customersWrite',
};

interface Props {
  open: boolean;
  onClose: () => void;
}

/** Create an API key; once created, the dialog shows its secret once, with a copy button. */
export function CreateApiKeyDialog({ open, onClose }: Props) {
  const t = useT();
  return (
    <SecretDialog<CreatedApiKey>
      open={open}
      onClose={onClose}
      title={t('integrations.createApiKey')}
      createdTitle={t('integrations.apiKeyCreated')}
      describe={(created) => created.apiKey.name}
      secretLabel={t('integrations.apiKeySecret')}
      form={(onCreated, onHeld) => <ApiKeyForm onCreated={onCreated} onHeld={onHeld} />}
    />
  );
}

function ApiKeyForm({ onCreated, onHeld }: { onCreated: (created: CreatedApiKey) => void; onHeld: () => void }) {
  const t = useT();
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
      const answer = await create.mutateAsync(input);
      if (isPendingApproval(answer)) onHeld();
      else onCreated(answer);
    } catch (error) {
      if (isUnauthorized(error)) return;
      showFieldErrors(error, ['name', 'scopes'] as const, setError);
      notify('error', refusalMessage(error, t) ?? t('integrations.apiKeyCreateFailed'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <Field.Root invalid={Boolean(errors.name)} required>
            <Field.Label>{t('integrations.apiKeyName')}</Field.Label>
            <Input maxLength={API_KEY_NAME_MAX} autoComplete="off" {...register('name')} />
            <Field.HelperText>{t('integrations.apiKeyNameHelp')}</Field.HelperText>
            <Field.ErrorText>{fieldErrorText(errors.name?.message, t)}</Field.ErrorText>
          </Field.Root>
          <CheckboxSetField
            control={control}
            name="scopes"
            legend={t('integrations.apiKeyScopes')}
            options={API_KEY_SCOPES}
            labels={SCOPE_LABELS}
            error={fieldErrorText(errors.scopes?.message, t)}
          />
        </Stack>
      </Dialog.Body>
      <FormDialogFooter
        submitLabel={t('integrations.createApiKey')}
        pendingLabel={t('common.creating')}
        pending={create.isPending}
      />
    </form>
  );
}
