import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '#shared/i18n/catalogs/en.json' with { type: 'json' };
import { literalTexts } from '../test/literal-texts.ts';

// happy-dom gives modules an http: URL; the directory is the file system's.
const SRC = resolve(import.meta.dirname, '..');
const isKey = (text: string) => Object.hasOwn(en, text);

/** The SPA's source files that render something: every .tsx and .ts under web/src but tests and test helpers. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts')
      ? [path]
      : [];
  });
}

describe('texts in the source', () => {
  it('are all in the catalogs: no component renders a literal text', () => {
    const found = sourceFiles(SRC).flatMap((file) =>
      literalTexts(relative(SRC, file), readFileSync(file, 'utf8'), isKey),
    );
    expect(found.map(({ file, line, text }) => `${file}:${line} ${JSON.stringify(text)}`)).toEqual([]);
  });

  it('are found wherever a reader would meet them', () => {
    const source = `
      export function Screen({ open }) {
        notify('success', 'Saved');
        return (
          <Dialog title="Edit" aria-label={'Close it'} placeholder={\`Search \${open}\`}>
            Hello there
            {open ? 'Open' : t('common.close')}
            <Input label="common.cancel" alt="" data-testid="not-a-text" />
            <span>404 · 12%</span>
          </Dialog>
        );
      }`;
    expect(literalTexts('Screen.tsx', source, isKey).map(({ text }) => text)).toEqual([
      'Saved',
      'Edit',
      'Close it',
      'Search …',
      'Hello there',
      'Open',
    ]);
  });
});
