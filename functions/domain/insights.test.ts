import { describe, expect, it } from 'vitest';
import {
  categorySurgeInsights,
  computeInsights,
  forecastVolume,
  OVERDUE_ACTION,
  overdueInsight,
  satisfactionInsight,
  volumeForecastInsight,
  workloadInsight,
} from './insights.ts';
import { dayRange, type Counters } from './metrics.ts';

const days = (n: number, value: (i: number) => number) => Array.from({ length: n }, (_, i) => value(i));

describe('forecastVolume', () => {
  it.each<[string, number[], number]>([
    ['a flat series', days(28, () => 4), 28],
    ['a steady rise of one a day (28..34 next)', days(28, (i) => i), 217],
    ['a fall that would go below zero: no negative days', days(28, (i) => 27 - i), 0],
    ['nothing at all', days(28, () => 0), 0],
  ])('forecasts %s', (_label, series, expected) => {
    expect(forecastVolume(series)).toBe(expected);
  });
});

describe('volumeForecastInsight', () => {
  it.each<[string, number[]]>([
    ['only 13 days with tickets', [...days(15, () => 0), ...days(13, () => 5)]],
    ['no tickets', days(28, () => 0)],
  ])('says nothing with %s', (_label, series) => {
    expect(volumeForecastInsight(series)).toBeNull();
  });

  it('forecasts a steady volume as information, from exactly 14 days with tickets', () => {
    const insight = volumeForecastInsight([...days(14, () => 0), ...days(14, (i) => (i % 2 ? 3 : 2))]);
    expect(insight).toMatchObject({ id: 'volume-forecast', type: 'prediction', severity: 'info', action: null });
    // The empty fortnight before the first ticket is not part of the trend, or it would read as steep growth.
    expect(insight?.description).toBe(
      'About 19 new tickets expected in the next 7 days, against 18 in the last 7 (+5.6%): the trend of the last 14 days carried forward.',
    );
  });

  it('warns when the forecast exceeds the last 7 days by more than 25 %', () => {
    const insight = volumeForecastInsight(days(28, (i) => i));
    expect(insight).toMatchObject({ id: 'volume-forecast', severity: 'warning', title: 'Ticket volume rising' });
    expect(insight?.description).toContain(
      'About 217 new tickets expected in the next 7 days, against 168 in the last 7 (+29.2%)',
    );
    expect(insight?.action).toEqual(expect.stringMatching(/\S/));
  });

  it('keeps a recent step up that the trend does not carry further as information', () => {
    const insight = volumeForecastInsight([...days(21, () => 4), ...days(7, () => 5)]);
    expect(insight).toMatchObject({ severity: 'info', title: 'Ticket volume forecast' });
    expect(insight?.description).toContain(
      'About 35 new tickets expected in the next 7 days, against 35 in the last 7 (+0%)',
    );
  });
});

describe('overdueInsight', () => {
  it.each<[number, number, 'warning' | 'critical' | null]>([
    [0, 50, null],
    [1, 50, 'warning'],
    [9, 50, 'warning'],
    [10, 50, 'critical'],
    [10, 100, 'critical'],
    [3, 15, 'warning'],
    [4, 15, 'critical'],
    [1, 1, 'critical'],
  ])('for %i overdue of %i unresolved is %s', (overdue, unresolved, severity) => {
    const insight = overdueInsight(overdue, unresolved);
    if (severity === null) expect(insight).toBeNull();
    else expect(insight).toMatchObject({ id: 'overdue-tickets', type: 'alert', severity, action: OVERDUE_ACTION });
  });

  it('says how many of the unresolved tickets are late', () => {
    expect(overdueInsight(3, 40)).toMatchObject({
      title: '3 overdue tickets',
      description: '3 of the 40 unresolved tickets are past their deadline.',
    });
    expect(overdueInsight(1, 40)?.description).toBe('1 of the 40 unresolved tickets is past its deadline.');
  });
});

