import { Box, Code, IconButton } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LuCopy } from 'react-icons/lu';
import { copyLabel, type IdentifierKind, splitIdentifiers } from '../../lib/crypto-identifiers.ts';
import { useT } from '../../i18n/react.tsx';
import { notify } from '../../lib/notify.ts';
import { redactedText } from '../../lib/redaction-text.ts';

/**
 * Ticket text with its wallet addresses and transaction ids shown in monospace, each with a copy button
 * (lib/crypto-identifiers.ts), and what the server redacted in the reader's language (lib/redaction-text.ts); everything
 * else as written. Used for descriptions and comments.
 */
export function IdentifierText({ text }: { text: string }) {
  const t = useT();
  const segments = useMemo(() => splitIdentifiers(redactedText(text, t)), [text, t]);
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
  const t = useT();
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => notify('success', t('identifier.copied')),
      () => notify('error', t('identifier.copyFailed')),
    );
  return (
    <Box as="span" display="inline-flex" alignItems="center" gap="0.5" maxW="full" verticalAlign="baseline">
      <Code fontFamily="mono" wordBreak="break-all" data-identifier={kind}>
        {value}
      </Code>
      <IconButton
        aria-label={copyLabel(kind, value, t)}
        title={t('identifier.copy')}
        size="2xs"
        variant="ghost"
        onClick={copy}
      >
        <LuCopy aria-hidden />
      </IconButton>
    </Box>
  );
}
