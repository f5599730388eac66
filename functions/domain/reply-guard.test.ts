import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultGuardTerms, foldText, holdReasons, isUsableTerm, linkHosts, matchGuardTerms } from './reply-guard.ts';

const TERMS = defaultGuardTerms();
const policy = (allowedLinkHosts: string[] = [], ownHosts: string[] = []) => ({
  terms: TERMS,
  allowedLinkHosts,
  ownHosts,
});

describe('matchGuardTerms', () => {
  it.each([
    ['We filed a Suspicious Activity Report.', 'suspicious activity report*'],
    ['A SAR was filed', 'SAR'],
    ['we are investigating your account', 'investigat*'],
    ['ＩＮＶＥＳＴＩＧＡＴＩＯＮ pending', 'investigat*'],
    ['Verdacht auf GELDWASCHE', 'Geldwäsche*'],
    ['une enquete est ouverte', 'enquête*'],
    ['soupçon de blanchiment d’argent', "blanchiment d'argent"],
    ['está bajo investigación', 'investigaci*'],
    ['捜査機関からの照会', '捜査'],
    ['ﾏﾈｰﾛﾝﾀﾞﾘﾝｸﾞの疑い', 'マネーロンダリング'],
    ['涉嫌洗 钱', '洗钱'],
  ])('finds a term in %j', (text, term) => {
    expect(matchGuardTerms(text, TERMS)).toContain(term);
  });

  it.each([
    ['The sarcophagus arrived.'],
    ['Your deposit arrived; thank you for your patience.'],
    ['Please check the police-free zone'.replace('police', 'polite')],
  ])('finds nothing in %j', (text) => {
    expect(matchGuardTerms(text, TERMS)).toEqual([]);
  });

  it('matches whole words only: a term is never found inside a longer word', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,6}$/), (prefix) => {
        expect(matchGuardTerms(`${prefix}sar and ${prefix}police`, ['SAR', 'police'])).toEqual([]);
      }),
    );
  });

  it('ignores case, width and Latin accents: any casing of a term is found', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TERMS.filter((t) => !t.includes('*'))),
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        (term, upper) => {
          const cased = [...term].map((c, i) => (upper[i % upper.length] ? c.toUpperCase() : c)).join('');
          expect(matchGuardTerms(`Note: ${cased}.`, [term])).toEqual([term]);
        },
      ),
    );
  });

  it('folds full-width forms and accents', () => {
    expect(foldText('ＡＢＣ Éte')).toBe('abc ete');
  });
});

describe('links', () => {
  it('finds the host after a user part, www. names and bare names under known domains', () => {
    expect(
      linkHosts('Go to https://bank.example@evil.example/x, or www.Phish.io, or claim-now.com; not report.pdf'),
    ).toEqual(['evil.example', 'www.phish.io', 'claim-now.com']);
  });

  it('leaves e-mail addresses alone', () => {
    expect(linkHosts('Write to support@exchange.com')).toEqual([]);
  });

  it('holds a link outside the allowlist, and allows listed hosts, their subdomains and the desk’s own', () => {
    const text = 'https://exchange.example/a https://help.exchange.example/b https://desk.local/r/1';
    expect(holdReasons(text, policy(['exchange.example'], ['desk.local']))).toEqual([]);
    expect(holdReasons('https://exchange.example.evil.io/', policy(['exchange.example']))).toEqual([
      { kind: 'link', value: 'exchange.example.evil.io' },
    ]);
  });
});

describe('isUsableTerm', () => {
  it.each([
    ['money laundering', true],
    ['investigat*', true],
    ['ab*', false],
    ['***', false],
    ['洗钱', true],
  ])('%j → %s', (term, usable) => {
    expect(isUsableTerm(term)).toBe(usable);
  });
});
