import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishText } from '../english.ts';
import { keys } from '#functions/data/table.ts';
import { dynamo } from '#functions/lib/clients.ts';
import { config } from '#functions/lib/config.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ApiClient, startApi } from './support/api.ts';
import { createStaffUser, type StaffFixture } from './support/fixtures.ts';

let api: Gateway;
let agent: StaffFixture;

beforeAll(async () => {
  api = await startApi();
  agent = await createStaffUser({ role: 'agent', firstName: 'Ada', lastName: 'Lovelace' });
});
afterAll(() => api.close());

const setDirectory = (userId: string, values: Record<string, unknown>) =>
  dynamo().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: keys.user(userId),
      UpdateExpression: `SET ${Object.keys(values)
        .map((k) => `#${k} = :${k}`)
        .join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(Object.keys(values).map((k) => [`#${k}`, k])),
      ExpressionAttributeValues: Object.fromEntries(Object.entries(values).map(([k, v]) => [`:${k}`, v])),
    }),
  );

describe('staff sign-in', () => {
  it('answers 401 to GET /api/auth/user when signed out', async () => {
    const res = await new ApiClient(api.url).get('/api/auth/user');
    expect(res.status).toBe(401);
  });

  it('signs in with e-mail and password and returns the directory entry, never a token', async () => {
    const client = new ApiClient(api.url);
    const res = await client.signIn(agent.email, agent.password);
    expect(res.body).toMatchObject({ id: agent.user.id, email: agent.email, role: 'agent', firstName: 'Ada' });
    expect(JSON.stringify(res.body)).not.toMatch(/eyJ/);
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('hd_access='))).toMatch(/HttpOnly; SameSite=Lax/);
    expect(cookies.find((c) => c.startsWith('hd_refresh='))).toMatch(/Path=\/api;.*HttpOnly/);
    expect(cookies.join()).not.toMatch(/Secure/); // plain http here; Secure is set when x-forwarded-proto is https
    // The page's own script may read that a session exists (to skip the pre-rendered sign-in screen), nothing more.
    const hint = cookies.find((c) => c.startsWith('hd_signed_in='));
    expect(hint).toMatch(/^hd_signed_in=1; Path=\/; Max-Age=\d+; SameSite=Lax$/);

    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(agent.email);
  });

  it('sets Secure cookies when the request arrived over https', async () => {
    const res = await new ApiClient(api.url).post(
      '/api/auth/agent-login',
      { email: agent.email, password: agent.password },
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().every((c) => c.includes('; Secure'))).toBe(true);
  });

  it('refuses a wrong password with the product message', async () => {
    const res = await new ApiClient(api.url).post('/api/auth/agent-login', {
      email: agent.email,
      password: 'wrong-one',
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(englishText('error.auth.invalidCredentials'));
  });

  it('refuses an unknown e-mail exactly like a wrong password', async () => {
    const res = await new ApiClient(api.url).post('/api/auth/agent-login', {
      email: 'nobody@test.local',
      password: 'x',
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(englishText('error.auth.invalidCredentials'));
  });

  it.each([
    [{ email: 'not-an-email', password: 'x' }, 'email', englishText('validation.email')],
    [{ email: 'a@b.co', password: '' }, 'password', englishText('validation.password.required')],
  ])('validates the login form: %o', async (body, field, message) => {
    const res = await new ApiClient(api.url).post('/api/auth/agent-login', body);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
  });

  it('refreshes an expired access token transparently from the refresh cookie', async () => {
    const client = new ApiClient(api.url);
    await client.signIn(agent.email, agent.password);
    client.setCookie('hd_access', 'expired-or-garbage');
    const res = await client.get('/api/auth/user');
    expect(res.status).toBe(200);
    expect(client.cookie('hd_access')).toMatch(/^eyJ/);
  });

  it('signs out: cookies cleared, refresh token revoked, then 401', async () => {
    const client = new ApiClient(api.url);
    await client.signIn(agent.email, agent.password);
    const refresh = client.cookie('hd_refresh')!;
    const out = await client.get('/api/logout');
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/');
    expect(client.cookie('hd_access')).toBeUndefined();
    expect(client.cookie('hd_signed_in')).toBeUndefined();
    expect((await client.get('/api/auth/user')).status).toBe(401);

    const replay = new ApiClient(api.url);
    replay.setCookie('hd_refresh', refresh);
    expect((await replay.get('/api/auth/user')).status).toBe(401);
  });

  it('sends organization sign-in to the role chooser where no hosted UI is configured', async () => {
    const res = await new ApiClient(api.url).get('/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login-selection');
  });
});

describe('the directory is read on every request', () => {
  it('refuses a deactivated user on their next request, without waiting for token expiry', async () => {
    const someone = await createStaffUser({ role: 'agent' });
    const client = new ApiClient(api.url);
    await client.signIn(someone.email, someone.password);
    expect((await client.get('/api/auth/user')).status).toBe(200);

    await setDirectory(someone.user.id, { isActive: false });
    const res = await client.get('/api/auth/user');
    expect(res.status).toBe(401);
    // the dead session is ended in the browser too
    expect(client.cookie('hd_access')).toBeUndefined();
    expect(
      (await new ApiClient(api.url).post('/api/auth/agent-login', { email: someone.email, password: someone.password }))
        .status,
    ).toBe(401);
  });

  it('applies a role change on the next request', async () => {
    const someone = await createStaffUser({ role: 'agent' });
    const client = new ApiClient(api.url);
    await client.signIn(someone.email, someone.password);
    await setDirectory(someone.user.id, { role: 'manager' });
    expect((await client.get('/api/auth/user')).body.role).toBe('manager');
  });
});

describe('cross-site request defence', () => {
  it('refuses a cookie-authenticated write whose Origin is another site', async () => {
    const res = await new ApiClient(api.url).post(
      '/api/auth/agent-login',
      { email: agent.email, password: agent.password },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(res.status).toBe(403);
  });

  it('refuses a write with no Origin at all', async () => {
    const res = await fetch(`${api.url}/api/auth/agent-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: agent.email, password: agent.password }),
    });
    expect(res.status).toBe(403);
  });

  it('refuses a write body that is not JSON', async () => {
    const res = await new ApiClient(api.url).post('/api/auth/agent-login', undefined, {
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
  });
});

describe('the gateway', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const res = await new ApiClient(api.url).get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not Found' });
  });
});
