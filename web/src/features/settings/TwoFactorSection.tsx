import { Heading, Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { notify } from '../../lib/notify.ts';
import { CodeForm } from './CodeForm.tsx';
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
  return (
    <CodeForm
      onSubmit={async (code) => {
        await disable.mutateAsync(code);
        notify('success', translate('mfa.status.off'));
      }}
      submitLabel={t('mfa.disable')}
      pending={disable.isPending}
      variant="outline"
      helper={t('mfa.disableHint')}
    />
  );
}
