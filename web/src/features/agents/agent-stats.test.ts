import { describe, expect, it } from 'vitest';
import type { Agent } from '#shared/schemas/user.ts';
import { staffUser } from '../../test/render-app.tsx';
import { ROLE_BADGE_PALETTES, agentStats } from './agent-stats.ts';
import { withPerformance } from './queries.ts';

function agent(id: string, score: number | null, isActive = true): Agent {
  return {
    ...staffUser('agent', { id, isActive }),
    currentWeekPerformance:
      score === null
        ? null
        : {
            weekStarting: '2025-01-06',
            ticketsAssigned: 3,
            ticketsResolved: 2,
            averageResponseTime: null,
            averageResolutionTime: null,
            customerRating: null,
            performanceScore: score,
          },
  };
}

describe('agentStats', () => {
  it.each([
    ['no staff', [], { total: 0, active: 0, averagePerformance: null }],
    [
      'nobody scored yet',
      [agent('a', null), agent('b', null, false)],
      { total: 2, active: 1, averagePerformance: null },
    ],
    ['one score', [agent('a', 87.5)], { total: 1, active: 1, averagePerformance: 88 }],
    // (90 + 71.2) / 2 = 80.6; the unscored agent counts in the totals, not in the mean.
    [
      'scores and an unscored agent',
      [agent('a', 90), agent('b', 71.2), agent('c', null, false)],
      { total: 3, active: 2, averagePerformance: 81 },
    ],
    ['a mean exactly halfway', [agent('a', 80), agent('b', 81)], { total: 2, active: 2, averagePerformance: 81 }],
  ])('with %s', (_case, agents, expected) => {
    expect(agentStats(agents)).toEqual(expected);
  });
});

describe('withPerformance', () => {
  it("takes each agent's figures from the ranked list, keeping agents it does not rank", () => {
    const merged = withPerformance([agent('a', null), agent('b', 50)], [agent('a', 93)]);

    expect(merged.map((a) => [a.id, a.currentWeekPerformance?.performanceScore ?? null])).toEqual([
      ['a', 93],
      ['b', 50],
    ]);
  });

  it('keeps the staff list as it is while there is no ranking', () => {
    const staff = [agent('a', null)];
    expect(withPerformance(staff, undefined)).toEqual(staff);
  });
});

describe('role badge colours', () => {
  it('are red for admins, blue for managers and green for agents (docs/product.md §2)', () => {
    expect(ROLE_BADGE_PALETTES).toEqual({ admin: 'red', manager: 'blue', agent: 'green' });
  });
});
