/**
 * Staff two-factor sign-in (docs/decisions/083-staff-two-factor.md) through the embedded gateway: enrolment in
 * Settings, the sign-in's second step with a TOTP code or a recovery code (each good once), the throttle on wrong codes,
 * the challenge cookie that is no session, and the desk's requirement that keeps a user to enrolment. Codes are made
 * here with otplib from the secret the API hands out, as an authenticator app would.
 */
import { randomInt } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction, AuditEntry } from '#shared/schemas/audit.ts';
import { THROTTLE_POLICIES } from '#functions/domain/sign-in-throttle.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ApiClient, type ApiResponse, startApi } from './support/api.ts';
import { createStaffUser, type StaffFixture } from './support/fixtures.ts';

let api: Gateway;
/** Reads the audit log. */
let auditor: ApiClient;
const usedAddresses = new Set<string>();

/** A new staff member of the role, and a client signed in as them with their password alone. */
async function signedInStaff(role: 'agent' | 'admin') {
  const staff = await createStaffUser({ role });
  const client = new ApiClient(api.url);
  await client.signIn(staff.email, staff.password);
  return { ...staff, client };
}

beforeAll(async () => {
  api = await startApi();
  auditor = (await signedInStaff('admin')).client;
});
afterAll(() => api.close());

/** A client whose requests leave from a loopback address no other test uses (its own address counters). */
function clientFromOwnAddress(): ApiClient {
  let address: string;
  do address = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  while (usedAddresses.has(address));
  usedAddresses.add(address);
  return new ApiClient(api.url, { sourceAddress: address });
}

/** The code an authenticator app shows `offsetSeconds` from now. */
const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

/** Turns two-factor sign-in on for a signed-in client: the secret and the recovery codes. */
async function enrol(client: ApiClient): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await client.post('/api/user/mfa/totp');
  expect(started.status).toBe(200);
  const { secret } = started.body as { secret: string };
  const confirmed = await client.post('/api/user/mfa/totp/verify', { code: await codeAt(secret) });
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: confirmed.body.recoveryCodes };
}

/** A staff member with two-factor sign-in on, signed out again. */
async function staffWithMfa(role: 'agent' | 'admin' = 'agent') {
  const { client, ...staff } = await signedInStaff(role);
  const enrolled = await enrol(client);
  await client.get('/api/logout');
  return { ...staff, ...enrolled };
}

/** The password step: answers `{ mfaRequired: true }` and leaves the challenge cookie in the client's jar. */
async function passwordStep(client: ApiClient, staff: StaffFixture): Promise<ApiResponse> {
  const res = await client.post('/api/auth/agent-login', { email: staff.email, password: staff.password });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ mfaRequired: true });
  return res;
}

async function actionsOf(userId: string): Promise<AuditAction[]> {
  const res = await auditor.get('/api/audit', { query: { actor: userId, limit: 100 } });
  expect(res.status).toBe(200);
  return (res.body.entries as AuditEntry[]).map((entry) => entry.action);
}

