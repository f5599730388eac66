import { Alert, Field, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ROLE_LABELS, ROLES } from '#shared/constants.ts';
import { MESSAGES } from '#shared/messages.ts';
import { createUserSchema } from '#shared/schemas/user.ts';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { FormDialog } from '../../components/ui/DialogFrames.tsx';
import { useCreateUserMutation } from './queries.ts';
import { refusalMessage, showFieldErrors } from '../../lib/server-message.ts';

const FIELDS = ['email', 'firstName', 'lastName', 'password', 'role'] as const;

/** Admin: create a staff account (docs/product.md §2, §5, §8). The dialog stays open on a refusal so it can be fixed. */
export function CreateUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateUserMutation();
  const [refusal, setRefusal] = useState<string>();
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
      await create.mutateAsync(input);
    } catch (error) {
      if (isUnauthorized(error)) return;
      const message = refusalMessage(error);
      notify('error', MESSAGES.userCreateFailed, message);
      if (!showFieldErrors(error, FIELDS, setError)) setRefusal(message);
      return;
    }
    notify('success', MESSAGES.userCreated);
    close();
  });

  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Create User"
      description="The new staff member signs in with this e-mail address and password."
      onSubmit={onSubmit}
      submitLabel="Create User"
      pendingLabel="Creating..."
      pending={create.isPending}
    >
      {refusal && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{refusal}</Alert.Title>
        </Alert.Root>
      )}
      <Field.Root invalid={Boolean(errors.email)} required>
        <Field.Label>Email</Field.Label>
        <Input type="email" autoComplete="off" {...register('email')} />
        <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
      </Field.Root>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root invalid={Boolean(errors.firstName)} required>
          <Field.Label>First Name</Field.Label>
          <Input autoComplete="off" {...register('firstName')} />
          <Field.ErrorText>{errors.firstName?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.lastName)} required>
          <Field.Label>Last Name</Field.Label>
          <Input autoComplete="off" {...register('lastName')} />
          <Field.ErrorText>{errors.lastName?.message}</Field.ErrorText>
        </Field.Root>
      </SimpleGrid>
      <Field.Root invalid={Boolean(errors.password)} required>
        <Field.Label>Password</Field.Label>
        <Input type="password" autoComplete="new-password" {...register('password')} />
        <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.role)}>
        <Field.Label>Role</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field {...register('role')}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{errors.role?.message}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
