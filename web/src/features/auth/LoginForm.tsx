import { Alert, Button, Field, Input, Stack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useLayoutEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { REFRESH_AFTER_LOGIN_MS } from '#shared/constants.ts';
import type { LoginInput } from '#shared/schemas/user.ts';
import { loadAllTexts, t as translate } from '../../i18n/i18n.ts';
import { loadFullTheme } from '../../components/ui/system.ts';
import { type Translate, useT } from '../../i18n/react.tsx';
import { notify } from '../../lib/notify.ts';
import { isRole } from '../../lib/roles.ts';
import { loadTextsOf, serverReason } from '../../lib/server-message.ts';
import { fieldErrorText, showFieldErrors } from '../../lib/form-errors.ts';
import { endPrerenderedSignIn } from '../../prerender/takeover.ts';
import { LOGIN_VARIANTS, type LoginVariant } from './login-variants.ts';
import { MfaCodeForm } from './MfaCodeForm.tsx';
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
  const t = useT();
  const look = LOGIN_VARIANTS[variant];
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const login = useLoginMutation();
  // The refusal itself, worded when shown, so that it follows the language.
  const [refusal, setRefusal] = useState<{ error: unknown } | null>(null);
  // The password was right and the account signs in with a second factor: the code step shows instead.
  const [codeNeeded, setCodeNeeded] = useState(false);
  // No default values: on a hydrated pre-rendered page the inputs may already hold what the visitor typed, and the
  // form takes its values from them when it registers them.
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: loginResolver });

  const signedIn = async () => {
    notify('success', translate('signIn.success'));
    // The signed-in screens' texts and recipes download while the session settles (ADRs 081, 101); the route waits
    // for them.
    loadAllTexts().catch(() => undefined);
    loadFullTheme().catch(() => undefined);
    // docs/product.md §4: the session cookies settle before the user is read again.
    await new Promise((resolve) => setTimeout(resolve, REFRESH_AFTER_LOGIN_MS));
    // If this read fails, the destination's guard reads the user again and shows the failure there.
    const user = await refreshCurrentUser(queryClient).catch(() => null);
    const role = variant === 'staff' ? user?.role : variant;
    // A role route sends everyone to that role's base; its guard forwards other roles to their own.
    if (isRole(role)) await navigate({ to: '/$role', params: { role } });
    else await navigate({ to: '/' });
  };

  const onSubmit = handleSubmit(async (credentials) => {
    setRefusal(null);
    let answer: Awaited<ReturnType<typeof login.mutateAsync>>;
    try {
      answer = await login.mutateAsync(credentials);
    } catch (error) {
      await loadTextsOf(error);
      setRefusal({ error });
      showFieldErrors(error, ['email', 'password'], setError);
      return;
    }
    if ('mfaRequired' in answer) setCodeNeeded(true);
    else await signedIn();
  });

  // In the commit that hydrated the pre-rendered page (before any further input reaches it): from here on submits are
  // the app's, and one the visitor made before is sent now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at mount; `onSubmit` is new on every render.
  useLayoutEffect(() => {
    if (endPrerenderedSignIn()) void onSubmit();
  }, []);

  if (codeNeeded) {
    return (
      <MfaCodeForm colorPalette={look.colorPalette} onSignedIn={signedIn} onRestart={() => setCodeNeeded(false)} />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t(look.title)}>
      <Stack gap="4">
        {refusal && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{loginErrorMessage(refusal.error, t)}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root invalid={Boolean(errors.email)}>
          <Field.Label>{t('signIn.email')}</Field.Label>
          <Input type="email" autoComplete="username" placeholder={t(look.emailPlaceholder)} {...register('email')} />
          <Field.ErrorText>{fieldErrorText(errors.email?.message, t)}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.password)}>
          <Field.Label>{t('signIn.password')}</Field.Label>
          <Input
            type="password"
            autoComplete="current-password"
            placeholder={t('signIn.passwordPlaceholder')}
            {...register('password')}
          />
          <Field.ErrorText>{fieldErrorText(errors.password?.message, t)}</Field.ErrorText>
        </Field.Root>
        <Button
          type="submit"
          colorPalette={look.colorPalette}
          loading={isSubmitting}
          loadingText={t('signIn.submitting')}
          width="full"
        >
          {t('signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** The server's refusal, or 'Invalid credentials. Please try again.' when it gave none. */
function loginErrorMessage(error: unknown, t: Translate): string {
  return serverReason(error, t) || t('error.auth.invalidCredentials');
}
