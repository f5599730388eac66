import { Alert, Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useT } from '../../i18n/react.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { refusalMessage } from '../../lib/server-message.ts';

interface CodeFormProps {
  /** Sends the code; what it throws shows above the field (a 401 is the signed-out handler's). */
  onSubmit: (code: string) => Promise<void>;
  submitLabel: string;
  pending: boolean;
  variant?: 'solid' | 'outline';
  helper?: string;
  /** What comes before the field (the QR code and the key of an enrolment). */
  children?: ReactNode;
}

/** A two-factor code and its button (confirming an enrolment, turning two-factor sign-in off), with the refusal. */
export function CodeForm({ onSubmit, submitLabel, pending, variant = 'solid', helper, children }: CodeFormProps) {
  const t = useT();
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<unknown>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    try {
      await onSubmit(code);
    } catch (error) {
      if (!isUnauthorized(error)) setRefusal(error);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4" maxW="md">
        {children}
        {refusal !== undefined && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{refusalMessage(refusal, t) ?? t('mfa.failed')}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root required>
          <Field.Label>{t('mfa.code')}</Field.Label>
          <HStack>
            <Input
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              autoComplete="one-time-code"
              maxW="14rem"
            />
            <Button type="submit" variant={variant} loading={pending} disabled={!code.trim()}>
              {submitLabel}
            </Button>
          </HStack>
          {helper && <Field.HelperText>{helper}</Field.HelperText>}
        </Field.Root>
      </Stack>
    </form>
  );
}
