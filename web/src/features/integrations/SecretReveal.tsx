import { Alert, Button, Code, Dialog, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCheck, LuCopy } from 'react-icons/lu';
import { INTEGRATION_TEXTS as T } from '#shared/messages.ts';
import { notify } from '../../lib/notify.ts';

/** A secret shown once, with a button that copies it; the text stays selectable for a copy by hand. */
export function SecretReveal({ secret, label }: { secret: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      notify('error', T.copyFailed);
    }
  };
  return (
    <Stack gap="3">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{T.secretTitle}</Alert.Title>
          <Alert.Description>{T.secretOnce}</Alert.Description>
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
        <Button variant="outline" onClick={copy} aria-label={`${copied ? T.copied : T.copy} ${label.toLowerCase()}`}>
          {copied ? <LuCheck aria-hidden /> : <LuCopy aria-hidden />}
          {copied ? T.copied : T.copy}
        </Button>
      </HStack>
    </Stack>
  );
}

/** The last step of a creation dialog: the secret, and Done. */
export function SecretStep({ secret, label, onDone }: { secret: string; label: string; onDone: () => void }) {
  return (
    <>
      <Dialog.Body>
        <SecretReveal secret={secret} label={label} />
      </Dialog.Body>
      <Dialog.Footer>
        <Button onClick={onDone}>{T.done}</Button>
      </Dialog.Footer>
    </>
  );
}
