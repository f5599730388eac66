import { HStack, Spinner, Text } from '@chakra-ui/react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import type { MessageKey } from '#shared/i18n/messages.ts';
import { useT } from '../i18n/react.tsx';
import { SECTION_TITLES, type Section } from '../lib/sections.ts';
import { LoadError } from './LoadError.tsx';
import { useRetryRoute } from './RouteError.tsx';
import { PageHeader } from './ui/PageHeader.tsx';

/*
 * The pending and error components of the signed-in screens whose route loader waits for their data: the screen's
 * heading stays, and in place of its content what it is loading, or why it could not and Try again.
 */

interface ScreenErrorProps extends ErrorComponentProps {
  section: Section;
  /** What could not be loaded, in the words of the screen ('Agents could not be loaded'). */
  title: MessageKey;
}

/** A signed-in screen whose data could not be read: its heading, the reason, and Try again (its route's error component). */
export function ScreenError({ section, title, error, reset }: ScreenErrorProps) {
  const t = useT();
  const retry = useRetryRoute(reset);
  return (
    <>
      <PageHeader title={t(SECTION_TITLES[section])} />
      <LoadError title={t(title)} error={error instanceof Error ? error : new Error(String(error))} onRetry={retry} />
    </>
  );
}

/** A signed-in screen waiting for its data: its heading and what it is loading (its route's pending component). */
export function ScreenPending({ section, label }: { section: Section; label: MessageKey }) {
  const t = useT();
  return (
    <>
      <PageHeader title={t(SECTION_TITLES[section])} />
      <HStack role="status" gap="3" py="10" justify="center" color="fg.muted">
        <Spinner size="sm" />
        <Text>{t(label)}</Text>
      </HStack>
    </>
  );
}
