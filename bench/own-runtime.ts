/**
 * A section's own embedded runtime as `npm start` runs it (infra/local/runtime.ts: the gateway, the stream poller and
 * its consumers, the queues and their senders, the mail parts, DynamoDB Local and cognito-local), in memory, in a
 * temporary folder, without the schedule.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resetConfigForTests } from '#functions/lib/config.ts';
import { freePort } from '#infra/local/ports.ts';
import { type Runtime, startRuntime } from '#infra/local/runtime.ts';
import { log } from './measure.ts';

/**
 * Runs `body` on a runtime of its own and stops everything afterwards, whatever happened: first what `body` handed to
 * `defer` (the last first), then the runtime.
 */
export async function onOwnRuntime<T>(
  section: string,
  body: (runtime: Runtime, defer: (stop: () => Promise<unknown>) => void) => Promise<T>,
): Promise<T> {
  const work = await mkdtemp(join(tmpdir(), `helpdesk-bench-${section}-`));
  const stops: Array<() => Promise<unknown>> = [() => rm(work, { recursive: true, force: true })];
  try {
    log('starting the embedded runtime');
    const runtime = await startRuntime({
      dataDir: join(work, 'data'),
      port: await freePort(),
      inMemory: true,
      schedule: false,
    });
    stops.push(() => runtime.stop());
    resetConfigForTests();
    return await body(runtime, (stop) => stops.push(stop));
  } finally {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  }
}
