import { Field, Input } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { issueText } from '#shared/i18n/messages.ts';
import { type Agent, passwordSchema } from '#shared/schemas/user.ts';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { displayNameOf } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { FormDialog } from '../../components/ui/DialogFrames.tsx';
import { useResetPasswordMutation } from './queries.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { fieldErrorText } from '../../lib/form-errors.ts';
import { isPendingApproval } from '../approvals/queries.ts';
import { notifySentForApproval } from '../approvals/sent-for-approval.ts';

/** The password and its confirmation; the mismatch is reported on the confirmation (docs/product.md §5). */
const resetPasswordFormSchema = z
  .object({ password: passwordSchema('validation.password.tooShort'), confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: issueText('form.passwordMismatch'),
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
  const t = useT();
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
      if (isPendingApproval(await resetPassword.mutateAsync({ id: agent.id, password }))) {
        notifySentForApproval();
        onClose();
        return;
      }
    } catch (error) {
      if (!isUnauthorized(error)) notify('error', translate('resetPassword.failed'), refusalMessage(error, translate));
      return;
    }
    notify('success', translate('resetPassword.success', { email: agent.email }));
    onClose();
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('resetPassword.title')}
      description={agent && t('agents.person', { name: displayNameOf(agent, t), email: agent.email })}
      onSubmit={onSubmit}
      submitLabel={t('resetPassword.title')}
      pendingLabel={t('resetPassword.pending')}
      pending={resetPassword.isPending}
    >
      <Field.Root invalid={Boolean(errors.password)} required>
        <Field.Label>{t('resetPassword.newPassword')}</Field.Label>
        <Input type="password" autoComplete="new-password" {...register('password')} />
        <Field.ErrorText>{fieldErrorText(errors.password?.message, t)}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.confirmPassword)} required>
        <Field.Label>{t('resetPassword.confirmPassword')}</Field.Label>
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
        <Field.ErrorText>{fieldErrorText(errors.confirmPassword?.message, t)}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
