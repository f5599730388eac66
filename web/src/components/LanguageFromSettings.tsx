import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { activateLanguage } from '../i18n/i18n.ts';
import { isLanguage, rememberLanguage } from '../i18n/languages.ts';
import { userSettingsQuery } from '../lib/user-settings.ts';

/**
 * Applies the signed-in user's language setting to the whole app, at once and without a reload, whenever it is read or
 * saved; mount it once inside the signed-in layout. The browser remembers it, so the next page load starts in it
 * before the settings arrive.
 */
export function LanguageFromSettings() {
  const { data: language } = useQuery({ ...userSettingsQuery(), select: (settings) => settings.language });
  useEffect(() => {
    if (!isLanguage(language)) return;
    rememberLanguage(language);
    activateLanguage(language).catch((error: unknown) => {
      // The catalog could not be fetched: the app stays in the language it shows, and the next read tries again.
      console.error('The interface language could not be switched', error);
    });
  }, [language]);
  return null;
}
