import { describe, expect, it } from 'vitest';
import { isEmailAddress, TERM_MAX_LENGTH, TICKET_TERMS_MAX, termSet, termsOf, wordQuery } from './search-terms.ts';

describe('termsOf', () => {
  it.each([
    ['folds case and Latin diacritics, and ß to ss', 'Café Straße ÉLAN', ['cafe', 'strasse', 'elan']],
    ['splits French elision at either apostrophe', "l’application d'abord", ['l', 'application', 'd', 'abord']],
    ['turns full-width Latin into ordinary letters', 'ｆｕｌｌｗｉｄｔｈ ＡＢＣ', ['fullwidth', 'abc']],
    ['keeps Cyrillic words, lower-cased', 'Привет Мир', ['привет', 'мир']],
    ['keeps numbers and codes as words', '2FA code 123456', ['2fa', 'code', '123456']],
    ['indexes a Chinese run as overlapping bigrams', '退款申请', ['退款', '款申', '申请']],
    ['indexes a Japanese run with its prolonged sound mark', 'カタカナー', ['カタ', 'タカ', 'カナ', 'ナー']],
    ['keeps a single CJK character as it is', '中', ['中']],
    ['mixes Latin words and CJK runs in order', 'Withdrawal 退款 pending', ['withdrawal', '退款', 'pending']],
    ['finds no word in punctuation', '--- !!!', []],
  ])('%s', (_, text, terms) => {
    expect(termsOf(text)).toEqual(terms);
  });

  it(`cuts a word longer than ${TERM_MAX_LENGTH} characters to its first ${TERM_MAX_LENGTH}`, () => {
    expect(termsOf(`${'a'.repeat(50)} b`)).toEqual(['a'.repeat(TERM_MAX_LENGTH), 'b']);
  });

  it('gives a CJK phrase inside a sentence every bigram the phrase alone has', () => {
    const sentence = new Set(termsOf('我的退款申请被拒绝了'));
    for (const term of termsOf('退款申请')) expect(sentence.has(term)).toBe(true);
  });
});

describe('termSet', () => {
  it('holds the distinct terms of all its texts', () => {
    expect([...termSet('Refund the refund', 'refund pending')]).toEqual(['refund', 'the', 'pending']);
  });

  it(`stops at ${TICKET_TERMS_MAX} terms, keeping the first ones`, () => {
    const set = termSet(Array.from({ length: TICKET_TERMS_MAX + 500 }, (_, i) => `w${i}`).join(' '));
    expect(set.size).toBe(TICKET_TERMS_MAX);
    expect(set.has('w0')).toBe(true);
    expect(set.has(`w${TICKET_TERMS_MAX}`)).toBe(false);
  });
});

describe('wordQuery', () => {
  it('asks for every word but the last whole and the last as a prefix', () => {
    expect(wordQuery('Refund withdr')).toEqual({ words: ['refund'], prefix: 'withdr' });
  });

  it('asks for a repeated word once', () => {
    expect(wordQuery('refund refund')).toEqual({ words: [], prefix: 'refund' });
  });

  it('asks for a CJK phrase by its bigrams, the last one a prefix', () => {
    expect(wordQuery('退款申请')).toEqual({ words: ['退款', '款申'], prefix: '申请' });
  });

  it('is undefined for a text without a word', () => {
    expect(wordQuery(' ?! ')).toBeUndefined();
  });
});

describe('isEmailAddress', () => {
  it.each(['ana@example.com', ' ana.lopez+desk@mail.example.org '])('takes %j as an address', (text) => {
    expect(isEmailAddress(text)).toBe(true);
  });

  it.each(['ana@example', 'ana lopez@example.com', 'example.com', 'ana@'])('does not take %j', (text) => {
    expect(isEmailAddress(text)).toBe(false);
  });
});
