/** The catalogs by language, and the one lookup every template uses. */
import { DEFAULT_CUSTOMER_LANGUAGE, type Language, LANGUAGES } from '#shared/constants.ts';
import type { Catalogs, MailCatalog } from './catalog.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { ja } from './ja.ts';
import { zh } from './zh.ts';

export const CATALOGS: Catalogs = { en, es, fr, de, zh, ja };

/** The catalog of a language; anything not one of the six reads English. */
export function catalogFor(language: string | null | undefined): MailCatalog {
  return (LANGUAGES as readonly string[]).includes(language ?? '')
    ? CATALOGS[language as Language]
    : CATALOGS[DEFAULT_CUSTOMER_LANGUAGE];
}
