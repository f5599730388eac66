/**
 * Texts in React: every component that shows a text reads it through these hooks, which re-render it in the new
 * language the moment Settings switches it (no reload). Each component listens to the language itself, so the app
 * needs no provider above it.
 */
import { useMemo, useSyncExternalStore } from 'react';
import type { Message, MessageKey, MessageParams } from '#shared/i18n/messages.ts';
import { i18n, t } from './i18n.ts';
import type { Language } from './languages.ts';

export type Translate = (key: MessageKey, params?: MessageParams) => string;

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const activeLanguage = () => i18n.locale as Language;

/** The active language; the component re-renders when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, activeLanguage, activeLanguage);
}

/** The text of a key in the active language; a new function (and a re-render) when the language changes. */
export function useT(): Translate {
  const language = useLanguage();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is what makes the texts new.
  return useMemo<Translate>(() => (key, params) => t(key, params), [language]);
}

/** A message (a rule's outcome, a server code) in the active language. */
export function useTextOf(): (message: Message) => string {
  const t = useT();
  return useMemo(
    () =>
      ({ code, params }: Message) =>
        t(code, params),
    [t],
  );
}
