import { Alert, Button, Code, Dialog, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCheck, LuCopy } from 'react-icons/lu';
import { useT } from '../../i18n/react.tsx';
import { notify } from '../../lib/notify.ts';

/** A secret shown once, with a button that copies it; the text stays selectable for a copy by hand. */
export function SecretReveal({ secret, label }: { secret: string; label: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      notify('error', t('integrations.copyFailed'));
    }
  };
  return (
    <Stack gap="3">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('integrations.secretTitle')}</Alert.Title>
          <Alert.Description>{t('integrations.secretOnce')}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <HStack align="stretch">
        <Code
          aria-label={label}
          data-testid="revealed-secret"
          flex="1"
          px="3"
          py="2"
          wordBreak="break-all"
          userSelect="all"
          fontSize="sm"
        >
          {secret}
        </Code>
        <Button
          variant="outline"
          onClick={copy}
          aria-label={t(copied ? 'integrations.copiedNamed' : 'integrations.copyNamed', { name: label })}
        >
          {copied ? <LuCheck aria-hidden /> : <LuCopy aria-hidden />}
          {copied ? t('integrations.copied') : t('integrations.copy')}
        </Button>
      </HStack>
    </Stack>
  );
}

/** The last step of a creation dialog: the secret, and Done. */
export function SecretStep({ secret, label, onDone }: { secret: string; label: string; onDone: () => void }) {
  const t = useT();
  return (
    <>
      <Dialog.Body>
        <SecretReveal secret={secret} label={label} />
      </Dialog.Body>
      <Dialog.Footer>
        <Button onClick={onDone}>{t('integrations.done')}</Button>
      </Dialog.Footer>
    </>
  );
}
