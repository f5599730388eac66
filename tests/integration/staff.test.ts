import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { englishText } from '../english.ts';
import { findUserIdByEmail, getUser, listStaff } from '#functions/data/users.ts';
import { keys } from '#functions/data/table.ts';
import { dynamo } from '#functions/lib/clients.ts';
import { config } from '#functions/lib/config.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ApiClient, startApi } from './support/api.ts';
import { createStaffUser, uniqueEmail, type StaffFixture } from './support/fixtures.ts';

let api: Gateway;
let admin: StaffFixture;
let adminClient: ApiClient;

beforeAll(async () => {
  api = await startApi();
  admin = await createStaffUser({ role: 'admin' });
  adminClient = new ApiClient(api.url);
  await adminClient.signIn(admin.email, admin.password);
});
afterAll(() => api.close());

const signedIn = async (fixture: StaffFixture) => {
  const client = new ApiClient(api.url);
  await client.signIn(fixture.email, fixture.password);
  return client;
};

const cognito = () =>
  new CognitoIdentityProviderClient({ region: config().region, endpoint: config().cognito.endpoint });

const signInStatus = async (email: string, password: string) =>
  (await new ApiClient(api.url).post('/api/auth/agent-login', { email, password })).status;

const newUserBody = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('created'),
  firstName: 'Grace',
  lastName: 'Hopper',
  password: 'secret-123',
  role: 'agent',
  ...overrides,
});

describe('who may manage staff', () => {
  const ADMIN_ONLY = [
    ['POST', '/api/users', newUserBody()],
    ['PUT', '/api/users/{id}/password', { password: 'another-1' }],
    ['PUT', '/api/users/{id}/role', { role: 'admin' }],
    ['PUT', '/api/users/{id}/permissions', { compliance: true }],
    ['DELETE', '/api/users/{id}', undefined],
  ] as const;
  const callers = ['agent', 'manager'] as const;

  it.each(callers.flatMap((role) => ADMIN_ONLY.map(([method, path, body]) => ({ role, method, path, body }))))(
    'refuses $method $path to a $role with a 403',
    async ({ role, method, path, body }) => {
      const caller = await createStaffUser({ role });
      const target = await createStaffUser({ role: 'agent' });
      const client = await signedIn(caller);
      const res = await client.request<{ message: string }>(method, path.replace('{id}', target.user.id), body);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(englishText('error.staff.manageDenied'));
      // nothing happened to the target
      expect(await getUser(target.user.id)).toEqual(target.user);
      expect(await signInStatus(target.email, target.password)).toBe(200);
    },
  );

  it('refuses the staff list to an agent', async () => {
    const client = await signedIn(await createStaffUser({ role: 'agent' }));
    const res = await client.get('/api/agents');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(englishText('error.staff.listDenied'));
  });

  it('refuses everything to a caller who is not signed in', async () => {
    expect((await new ApiClient(api.url).get('/api/agents')).status).toBe(401);
    expect((await new ApiClient(api.url).post('/api/users', newUserBody())).status).toBe(401);
  });
});

describe('GET /api/agents', () => {
  it.each(['admin', 'manager'] as const)('lists every staff member to a %s, with no performance yet', async (role) => {
    const member = await createStaffUser({ role: 'agent', firstName: 'Listed' });
    const client = role === 'admin' ? adminClient : await signedIn(await createStaffUser({ role }));
    const res = await client.get('/api/agents');
    expect(res.status).toBe(200);
    // With their routing (no cap, every category and language) and no open tickets yet (docs/decisions/006).
    expect(res.body).toContainEqual({
      ...member.user,
      currentWeekPerformance: null,
      routing: { maxOpenTickets: null, categories: [], languages: [] },
      openTickets: 0,
    });
    expect(res.body.length).toBe((await listStaff()).length);
  });
});