describe('workloadInsight', () => {
  it.each<[string, { name: string; open: number }[]]>([
    ['one agent', [{ name: 'Ada', open: 30 }]],
    [
      'a gap of 4',
      [
        { name: 'Ada', open: 4 },
        { name: 'Bo', open: 0 },
      ],
    ],
    [
      'a gap of 5 but less than twice',
      [
        { name: 'Ada', open: 11 },
        { name: 'Bo', open: 6 },
      ],
    ],
    [
      'an even team',
      [
        { name: 'Ada', open: 7 },
        { name: 'Bo', open: 7 },
        { name: 'Cy', open: 6 },
      ],
    ],
  ])('says nothing for %s', (_label, agents) => {
    expect(workloadInsight(agents)).toBeNull();
  });

  it('suggests moving half the gap from the busiest to the least busy agent', () => {
    expect(
      workloadInsight([
        { name: 'Ada Lovelace', open: 3 },
        { name: 'Grace Hopper', open: 12 },
        { name: 'Alan Turing', open: 1 },
      ]),
    ).toEqual({
      id: 'workload-imbalance',
      type: 'optimization',
      severity: 'warning',
      title: 'Uneven workload',
      description: 'Grace Hopper has 12 open tickets while Alan Turing has 1.',
      action: 'Move 5 tickets from Grace Hopper to Alan Turing',
      texts: {
        title: { code: 'insight.workload.title' },
        description: {
          code: 'insight.workload.description',
          params: { busiest: 'Grace Hopper', quietest: 'Alan Turing', busiestOpen: 12, quietestOpen: 1 },
        },
        action: {
          code: 'insight.workload.action',
          params: { busiest: 'Grace Hopper', quietest: 'Alan Turing', count: 5 },
        },
      },
    });
  });

  it('triggers at exactly a gap of 5 and twice the load', () => {
    expect(
      workloadInsight([
        { name: 'Ada', open: 10 },
        { name: 'Bo', open: 5 },
      ])?.action,
    ).toBe('Move 2 tickets from Ada to Bo');
  });
});

describe('categorySurgeInsights', () => {
  it.each<[string, number, number]>([
    ['fewer than 5 tickets', 4, 0],
    ['less than twice the week before', 9, 5],
  ])('says nothing for %s', (_label, recent, previous) => {
    expect(categorySurgeInsights([{ id: 'c1', name: 'KYC', recent, previous }])).toEqual([]);
  });

  it.each<[string, number, number]>([
    ['5 new tickets after none', 5, 0],
    ['exactly twice the week before', 10, 5],
  ])('alerts for %s', (_label, recent, previous) => {
    expect(categorySurgeInsights([{ id: 'c1', name: 'KYC', recent, previous }])).toMatchObject([
      {
        id: 'category-surge:c1',
        type: 'alert',
        severity: 'warning',
        title: 'Surge in KYC tickets',
        description: `${recent} tickets in the last 7 days, against ${previous} in the 7 days before.`,
        action: 'Look for a common cause behind the KYC tickets and brief the team',
      },
    ]);
  });

  it('gives one card per surging category, the largest first', () => {
    const cards = categorySurgeInsights([
      { id: 'a', name: 'Deposits', recent: 6, previous: 1 },
      { id: 'b', name: 'Steady', recent: 8, previous: 8 },
      { id: 'c', name: 'Withdrawals', recent: 12, previous: 2 },
    ]);
    expect(cards.map((c) => c.id)).toEqual(['category-surge:c', 'category-surge:a']);
  });
});

