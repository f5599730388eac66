import { describe, expect, it } from 'vitest';
import { priorityShares, trendOf } from './dashboard-format.ts';

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
