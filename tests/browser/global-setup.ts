/**
 * Starts the embedded runtime for the browser flows: in-memory table, fresh user pool, demo data, on a free
 * port. Tests read the URL and the demo password from the environment (fixtures.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '#infra/local/ports.ts';
import { startRuntime } from '#infra/local/runtime.ts';
import { seedDemoData } from '#infra/local/seed.ts';

export default async function globalSetup() {
  const dataDir = await mkdtemp(join(tmpdir(), 'helpdesk-browser-'));
  const password = 'Browser-Demo-1';
  const runtime = await startRuntime({
    dataDir,
    port: await freePort(),
    webDir: resolve(import.meta.dirname, '../../web/dist'),
    inMemory: true,
    // As in `npm start`: nothing is served (503) until the demo data is complete.
    prepare: () => seedDemoData({ password }),
  });
  await runtime.ready;
  process.env.HELPDESK_URL = runtime.url;
  process.env.DEMO_PASSWORD = password;
  // The mail flows speak to the SMTP listener and read the SES emulator's mailbox.
  process.env.HELPDESK_SMTP_PORT = String(runtime.smtp.port);
  process.env.HELPDESK_MAILBOX_URL = runtime.mailbox.url;
  return async () => {
    await runtime.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
