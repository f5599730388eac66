import { Button, Field, Heading, Input, Stack } from '@chakra-ui/react';
import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { MESSAGES } from '#shared/messages.ts';
import { changePasswordSchema } from '#shared/schemas/settings.ts';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { refusalMessage, showFieldErrors } from '../../lib/server-message.ts';
import { useChangePasswordMutation } from './queries.ts';

/** What the form holds: the request body plus a confirmation that must match and is never sent (docs/product.md §5). */
const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: MESSAGES.newPasswordsDontMatch,
    path: ['confirmPassword'],
  });

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Settings → Security: change one's own password. */
export function ChangePasswordForm() {
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
    let answer: { message: string };
    try {
      answer = await change.mutateAsync({ currentPassword, newPassword });
    } catch (error) {
      if (isUnauthorized(error)) return;
      showFieldErrors(error, ['currentPassword', 'newPassword'], setError);
      notify('error', refusalMessage(error) ?? MESSAGES.passwordChangeFailed);
      return;
    }
    notify('success', answer.message);
    reset(EMPTY);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <Stack gap="4" maxW="md">
        <Heading as="h2" size="md" id={titleId}>
          Change Password
        </Heading>
        <Field.Root invalid={Boolean(errors.currentPassword)} required>
          <Field.Label>Current Password</Field.Label>
          <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
          <Field.ErrorText>{errors.currentPassword?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.newPassword)} required>
          <Field.Label>New Password</Field.Label>
          <Input type="password" autoComplete="new-password" {...register('newPassword')} />
          <Field.ErrorText>{errors.newPassword?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.confirmPassword)} required>
          <Field.Label>Confirm New Password</Field.Label>
          <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
          <Field.ErrorText>{errors.confirmPassword?.message}</Field.ErrorText>
        </Field.Root>
        <Button
          type="submit"
          alignSelf="start"
          disabled={!currentPassword || !newPassword}
          loading={change.isPending}
          loadingText="Changing..."
        >
          Change Password
        </Button>
      </Stack>
    </form>
  );
}
