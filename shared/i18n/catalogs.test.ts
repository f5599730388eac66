/**
 * The catalogs of shared/i18n/catalogs/ against the English source: every language has exactly English's keys, and
 * each message the same ICU arguments, the same markup tags and, for plurals, the categories its language has.
 */
import { readFileSync } from 'node:fs';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants.ts';

const catalog = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`./catalogs/${language}.json`, import.meta.url), 'utf8'));

const english = catalog('en');
const translations = LANGUAGES.filter((language) => language !== 'en');

type Token = CompiledMessage[number];
type Choices = Record<string, CompiledMessage>;

/** What a message needs from its caller and how it branches: argument names, and each choice argument's branches. */
interface Shape {
  arguments: Set<string>;
  /** `plural`/`selectordinal` arguments and their branch keys. */
  plurals: Map<string, Set<string>>;
  /** `select` arguments and their branch keys. */
  selects: Map<string, Set<string>>;
  /** Numbered markup tags (`<0>…</0>`) a rich text fills with elements. */
  tags: Set<string>;
}

function shapeOf(message: string): Shape {
  const shape: Shape = { arguments: new Set(), plurals: new Map(), selects: new Map(), tags: new Set() };
  for (const tag of message.matchAll(/<\/?(\d+)\/?>/g)) shape.tags.add(tag[1]!);
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens as Token[]) {
      if (typeof token === 'string') continue;
      const [name, type, format] = token;
      shape.arguments.add(name);
      if (type === 'plural' || type === 'selectordinal' || type === 'select') {
        const choices = format as Choices;
        const keys = new Set(Object.keys(choices).filter((key) => key !== 'offset'));
        (type === 'select' ? shape.selects : shape.plurals).set(name, keys);
        for (const key of keys) walk(choices[key]!);
      }
    }
  };
  walk(compileMessageOrThrow(message));
  return shape;
}

const sorted = (values: Iterable<string>) => [...values].sort();

describe('the English catalog', () => {
  it('is valid ICU MessageFormat with no empty message', () => {
    for (const [key, message] of Object.entries(english)) {
      expect(message.trim(), key).not.toBe('');
      expect(() => compileMessageOrThrow(message), key).not.toThrow();
    }
  });

  it('names its keys area by area (lower camel case segments joined by dots)', () => {
    for (const key of Object.keys(english)) expect(key).toMatch(/^[a-z][a-zA-Z]*(\.[a-zA-Z_]+)+$/);
  });
});

describe.each(translations)('the %s catalog', (language) => {
  const translated = catalog(language);
  const categories = new Set<string>(new Intl.PluralRules(language).resolvedOptions().pluralCategories);

  it('has every key of the English catalog and none that English lacks', () => {
    expect(sorted(Object.keys(translated))).toEqual(sorted(Object.keys(english)));
  });

  it('translates every message into valid ICU MessageFormat', () => {
    for (const [key, message] of Object.entries(translated)) {
      expect(message.trim(), key).not.toBe('');
      expect(() => compileMessageOrThrow(message), `${language}: ${key}`).not.toThrow();
    }
  });

  it('keeps each message’s arguments, plurals, choices and markup', () => {
    for (const [key, source] of Object.entries(english)) {
      const message = translated[key];
      if (message === undefined) continue;
      const expected = shapeOf(source);
      const actual = shapeOf(message);
      expect(sorted(actual.arguments), `${key}: arguments`).toEqual(sorted(expected.arguments));
      expect(sorted(actual.tags), `${key}: tags`).toEqual(sorted(expected.tags));
      // A language that has one plural form (Chinese, Japanese) may write a count without a plural; the others keep
      // every plural English has.
      if (categories.size > 1)
        expect(sorted(actual.plurals.keys()), `${key}: plural arguments`).toEqual(sorted(expected.plurals.keys()));
      for (const [name, branches] of expected.selects)
        expect(sorted(actual.selects.get(name) ?? []), `${key}: ${name} choices`).toEqual(sorted(branches));
    }
  });

  it(`gives every plural the categories ${language} has, and no other`, () => {
    for (const [key, message] of Object.entries(translated)) {
      const source = shapeOf(english[key] ?? '');
      for (const [name, branches] of shapeOf(message).plurals) {
        const where = `${language}: ${key} (${name})`;
        expect(branches.has('other'), where).toBe(true);
        // Exact values (`=60`, compiled to `60`) are allowed in every language; the rest must be its categories.
        for (const branch of branches) if (!/^=?\d+$/.test(branch)) expect(categories.has(branch), where).toBe(true);
        // Where English tells one thing apart, a language that does too needs that branch ('many' and the rest
        // fall back to 'other').
        if (source.plurals.get(name)?.has('one') && categories.has('one'))
          expect(branches.has('one') || branches.has('1'), where).toBe(true);
      }
    }
  });
});
