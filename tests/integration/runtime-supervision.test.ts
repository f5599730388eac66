/**
 * The embedded runtime is honest about what it can serve: 503 with Retry-After until its data is prepared, 503
 * while a dead emulator restarts, and the same data and sign-ins once it is back. This file starts a runtime of its
 * own (its own DynamoDB Local, on disk, and cognito-local), since it kills their processes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { COLOR_PALETTE } from '#shared/constants.ts';
import { createCategory } from '#functions/data/categories.ts';
import { newCategory } from '#functions/domain/categories.ts';
import { createStaffAccount } from '#functions/use-cases/staff/create-staff-account.ts';
import { TEST_SYSTEM } from './support/fixtures.ts';
import { resetConfigForTests } from '#functions/lib/config.ts';
import { PARTS, type Runtime, startRuntime } from '#infra/local/runtime.ts';
import { ApiClient } from './support/api.ts';

const ADMIN = {
  email: 'supervised-admin@test.local',
  password: 'Supervised-1',
  firstName: 'Sue',
  lastName: 'Pervised',
};
const CATEGORY = 'supervised_kyc';

let runtime: Runtime;
let dataDir: string;
let finishPreparing: () => void;
const reports: string[] = [];

/** Polls `probe` until it returns true, every 100 ms, for at most `ms`. */
async function eventually(probe: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** The emulator's own process id (not its leash's), as an operator would find it with ps. */
function emulatorPid(name: string): number {
  const pid = runtime.supervisor.part(name).process.emulatorPid();
  if (!pid) throw new Error(`${name} reported no process id`);
  return pid;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'helpdesk-supervised-'));
  const prepared = new Promise<void>((resolve) => {
    finishPreparing = resolve;
  });
  runtime = await startRuntime({
    dataDir,
    port: 0,
    schedule: false,
    report: (line) => reports.push(line),
    // The data a person would use, then a wait the test controls: the runtime must not serve before it ends.
    prepare: async () => {
      resetConfigForTests();
      await createStaffAccount(TEST_SYSTEM, { ...ADMIN, role: 'admin' });
      await createCategory(
        newCategory(
          {
            name: CATEGORY,
            displayName: 'Supervised KYC',
            description: 'Kept across restarts',
            color: COLOR_PALETTE[0],
          },
          'supervised-category',
          new Date(),
        ),
      );
      await prepared;
    },
  });
}, 120_000);

afterAll(async () => {
  await runtime?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('before the data is prepared', () => {
  it('answers API calls 503 with Retry-After and a JSON message', async () => {
    const res = await fetch(new URL('/api/auth/user', runtime.url));
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect((await res.json()).message).toMatch(/starting/);
  });

  it('refuses sign-in with 503 rather than an error while accounts are still being created', async () => {
    const res = await new ApiClient(runtime.url).post('/api/auth/agent-login', {
      email: ADMIN.email,
      password: ADMIN.password,
    });
    expect(res.status).toBe(503);
  });

  it('refuses the alarm socket with 503', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`${runtime.url.replace('http', 'ws')}/ws`);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => reject(new Error('the socket opened')));
      ws.on('error', () => undefined);
    });
    expect(status).toBe(503);
  });

  it('serves 200 once preparation has finished', async () => {
    finishPreparing();
    await runtime.ready;
    const client = new ApiClient(runtime.url);
    await client.signIn(ADMIN.email, ADMIN.password);
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });
});

