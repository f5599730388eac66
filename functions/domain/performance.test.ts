import { describe, expect, it } from 'vitest';
import type { User } from '#shared/schemas/user.ts';
import type { Counters } from './metrics.ts';
import { currentWeek, performanceScore, rankAgents, weekPerformance, weekStartingOf } from './performance.ts';

describe('performanceScore', () => {
  it.each<[string, Counters, number]>([
    ['nothing measured', {}, 0],
    ['only responses', { responseTimeSum: 30, responseTimeCount: 2 }, 0],
    [
      'everything resolved on time, rated 5',
      { assigned: 4, resolved: 4, slaMet: 4, ratingSum: 10, ratingCount: 2 },
      100,
    ],
    ['everything resolved on time, no rating (weights 50 + 30)', { assigned: 2, resolved: 2, slaMet: 2 }, 100],
    ['everything late, rated 1', { assigned: 2, resolved: 2, slaBreached: 2, ratingSum: 2, ratingCount: 2 }, 30],
    [
      'half on time, all resolved, rated 3',
      { assigned: 4, resolved: 4, slaMet: 2, slaBreached: 2, ratingSum: 6, ratingCount: 2 },
      65,
    ],
    ['assigned, nothing resolved yet', { assigned: 3 }, 0],
    ['one of three resolved on time, unrated', { assigned: 3, resolved: 1, slaMet: 1 }, 75],
    [
      'two of three resolved, one late, rated 4 and 5',
      { assigned: 3, resolved: 2, slaMet: 1, slaBreached: 1, ratingSum: 9, ratingCount: 2 },
      62.5,
    ],
    ['resolved more than assigned (from last week): rate capped at 1', { assigned: 1, resolved: 3, slaMet: 3 }, 100],
    ['resolved with nothing assigned this week', { resolved: 2, slaMet: 1, slaBreached: 1 }, 68.75],
    ['one third on time: two decimals', { assigned: 3, resolved: 3, slaMet: 1, slaBreached: 2 }, 58.33],
  ])('scores a week with %s', (_label, week, score) => {
    expect(performanceScore(week)).toBe(score);
  });

  it('stays within 0 and 100 for every combination of small counts', () => {
    for (let assigned = 0; assigned <= 3; assigned++)
      for (let met = 0; met <= 3; met++)
        for (let breached = 0; breached <= 3; breached++)
          for (let rating = 1; rating <= 5; rating++) {
            const score = performanceScore({
              assigned,
              resolved: met + breached,
              slaMet: met,
              slaBreached: breached,
              ratingSum: met + breached > 0 ? rating : 0,
              ratingCount: met + breached > 0 ? 1 : 0,
            });
            expect(score).toBeGreaterThanOrEqual(0);
            expect(score).toBeLessThanOrEqual(100);
          }
  });
});

describe('weekStartingOf', () => {
  it.each([
    ['2025-03-03T00:00:00.000Z', '2025-03-03'],
    ['2025-03-05T12:00:00.000Z', '2025-03-03'],
    ['2025-03-09T23:59:59.999Z', '2025-03-03'],
    ['2025-01-01T08:00:00.000Z', '2024-12-30'],
  ])('puts %s in the week starting %s', (iso, monday) => {
    expect(weekStartingOf(new Date(iso))).toBe(monday);
  });

  it('agrees with the ISO week the agent items are kept under', () => {
    expect(currentWeek(new Date('2025-01-01T08:00:00.000Z'))).toBe('2025-W01');
    expect(weekStartingOf(new Date('2025-01-01T08:00:00.000Z'))).toBe('2024-12-30');
  });
});

describe('weekPerformance', () => {
  it('is null for a week without assignments, resolutions or responses', () => {
    expect(weekPerformance(undefined, '2025-03-03')).toBeNull();
    expect(weekPerformance({ assigned: 0, resolved: 0 }, '2025-03-03')).toBeNull();
  });

  it('gives every figure of the week, means to two decimals and null where nothing was measured', () => {
    expect(
      weekPerformance(
        {
          assigned: 3,
          resolved: 2,
          slaMet: 1,
          slaBreached: 1,
          resolutionTimeSum: 100,
          resolutionTimeCount: 3,
          responseTimeSum: 10,
          responseTimeCount: 3,
        },
        '2025-03-03',
      ),
    ).toEqual({
      weekStarting: '2025-03-03',
      ticketsAssigned: 3,
      ticketsResolved: 2,
      averageResponseTime: 3.33,
      averageResolutionTime: 33.33,
      customerRating: null,
      performanceScore: 56.25,
    });
  });

  it('averages the ratings to two decimals', () => {
    expect(
      weekPerformance({ resolved: 3, slaMet: 3, ratingSum: 13, ratingCount: 3 }, '2025-03-03')?.customerRating,
    ).toBe(4.33);
  });
});

describe('rankAgents', () => {
  const now = new Date('2025-03-05T12:00:00.000Z');
  const person = (id: string, firstName: string, overrides: Partial<User> = {}): User => ({
    id,
    email: `${id}@test.local`,
    firstName,
    lastName: 'Test',
    profileImageUrl: null,
    role: 'agent',
    isActive: true,
    availability: 'available',
    compliance: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  });
  const staff = [
    person('a', 'Cleo'),
    person('b', 'Alan'),
    person('c', 'Bea'),
    person('d', 'Dora'),
    person('e', 'Ezra', { isActive: false }),
    person('f', 'Finn', { role: 'manager' }),
  ];
  const allOnTime = { assigned: 1, resolved: 1, slaMet: 1 };
  const weeks = new Map<string, Counters>([
    ['a', allOnTime],
    ['b', allOnTime],
    ['c', { assigned: 2, resolved: 1, slaMet: 1 }],
    ['e', allOnTime],
    ['f', allOnTime],
  ]);

  it('lists active agents with figures this week, best score first, ties by name', () => {
    const ranked = rankAgents(staff, weeks, now, 50);
    expect(ranked.map((a) => [a.firstName, a.currentWeekPerformance?.performanceScore])).toEqual([
      ['Alan', 100],
      ['Cleo', 100],
      ['Bea', 81.25],
    ]);
    expect(ranked[0]?.currentWeekPerformance?.weekStarting).toBe('2025-03-03');
  });

  it('stops at the limit', () => {
    expect(rankAgents(staff, weeks, now, 2).map((a) => a.id)).toEqual(['b', 'a']);
  });
});
