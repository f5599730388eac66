import { Alert, Field, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ROLES } from '#shared/constants.ts';
import { createUserSchema } from '#shared/schemas/user.ts';
import { FormDialog } from '../../components/ui/DialogFrames.tsx';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { roleLabelOf } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { fieldErrorText, showFieldErrors } from '../../lib/form-errors.ts';
import { useCreateUserMutation } from './queries.ts';
import { isPendingApproval } from '../approvals/queries.ts';
import { notifySentForApproval } from '../approvals/sent-for-approval.ts';

const FIELDS = ['email', 'firstName', 'lastName', 'password', 'role'] as const;

/** Admin: create a staff account (docs/product.md §2, §5, §8). The dialog stays open on a refusal so it can be fixed. */
export function CreateUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const create = useCreateUserMutation();
  // The refused request's error, worded when shown so that it follows the language.
  const [refusal, setRefusal] = useState<{ error: unknown }>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(createUserSchema),
    defaultValues: { email: '', firstName: '', lastName: '', password: '', role: 'agent' as const },
  });

  const close = () => {
    reset();
    setRefusal(undefined);
    create.reset();
    onClose();
  };

  const onSubmit = handleSubmit(async (input) => {
    setRefusal(undefined);
    try {
      if (isPendingApproval(await create.mutateAsync(input))) {
        notifySentForApproval();
        close();
        return;
      }
    } catch (error) {
      if (isUnauthorized(error)) return;
      notify('error', translate('createUser.failed'), refusalMessage(error, translate));
      if (!showFieldErrors(error, FIELDS, setError) && refusalMessage(error, translate)) setRefusal({ error });
      return;
    }
    notify('success', translate('createUser.success'));
    close();
  });

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={t('createUser.title')}
      description={t('createUser.description')}
      onSubmit={onSubmit}
      submitLabel={t('createUser.title')}
      pendingLabel={t('common.creating')}
      pending={create.isPending}
    >
      {refusal && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{refusalMessage(refusal.error, t)}</Alert.Title>
        </Alert.Root>
      )}
      <Field.Root invalid={Boolean(errors.email)} required>
        <Field.Label>{t('signIn.email')}</Field.Label>
        <Input type="email" autoComplete="off" {...register('email')} />
        <Field.ErrorText>{fieldErrorText(errors.email?.message, t)}</Field.ErrorText>
      </Field.Root>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root invalid={Boolean(errors.firstName)} required>
          <Field.Label>{t('createUser.firstName')}</Field.Label>
          <Input autoComplete="off" {...register('firstName')} />
          <Field.ErrorText>{fieldErrorText(errors.firstName?.message, t)}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.lastName)} required>
          <Field.Label>{t('createUser.lastName')}</Field.Label>
          <Input autoComplete="off" {...register('lastName')} />
          <Field.ErrorText>{fieldErrorText(errors.lastName?.message, t)}</Field.ErrorText>
        </Field.Root>
      </SimpleGrid>
      <Field.Root invalid={Boolean(errors.password)} required>
        <Field.Label>{t('signIn.password')}</Field.Label>
        <Input type="password" autoComplete="new-password" {...register('password')} />
        <Field.ErrorText>{fieldErrorText(errors.password?.message, t)}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.role)}>
        <Field.Label>{t('agents.column.role')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field {...register('role')}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {roleLabelOf(role, t)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{fieldErrorText(errors.role?.message, t)}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
