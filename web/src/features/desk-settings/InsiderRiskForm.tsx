import { Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { deskSettingsSchema, INSIDER_RISK_LIMITS } from '#shared/schemas/settings.ts';
import { useT } from '../../i18n/react.tsx';
import { fieldErrorText } from '../../lib/form-errors.ts';
import { useDeskSettingsGroup } from '../settings/queries.ts';

/**
 * The insider-risk thresholds (docs/decisions/097-insider-risk-alerts.md): past either in a clock hour, the admins are
 * alarmed and the audit log names the person.
 */
export function InsiderRiskForm() {
  const t = useT();
  const { value, save, saving } = useDeskSettingsGroup('insiderRisk', {
    saved: 'deskSettings.saved',
    failed: 'deskSettings.saveFailed',
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodResolver(deskSettingsSchema.shape.insiderRisk), values: value });
  const onSubmit = handleSubmit(save);

  const limitInput = (name: 'maxCustomersPerHour' | 'maxDownloadsPerHour') => (
    <Input
      type="number"
      inputMode="numeric"
      min={INSIDER_RISK_LIMITS.min}
      max={INSIDER_RISK_LIMITS.max}
      step={1}
      maxW="8rem"
      {...register(name, { valueAsNumber: true })}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="insider-risk-title">
      <Stack gap="4" maxW="md">
        <Stack gap="1">
          <Heading as="h2" size="sm" id="insider-risk-title">
            {t('deskSettings.insiderRisk')}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('deskSettings.insiderRiskHint')}
          </Text>
        </Stack>
        <Field.Root invalid={Boolean(errors.maxCustomersPerHour)} required>
          <Field.Label>{t('deskSettings.maxCustomersPerHour')}</Field.Label>
          {limitInput('maxCustomersPerHour')}
          <Field.ErrorText>{fieldErrorText(errors.maxCustomersPerHour?.message, t)}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.maxDownloadsPerHour)} required>
          <Field.Label>{t('deskSettings.maxDownloadsPerHour')}</Field.Label>
          {limitInput('maxDownloadsPerHour')}
          <Field.ErrorText>{fieldErrorText(errors.maxDownloadsPerHour?.message, t)}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" variant="outline" alignSelf="start" loading={saving} disabled={!isDirty}>
          {t('settings.save')}
        </Button>
      </Stack>
    </form>
  );
}
