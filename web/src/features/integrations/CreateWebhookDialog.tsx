import { Checkbox, Dialog, Field, Fieldset, Input, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '#shared/constants.ts';
import { INTEGRATION_TEXTS as T } from '#shared/messages.ts';
import { type CreatedWebhook, createWebhookSchema, WEBHOOK_LIMITS } from '#shared/schemas/webhook.ts';
import { DialogFrame, FormDialogFooter } from '../../components/ui/DialogFrames.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { refusalMessage, showFieldErrors } from '../../lib/server-message.ts';
import { useCreateWebhookMutation } from './queries.ts';
import { SecretStep } from './SecretReveal.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** Create a webhook; once created, the dialog shows its signing secret once, with a copy button. */
export function CreateWebhookDialog({ open, onClose }: Props) {
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <DialogFrame
      open={open}
      onClose={close}
      title={created ? T.webhookCreated : T.createWebhook}
      description={created?.webhook.url}
      closeLabel="Close"
    >
      {created ? (
        <SecretStep secret={created.secret} label="Signing secret" onDone={close} />
      ) : (
        <WebhookForm onCreated={setCreated} />
      )}
    </DialogFrame>
  );
}

/** One dialog throughout, its content swapped: a second dialog opening under the pointer would close at once. */
function WebhookForm({ onCreated }: { onCreated: (created: CreatedWebhook) => void }) {
  const create = useCreateWebhookMutation();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(createWebhookSchema),
    defaultValues: { url: '', description: '', events: [...WEBHOOK_EVENT_TYPES] },
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      onCreated(await create.mutateAsync(input));
    } catch (error) {
      if (isUnauthorized(error)) return;
      showFieldErrors(error, ['url', 'events', 'description'] as const, setError);
      notify('error', refusalMessage(error) ?? T.webhookCreateFailed);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <Field.Root invalid={Boolean(errors.url)} required>
            <Field.Label>{T.webhookUrl}</Field.Label>
            <Input
              type="url"
              inputMode="url"
              placeholder="https://example.com/helpdesk-events"
              maxLength={WEBHOOK_LIMITS.urlMax}
              autoComplete="off"
              {...register('url')}
            />
            <Field.HelperText>{T.webhookUrlHelp}</Field.HelperText>
            <Field.ErrorText>{errors.url?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.description)}>
            <Field.Label>{T.webhookDescription}</Field.Label>
            <Textarea rows={2} maxLength={WEBHOOK_LIMITS.descriptionMax} {...register('description')} />
            <Field.ErrorText>{errors.description?.message}</Field.ErrorText>
          </Field.Root>
          <Controller
            control={control}
            name="events"
            render={({ field }) => (
              <Fieldset.Root invalid={Boolean(errors.events)}>
                <Fieldset.Legend fontSize="sm" fontWeight="medium">
                  {T.webhookEvents}
                </Fieldset.Legend>
                <Fieldset.Content>
                  <Stack gap="2">
                    {WEBHOOK_EVENT_TYPES.map((type) => (
                      <Checkbox.Root
                        key={type}
                        checked={field.value.includes(type)}
                        onCheckedChange={(details) =>
                          field.onChange(
                            details.checked === true ? [...field.value, type] : field.value.filter((t) => t !== type),
                          )
                        }
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>
                          <code>{type}</code> — {WEBHOOK_EVENT_LABELS[type]}
                        </Checkbox.Label>
                      </Checkbox.Root>
                    ))}
                  </Stack>
                </Fieldset.Content>
                <Fieldset.ErrorText>{errors.events?.message}</Fieldset.ErrorText>
              </Fieldset.Root>
            )}
          />
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel={T.createWebhook} pendingLabel="Creating..." pending={create.isPending} />
    </form>
  );
}