describe('POST /api/users', () => {
  it('creates a user who can sign in at once with the given password and role', async () => {
    const body = newUserBody({ role: 'manager', email: uniqueEmail('Mixed.Case').replace('mixed', 'MiXeD') });
    const res = await adminClient.post('/api/users', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: body.email.toLowerCase(),
      firstName: 'Grace',
      lastName: 'Hopper',
      role: 'manager',
      isActive: true,
      profileImageUrl: null,
    });
    expect(res.body).not.toHaveProperty('password');
    expect(await getUser(res.body.id)).toEqual(res.body);

    const client = new ApiClient(api.url);
    const signIn = await client.signIn(body.email.toLowerCase(), body.password);
    expect(signIn.body.id).toBe(res.body.id);
    expect((await client.get('/api/agents')).status).toBe(200); // managers may list staff
  });

  it('makes an agent when no role is given', async () => {
    const { role: _omitted, ...body } = newUserBody();
    const res = await adminClient.post('/api/users', body);
    expect(res.status).toBe(201);
    expect(res.body.role).toBe('agent');
  });

  it.each([
    { label: 'the same address', change: (email: string) => email },
    { label: 'the same address in other case', change: (email: string) => email.toUpperCase() },
  ])('refuses $label as a duplicate with a 409 and writes nothing', async ({ change }) => {
    const existing = await createStaffUser({ role: 'agent' });
    const res = await adminClient.post(
      '/api/users',
      newUserBody({ email: change(existing.email), password: 'intruder-1' }),
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(englishText('error.staff.duplicateEmail'));
    // the directory and the credentials are as they were
    expect(await findUserIdByEmail(existing.email)).toBe(existing.user.id);
    expect(await getUser(existing.user.id)).toEqual(existing.user);
    expect((await listStaff()).filter((u) => u.email === existing.email)).toHaveLength(1);
    expect(await signInStatus(existing.email, 'intruder-1')).toBe(401);
    expect(await signInStatus(existing.email, existing.password)).toBe(200);
  });

  it('creates exactly one user when the same address is submitted twice at once', async () => {
    const email = uniqueEmail('twice');
    const results = await Promise.all([
      adminClient.post('/api/users', newUserBody({ email, password: 'first-pw-1' })),
      adminClient.post('/api/users', newUserBody({ email, password: 'second-pw-2' })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const winner = results.find((r) => r.status === 201)!;
    const winnerPassword = winner === results[0] ? 'first-pw-1' : 'second-pw-2';
    const loserPassword = winner === results[0] ? 'second-pw-2' : 'first-pw-1';
    expect(await findUserIdByEmail(email)).toBe(winner.body.id);
    expect(await signInStatus(email, winnerPassword)).toBe(200);
    expect(await signInStatus(email, loserPassword)).toBe(401);
  });

  it('removes the new Cognito user again when the address is claimed between the check and the directory write', async () => {
    const email = uniqueEmail('raced');
    const client = dynamo();
    const send = client.send.bind(client);
    // A rival request claims the address at the worst moment: just before our directory transaction runs.
    const spy = vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
      if (command instanceof TransactWriteCommand && JSON.stringify(command.input).includes(`EMAIL#${email}`)) {
        spy.mockRestore();
        await send(
          new PutCommand({ TableName: config().tableName, Item: { ...keys.userEmail(email), userId: 'rival' } }),
        );
      }
      return send(command as never);
    }) as typeof client.send);
    try {
      const res = await adminClient.post('/api/users', newUserBody({ email, password: 'raced-pw-1' }));
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(englishText('error.staff.duplicateEmail'));
    } finally {
      spy.mockRestore();
    }
    expect(await findUserIdByEmail(email)).toBe('rival');
    expect(await signInStatus(email, 'raced-pw-1')).toBe(401);
    await expect(
      cognito().send(new AdminGetUserCommand({ UserPoolId: config().cognito.userPoolId, Username: email })),
    ).rejects.toThrow(expect.objectContaining({ name: 'UserNotFoundException' }));
  });

  it('refuses an address Cognito already knows even without a directory entry, and writes nothing', async () => {
    const email = uniqueEmail('orphan');
    await cognito().send(
      new AdminCreateUserCommand({
        UserPoolId: config().cognito.userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    const res = await adminClient.post('/api/users', newUserBody({ email }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(englishText('error.staff.duplicateEmail'));
    expect(await findUserIdByEmail(email)).toBeUndefined();
  });

  it.each([
    { field: 'email', value: 'not-an-email', message: englishText('validation.email') },
    { field: 'email', value: undefined, message: englishText('validation.email') },
    { field: 'firstName', value: '', message: englishText('validation.firstName.required') },
    { field: 'firstName', value: undefined, message: englishText('validation.firstName.required') },
    { field: 'lastName', value: '   ', message: englishText('validation.lastName.required') },
    { field: 'password', value: '12345', message: englishText('validation.password.tooShort', { min: 6 }) },
    { field: 'password', value: undefined, message: englishText('validation.password.tooShort', { min: 6 }) },
    { field: 'password', value: ' secret ', message: 'Password must not begin or end with a space' },
    { field: 'role', value: 'owner', message: 'Role must be one of: admin, manager, agent' },
  ])('refuses $field = $value with "$message" and creates nobody', async ({ field, value, message }) => {
    const body = newUserBody({ [field]: value });
    const res = await adminClient.post('/api/users', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[field]).toBe(message);
    if (typeof body.email === 'string' && body.email.includes('@')) {
      expect(await findUserIdByEmail(body.email)).toBeUndefined();
      expect(await signInStatus(body.email, String(body.password))).toBe(401);
    }
  });
});

describe('PUT /api/users/{id}/role', () => {
  it("takes effect on that user's very next request", async () => {
    const agent = await createStaffUser({ role: 'agent' });
    const client = await signedIn(agent);
    expect((await client.get('/api/agents')).status).toBe(403);

    const res = await adminClient.put(`/api/users/${agent.user.id}/role`, { role: 'manager' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: agent.user.id, role: 'manager' });

    expect((await client.get('/api/auth/user')).body.role).toBe('manager');
    expect((await client.get('/api/agents')).status).toBe(200);
  });

  it('refuses a role outside admin, manager and agent', async () => {
    const agent = await createStaffUser({ role: 'agent' });
    const res = await adminClient.put(`/api/users/${agent.user.id}/role`, { role: 'superuser' });
    expect(res.status).toBe(400);
    expect(res.body.errors.role).toBe('Role must be one of: admin, manager, agent');
    expect((await getUser(agent.user.id))?.role).toBe('agent');
  });

  it('answers 404 for a user who does not exist', async () => {
    const res = await adminClient.put('/api/users/no-such-user/role', { role: 'manager' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(englishText('error.staff.notFound'));
  });
});

describe('PUT /api/users/{id}/permissions', () => {
  it("grants compliance on top of the role, from that user's very next request, and audits both people", async () => {
    const agent = await createStaffUser({ role: 'agent' });
    const client = await signedIn(agent);
    expect((await client.get('/api/auth/user')).body.compliance).toBe(false);

    const res = await adminClient.put(`/api/users/${agent.user.id}/permissions`, { compliance: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: agent.user.id, role: 'agent', compliance: true });
    expect((await client.get('/api/auth/user')).body).toMatchObject({ role: 'agent', compliance: true });

    const audit = await adminClient.get('/api/audit?action=user_permissions_changed');
    const entry = audit.body.entries.find((e: { target: { id: string } }) => e.target.id === agent.user.id);
    expect(entry).toMatchObject({ actor: { id: admin.user.id }, details: 'compliance: false → true' });

    expect(
      (await adminClient.put(`/api/users/${agent.user.id}/permissions`, { compliance: false })).body.compliance,
    ).toBe(false);
    expect((await getUser(agent.user.id))?.compliance).toBe(false);
  });

  it('refuses an admin their own permissions, a body without a boolean, and an unknown user', async () => {
    const own = await adminClient.put(`/api/users/${admin.user.id}/permissions`, { compliance: true });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(englishText('error.staff.permissionsOwn'));
    expect((await getUser(admin.user.id))?.compliance).toBe(false);

    const agent = await createStaffUser({ role: 'agent' });
    const bad = await adminClient.put(`/api/users/${agent.user.id}/permissions`, { compliance: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.compliance).toBe(englishText('validation.permissions.compliance'));
    expect((await getUser(agent.user.id))?.compliance).toBe(false);

    expect((await adminClient.put('/api/users/no-such-user/permissions', { compliance: true })).status).toBe(404);
  });
});

describe('PUT /api/users/{id}/password', () => {
  it('refuses the old password and accepts the new one', async () => {
    const agent = await createStaffUser({ role: 'agent' });
    const res = await adminClient.put(`/api/users/${agent.user.id}/password`, { password: 'brand-new-1' });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(agent.email);

    expect(await signInStatus(agent.email, agent.password)).toBe(401);
    expect(await signInStatus(agent.email, 'brand-new-1')).toBe(200);
  });

  it('refuses a password under 6 characters and keeps the old one', async () => {
    const agent = await createStaffUser({ role: 'agent' });
    const res = await adminClient.put(`/api/users/${agent.user.id}/password`, { password: 'abc' });
    expect(res.status).toBe(400);
    expect(res.body.errors.password).toBe(englishText('validation.password.tooShort', { min: 6 }));
    expect(await signInStatus(agent.email, agent.password)).toBe(200);
  });

  it('answers 404 for a user who does not exist', async () => {
    const res = await adminClient.put('/api/users/no-such-user/password', { password: 'brand-new-1' });
    expect(res.status).toBe(404);
  });
});

describe('DELETE /api/users/{id} (deactivate)', () => {
  it('refuses the user from their very next request, their refresh token and any new sign-in', async () => {
    const agent = await createStaffUser({ role: 'agent' });
    const client = await signedIn(agent);
    const refreshOnly = new ApiClient(api.url);
    refreshOnly.setCookie('hd_refresh', client.cookie('hd_refresh')!);
    expect((await client.get('/api/auth/user')).status).toBe(200);

    const res = await adminClient.delete(`/api/users/${agent.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: agent.user.id, isActive: false });

    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect((await refreshOnly.get('/api/auth/user')).status).toBe(401);
    expect(await signInStatus(agent.email, agent.password)).toBe(401);
    expect((await getUser(agent.user.id))?.isActive).toBe(false);
    const { Enabled } = await cognito().send(
      new AdminGetUserCommand({ UserPoolId: config().cognito.userPoolId, Username: agent.user.id }),
    );
    expect(Enabled).toBe(false);
  });

  it('keeps the deactivated user in the staff list, marked inactive', async () => {
    const agent = await createStaffUser({ role: 'agent' });
    await adminClient.delete(`/api/users/${agent.user.id}`);
    const listed = (await adminClient.get('/api/agents')).body.find((u: { id: string }) => u.id === agent.user.id);
    expect(listed).toMatchObject({ isActive: false, role: 'agent' });
  });

  it('answers a second deactivation with the same inactive user', async () => {
    const agent = await createStaffUser({ role: 'agent' });
    await adminClient.delete(`/api/users/${agent.user.id}`);
    const again = await adminClient.delete(`/api/users/${agent.user.id}`);
    expect(again.status).toBe(200);
    expect(again.body.isActive).toBe(false);
  });

  it('refuses an admin deactivating themself', async () => {
    const res = await adminClient.delete(`/api/users/${admin.user.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(englishText('error.staff.selfDeactivation'));
    expect((await getUser(admin.user.id))?.isActive).toBe(true);
    expect((await adminClient.get('/api/auth/user')).status).toBe(200);
  });

  it('answers 404 for a user who does not exist', async () => {
    const res = await adminClient.delete('/api/users/no-such-user');
    expect(res.status).toBe(404);
  });
});
