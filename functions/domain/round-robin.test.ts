import { describe, expect, it } from 'vitest';
import { measuredPace, nextAgent, nextWaitStep, ROUND_ROBIN_TIMING } from './round-robin.ts';

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

describe('nextWaitStep: how long a waiter sleeps before looking at the line again', () => {
  const { patienceMs, minPollMs, maxSleepMs } = ROUND_ROBIN_TIMING;
  it.each([
    [
      'its turn is next and the turn before it wrote',
      { turn: 5, lastTurn: 4, paceMs: 25, stillForMs: 0 },
      { go: true, because: 'turn' },
    ],
    ['a waiter that was overtaken', { turn: 5, lastTurn: 9, paceMs: 25, stillForMs: 0 }, { go: true, because: 'turn' }],
    [
      'next in line, at the initial pace: a fifth of a turn',
      { turn: 5, lastTurn: 3, paceMs: 25, stillForMs: 0 },
      { go: false, sleepMs: 5 },
    ],
    [
      'next in line on a slow table',
      { turn: 5, lastTurn: 3, paceMs: 200, stillForMs: 100 },
      { go: false, sleepMs: 40 },
    ],
    [
      'next in line on a very fast table: never below the minimum poll',
      { turn: 5, lastTurn: 3, paceMs: 1, stillForMs: 0 },
      { go: false, sleepMs: minPollMs },
    ],
    [
      'three ahead: half of the two turns before its predecessor',
      { turn: 5, lastTurn: 1, paceMs: 100, stillForMs: 0 },
      { go: false, sleepMs: 100 },
    ],
    [
      'far back: never more than the longest sleep',
      { turn: 500, lastTurn: 0, paceMs: 250, stillForMs: 0 },
      { go: false, sleepMs: maxSleepMs },
    ],
    [
      'next in line behind a turn that stood still for the patience',
      { turn: 5, lastTurn: 3, paceMs: 25, stillForMs: patienceMs },
      { go: true, because: 'patience' },
    ],
    [
      'two behind a stalled turn, after one patience: still waits',
      { turn: 5, lastTurn: 2, paceMs: 25, stillForMs: patienceMs },
      { go: false, sleepMs: 12.5 },
    ],
    [
      'two behind a stalled turn, after two patiences',
      { turn: 5, lastTurn: 2, paceMs: 25, stillForMs: 2 * patienceMs },
      { go: true, because: 'patience' },
    ],
  ] as const)('%s', (_label, view, expected) => {
    expect(nextWaitStep(view)).toEqual(expected);
  });

  it('goes ahead of a line that never moves after exactly one patience per turn ahead, not before', () => {
    const view = { turn: 11, lastTurn: 0, paceMs: 25 };
    expect(nextWaitStep({ ...view, stillForMs: 10 * patienceMs - 1 }).go).toBe(false);
    expect(nextWaitStep({ ...view, stillForMs: 10 * patienceMs })).toEqual({ go: true, because: 'patience' });
  });
});

describe('measuredPace', () => {
  it.each([
    ['one turn in 40 ms', 40, 1, 40],
    ['four turns in 100 ms', 100, 4, 25],
    ['a stall of 3 s over one turn: capped, since a stall is not the pace', 3_000, 1, ROUND_ROBIN_TIMING.maxPaceMs],
  ])('%s gives %s ms per turn', (_label, elapsed, turns, expected) => {
    expect(measuredPace(elapsed, turns)).toBe(expected);
  });
});
