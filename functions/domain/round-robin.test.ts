import { describe, expect, it } from 'vitest';
import type { Role } from '#shared/constants.ts';
import { nextAgent, roundRobinPool } from './round-robin.ts';

const staff = (id: string, role: Role = 'agent', isActive = true) => ({ id, role, isActive });

describe('roundRobinPool', () => {
  it('keeps only active agents, ordered by id', () => {
    const pool = roundRobinPool([
      staff('c'),
      staff('a'),
      staff('m', 'manager'),
      staff('x', 'admin'),
      staff('b', 'agent', false),
      staff('d'),
    ]);
    expect(pool.map((u) => u.id)).toEqual(['a', 'c', 'd']);
  });
});

describe('nextAgent', () => {
  const pool = [{ id: 'a' }, { id: 'c' }, { id: 'e' }];

  it.each([
    ['nobody yet', undefined, 'a'],
    ['a', 'a', 'c'],
    ['c', 'c', 'e'],
    ['the last agent (wraps around)', 'e', 'a'],
    ['an agent who left the pool (b)', 'b', 'c'],
    ['an agent after everyone (z)', 'z', 'a'],
  ])('after %s gives the ticket to the next in order', (_label, last, expected) => {
    expect(nextAgent(pool, last)?.id).toBe(expected);
  });

  it('gives no one when there is no active agent', () => {
    expect(nextAgent([], 'a')).toBeUndefined();
  });

  it('spreads consecutive tickets evenly', () => {
    const counts = new Map<string, number>();
    let last: string | undefined;
    for (let i = 0; i < 10; i++) {
      last = nextAgent(pool, last)!.id;
      counts.set(last, (counts.get(last) ?? 0) + 1);
    }
    expect([...counts.values()].sort()).toEqual([3, 3, 4]);
  });
});
