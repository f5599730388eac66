/**
 * Serves each language's message catalog (shared/i18n/catalogs/<language>.json, ICU MessageFormat) to the SPA in two
 * modules, with every message compiled for Lingui's runtime at build time: `virtual:i18n-catalog/<language>`, the texts
 * of what a visitor sees before signing in (web/sign-in-texts.ts computes which from the source), and
 * `virtual:i18n-catalog/<language>-rest`, all the others, loaded once someone is signed in (ADR 081, amendment of
 * 2026-11-26). The browser gets no ICU parser, and only the active language's parts are downloaded
 * (web/src/i18n/i18n.ts). A message that does not parse fails the build, naming the language and the key.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { LANGUAGES } from '../shared/constants.ts';
import { signInKeys } from './sign-in-texts.ts';

const PREFIX = 'virtual:i18n-catalog/';
const RESOLVED_PREFIX = '\0i18n-catalog:';
const REST = '-rest';

const catalogPath = (language: string) =>
  fileURLToPath(new URL(`../shared/i18n/catalogs/${language}.json`, import.meta.url));

/**
 * A message in the form Lingui's runtime reads: its tokens. Plain text stays a one-token list rather than a string,
 * which Lingui would take for an uncompiled message outside production builds (tests, the build's pre-render).
 */
function compiled(language: string, key: string, source: string): CompiledMessage {
  try {
    return compileMessageOrThrow(source);
  } catch (error) {
    throw new Error(`${language}.json: "${key}" is not valid ICU MessageFormat: ${(error as Error).message}`);
  }
}

/** The module text of one part of a language's compiled catalog: the sign-in pages' texts, or the rest. */
async function compiledCatalogModule(language: string, rest: boolean): Promise<string> {
  const source = JSON.parse(await readFile(catalogPath(language), 'utf8')) as Record<string, string>;
  const initial = new Set(signInKeys(Object.keys(source)));
  const messages = Object.fromEntries(
    Object.entries(source)
      .filter(([key]) => initial.has(key) !== rest)
      .map(([key, text]) => [key, compiled(language, key, text)]),
  );
  // A JSON string parses faster than the same object as a JavaScript literal.
  return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});\n`;
}

export function i18nCatalogs(): Plugin {
  return {
    name: 'helpdesk:i18n-catalogs',
    enforce: 'pre',
    resolveId(id) {
      if (!id.startsWith(PREFIX)) return null;
      const part = id.slice(PREFIX.length);
      const language = part.endsWith(REST) ? part.slice(0, -REST.length) : part;
      if (!(LANGUAGES as readonly string[]).includes(language))
        throw new Error(`No catalog for language "${language}"`);
      return RESOLVED_PREFIX + part;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return null;
      const part = id.slice(RESOLVED_PREFIX.length);
      const rest = part.endsWith(REST);
      const language = rest ? part.slice(0, -REST.length) : part;
      this.addWatchFile(catalogPath(language));
      return compiledCatalogModule(language, rest);
    },
  };
}
