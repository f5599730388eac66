/**
 * Helpers for tests of what happens later (stream, queues, retries): waiting for a condition, and changing the
 * function code's environment for a while.
 */
import { resetConfigForTests } from '#functions/lib/config.ts';

/** Polls `check` every `intervalMs` until it returns something truthy; fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => T | undefined | false | null | Promise<T | undefined | false | null>,
  what: string,
  timeoutMs = 15_000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Environment variables a test file sets for the function code in its process: `set` remembers each variable's first
 * value and re-reads the configuration; `restore` puts every one back.
 */
export function environmentOverride() {
  const previous: Record<string, string | undefined> = {};
  return {
    set(values: Record<string, string>) {
      for (const [name, value] of Object.entries(values)) {
        if (!(name in previous)) previous[name] = process.env[name];
        process.env[name] = value;
      }
      resetConfigForTests();
    },
    restore() {
      for (const [name, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetConfigForTests();
    },
  };
}
