import { Stack, Text } from '@chakra-ui/react';
import type { PresenceViewer } from '#shared/schemas/presence.ts';
import { formatList } from '../../i18n/format.ts';
import { useLanguage, useT } from '../../i18n/react.tsx';
import { displayNameOf } from '../../lib/format.ts';

/**
 * Who else is on the ticket (docs/product.md §2 "Ticket page"): "Priya Nair is replying…", "Marco Rossi and Ana Lima
 * are viewing", names joined in the reader's language. A polite live region, so that a screen reader hears of it.
 */
export function PresenceLine({ viewers }: { viewers: readonly PresenceViewer[] }) {
  const t = useT();
  const language = useLanguage();
  const namesOf = (state: PresenceViewer['state']) =>
    viewers.filter((viewer) => viewer.state === state).map((viewer) => displayNameOf(viewer, t));
  const replying = namesOf('replying');
  const viewing = namesOf('viewing');
  return (
    <Stack
      gap="0"
      role="status"
      aria-live="polite"
      aria-label={t('presence.label')}
      data-testid="presence"
      fontSize="sm"
    >
      {replying.length > 0 && (
        <Text color="fg.info" fontWeight="medium">
          {t('presence.replying', { names: formatList(replying, language), count: replying.length })}
        </Text>
      )}
      {viewing.length > 0 && (
        <Text color="fg.muted">
          {t('presence.viewing', { names: formatList(viewing, language), count: viewing.length })}
        </Text>
      )}
    </Stack>
  );
}