describe('enrolment', () => {
  it('hands out a sealed-away secret, turns on with a first code and answers ten recovery codes once', async () => {
    const { client, ...agent } = await signedInStaff('agent');
    expect((await client.get('/api/user/mfa')).body).toEqual({ enabled: false, required: false });

    const started = await client.post('/api/user/mfa/totp');
    expect(started.status).toBe(200);
    expect(started.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.body.otpauthUrl).toBe(
      `otpauth://totp/CryptoDesk%20Support:${encodeURIComponent(agent.email)}?secret=${started.body.secret}&issuer=CryptoDesk%20Support`,
    );
    // Not on until a code confirms it: the next sign-in is still a password sign-in.
    expect((await client.get('/api/user/mfa')).body.enabled).toBe(false);
    const wrong = await client.post('/api/user/mfa/totp/verify', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('error.mfa.invalidCode');
    expect((await client.post('/api/user/mfa/totp/verify', { code: 'not a code' })).body.code).toBe(
      'validation.mfa.code',
    );

    const confirmed = await client.post('/api/user/mfa/totp/verify', { code: await codeAt(started.body.secret) });
    expect(confirmed.status).toBe(200);
    const codes: string[] = confirmed.body.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect((await client.get('/api/user/mfa')).body).toEqual({ enabled: true, required: false });
    // Once on, a second enrolment is refused until it is turned off.
    expect((await client.post('/api/user/mfa/totp')).status).toBe(409);
    expect(await actionsOf(agent.user.id)).toEqual(
      expect.arrayContaining(['mfa_enrolment_started', 'mfa_code_failed', 'mfa_enabled']),
    );
  });

  it('turns off with a current code, after which a password alone signs in again', async () => {
    const agent = await staffWithMfa();
    const client = new ApiClient(api.url);
    await passwordStep(client, agent);
    expect((await client.post('/api/auth/mfa', { code: agent.recoveryCodes[0] })).status).toBe(200);

    const wrong = await client.request('DELETE', '/api/user/mfa/totp', { code: '000000' });
    expect(wrong.status).toBe(400);
    const off = await client.request('DELETE', '/api/user/mfa/totp', { code: agent.recoveryCodes[1] });
    expect(off.status).toBe(204);
    expect((await client.get('/api/user/mfa')).body.enabled).toBe(false);
    await client.get('/api/logout');
    const again = await new ApiClient(api.url).signIn(agent.email, agent.password);
    expect(again.body.id).toBe(agent.user.id);
    expect(await actionsOf(agent.user.id)).toContain('mfa_disabled');
  });
});

describe('sign-in with a second factor', () => {
  it('answers mfaRequired with a short-lived strict challenge cookie and no session', async () => {
    const agent = await staffWithMfa();
    const client = new ApiClient(api.url);
    const res = await passwordStep(client, agent);
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^hd_mfa=[A-Za-z0-9_-]{43}; Path=\/api\/auth; Max-Age=300; HttpOnly; SameSite=Strict$/);
    // The challenge cookie alone is no session: nothing signed-in answers it.
    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect((await client.get('/api/tickets')).status).toBe(401);
    // Nor does it pass for a session cookie.
    const forged = new ApiClient(api.url);
    forged.setCookie('hd_session', client.cookie('hd_mfa')!);
    expect((await forged.get('/api/auth/user')).status).toBe(401);
  });

  it('completes with a TOTP code, which works once only', async () => {
    const agent = await staffWithMfa();
    // The enrolment used this time step; the app's next code is the one to sign in with.
    const code = await codeAt(agent.secret, 30);
    const client = new ApiClient(api.url);
    await passwordStep(client, agent);
    const signedIn = await client.post('/api/auth/mfa', { code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ id: agent.user.id, email: agent.email, role: 'agent' });
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith('hd_mfa=; Path=/api/auth; Max-Age=0'))).toBe(true);
    expect((await client.get('/api/auth/user')).body.id).toBe(agent.user.id);
    expect(client.cookie('hd_mfa')).toBeUndefined();

    const replay = new ApiClient(api.url);
    await passwordStep(replay, agent);
    const refused = await replay.post('/api/auth/mfa', { code });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('error.mfa.invalidCode');
    expect((await replay.get('/api/auth/user')).status).toBe(401);
    expect(await actionsOf(agent.user.id)).toEqual(expect.arrayContaining(['sign_in_totp', 'mfa_code_failed']));
  });

  it('completes with a recovery code, which is used up, however it is typed', async () => {
    const agent = await staffWithMfa();
    const [first] = agent.recoveryCodes as [string];
    const client = new ApiClient(api.url);
    await passwordStep(client, agent);
    const typed = ` ${first.replaceAll('-', ' ').toLowerCase()} `;
    expect((await client.post('/api/auth/mfa', { code: typed })).status).toBe(200);

    const again = new ApiClient(api.url);
    await passwordStep(again, agent);
    expect((await again.post('/api/auth/mfa', { code: first })).status).toBe(401);
    // Another of the codes still works.
    expect((await again.post('/api/auth/mfa', { code: agent.recoveryCodes[1] })).status).toBe(200);
    expect(await actionsOf(agent.user.id)).toEqual(expect.arrayContaining(['sign_in_recovery_code']));
  });

  it('lets one of two concurrent uses of a recovery code through', async () => {
    const agent = await staffWithMfa();
    const [a, b] = [new ApiClient(api.url), new ApiClient(api.url)];
    await passwordStep(a, agent);
    await passwordStep(b, agent);
    const code = agent.recoveryCodes[2];
    const statuses = (await Promise.all([a.post('/api/auth/mfa', { code }), b.post('/api/auth/mfa', { code })])).map(
      (res) => res.status,
    );
    expect(statuses.sort()).toEqual([200, 401]);
  });

  it('uses a challenge once: the code step cannot be repeated with the same cookie', async () => {
    const agent = await staffWithMfa();
    const client = new ApiClient(api.url);
    await passwordStep(client, agent);
    const challenge = client.cookie('hd_mfa')!;
    expect((await client.post('/api/auth/mfa', { code: agent.recoveryCodes[3] })).status).toBe(200);
    const replay = new ApiClient(api.url);
    replay.setCookie('hd_mfa', challenge);
    const res = await replay.post('/api/auth/mfa', { code: agent.recoveryCodes[4] });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('error.mfa.challengeExpired');
  });

  it('refuses the code step without a challenge, and a malformed code with 400', async () => {
    const client = new ApiClient(api.url);
    const none = await client.post('/api/auth/mfa', { code: '123456' });
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('error.mfa.challengeExpired');
    expect((await client.post('/api/auth/mfa', { code: 12 })).status).toBe(400);
    expect((await client.post('/api/auth/mfa', {})).status).toBe(400);
  });

  it('throttles wrong codes per user like passwords, the right code too, and a new password does not reset it', async () => {
    const agent = await staffWithMfa();
    const { threshold, baseLockSeconds } = THROTTLE_POLICIES.mfa;
    const client = clientFromOwnAddress();
    await passwordStep(client, agent);
    for (let i = 0; i < threshold; i++) {
      const res = await client.post('/api/auth/mfa', { code: String(100000 + i) });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('error.mfa.invalidCode');
    }
    const locked = await client.post('/api/auth/mfa', { code: agent.recoveryCodes[0] });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('error.auth.signInThrottled');
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(baseLockSeconds);
    // The right password again, from elsewhere, does not lift the lock on the codes.
    const elsewhere = clientFromOwnAddress();
    await passwordStep(elsewhere, agent);
    expect((await elsewhere.post('/api/auth/mfa', { code: agent.recoveryCodes[0] })).status).toBe(429);
    const failures = (await actionsOf(agent.user.id)).filter((action) => action === 'mfa_code_failed');
    expect(failures).toHaveLength(threshold);
  });
});

