import { Alert, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { type Translate, useT } from '../../i18n/react.tsx';
import { loadTextsOf, serverReason } from '../../lib/server-message.ts';
import { useMfaSignInMutation } from './queries.ts';

interface MfaCodeFormProps {
  colorPalette: string;
  /** The code was right: the session is set. */
  onSignedIn: () => Promise<void>;
  /** Back to the password form (another account, or a challenge that expired). */
  onRestart: () => void;
}

/**
 * The sign-in's second step for an account with two-factor sign-in on (docs/decisions/083-staff-two-factor.md): a
 * code from the authenticator app or one of the recovery codes, within five minutes of the password.
 */
export function MfaCodeForm({ colorPalette, onSignedIn, onRestart }: MfaCodeFormProps) {
  const t = useT();
  const signIn = useMfaSignInMutation();
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<{ error: unknown } | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    try {
      await signIn.mutateAsync(code);
    } catch (error) {
      await loadTextsOf(error);
      setRefusal({ error });
      return;
    }
    await onSignedIn();
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('signIn.mfa.title')}>
      <Stack gap="4">
        <Text>{t('signIn.mfa.prompt')}</Text>
        {refusal && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{codeErrorMessage(refusal.error, t)}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root>
          <Field.Label>{t('signIn.mfa.code')}</Field.Label>
          <Input
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            autoComplete="one-time-code"
            inputMode="text"
            // The one thing to do on this step, just after the password.
            autoFocus
          />
        </Field.Root>
        <Button
          type="submit"
          colorPalette={colorPalette}
          loading={signIn.isPending}
          loadingText={t('signIn.submitting')}
          disabled={!code.trim()}
          width="full"
        >
          {t('signIn.mfa.submit')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onRestart}>
          {t('signIn.mfa.restart')}
        </Button>
      </Stack>
    </form>
  );
}

/** The server's refusal (a wrong or used code, an expired sign-in, too many attempts), or the wrong-code text. */
function codeErrorMessage(error: unknown, t: Translate): string {
  return serverReason(error, t) || t('error.mfa.invalidCode');
}
