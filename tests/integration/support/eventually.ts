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
