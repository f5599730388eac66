import { Box, Code, IconButton } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LuCopy } from 'react-icons/lu';
import { TICKET_TEXTS } from '#shared/messages.ts';
import { copyLabel, type IdentifierKind, splitIdentifiers } from '../../lib/crypto-identifiers.ts';
import { notify } from '../../lib/notify.ts';

/**
 * Ticket text with its wallet addresses and transaction ids shown in monospace, each with a copy button
 * (lib/crypto-identifiers.ts); everything else as written. Used for descriptions and comments.
 */
export function IdentifierText({ text }: { text: string }) {
  const segments = useMemo(() => splitIdentifiers(text), [text]);
  return (
    <>
      {segments.map((segment, i) =>
        'kind' in segment ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder; the same value may appear twice.
          <CopyableIdentifier key={i} value={segment.text} kind={segment.kind} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <Box as="span" key={i}>
            {segment.text}
          </Box>
        ),
      )}
    </>
  );
}

function CopyableIdentifier({ value, kind }: { value: string; kind: IdentifierKind }) {
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => notify('success', TICKET_TEXTS.identifierCopied),
      () => notify('error', TICKET_TEXTS.identifierCopyFailed),
    );
  return (
    <Box as="span" display="inline-flex" alignItems="center" gap="0.5" maxW="full" verticalAlign="baseline">
      <Code fontFamily="mono" wordBreak="break-all" data-identifier={kind}>
        {value}
      </Code>
      <IconButton aria-label={copyLabel(kind, value)} title="Copy" size="2xs" variant="ghost" onClick={copy}>
        <LuCopy aria-hidden />
      </IconButton>
    </Box>
  );
}
