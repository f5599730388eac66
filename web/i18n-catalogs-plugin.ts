/**
 * Serves each language's message catalog (shared/i18n/catalogs/<language>.json, ICU MessageFormat) to the SPA as a
 * module of its own, `virtual:i18n-catalog/<language>`, with every message compiled for Lingui's runtime at build time:
 * the browser gets no ICU parser, and only the active language's catalog is downloaded (web/src/i18n/catalogs.ts). A
 * message that does not parse fails the build, naming the language and the key.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { LANGUAGES } from '../shared/constants.ts';

const PREFIX = 'virtual:i18n-catalog/';
const RESOLVED_PREFIX = '\0i18n-catalog:';

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

/** The module text of one language's compiled catalog. */
async function compiledCatalogModule(language: string): Promise<string> {
  const source = JSON.parse(await readFile(catalogPath(language), 'utf8')) as Record<string, string>;
  const messages = Object.fromEntries(
    Object.entries(source).map(([key, text]) => [key, compiled(language, key, text)]),
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
      const language = id.slice(PREFIX.length);
      if (!(LANGUAGES as readonly string[]).includes(language))
        throw new Error(`No catalog for language "${language}"`);
      return RESOLVED_PREFIX + language;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return null;
      const language = id.slice(RESOLVED_PREFIX.length);
      this.addWatchFile(catalogPath(language));
      return compiledCatalogModule(language);
    },
  };
}
