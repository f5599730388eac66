import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ACKNOWLEDGEMENTS_PER_ADDRESS_PER_HOUR } from '#shared/schemas/mail.ts';
import { deskSettingsSchema, NEW_TICKETS_PER_SENDER } from '#shared/schemas/settings.ts';
import { useT } from '../../i18n/react.tsx';
import { fieldErrorText } from '../../lib/form-errors.ts';
import { useDeskSettingsGroup } from '../settings/queries.ts';

/**
 * The desk's limit of new tickets per sender and hour (docs/product.md §2 "Email Delivery"; the desk settings of
 * docs/product.md §3), edited here where its effect, the held mail, is listed.
 */
export function MailLimitsForm() {
  const t = useT();
  const { value, save, saving } = useDeskSettingsGroup('inboundMail', {
    saved: 'mail.limitsSaved',
    failed: 'mail.limitsSaveFailed',
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodResolver(deskSettingsSchema.shape.inboundMail), values: value });
  const onSubmit = handleSubmit(save);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="3" maxW="md">
        <Field.Root invalid={Boolean(errors.newTicketsPerSenderPerHour)} required>
          <Field.Label>{t('mail.newTicketsPerSender')}</Field.Label>
          <HStack>
            <Input
              type="number"
              inputMode="numeric"
              min={NEW_TICKETS_PER_SENDER.min}
              max={NEW_TICKETS_PER_SENDER.max}
              step={1}
              maxW="8rem"
              {...register('newTicketsPerSenderPerHour', { valueAsNumber: true })}
            />
            <Button type="submit" variant="outline" loading={saving} disabled={!isDirty}>
              {t('settings.save')}
            </Button>
          </HStack>
          <Field.ErrorText>{fieldErrorText(errors.newTicketsPerSenderPerHour?.message, t)}</Field.ErrorText>
        </Field.Root>
        <Text fontSize="sm" color="fg.muted">
          {t('mail.acknowledgementLimit', { count: ACKNOWLEDGEMENTS_PER_ADDRESS_PER_HOUR })}
        </Text>
      </Stack>
    </form>
  );
}