describe('the desk requirement', () => {
  it('keeps a required user who has not enrolled to enrolment, then lets them in', async () => {
    // The admin who sets the requirement has two-factor sign-in on, so the requirement does not hold them back.
    const mfaAdmin = await staffWithMfa('admin');
    const adminSession = new ApiClient(api.url);
    await passwordStep(adminSession, mfaAdmin);
    expect((await adminSession.post('/api/auth/mfa', { code: mfaAdmin.recoveryCodes[0] })).status).toBe(200);
    const { client } = await signedInStaff('agent');
    const before = (await adminSession.get('/api/desk-settings')).body;
    try {
      // A client that knows nothing of `security` keeps it as stored.
      const { security: _known, ...withoutSecurity } = before;
      expect((await adminSession.put('/api/desk-settings', withoutSecurity)).status).toBe(200);
      const saved = await adminSession.put('/api/desk-settings', { ...before, security: { requireMfa: 'allStaff' } });
      expect(saved.status).toBe(200);
      expect(saved.body.security).toEqual({ requireMfa: 'allStaff' });
      const invalid = await adminSession.put('/api/desk-settings', { ...before, security: { requireMfa: 'some' } });
      expect(invalid.status).toBe(400);

      const refused = await client.get('/api/tickets');
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('error.mfa.enrolmentRequired');
      expect((await client.put('/api/user/settings', {})).status).toBe(403);
      expect((await client.get('/api/auth/user')).status).toBe(200);
      expect((await client.get('/api/user/mfa')).body).toEqual({ enabled: false, required: true });
      // Everyone else carries on: an admin with two-factor sign-in on.
      expect((await adminSession.get('/api/tickets')).status).toBe(200);

      await enrol(client);
      expect((await client.get('/api/tickets')).status).toBe(200);
      expect((await client.get('/api/user/mfa')).body).toEqual({ enabled: true, required: true });
      const audit = await adminSession.get('/api/audit', {
        query: { actor: mfaAdmin.user.id, action: 'desk_settings_changed' },
      });
      expect(audit.body.entries[0].details).toBe('requireMfa: none → allStaff');
    } finally {
      const restored = await adminSession.put('/api/desk-settings', { ...before, security: { requireMfa: 'none' } });
      expect(restored.status).toBe(200);
    }
  });
});
