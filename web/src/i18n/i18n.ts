/**
 * The SPA's interface language (docs/decisions/081-one-message-registry-and-lingui.md): Lingui's runtime with the
 * active language's catalog, compiled at build time and loaded on demand (only that one), and the document's `lang`
 * and `dir` kept equal to it. Components read texts through `useT()` (./react.tsx), which re-renders them when the
 * language changes; code outside React (toasts, desktop notifications) calls `t()` at the moment it shows a text.
 */
import { i18n, type Messages } from '@lingui/core';
import { type MessageKey, type MessageParams, wordedParams } from '#shared/i18n/messages.ts';
import { INTL_LOCALES, type Language, textDirection } from './languages.ts';

type Catalog = () => Promise<{ messages: Messages }>;

/**
 * Two imports per language, so that the build makes two chunks per catalog and the browser fetches only the active
 * language's: `signIn`, the texts of what a visitor sees before signing in, and `rest`, every other text, wanted once
 * someone is signed in (web/i18n-catalogs-plugin.ts; ADR 081, amendment of 2026-11-26).
 */
const CATALOGS: Record<Language, { signIn: Catalog; rest: Catalog }> = {
  en: { signIn: () => import('virtual:i18n-catalog/en'), rest: () => import('virtual:i18n-catalog/en-rest') },
  es: { signIn: () => import('virtual:i18n-catalog/es'), rest: () => import('virtual:i18n-catalog/es-rest') },
  fr: { signIn: () => import('virtual:i18n-catalog/fr'), rest: () => import('virtual:i18n-catalog/fr-rest') },
  de: { signIn: () => import('virtual:i18n-catalog/de'), rest: () => import('virtual:i18n-catalog/de-rest') },
  zh: { signIn: () => import('virtual:i18n-catalog/zh'), rest: () => import('virtual:i18n-catalog/zh-rest') },
  ja: { signIn: () => import('virtual:i18n-catalog/ja'), rest: () => import('virtual:i18n-catalog/ja-rest') },
};

const loading = new Map<string, Promise<void>>();
const whole = new Map<Language, Promise<void>>();
const loaded = new Set<Language>();
let requested: Language | null = null;

/** Fetches one part of a language's catalog once (a failed fetch may be tried again). */
function loadPart(language: Language, part: 'signIn' | 'rest'): Promise<void> {
  const name = `${language}/${part}`;
  let pending = loading.get(name);
  if (!pending) {
    // A copy: Lingui adds the second part into the object of the first, which is the chunk's export.
    pending = CATALOGS[language][part]().then(({ messages }) => i18n.load(language, { ...messages }));
    pending.catch(() => loading.delete(name));
    loading.set(name, pending);
  }
  return pending;
}

/** Whether every text is wanted: from the moment someone is signed in, each language is loaded whole. */
let allTextsWanted = false;

/** Fetches what the page needs of a language's catalog: the sign-in pages' texts, or all once they are wanted. */
function loadCatalog(language: Language): Promise<void> {
  if (!allTextsWanted) return loadPart(language, 'signIn');
  let pending = whole.get(language);
  if (!pending) {
    pending = Promise.all([loadPart(language, 'signIn'), loadPart(language, 'rest')]).then(() => {
      loaded.add(language);
    });
    pending.catch(() => whole.delete(language));
    whole.set(language, pending);
  }
  return pending;
}

/**
 * Loads the rest of the texts, of the language being shown and of any later one: called once someone is signed in (or
 * a sign-in page needs a text outside its own). The same promise for the same language.
 */
export function loadAllTexts(language: Language = requested ?? currentLanguage()): Promise<void> {
  allTextsWanted = true;
  return loadCatalog(language);
}

/** Whether `language`'s catalog is loaded whole. */
export const hasAllTexts = (language: Language): boolean => loaded.has(language);

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
