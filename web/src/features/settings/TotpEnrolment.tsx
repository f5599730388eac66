import { Box, Button, Code, HStack, Image, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { TotpEnrolment as Enrolment } from '#shared/schemas/mfa.ts';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { CodeForm } from './CodeForm.tsx';
import { useConfirmTotpMutation, useStartTotpMutation } from './queries.ts';

/**
 * The QR code of the secret's `otpauth://` address as an SVG data URL, drawn in the browser (the secret never leaves
 * for a QR service; the CSP allows `data:` images).
 */
async function qrCodeOf(otpauthUrl: string): Promise<string> {
  const { toString: toSvg } = await import('qrcode');
  const svg = await toSvg(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * Two-factor enrolment (docs/product.md §3 "Two-factor sign-in"): start, scan the QR code (or type the key) into an
 * authenticator app, confirm with its first code, then read the recovery codes, shown this once. Settings → Security
 * and the enrolment screen of a user the desk requires it of both show it.
 */
export function TotpEnrolment({ onDone }: { onDone: () => void }) {
  const t = useT();
  const start = useStartTotpMutation();
  const confirm = useConfirmTotpMutation();
  const [enrolment, setEnrolment] = useState<Enrolment & { qrCode: string }>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();

  const begin = async () => {
    try {
      const started = await start.mutateAsync();
      setEnrolment({ ...started, qrCode: await qrCodeOf(started.otpauthUrl) });
    } catch (error) {
      if (!isUnauthorized(error)) notify('error', translate('mfa.failed'), refusalMessage(error, translate));
    }
  };

  if (recoveryCodes) return <RecoveryCodesList codes={recoveryCodes} onDone={onDone} />;

  if (!enrolment) {
    return (
      <Stack gap="3" align="start">
        <Text>{t('mfa.description')}</Text>
        <Button onClick={begin} loading={start.isPending}>
          {t('mfa.enrol.start')}
        </Button>
      </Stack>
    );
  }

  return (
    <CodeForm
      onSubmit={async (code) => setRecoveryCodes((await confirm.mutateAsync(code)).recoveryCodes)}
      submitLabel={t('mfa.enrol.verify')}
      pending={confirm.isPending}
    >
      <Text>{t('mfa.enrol.scan')}</Text>
      <Image src={enrolment.qrCode} alt={t('mfa.enrol.qrAlt')} width="200px" height="200px" />
      <Box>
        <Text fontSize="sm" color="fg.muted">
          {t('mfa.enrol.secret')}
        </Text>
        <Code data-testid="totp-secret" wordBreak="break-all">
          {enrolment.secret}
        </Code>
      </Box>
    </CodeForm>
  );
}

/** The recovery codes, shown once, with a copy button; Done when the user has put them away. */
function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify('success', translate('mfa.recovery.copied'));
    } catch {
      notify('error', translate('mfa.recovery.copyFailed'));
    }
  };
  return (
    <Stack gap="4" maxW="md" align="start">
      <Text fontWeight="semibold">{t('mfa.recovery.title')}</Text>
      <Text>{t('mfa.recovery.body')}</Text>
      <List.Root listStyle="none" aria-label={t('mfa.recovery.title')}>
        {codes.map((code) => (
          <List.Item key={code}>
            <Code>{code}</Code>
          </List.Item>
        ))}
      </List.Root>
      <HStack>
        <Button variant="outline" onClick={copy}>
          {t('mfa.recovery.copy')}
        </Button>
        <Button onClick={onDone}>{t('mfa.recovery.done')}</Button>
      </HStack>
    </Stack>
  );
}
