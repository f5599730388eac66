import { Alert, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { mfaStatusQuery, useDisableTotpMutation, useRefreshMfaStatus } from './queries.ts';
import { TotpEnrolment } from './TotpEnrolment.tsx';

/** Settings → Security: one's own two-factor sign-in, set up or turned off (docs/product.md §3). */
export function TwoFactorSection() {
  const t = useT();
  const titleId = useId();
  const { data: status } = useSuspenseQuery(mfaStatusQuery());
  const refresh = useRefreshMfaStatus();

  return (
    <Stack gap="4" aria-labelledby={titleId} role="region">
      <Heading as="h2" size="md" id={titleId}>
        {t('mfa.title')}
      </Heading>
      {status.enabled ? (
        <>
          <Text>{t('mfa.status.on')}</Text>
          <DisableTotpForm />
        </>
      ) : (
        <>
          <Text>{status.required ? t('mfa.status.required') : t('mfa.status.off')}</Text>
          <TotpEnrolment
            onDone={() => {
              notify('success', translate('mfa.status.on'));
              void refresh();
            }}
          />
        </>
      )}
    </Stack>
  );
}

/** Turning two-factor sign-in off takes a current code (or a recovery code). */
function DisableTotpForm() {
  const t = useT();
  const disable = useDisableTotpMutation();
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<unknown>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    try {
      await disable.mutateAsync(code);
    } catch (error) {
      if (!isUnauthorized(error)) setRefusal(error);
      return;
    }
    notify('success', translate('mfa.status.off'));
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="3" maxW="md">
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
            <Button type="submit" variant="outline" loading={disable.isPending} disabled={!code.trim()}>
              {t('mfa.disable')}
            </Button>
          </HStack>
          <Field.HelperText>{t('mfa.disableHint')}</Field.HelperText>
        </Field.Root>
      </Stack>
    </form>
  );
}
