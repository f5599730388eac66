import { Checkbox, Dialog, Field, Fieldset, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { API_KEY_SCOPES, type ApiKeyScope } from '#shared/constants.ts';
import { INTEGRATION_TEXTS as T } from '#shared/messages.ts';
import { API_KEY_NAME_MAX, type CreatedApiKey, createApiKeySchema } from '#shared/schemas/api-key.ts';
import { DialogFrame, FormDialogFooter } from '../../components/ui/DialogFrames.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { refusalMessage, showFieldErrors } from '../../lib/server-message.ts';
import { useCreateApiKeyMutation } from './queries.ts';
import { SecretStep } from './SecretReveal.tsx';

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
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <DialogFrame
      open={open}
      onClose={close}
      title={created ? T.apiKeyCreated : T.createApiKey}
      description={created?.apiKey.name}
      closeLabel="Close"
    >
      {created ? (
        <SecretStep secret={created.secret} label="API key secret" onDone={close} />
      ) : (
        <ApiKeyForm onCreated={setCreated} />
      )}
    </DialogFrame>
  );
}

/** One dialog throughout, its content swapped: a second dialog opening under the pointer would close at once. */
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
          <Controller
            control={control}
            name="scopes"
            render={({ field }) => (
              <Fieldset.Root invalid={Boolean(errors.scopes)}>
                <Fieldset.Legend fontSize="sm" fontWeight="medium">
                  {T.apiKeyScopes}
                </Fieldset.Legend>
                <Fieldset.Content>
                  <Stack gap="2">
                    {API_KEY_SCOPES.map((scope) => (
                      <Checkbox.Root
                        key={scope}
                        checked={field.value.includes(scope)}
                        onCheckedChange={(details) =>
                          field.onChange(
                            details.checked === true ? [...field.value, scope] : field.value.filter((s) => s !== scope),
                          )
                        }
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>
                          <code>{scope}</code> — {SCOPE_LABELS[scope]}
                        </Checkbox.Label>
                      </Checkbox.Root>
                    ))}
                  </Stack>
                </Fieldset.Content>
                <Fieldset.ErrorText>{errors.scopes?.message}</Fieldset.ErrorText>
              </Fieldset.Root>
            )}
          />
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel={T.createApiKey} pendingLabel="Creating..." pending={create.isPending} />
    </form>
  );
}
