/**
 * Runs `work` over every item with at most `limit` calls in flight, and resolves once all have settled, with each
 * item's outcome in input order. One failure neither stops nor hides the others: the caller sees every result.
 */
export async function settleWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, not ${limit}`);
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  // Each lane takes the next unclaimed item until none are left; claiming is synchronous, so no item runs twice.
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await work(items[index]!, index) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
