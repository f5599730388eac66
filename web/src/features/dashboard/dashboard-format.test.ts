import { describe, expect, it } from 'vitest';
import { categoryUsageShares } from '../analytics/analytics-format.ts';
import {
  formatVolumeDay,
  performancePalette,
  priorityShares,
  ratingText,
  trendOf,
  volumeTotals,
} from './dashboard-format.ts';

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

describe('priorityShares', () => {
  it('gives each priority its count and its share of all tickets, rounded to one decimal', () => {
    const shares = priorityShares([
      { priority: 'low', count: 1 },
      { priority: 'medium', count: 1 },
      { priority: 'high', count: 1 },
      { priority: 'critical', count: 0 },
    ]);
    expect(shares).toEqual([
      { priority: 'low', count: 1, percent: 33.3 },
      { priority: 'medium', count: 1, percent: 33.3 },
      { priority: 'high', count: 1, percent: 33.3 },
      { priority: 'critical', count: 0, percent: 0 },
    ]);
  });

  it('rounds a half up: 1 of 8 is 12.5%, 1 of 16 is 6.3%', () => {
    const ofEight = priorityShares([
      { priority: 'low', count: 1 },
      { priority: 'high', count: 7 },
    ]);
    expect(ofEight.map((share) => share.percent)).toEqual([12.5, 87.5]);
    const ofSixteen = priorityShares([
      { priority: 'low', count: 1 },
      { priority: 'high', count: 15 },
    ]);
    expect(ofSixteen.map((share) => share.percent)).toEqual([6.3, 93.8]);
  });

  it('gives every priority 0% when there are no tickets', () => {
    const shares = priorityShares([
      { priority: 'low', count: 0 },
      { priority: 'critical', count: 0 },
    ]);
    expect(shares.map((share) => share.percent)).toEqual([0, 0]);
  });
});

describe('trendOf', () => {
  it.each([
    [12.5, false, 'up', 'good'],
    [-8, false, 'down', 'bad'],
    [-8, true, 'down', 'good'],
    [15, true, 'up', 'bad'],
    [0, false, 'flat', 'neutral'],
    [0.04, true, 'flat', 'neutral'],
    [-0.04, false, 'flat', 'neutral'],
  ] as const)('reads a change of %s (lower is better: %s) as %s and %s', (change, lowerIsBetter, trend, tone) => {
    expect(trendOf(change, lowerIsBetter)).toEqual({ trend, tone });
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

describe('categoryUsageShares', () => {
  it('gives each category its share of all tickets and a bar relative to the most used one', () => {
    const shares = categoryUsageShares([
      { category: 'kyc', displayName: 'KYC', color: '#ef4444', count: 6 },
      { category: 'others', displayName: 'Others', color: '#6b7280', count: 3 },
      { category: 'api_technical', displayName: 'Api Technical', color: '#3b82f6', count: 0 },
    ]);
    expect(shares.map(({ category, percent, barPercent }) => [category, percent, barPercent])).toEqual([
      ['kyc', 66.7, 100],
      ['others', 33.3, 50],
      ['api_technical', 0, 0],
    ]);
  });

  it('draws no bars when no ticket is filed under any category', () => {
    const shares = categoryUsageShares([{ category: 'kyc', displayName: 'KYC', color: '#ef4444', count: 0 }]);
    expect(shares[0]).toMatchObject({ percent: 0, barPercent: 0 });
  });
});
