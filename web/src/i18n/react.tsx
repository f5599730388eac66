/**
 * Texts in React: every component that shows a text reads it through these hooks, which re-render it in the new
 * language the moment Settings switches it (no reload). Each component listens to the language itself, so the app
 * needs no provider above it.
 */
import { type ReactNode, use, useMemo, useSyncExternalStore } from 'react';
import type { Message, MessageKey, MessageParams } from '#shared/i18n/messages.ts';
import { hasAllTexts, i18n, loadAllTexts, t } from './i18n.ts';
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

/**
 * Shows its children once the active language's catalog is loaded whole, and nothing until then (it suspends): around
 * whatever a signed-in person sees, whose texts are not among the sign-in pages' (ADR 081, amendment of 2026-11-26).
 */
export function AllTexts({ children }: { children: ReactNode }): ReactNode {
  const language = useLanguage();
  if (!hasAllTexts(language)) use(loadAllTexts(language));
  return children;
}
