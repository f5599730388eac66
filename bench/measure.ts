/**
 * Closed-loop load: `concurrency` clients each run the next operation as soon as their previous one finished,
 * until `total` operations are done. Latency is per operation; throughput is operations over wall time.
 */
export interface LoadResult {
  ops: number;
  errors: number;
  seconds: number;
  latenciesMs: number[];
  /** CPU time of the process doing the measured side's work (the API server, or the raw caller), if known. */
  cpuMs?: number;
}

export interface Summary {
  ops: number;
  errors: number;
  throughput: number;
  p50: number;
  p99: number;
  /** Milliseconds of CPU per operation in the process doing the work, when the runs carry it. */
  cpuMsPerOp?: number;
}

export async function closedLoop(
  total: number,
  concurrency: number,
  op: (i: number) => Promise<unknown>,
): Promise<LoadResult> {
  const latenciesMs: number[] = [];
  let next = 0;
  let errors = 0;
  let firstError: unknown;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < total; i = next++) {
        const began = performance.now();
        try {
          await op(i);
        } catch (error) {
          errors++;
          firstError ??= error;
        }
        latenciesMs.push(performance.now() - began);
      }
    }),
  );
  if (firstError) console.error('first error:', firstError);
  return { ops: total, errors, seconds: (performance.now() - started) / 1000, latenciesMs };
}

/** `fn` for 0 … count − 1, at most `concurrency` at a time, results in index order; the first failure throws. */
export async function inParallel<T>(count: number, concurrency: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      for (let i = next++; i < count; i = next++) results[i] = await fn(i);
    }),
  );
  return results;
}

/** A progress line of the benchmark. */
export const log = (line: string) => console.log(`[bench] ${line}`);
export const round2 = (n: number) => Math.round(n * 100) / 100;
export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The p-th percentile (nearest rank) of unsorted values. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Throughput and latency percentiles of one or more runs taken together. */
export function summarize(runs: readonly LoadResult[]): Summary {
  const latencies = runs.flatMap((r) => r.latenciesMs);
  const ops = runs.reduce((n, r) => n + r.ops, 0);
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  const cpuMs = runs.every((r) => r.cpuMs !== undefined) ? runs.reduce((n, r) => n + r.cpuMs!, 0) : undefined;
  return {
    ops,
    errors: runs.reduce((n, r) => n + r.errors, 0),
    throughput: round(ops / seconds),
    p50: round(percentile(latencies, 50), 2),
    p99: round(percentile(latencies, 99), 2),
    ...(cpuMs === undefined ? {} : { cpuMsPerOp: round(cpuMs / ops, 3) }),
  };
}
