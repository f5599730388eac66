import { Field, Input } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MESSAGES, passwordResetFor } from '#shared/messages.ts';
import { type Agent, passwordSchema } from '#shared/schemas/user.ts';
import { isUnauthorized } from '../../lib/api.ts';
import { displayNameOf } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { FormDialog } from '../../components/ui/DialogFrames.tsx';
import { useResetPasswordMutation } from './queries.ts';
import { refusalMessage } from '../../lib/server-message.ts';

/** The password and its confirmation; the mismatch is reported on the confirmation (docs/product.md §5). */
const resetPasswordFormSchema = z
  .object({ password: passwordSchema(), confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });

const EMPTY = { password: '', confirmPassword: '' };

interface ResetPasswordDialogProps {
  agent: Agent | undefined;
  open: boolean;
  onClose: () => void;
}

/** Admin: set a new password for a staff member (docs/product.md §2, §5, §8). */
export function ResetPasswordDialog({ agent, open, onClose }: ResetPasswordDialogProps) {
  const resetPassword = useResetPasswordMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: EMPTY });
  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);

  const onSubmit = handleSubmit(async ({ password }) => {
    if (!agent) return;
    try {
      await resetPassword.mutateAsync({ id: agent.id, password });
    } catch (error) {
      if (!isUnauthorized(error)) notify('error', MESSAGES.passwordResetFailed, refusalMessage(error));
      return;
    }
    notify('success', passwordResetFor(agent.email));
    onClose();
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Reset Password"
      description={agent && `${displayNameOf(agent)} (${agent.email})`}
      onSubmit={onSubmit}
      submitLabel="Reset Password"
      pendingLabel="Resetting..."
      pending={resetPassword.isPending}
    >
      <Field.Root invalid={Boolean(errors.password)} required>
        <Field.Label>New Password</Field.Label>
        <Input type="password" autoComplete="new-password" {...register('password')} />
        <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.confirmPassword)} required>
        <Field.Label>Confirm Password</Field.Label>
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
        <Field.ErrorText>{errors.confirmPassword?.message}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
