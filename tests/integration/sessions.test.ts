/**
 * Sessions that end when they should (docs/decisions/070-sessions-that-end.md), against the emulators: cookies
 * captured before a sign-out are refused after it, a password change ends the user's other sessions, and an admin's
 * password reset, demotion or deactivation ends all of them.
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStaffRecord } from '#functions/data/users.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ApiClient, startApi } from './support/api.ts';
import { createStaffUser, type StaffFixture } from './support/fixtures.ts';

let api: Gateway;
let admin: ApiClient;

beforeAll(async () => {
  api = await startApi();
  const adminUser = await createStaffUser({ role: 'admin' });
  admin = new ApiClient(api.url);
  await admin.signIn(adminUser.email, adminUser.password);
});
afterAll(() => api.close());

const signedIn = async (fixture: StaffFixture) => {
  const client = new ApiClient(api.url);
  await client.signIn(fixture.email, fixture.password);
  return client;
};

/**
 * The cookies `from` holds now, as an attacker who copied them would: each `replay()` is a new client presenting
 * exactly those (a 401 clears a client's jar, so every check gets its own copy).
 */
function capture(from: ApiClient, names = ['hd_access', 'hd_refresh', 'hd_session']) {
  const values = names.map((name) => [name, from.cookie(name)] as const);
  return {
    value: (name: string) => values.find(([n]) => n === name)?.[1],
    replay(): ApiClient {
      const copy = new ApiClient(api.url);
      for (const [name, value] of values) if (value) copy.setCookie(name, value);
      return copy;
    },
  };
}

const whoAmI = async (client: ApiClient) => (await client.get('/api/auth/user')).status;

