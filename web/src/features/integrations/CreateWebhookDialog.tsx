import { Dialog, Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '#shared/constants.ts';
import { INTEGRATION_TEXTS as T } from '#shared/messages.ts';
import { type CreatedWebhook, createWebhookSchema, WEBHOOK_LIMITS } from '#shared/schemas/webhook.ts';
import { FormDialogFooter } from '../../components/ui/DialogFrames.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { refusalMessage, showFieldErrors } from '../../lib/server-message.ts';
import { useCreateWebhookMutation } from './queries.ts';
import { CheckboxSetField, SecretDialog } from './parts.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** Create a webhook; once created, the dialog shows its signing secret once, with a copy button. */
export function CreateWebhookDialog({ open, onClose }: Props) {
  return (
    <SecretDialog<CreatedWebhook>
      open={open}
      onClose={onClose}
      title={T.createWebhook}
      createdTitle={T.webhookCreated}
      describe={(created) => created.webhook.url}
      secretLabel="Signing secret"
      form={(onCreated) => <WebhookForm onCreated={onCreated} />}
    />
  );
}

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
          <CheckboxSetField
            control={control}
            name="events"
            legend={T.webhookEvents}
            options={WEBHOOK_EVENT_TYPES}
            labels={WEBHOOK_EVENT_LABELS}
            error={errors.events?.message}
          />
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel={T.createWebhook} pendingLabel="Creating..." pending={create.isPending} />
    </form>
  );
}
