/**
 * One line when a repeating job (the stream poller, the overdue schedule) starts failing and one when it works
 * again, instead of a stack trace on every attempt in between.
 */
export interface OutageLog {
  /** Reports a failed attempt; only the first of a run of failures is printed. */
  failed(error: unknown): void;
  /** Reports a successful attempt; prints the end of an outage if one was under way. */
  succeeded(): void;
}

/** The first line of an error, with its name or code: enough to recognise it, short enough for one line. */
export function describeError(error: unknown): string {
  const e = error as { name?: string; code?: string; message?: string } | undefined;
  const message = String(e?.message ?? error).split('\n')[0];
  const kind = e?.code && e.code !== e.name ? `${e.name ?? 'Error'} ${e.code}` : (e?.name ?? 'Error');
  return `${kind}: ${message}`;
}

export function outageLog(job: string, log: (line: string) => void = (line) => console.error(line)): OutageLog {
  let failures = 0;
  let since = 0;
  return {
    failed(error) {
      failures++;
      if (failures > 1) return;
      since = Date.now();
      log(`${job} is failing (${describeError(error)}); retrying quietly until it works again`);
    },
    succeeded() {
      if (failures === 0) return;
      const seconds = ((Date.now() - since) / 1000).toFixed(1);
      log(`${job} works again after ${failures} failed attempt${failures === 1 ? '' : 's'} over ${seconds} s`);
      failures = 0;
    },
  };
}