/** Whether the gateway lets a socket open with these cookies. */
function socketOpens(client: ApiClient): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${api.url.replace('http', 'ws')}/ws`, {
      headers: { cookie: client.cookieHeader(), origin: api.url },
    });
    ws.on('open', () => {
      ws.close();
      resolve(true);
    });
    ws.on('unexpected-response', () => resolve(false));
    ws.on('error', () => resolve(false));
  });
}

describe('signing out', () => {
  it('makes the cookies it clears useless at once, even replayed (access token and refresh token alike)', async () => {
    const agent = await createStaffUser({ role: 'agent' });
    const browser = await signedIn(agent);
    const captured = capture(browser);
    const refreshOnly = capture(browser, ['hd_refresh', 'hd_session']);
    expect(await whoAmI(captured.replay())).toBe(200);
    expect(await whoAmI(refreshOnly.replay())).toBe(200);
    expect(await socketOpens(captured.replay())).toBe(true);

    const logout = await browser.get('/api/logout');
    expect(logout.status).toBe(302);
    expect(browser.cookie('hd_access')).toBeUndefined();

    expect(await whoAmI(captured.replay())).toBe(401);
    expect(await whoAmI(refreshOnly.replay())).toBe(401);
    expect(await socketOpens(captured.replay())).toBe(false);
  });

  it('ends only the session it was made in: the same user elsewhere stays signed in', async () => {
    const agent = await createStaffUser({ role: 'agent' });
    const laptop = await signedIn(agent);
    const phone = await signedIn(agent);
    await laptop.get('/api/logout');
    expect(await whoAmI(laptop)).toBe(401);
    expect(await whoAmI(phone)).toBe(200);
  });

  it('refuses access and refresh cookies presented without their session cookie', async () => {
    const agent = await createStaffUser({ role: 'agent' });
    const browser = await signedIn(agent);
    const tokensOnly = new ApiClient(api.url);
    tokensOnly.setCookie('hd_access', browser.cookie('hd_access')!);
    tokensOnly.setCookie('hd_refresh', browser.cookie('hd_refresh')!);
    expect(await whoAmI(tokensOnly)).toBe(401);
    // A session cookie of another user, or one whose MAC was altered, is no better.
    const other = await signedIn(await createStaffUser({ role: 'agent' }));
    tokensOnly.setCookie('hd_session', other.cookie('hd_session')!);
    expect(await whoAmI(tokensOnly)).toBe(401);
    const forged = browser.cookie('hd_session')!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    tokensOnly.setCookie('hd_session', forged);
    expect(await whoAmI(tokensOnly)).toBe(401);
  });

  it('signs nobody out on a cross-site navigation (Sec-Fetch-Site: cross-site): a redirect, nothing cleared', async () => {
    const agent = await createStaffUser({ role: 'agent' });
    const browser = await signedIn(agent);
    const res = await browser.get('/api/logout', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await whoAmI(browser)).toBe(200);
    // The same navigation from our own pages signs out.
    await browser.get('/api/logout', { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(await whoAmI(browser)).toBe(401);
  });
});

describe('a password change by the user', () => {
  it('ends every other session of theirs while the one that changed it goes on', async () => {
    const agent = await createStaffUser({ role: 'agent' });
    const current = await signedIn(agent);
    const other = await signedIn(agent);
    const sessionBefore = current.cookie('hd_session');
    const res = await current.post('/api/user/change-password', {
      currentPassword: agent.password,
      newPassword: 'brand-new-secret-1',
    });
    expect(res.status).toBe(200);
    expect(await whoAmI(other)).toBe(401);
    expect(await whoAmI(current)).toBe(200);
    // The current session got fresh tokens for the new password; the session itself is the same.
    expect(current.cookie('hd_session')).toBe(sessionBefore);
    const record = await getStaffRecord(agent.user.id);
    expect(Object.keys(record!.sessions)).toHaveLength(1);
    expect(
      (await new ApiClient(api.url).post('/api/auth/agent-login', { email: agent.email, password: agent.password }))
        .status,
    ).toBe(401);
  });
});

describe("an admin's action ends all of the user's sessions", () => {
  it('a password reset', async () => {
    const agent = await createStaffUser({ role: 'agent' });
    const [one, two] = [await signedIn(agent), await signedIn(agent)];
    expect((await admin.put(`/api/users/${agent.user.id}/password`, { password: 'reset-by-admin-1' })).status).toBe(
      200,
    );
    expect(await whoAmI(one)).toBe(401);
    expect(await whoAmI(two)).toBe(401);
    // Signing in with the new password works and opens a new session.
    const again = new ApiClient(api.url);
    await again.signIn(agent.email, 'reset-by-admin-1');
    expect(await whoAmI(again)).toBe(200);
  });

  it('a change to a lower role, but not a promotion', async () => {
    const manager = await createStaffUser({ role: 'manager' });
    const session = capture(await signedIn(manager));
    expect((await admin.put(`/api/users/${manager.user.id}/role`, { role: 'admin' })).status).toBe(200);
    expect(await whoAmI(session.replay())).toBe(200);
    expect((await admin.put(`/api/users/${manager.user.id}/role`, { role: 'agent' })).status).toBe(200);
    expect(await socketOpens(session.replay())).toBe(false);
    expect(await whoAmI(session.replay())).toBe(401);
  });

  it('a demotion of oneself ends one’s other sessions but not the one it was made in', async () => {
    const other = await createStaffUser({ role: 'admin' });
    const here = await signedIn(other);
    const elsewhere = capture(await signedIn(other));
    expect((await here.put(`/api/users/${other.user.id}/role`, { role: 'manager' })).status).toBe(200);
    expect(await whoAmI(here)).toBe(200);
    expect(await whoAmI(elsewhere.replay())).toBe(401);
  });

  it('a deactivation', async () => {
    const agent = await createStaffUser({ role: 'agent' });
    const captured = capture(await signedIn(agent));
    expect((await admin.delete(`/api/users/${agent.user.id}`)).status).toBe(200);
    expect(await whoAmI(captured.replay())).toBe(401);
    expect((await getStaffRecord(agent.user.id))!.sessions).toEqual({});
  });
});
