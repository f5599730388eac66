/**
 * `npx tsx scripts/server-texts.ts`: copies the texts the server words (functions/lib/messages.ts `SERVER_TEXTS`) from
 * the English catalog into functions/lib/messages.en.json, compiled from ICU into Lingui's compiled form, so a function
 * bundles those and not the whole catalog, nor the ICU parser (docs/decisions/100-function-bundles.md). Run it after adding or changing such a text; the unit test of
 * functions/lib/messages.ts fails until then.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { isServerKey } from '#functions/lib/messages.ts';

const root = resolve(import.meta.dirname, '..');
const catalog = JSON.parse(await readFile(resolve(root, 'shared/i18n/catalogs/en.json'), 'utf8')) as Record<
  string,
  string
>;
const texts = Object.fromEntries(
  Object.entries(catalog)
    .filter(([key]) => isServerKey(key))
    .map(([key, text]) => [key, compileMessage(text)]),
);
await writeFile(resolve(root, 'functions/lib/messages.en.json'), `${JSON.stringify(texts, null, 2)}\n`);
console.log(`${Object.keys(texts).length} of ${Object.keys(catalog).length} texts copied`);
