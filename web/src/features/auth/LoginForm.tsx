import { Alert, Button, Field, Input, Stack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useLayoutEffect, useState } from 'react';
import { type Resolver, type UseFormSetError, useForm } from 'react-hook-form';
import { REFRESH_AFTER_LOGIN_MS } from '#shared/constants.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { LoginInput } from '#shared/schemas/user.ts';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { isRole } from '../../lib/roles.ts';
import { endPrerenderedSignIn } from '../../prerender/takeover.ts';
import { LOGIN_VARIANTS, type LoginVariant } from './login-variants.ts';
import { refreshCurrentUser, useLoginMutation } from './queries.ts';

/**
 * The shared login schema, loaded at the first validation (the first submit): zod and the schemas are the largest
 * part of what the sign-in screen would otherwise load before it can be used.
 */
const loginResolver: Resolver<LoginInput> = async (values, context, options) => {
  const [{ zodResolver }, { loginSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('#shared/schemas/user.ts'),
  ]);
  return zodResolver(loginSchema)(values, context, options);
};

/** E-mail and password sign-in; afterwards goes to the login route's dashboard (`/staff`: the user's own). */
export function LoginForm({ variant }: { variant: LoginVariant }) {
  const look = LOGIN_VARIANTS[variant];
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const login = useLoginMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  // No default values: on a hydrated pre-rendered page the inputs may already hold what the visitor typed, and the
  // form takes its values from them when it registers them.
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: loginResolver });

  const onSubmit = handleSubmit(async (credentials) => {
    setServerError(null);
    try {
      await login.mutateAsync(credentials);
    } catch (error) {
      setServerError(loginErrorMessage(error));
      showFieldErrors(error, setError);
      return;
    }
    notify('success', MESSAGES.loggedIn);
    // docs/product.md §4: the session cookies settle before the user is read again.
    await new Promise((resolve) => setTimeout(resolve, REFRESH_AFTER_LOGIN_MS));
    // If this read fails, the destination's guard reads the user again and shows the failure there.
    const user = await refreshCurrentUser(queryClient).catch(() => null);
    const role = variant === 'staff' ? user?.role : variant;
    // A role route sends everyone to that role's base; its guard forwards other roles to their own.
    if (isRole(role)) await navigate({ to: '/$role', params: { role } });
    else await navigate({ to: '/' });
  });

  // In the commit that hydrated the pre-rendered page (before any further input reaches it): from here on submits are
  // the app's, and one the visitor made before is sent now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at mount; `onSubmit` is new on every render.
  useLayoutEffect(() => {
    if (endPrerenderedSignIn()) void onSubmit();
  }, []);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={look.title}>
      <Stack gap="4">
        {serverError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{serverError}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root invalid={Boolean(errors.email)}>
          <Field.Label>Email</Field.Label>
          <Input type="email" autoComplete="username" placeholder={look.emailPlaceholder} {...register('email')} />
          <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.password)}>
          <Field.Label>Password</Field.Label>
          <Input
            type="password"
            autoComplete="current-password"
            placeholder="Enter your password"
            {...register('password')}
          />
          <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
        </Field.Root>
        <Button
          type="submit"
          colorPalette={look.colorPalette}
          loading={isSubmitting}
          loadingText="Signing in..."
          width="full"
        >
          Sign In
        </Button>
      </Stack>
    </form>
  );
}

function loginErrorMessage(error: unknown): string {
  return (error instanceof ApiError && error.body?.message) || MESSAGES.invalidCredentials;
}

/** A 400 names the offending fields; show each message under its field. */
function showFieldErrors(error: unknown, setError: UseFormSetError<LoginInput>): void {
  if (!(error instanceof ApiError) || !error.body?.errors) return;
  for (const field of ['email', 'password'] as const) {
    const message = error.body.errors[field];
    if (message) setError(field, { message });
  }
}