// A restart starts a JVM or a Node process again; on a busy two-core machine that alone can take most of a minute,
// so these tests wait longer than the suite's default minute before calling the restart lost.
describe('when an emulator dies', { timeout: 150_000 }, () => {
  it('answers 503 while DynamoDB Local restarts, then serves the same data again, saying so in one line each', async () => {
    const client = new ApiClient(runtime.url);
    await client.signIn(ADMIN.email, ADMIN.password);
    const names = async () =>
      ((await client.get('/api/categories')).body as Array<{ name: string }>).map((c) => c.name);
    expect(await names()).toContain(CATEGORY);
    const errors = vi.spyOn(console, 'error');
    reports.length = 0;

    process.kill(emulatorPid(PARTS.dynamodb), 'SIGKILL');
    let unavailable: Response | undefined;
    const refused = await eventually(async () => {
      const res = await fetch(new URL('/api/categories', runtime.url), { headers: { cookie: client.cookieHeader() } });
      if (res.status !== 503) return false;
      unavailable = res;
      return true;
    }, 5_000);
    expect(refused).toBe(true);
    expect(Number(unavailable!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await unavailable!.json()).message).toMatch(/restarting DynamoDB Local/);

    const back = await eventually(async () => (await client.get('/api/categories')).status === 200, 120_000);
    expect(back).toBe(true);
    expect(await names()).toContain(CATEGORY);
    expect(reports.filter((line) => line.startsWith(PARTS.dynamodb))).toEqual([
      expect.stringMatching(/^DynamoDB Local stopped \(killed by SIGKILL\)/),
      expect.stringMatching(/^DynamoDB Local is back after/),
    ]);
    // The stream poller waits out a known outage; at most the poll under way when the process died reports it.
    const pollerLines = errors.mock.calls.filter(([line]) => String(line).startsWith('Stream poller is failing'));
    expect(pollerLines.length).toBeLessThanOrEqual(1);
    errors.mockRestore();
  });

  it('answers sign-in 503 while cognito-local restarts, then signs the same account in again', async () => {
    reports.length = 0;
    process.kill(emulatorPid(PARTS.cognito), 'SIGKILL');
    const signIn = () =>
      new ApiClient(runtime.url).post('/api/auth/agent-login', { email: ADMIN.email, password: ADMIN.password });
    const refused = await eventually(async () => (await signIn()).status === 503, 5_000);
    expect(refused).toBe(true);

    const back = await eventually(async () => (await signIn()).status === 200, 120_000);
    expect(back).toBe(true);
    expect(reports).toEqual([
      expect.stringMatching(/^cognito-local stopped \(killed by SIGKILL\)/),
      expect.stringMatching(/^cognito-local is back after/),
    ]);
  });

  it('restarts DynamoDB Local when its leash is killed outright, leaving no orphan on the port', async () => {
    const client = new ApiClient(runtime.url);
    await client.signIn(ADMIN.email, ADMIN.password);
    const orphan = emulatorPid(PARTS.dynamodb);
    reports.length = 0;

    // SIGKILL cannot be caught: the leash cannot stop its emulator, so the supervisor must.
    process.kill(runtime.supervisor.part(PARTS.dynamodb).process.pid, 'SIGKILL');
    const refused = await eventually(async () => (await client.get('/api/categories')).status === 503, 5_000);
    expect(refused).toBe(true);
    const back = await eventually(async () => (await client.get('/api/categories')).status === 200, 120_000);
    // What the supervisor said meanwhile, should it never come back.
    expect(back, reports.join('\n')).toBe(true);
    expect(((await client.get('/api/categories')).body as Array<{ name: string }>).map((c) => c.name)).toContain(
      CATEGORY,
    );
    expect(emulatorPid(PARTS.dynamodb)).not.toBe(orphan);
    // Back for good: no second start against an orphan still holding the port.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(reports).toEqual([
      expect.stringMatching(/^DynamoDB Local stopped \(killed by SIGKILL\)/),
      expect.stringMatching(/^DynamoDB Local is back after/),
    ]);
  });
});

describe('when it is stopped', () => {
  it('reports no part stopped or restarting, even one that ends before its turn (as Ctrl-C can make it)', async () => {
    reports.length = 0;
    // Ctrl-C reaches every process of the terminal's process group at once; a part that runs in that group ends by
    // itself while the runtime is still stopping the others.
    for (const name of [PARTS.dynamodb, PARTS.cognito]) {
      process.kill(runtime.supervisor.part(name).process.pid, 'SIGINT');
    }
    await runtime.stop();
    expect(reports).toEqual([]);
    expect(runtime.supervisor.down()).toEqual([]);
  });
});
