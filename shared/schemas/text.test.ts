import { describe, expect, it } from 'vitest';
import { englishOfText } from '#functions/lib/messages.ts';
import { type CodedText, issueText } from '../i18n/messages.ts';
import { characterProblem, identifier, text, visibleLength, wholeNumber } from './text.ts';

const subject = text({ label: 'field.subject', max: 20, min: 5, required: issueText('validation.subject.required') });
const body = text({
  label: 'field.comment',
  max: 50,
  required: issueText('validation.comment.required'),
  multiline: true,
});
const optional = text({ label: 'field.search', max: 10 });

/** The first issue's message, in English as the API words it (the schemas hold message codes). */
const message = (
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  v: unknown,
) => {
  const text = schema.safeParse(v).error?.issues[0]?.message;
  return text === undefined ? undefined : englishOfText(text as CodedText);
};

describe('text', () => {
  it('trims and keeps ordinary text, accents, emoji and CJK', () => {
    expect(subject.parse('  Café ☕ 你好  ')).toBe('Café ☕ 你好');
  });

  it.each([
    ['NUL', 'Hello\u0000world'],
    ['a newline on one line', 'Hello\nworld'],
    ['a tab on one line', 'Hello\tworld'],
    ['DEL', 'Hello\u007f'],
    ['a C1 control', 'Hello\u0085'],
    ['a lone high surrogate', 'Hello \ud83d'],
    ['a lone low surrogate', 'Hello \ude00 there'],
  ])('refuses %s', (_label, value) => {
    expect(message(subject, value)).toBe(
      'Subject contains characters that are not allowed (control characters or broken Unicode)',
    );
  });

  it('keeps newline and tab in a long text, and turns CR LF and CR into LF', () => {
    expect(body.parse('line one\r\nline\ttwo\rthree')).toBe('line one\nline\ttwo\nthree');
    expect(message(body, 'bell\u0007')).toMatch(/not allowed/);
  });

  it('counts a text of only invisible characters as empty', () => {
    expect(message(subject, '\u200b\u200b\ufeff\u2060\u00ad  ')).toBe('Subject is required');
    expect(message(body, '\u200d\n\t\u200e')).toBe('Comment cannot be empty');
    expect(optional.parse('\u200b ')).toBe('\u200b');
  });

  it('measures the minimum in visible characters and the maximum in raw length', () => {
    expect(message(subject, 'ab\u200b\u200b\u200b\u200b')).toBe('Subject is required');
    expect(message(subject, 'x'.repeat(21))).toBe('Subject must be at most 20 characters');
    expect(subject.parse('abcde')).toBe('abcde');
  });

  it('refuses what is not a string', () => {
    expect(message(subject, 42)).toBe('Subject is required');
    expect(message(optional, { a: 1 })).toBe('Search must be text');
  });

  it('visibleLength counts code points that show', () => {
    expect(visibleLength('a\u200bb 😀')).toBe(3);
    expect(characterProblem('ok')).toBeUndefined();
  });
});

describe('identifier', () => {
  const id = identifier('field.userId');
  it('accepts UUIDs and trims them', () => {
    expect(id.parse(' 3f2a9d1e-7c4b-4a7e-9c1d-2b3a4c5d6e7f ')).toBe('3f2a9d1e-7c4b-4a7e-9c1d-2b3a4c5d6e7f');
  });
  it.each([
    ['empty', ''],
    ['too long', 'a'.repeat(65)],
    ['a slash', 'a/b'],
    ['a hash', 'USER#1'],
    ['NUL', 'a\u0000'],
  ])('refuses %s', (_label, value) => {
    expect(id.safeParse(value).success).toBe(false);
  });
});

describe('wholeNumber', () => {
  const n = wholeNumber('bad', 10);
  it.each([
    ['1', 1],
    ['42', 42],
    ['9999999999', 9999999999],
  ])('reads %s', (value, expected) => {
    expect(n.parse(value)).toBe(expected);
  });
  it.each(['0x10', '1e1', '+5', ' 1', '1 ', '01', '1.0', '-1', '', '١٢', '10000000000'])('refuses %j', (value) => {
    expect(n.safeParse(value).success).toBe(false);
  });
  it('takes whole numbers that code passes', () => {
    expect(n.parse(7)).toBe(7);
    expect(n.safeParse(1.5).success).toBe(false);
  });
});
