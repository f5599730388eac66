import { setTimeout as sleep } from 'node:timers/promises';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '#shared/schemas/api-key.ts';
import { keys } from '#functions/data/table.ts';
import { rateLimitMessage, rateWindow } from '#functions/domain/api-keys.ts';
import { englishOf } from '#functions/lib/messages.ts';
import { dynamo } from '#functions/lib/clients.ts';
import { config, resetConfigForTests } from '#functions/lib/config.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ApiClient, startApi } from './support/api.ts';
import { createStaffUser } from './support/fixtures.ts';

// A limit of 3 calls in 2-second windows: small enough to exhaust in a few calls, short enough to see the next
// window open without waiting a minute. Production uses the same code with 600 calls a minute.
const LIMIT = 3;
const WINDOW_SECONDS = 2;
const saved = { limit: process.env.API_KEY_RATE_LIMIT, window: process.env.API_KEY_RATE_WINDOW_SECONDS };

let api: Gateway;
let adminClient: ApiClient;

beforeAll(async () => {
  process.env.API_KEY_RATE_LIMIT = String(LIMIT);
  process.env.API_KEY_RATE_WINDOW_SECONDS = String(WINDOW_SECONDS);
  api = await startApi(); // re-reads the configuration
  const admin = await createStaffUser({ role: 'admin' });
  adminClient = new ApiClient(api.url);
  await adminClient.signIn(admin.email, admin.password);
});
afterAll(async () => {
  await api?.close();
  for (const [name, value] of [
    ['API_KEY_RATE_LIMIT', saved.limit],
    ['API_KEY_RATE_WINDOW_SECONDS', saved.window],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfigForTests();
});

async function newKey(): Promise<{ id: string; client: ApiClient }> {
  const res = await adminClient.post<CreatedApiKey>('/api/api-keys', {
    name: 'Rate limited',
    scopes: ['tickets:read'],
  });
  expect(res.status).toBe(201);
  return { id: res.body.apiKey.id, client: ApiClient.withApiKey(api.url, res.body.secret) };
}

/**
 * Waits, if need be, for a window with at least 1.2 s left, so that a test's burst of calls all falls in one window
 * (windows are aligned to the clock, which the in-process gateway shares with the test).
 */
async function freshWindow(): Promise<ReturnType<typeof rateWindow>> {
  const now = new Date();
  const window = rateWindow(now, WINDOW_SECONDS);
  const left = window.endsAt.getTime() - now.getTime();
  if (left >= 1_200) return window;
  await sleep(left + 20);
  return rateWindow(new Date(), WINDOW_SECONDS);
}

const call = (client: ApiClient) => client.get('/api/categories');

describe('rate limit per API key', () => {
  it('answers 429 with Retry-After once a key used up its window, and lets it in again in the next', async () => {
    expect(config().apiKeyRateLimitPerMinute).toBe(LIMIT);
    const key = await newKey();
    const window = await freshWindow();

    const allowed = [];
    for (let i = 0; i < LIMIT; i++) allowed.push((await call(key.client)).status);
    expect(allowed).toEqual(Array(LIMIT).fill(200));

    const refused = await call(key.client);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    const limited = rateLimitMessage(LIMIT, WINDOW_SECONDS, retryAfter);
    expect(refused.body).toEqual({ ...limited, message: englishOf(limited) });

    // The count lives in the table, where every function instance sees it; refused calls add nothing to it.
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: config().tableName, Key: keys.rateWindow(key.id, window.id), ConsistentRead: true }),
    );
    expect(Item).toMatchObject({ calls: LIMIT, expiresAt: window.expiresAt });

    await sleep(retryAfter * 1_000);
    expect((await call(key.client)).status).toBe(200);
  });

  it('counts each key on its own', async () => {
    const busy = await newKey();
    const quiet = await newKey();
    await freshWindow();
    for (let i = 0; i < LIMIT; i++) await call(busy.client);
    expect((await call(busy.client)).status).toBe(429);
    expect((await call(quiet.client)).status).toBe(200);
  });

  it('does not limit signed-in staff', async () => {
    await freshWindow();
    const statuses = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await adminClient.get('/api/categories')).status);
    expect(statuses).toEqual(Array(LIMIT + 2).fill(200));
  });
});
