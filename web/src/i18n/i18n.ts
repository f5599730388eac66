/**
 * The SPA's interface language (docs/decisions/081-one-message-registry-and-lingui.md): Lingui's runtime with the
 * active language's catalog, compiled at build time and loaded on demand (only that one), and the document's `lang`
 * and `dir` kept equal to it. Components read texts through `useT()` (./react.tsx), which re-renders them when the
 * language changes; code outside React (toasts, desktop notifications) calls `t()` at the moment it shows a text.
 */
import { i18n, type Messages } from '@lingui/core';
import { type MessageKey, type MessageParams, wordedParams } from '#shared/i18n/messages.ts';
import { INTL_LOCALES, type Language, textDirection } from './languages.ts';

// One import per language, so that the build makes one chunk per catalog and the browser fetches only the active one.
const CATALOGS: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('virtual:i18n-catalog/en'),
  es: () => import('virtual:i18n-catalog/es'),
  fr: () => import('virtual:i18n-catalog/fr'),
  de: () => import('virtual:i18n-catalog/de'),
  zh: () => import('virtual:i18n-catalog/zh'),
  ja: () => import('virtual:i18n-catalog/ja'),
};

const loading = new Map<Language, Promise<void>>();

/** Fetches a language's catalog once (a failed fetch may be tried again). */
export function loadCatalog(language: Language): Promise<void> {
  let pending = loading.get(language);
  if (!pending) {
    pending = CATALOGS[language]().then(({ messages }) => i18n.load(language, messages));
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

let requested: Language | null = null;

/**
 * Makes `language` the interface language: loads its catalog, then switches every text at once (components re-render
 * through Lingui's provider) and sets `<html lang dir>`. The last call wins when several overlap.
 */
export async function activateLanguage(language: Language): Promise<void> {
  requested = language;
  await loadCatalog(language);
  if (requested !== language) return;
  if (i18n.locale !== language) i18n.activate(language, [INTL_LOCALES[language]]);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    document.documentElement.dir = textDirection(language);
  }
}

/** The active language ('en' before any was activated). */
export const currentLanguage = (): Language => (i18n.locale || 'en') as Language;

/** Whether the active catalog has `key` (a code from the server may be newer than the page). */
export const hasText = (key: string): key is MessageKey => i18n.messages[key] !== undefined;

/** A text in the active language, for code outside React; read it when it is shown. */
export const t = (key: MessageKey, params?: MessageParams): string =>
  i18n._(
    key,
    wordedParams(params, (field) => i18n._(field)),
  );

export { i18n };