describe('satisfactionInsight', () => {
  const tally = (...scores: number[]) => ({ sum: scores.reduce((s, x) => s + x, 0), count: scores.length });

  it.each<[string, ReturnType<typeof tally>, ReturnType<typeof tally>, string | null]>([
    ['a drop of 1 with 3 ratings each week', tally(4, 4, 4), tally(5, 5, 5), 'rating-drop'],
    ['a drop of exactly 0.5', tally(4, 4, 4, 4), tally(5, 4, 5, 4), 'rating-drop'],
    ['a drop of 0.33', tally(4, 4, 4), tally(5, 4, 4), null],
    ['a drop with only 2 ratings this week', tally(1, 1), tally(5, 5, 5), null],
    ['a drop with only 2 ratings the week before', tally(2, 2, 2), tally(5, 5), null],
    ['a mean of 4.6 over 5 ratings', tally(5, 5, 5, 4, 4), tally(), 'rating-high'],
    ['a mean of exactly 4.5 over 6 ratings', tally(5, 5, 5, 4, 4, 4), tally(5), 'rating-high'],
    ['a mean of 5 over only 4 ratings', tally(5, 5, 5, 5), tally(), null],
    ['a mean of 4.4 over 5 ratings', tally(5, 5, 4, 4, 4), tally(), null],
    ['no ratings at all', tally(), tally(), null],
  ])('for %s gives %s', (_label, recent, previous, id) => {
    expect(satisfactionInsight(recent, previous)?.id ?? null).toBe(id);
  });

  it('warns about a drop rather than praising a still high mean', () => {
    const insight = satisfactionInsight(tally(5, 5, 4, 4, 5, 4), tally(5, 5, 5, 5, 5));
    expect(insight).toMatchObject({ id: 'rating-drop', type: 'satisfaction', severity: 'warning' });
    expect(insight?.description).toBe(
      'Average rating 4.5/5 over the last 7 days (6 ratings), down from 5.0/5 the 7 days before (5 ratings).',
    );
  });
});

describe('computeInsights', () => {
  const now = new Date('2025-03-14T12:00:00.000Z');
  const range = dayRange(now, 29);

  it('gives nothing for an empty help desk', () => {
    expect(
      computeInsights({ totals: {}, days: new Map(), categoryDays: new Map(), agents: [], categories: [] }, now),
    ).toEqual([]);
  });

  it('reads every rule from the aggregates, most severe first', () => {
    const perDay = new Map<string, Counters>(range.map((day) => [day, { created: 3 }]));
    const perCategoryDay = new Map<string, Counters>(range.map((day) => [day, { created_cat_c1: 3 }]));
    // Surge: 6 in category c2 over the last 7 days, none before. Ratings: 3 × 5 last week, 3 × 3 this week.
    for (const day of range.slice(-6)) perCategoryDay.set(day, { ...perCategoryDay.get(day)!, created_cat_c2: 1 });
    perDay.set(range.at(-1)!, { ...perDay.get(range.at(-1)!)!, ratingSum: 9, ratingCount: 3 });
    perDay.set(range.at(-10)!, { ...perDay.get(range.at(-10)!)!, ratingSum: 15, ratingCount: 3 });
    const totals: Counters = {
      status_open: 20,
      status_in_progress: 5,
      overdue: 6,
      assignedOpen_a: 14,
      assignedOpen_b: 2,
      assignedOpen_manager: 40,
    };
    const insights = computeInsights(
      {
        totals,
        days: perDay,
        categoryDays: perCategoryDay,
        agents: [
          { id: 'a', name: 'Ada' },
          { id: 'b', name: 'Bo' },
        ],
        categories: [
          { id: 'c1', displayName: 'Deposits' },
          { id: 'c2', displayName: 'Card payments' },
        ],
      },
      now,
    );
    expect(insights.map((i) => [i.id, i.severity])).toEqual([
      ['overdue-tickets', 'critical'],
      ['category-surge:c2', 'warning'],
      ['workload-imbalance', 'warning'],
      ['rating-drop', 'warning'],
      ['volume-forecast', 'info'],
    ]);
    expect(insights.find((i) => i.id === 'workload-imbalance')?.action).toBe('Move 6 tickets from Ada to Bo');
    expect(insights.find((i) => i.id === 'category-surge:c2')?.title).toBe('Surge in Card payments tickets');
  });

  it('leaves today out of the forecast, which reads complete days only', () => {
    const perDay = new Map<string, Counters>(range.slice(-15, -1).map((day) => [day, { created: 1 }]));
    perDay.set(range.at(-1)!, { created: 500 });
    const [forecast] = computeInsights(
      { totals: {}, days: perDay, categoryDays: new Map(), agents: [], categories: [] },
      now,
    );
    expect(forecast).toMatchObject({ id: 'volume-forecast', severity: 'info' });
  });
});
