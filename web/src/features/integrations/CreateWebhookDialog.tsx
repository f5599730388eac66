import { Dialog, Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '#shared/constants.ts';
import type { MessageKey } from '#shared/i18n/messages.ts';
import { type CreatedWebhook, createWebhookSchema, WEBHOOK_LIMITS } from '#shared/schemas/webhook.ts';
import { FormDialogFooter } from '../../components/ui/DialogFrames.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { fieldErrorText, showFieldErrors } from '../../lib/form-errors.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { useT } from '../../i18n/react.tsx';
import { useCreateWebhookMutation } from './queries.ts';
import { CheckboxSetField, SecretDialog } from './parts.tsx';
import { isPendingApproval } from '../approvals/queries.ts';

/** What each event means, as the form offers it. */
const EVENT_LABELS: Record<WebhookEventType, MessageKey> = {
  'ticket.created': 'integrations.event.created',
  'ticket.updated': 'integrations.event.updated',
  'ticket.replied': 'integrations.event.replied',
  'ticket.customer_replied': 'integrations.event.customerReplied',
  'ticket.resolved': 'integrations.event.resolved',
  'ticket.rated': 'integrations.event.rated',
  'ticket.merged': 'integrations.event.merged',
};

interface Props {
  open: boolean;
  onClose: () => void;
}

/** Create a webhook; once created, the dialog shows its signing secret once, with a copy button. */
export function CreateWebhookDialog({ open, onClose }: Props) {
  const t = useT();
  return (
    <SecretDialog<CreatedWebhook>
      open={open}
      onClose={onClose}
      title={t('integrations.createWebhook')}
      createdTitle={t('integrations.webhookCreated')}
      describe={(created) => created.webhook.url}
      secretLabel={t('integrations.signingSecret')}
      form={(onCreated, onHeld) => <WebhookForm onCreated={onCreated} onHeld={onHeld} />}
    />
  );
}

function WebhookForm({ onCreated, onHeld }: { onCreated: (created: CreatedWebhook) => void; onHeld: () => void }) {
  const t = useT();
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
      const answer = await create.mutateAsync(input);
      if (isPendingApproval(answer)) onHeld();
      else onCreated(answer);
    } catch (error) {
      if (isUnauthorized(error)) return;
      showFieldErrors(error, ['url', 'events', 'description'] as const, setError);
      notify('error', refusalMessage(error, t) ?? t('integrations.webhookCreateFailed'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <Field.Root invalid={Boolean(errors.url)} required>
            <Field.Label>{t('integrations.webhookUrl')}</Field.Label>
            <Input
              type="url"
              inputMode="url"
              placeholder={t('integrations.webhookUrlPlaceholder')}
              maxLength={WEBHOOK_LIMITS.urlMax}
              autoComplete="off"
              {...register('url')}
            />
            <Field.HelperText>{t('integrations.webhookUrlHelp')}</Field.HelperText>
            <Field.ErrorText>{fieldErrorText(errors.url?.message, t)}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.description)}>
            <Field.Label>{t('integrations.webhookDescription')}</Field.Label>
            <Textarea rows={2} maxLength={WEBHOOK_LIMITS.descriptionMax} {...register('description')} />
            <Field.ErrorText>{fieldErrorText(errors.description?.message, t)}</Field.ErrorText>
          </Field.Root>
          <CheckboxSetField
            control={control}
            name="events"
            legend={t('integrations.webhookEvents')}
            options={WEBHOOK_EVENT_TYPES}
            labels={EVENT_LABELS}
            error={fieldErrorText(errors.events?.message, t)}
          />
        </Stack>
      </Dialog.Body>
      <FormDialogFooter
        submitLabel={t('integrations.createWebhook')}
        pendingLabel={t('common.creating')}
        pending={create.isPending}
      />
    </form>
  );
}
