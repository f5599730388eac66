import { describe, expect, it } from 'vitest';
import { activateLanguage, t } from '../../i18n/i18n.ts';
import { performancePalette, ratingText, volumeTotals } from './panel-format.ts';

describe('performancePalette', () => {
  it.each([
    [100, 'green'],
    [90, 'green'],
    [89.99, 'blue'],
    [89.9, 'blue'],
    [70, 'blue'],
    [69.9, 'orange'],
    [0, 'orange'],
  ])('colours a score of %s %s', (score, expected) => {
    expect(performancePalette(score)).toBe(expected);
  });
});

describe('ratingText', () => {
  it.each([
    [5, '5.0/5 rating'],
    [4.25, '4.3/5 rating'],
    [3.04, '3.0/5 rating'],
    [null, 'No rating yet'],
    [undefined, 'No rating yet'],
  ])('reads a rating of %s as %s', (rating, expected) => {
    expect(ratingText(rating, t, 'en')).toBe(expected);
  });

  it('reads a rating in the reader’s language, with their decimal separator', async () => {
    await activateLanguage('fr');
    expect(ratingText(4.25, t, 'fr')).toBe('note de 4,3/5');
    await activateLanguage('ja');
    expect(ratingText(null, t, 'ja')).toBe('評価なし');
  });
});

describe('volume series', () => {
  it('totals the created and resolved tickets of every day', () => {
    const data = [
      { date: '2025-03-06', created: 4, resolved: 1 },
      { date: '2025-03-07', created: 0, resolved: 3 },
    ];
    expect(volumeTotals(data)).toEqual({ created: 4, resolved: 4 });
    expect(volumeTotals([])).toEqual({ created: 0, resolved: 0 });
  });
});
