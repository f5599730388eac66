/**
 * Sign-in throttling (docs/decisions/071-sign-in-throttling.md) through the embedded gateway. Each test signs in from
 * a loopback address of its own (127.0.0.x), which the gateway reports as the client's address exactly as API Gateway
 * reports `sourceIp`: so the counters of one test never lock another, and a header cannot choose the address.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE_POLICIES } from '#functions/domain/sign-in-throttle.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ApiClient, startApi } from './support/api.ts';
import { createStaffUser, uniqueEmail } from './support/fixtures.ts';

let api: Gateway;
const usedAddresses = new Set<string>();

beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

/** A client whose requests leave from a loopback address no other test uses. */
function clientFromOwnAddress(): { client: ApiClient; address: string } {
  let address: string;
  do address = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  while (usedAddresses.has(address));
  usedAddresses.add(address);
  return { client: new ApiClient(api.url, { sourceAddress: address }), address };
}

const attempt = (client: ApiClient, email: string, password: string, headers: Record<string, string> = {}) =>
  client.post('/api/auth/agent-login', { email, password }, { headers });

const { threshold: ACCOUNT_THRESHOLD, baseLockSeconds } = THROTTLE_POLICIES.account;

describe('per account', () => {
  it('answers 429 with Retry-After once the failures pass the threshold, and refuses the right password too', async () => {
    const agent = await createStaffUser({ role: 'agent' });
    const { client } = clientFromOwnAddress();
    for (let i = 0; i < ACCOUNT_THRESHOLD; i++) {
      const res = await attempt(client, agent.email, `wrong-${i}`);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        code: 'error.auth.invalidCredentials',
        message: 'Invalid credentials. Please try again.',
      });
    }
    const locked = await attempt(client, agent.email, agent.password);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({
      code: 'error.auth.signInThrottled',
      message: 'Too many failed sign-ins. Wait a moment and try again.',
    });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(baseLockSeconds);
    expect(locked.headers.getSetCookie()).toEqual([]);
    // The lock is the account's, wherever the attempt comes from.
    const elsewhere = clientFromOwnAddress().client;
    expect((await attempt(elsewhere, agent.email, agent.password)).status).toBe(429);
  });

  it('counts an unknown e-mail like a known one (nothing tells them apart)', async () => {
    const { client } = clientFromOwnAddress();
    const email = uniqueEmail('nobody');
    for (let i = 0; i < ACCOUNT_THRESHOLD; i++) expect((await attempt(client, email, 'x')).status).toBe(401);
    expect((await attempt(client, email, 'x')).status).toBe(429);
  });

  it('forgets the failures of an account on a successful sign-in', async () => {
    const agent = await createStaffUser({ role: 'agent' });
    const { client } = clientFromOwnAddress();
    for (let i = 0; i < ACCOUNT_THRESHOLD - 1; i++) await attempt(client, agent.email, 'wrong');
    expect((await attempt(client, agent.email, agent.password)).status).toBe(200);
    for (let i = 0; i < ACCOUNT_THRESHOLD - 1; i++) {
      expect((await attempt(client, agent.email, 'wrong')).status).toBe(401);
    }
    expect((await attempt(client, agent.email, agent.password)).status).toBe(200);
  });

  it('matches the account whatever the case of the e-mail', async () => {
    const agent = await createStaffUser({ role: 'agent' });
    const { client } = clientFromOwnAddress();
    for (let i = 0; i < ACCOUNT_THRESHOLD; i++) await attempt(client, agent.email.toUpperCase(), 'wrong');
    expect((await attempt(client, agent.email, agent.password)).status).toBe(429);
  });
});

describe('per client address', () => {
  it('locks an address that fails across many accounts, and a forged X-Forwarded-For does not escape it', async () => {
    const { client, address } = clientFromOwnAddress();
    const threshold = THROTTLE_POLICIES.address.threshold;
    for (let i = 0; i < threshold; i++) {
      const res = await attempt(client, uniqueEmail('spray'), 'guess', { 'x-forwarded-for': `203.0.113.${i}` });
      expect(res.status).toBe(401);
    }
    const agent = await createStaffUser({ role: 'agent' });
    const res = await attempt(client, agent.email, agent.password, { 'x-forwarded-for': '198.51.100.7' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await attempt(clientFromOwnAddress().client, agent.email, agent.password)).status).toBe(200);
    expect(address).not.toBe('127.0.0.1');
  });
});
