/**
 * The interface languages (docs/product.md §9: en, es, fr, de, zh, ja) and how one is chosen. Kept free of the
 * catalogs and of React: index.html's inline script runs `chooseLanguage` itself (web/prerender-plugin.ts), before any
 * bundle has loaded.
 */
import { LANGUAGES } from '#shared/constants.ts';
import { SIGNED_IN_HINT_COOKIE } from '#shared/signed-in-hint.ts';

export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** Where the browser remembers the signed-in person's language, so that a reload paints in it at once. */
export const REMEMBERED_LANGUAGE_KEY = 'language';

/**
 * The language to show: the person's remembered setting when there is one, else the first of the browser's preferred
 * languages (`navigator.languages`, 'ja-JP' counting as 'ja') that the app has, else the first supported (English).
 *
 * Self-contained (no reference outside its body), because the build copies its source into index.html's inline
 * script, which chooses the pre-rendered sign-in page's language with it; the build checks that copy against this.
 */
export function chooseLanguage(
  preferred: readonly string[],
  remembered: string | null,
  supported: readonly string[],
): string {
  if (remembered && supported.indexOf(remembered) >= 0) return remembered;
  for (const tag of preferred) {
    const primary = String(tag).toLowerCase().split('-')[0] ?? '';
    if (supported.indexOf(primary) >= 0) return primary;
  }
  return supported[0] ?? 'en';
}

/** The language this page starts in: for a signed-in person their remembered setting, else the browser's choice. */
export function startLanguage(): Language {
  const signedIn = new RegExp(`(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=1(?:;|$)`).test(document.cookie);
  let remembered: string | null = null;
  try {
    if (signedIn) remembered = localStorage.getItem(REMEMBERED_LANGUAGE_KEY);
  } catch {
    // Storage may be unavailable (privacy settings): the browser's preference decides.
  }
  const chosen = chooseLanguage(navigator.languages ?? [navigator.language], remembered, LANGUAGES);
  return isLanguage(chosen) ? chosen : 'en';
}

/** Remembers the signed-in person's language for the next page load. */
export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(REMEMBERED_LANGUAGE_KEY, language);
  } catch {
    // Without storage a reload starts in the browser's language until the settings arrive.
  }
}

/**
 * The Intl locale of a language: American English keeps the product's formats ('Jan 6, 2025, 9:05 AM'), Chinese is
 * Simplified Chinese.
 */
export const INTL_LOCALES: Record<Language, string> = {
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  zh: 'zh-CN',
  ja: 'ja-JP',
};

/** Writing direction of a language, for `<html dir>`; all six are written left to right. */
export function textDirection(language: Language): 'ltr' | 'rtl' {
  const locale = new Intl.Locale(INTL_LOCALES[language]) as Intl.Locale & {
    getTextInfo?: () => { direction?: string };
    textInfo?: { direction?: string };
  };
  const direction = locale.getTextInfo?.().direction ?? locale.textInfo?.direction;
  return direction === 'rtl' ? 'rtl' : 'ltr';
}
