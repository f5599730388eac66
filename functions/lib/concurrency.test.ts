import { describe, expect, it } from 'vitest';
import { settleWithConcurrency } from './concurrency.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('settleWithConcurrency', () => {
  it.each([1, 3, 10])('never runs more than %i calls at once', async (limit) => {
    let running = 0;
    let peak = 0;
    await settleWithConcurrency(
      Array.from({ length: 25 }, (_, i) => i),
      limit,
      async () => {
        peak = Math.max(peak, ++running);
        await tick();
        running--;
      },
    );
    expect(peak).toBe(limit);
  });

  it('runs every item once and reports each outcome in input order, failures included', async () => {
    const seen: number[] = [];
    const results = await settleWithConcurrency([1, 2, 3, 4], 2, async (n) => {
      seen.push(n);
      await tick();
      if (n % 2 === 0) throw new Error(`even ${n}`);
      return n * 10;
    });
    expect(seen.sort()).toEqual([1, 2, 3, 4]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      10,
      'even 2',
      30,
      'even 4',
    ]);
  });

  it('answers an empty list without calling anything', async () => {
    expect(await settleWithConcurrency([], 5, () => Promise.reject(new Error('called')))).toEqual([]);
  });

  it('refuses a limit below one', async () => {
    await expect(settleWithConcurrency([1], 0, async () => 1)).rejects.toThrow(RangeError);
  });
});
