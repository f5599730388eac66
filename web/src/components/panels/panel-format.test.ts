import { describe, expect, it } from 'vitest';
import { formatVolumeDay, performancePalette, ratingText, volumeTotals } from './panel-format.ts';

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
    expect(ratingText(rating)).toBe(expected);
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

  it('labels a day by its UTC calendar date, whatever the viewer’s zone', () => {
    expect(formatVolumeDay('2025-03-07')).toBe('Mar 7');
    expect(formatVolumeDay('2025-12-31')).toBe('Dec 31');
  });

  it('shows a value that is not a day as it is, instead of throwing', () => {
    expect(formatVolumeDay('auto')).toBe('auto');
  });
});
