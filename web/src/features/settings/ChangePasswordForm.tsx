import { Button, Field, Heading, Input, Stack } from '@chakra-ui/react';
import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod';
import { issueText } from '#shared/i18n/messages.ts';
import { changePasswordSchema } from '#shared/schemas/settings.ts';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { fieldErrorText, showFieldErrors } from '../../lib/form-errors.ts';
import { useChangePasswordMutation } from './queries.ts';

/** What the form holds: the request body plus a confirmation that must match and is never sent (docs/product.md §5). */
const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: issueText('form.newPasswordMismatch'),
    path: ['confirmPassword'],
  });

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Settings → Security: change one's own password. */
export function ChangePasswordForm() {
  const t = useT();
  const change = useChangePasswordMutation();
  const titleId = useId();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });
  const [currentPassword, newPassword] = useWatch({ control, name: ['currentPassword', 'newPassword'] });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
    } catch (error) {
      if (isUnauthorized(error)) return;
      showFieldErrors(error, ['currentPassword', 'newPassword'], setError);
      notify('error', refusalMessage(error, translate) ?? translate('settings.password.failed'));
      return;
    }
    // The server's answer is its English text of this same message.
    notify('success', translate('settings.passwordChanged'));
    reset(EMPTY);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <Stack gap="4" maxW="md">
        <Heading as="h2" size="md" id={titleId}>
          {t('settings.password.title')}
        </Heading>
        <Field.Root invalid={Boolean(errors.currentPassword)} required>
          <Field.Label>{t('settings.password.current')}</Field.Label>
          <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
          <Field.ErrorText>{fieldErrorText(errors.currentPassword?.message, t)}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.newPassword)} required>
          <Field.Label>{t('resetPassword.newPassword')}</Field.Label>
          <Input type="password" autoComplete="new-password" {...register('newPassword')} />
          <Field.ErrorText>{fieldErrorText(errors.newPassword?.message, t)}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.confirmPassword)} required>
          <Field.Label>{t('settings.password.confirm')}</Field.Label>
          <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
          <Field.ErrorText>{fieldErrorText(errors.confirmPassword?.message, t)}</Field.ErrorText>
        </Field.Root>
        <Button
          type="submit"
          alignSelf="start"
          disabled={!currentPassword || !newPassword}
          loading={change.isPending}
          loadingText={t('settings.password.changing')}
        >
          {t('settings.password.title')}
        </Button>
      </Stack>
    </form>
  );
}
