import { TransNoContext } from '@lingui/react/server';
import type { ReactElement } from 'react';
import type { MessageKey, MessageParams } from '#shared/i18n/messages.ts';
import { i18n } from './i18n.ts';
import { useT } from './react.tsx';

interface RichTextProps {
  id: MessageKey;
  values?: MessageParams;
  /** Elements for the message's numbered tags: `<0>Recommended action:</0> {action}` with `{ 0: <strong /> }`. */
  components: Record<string, ReactElement>;
}

/**
 * A message whose parts are marked up (a bold label inside a sentence), in the active language: Lingui's Trans, given
 * the app's one i18n instance (kept out of the first page's JavaScript: only signed-in screens use it).
 */
export function RichText({ id, values, components }: RichTextProps) {
  // Subscribes to the language, so the text follows a switch.
  useT();
  return <TransNoContext id={id} values={values} components={components} lingui={{ i18n }} />;
}
