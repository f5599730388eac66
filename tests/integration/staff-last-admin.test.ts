/**
 * "At least one active admin" is a table-wide rule, so this file runs on a table of its own: every admin in it
 * was made here, and the active-admin set can be recounted against the directory.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishText } from '../english.ts';
import { getUser, listActiveAdminIds, listStaff } from '#functions/data/users.ts';
import { deactivateStaffMember } from '#functions/use-cases/staff/manage-staff.ts';
import { config, resetConfigForTests } from '#functions/lib/config.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ensureTable } from '#infra/local/table.ts';
import { ApiClient, startApi } from './support/api.ts';
import { createStaffUser, type StaffFixture, TEST_SYSTEM } from './support/fixtures.ts';

const sharedTable = process.env.TABLE_NAME;
let api: Gateway;
let first: StaffFixture;
let firstClient: ApiClient;

beforeAll(async () => {
  const tableName = `helpdesk-admins-${randomUUID().slice(0, 8)}`;
  const client = new DynamoDBClient({ region: config().region, endpoint: config().dynamoEndpoint });
  await ensureTable(client, tableName);
  client.destroy();
  process.env.TABLE_NAME = tableName;
  resetConfigForTests();

  api = await startApi();
  first = await createStaffUser({ role: 'admin' });
  firstClient = new ApiClient(api.url);
  await firstClient.signIn(first.email, first.password);
});

afterAll(async () => {
  await api.close();
  process.env.TABLE_NAME = sharedTable;
  resetConfigForTests();
});

const signedIn = async (fixture: StaffFixture) => {
  const client = new ApiClient(api.url);
  await client.signIn(fixture.email, fixture.password);
  return client;
};

/** The ids the directory says are active admins. */
const activeAdminsInDirectory = async () =>
  (await listStaff())
    .filter((u) => u.role === 'admin' && u.isActive)
    .map((u) => u.id)
    .sort();

describe('the last active admin', () => {
  it('cannot be given another role', async () => {
    expect(await activeAdminsInDirectory()).toEqual([first.user.id]);
    const res = await firstClient.put(`/api/users/${first.user.id}/role`, { role: 'manager' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(englishText('error.staff.lastAdminDemoted'));
    expect((await getUser(first.user.id))?.role).toBe('admin');
  });

  it('can hand over: once a second admin exists, the first may step down', async () => {
    const created = await firstClient.post('/api/users', {
      email: `second-${randomUUID().slice(0, 8)}@test.local`,
      firstName: 'Second',
      lastName: 'Admin',
      password: 'second-pw-1',
      role: 'admin',
    });
    expect(created.status).toBe(201);
    expect(await listActiveAdminIds()).toEqual([first.user.id, created.body.id].sort());

    const second = new ApiClient(api.url);
    await second.signIn(created.body.email, 'second-pw-1');
    expect((await firstClient.put(`/api/users/${first.user.id}/role`, { role: 'manager' })).status).toBe(200);
    expect((await second.put(`/api/users/${created.body.id}/role`, { role: 'agent' })).body.message).toBe(
      englishText('error.staff.lastAdminDemoted'),
    );
    // the second admin is now the only one, so they in turn cannot step down
    expect(await activeAdminsInDirectory()).toEqual([created.body.id]);

    // restore the starting point for the tests below
    expect((await second.put(`/api/users/${first.user.id}/role`, { role: 'admin' })).status).toBe(200);
    expect((await firstClient.delete(`/api/users/${created.body.id}`)).status).toBe(200);
    expect(await activeAdminsInDirectory()).toEqual([first.user.id]);
  });

  it('cannot be deactivated: only the admin themself could try, and the data layer refuses it too', async () => {
    expect(await activeAdminsInDirectory()).toEqual([first.user.id]);
    const res = await firstClient.delete(`/api/users/${first.user.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(englishText('error.staff.selfDeactivation'));
    await expect(deactivateStaffMember(TEST_SYSTEM, first.user.id)).rejects.toThrow(
      englishText('error.staff.lastAdminDeactivated'),
    );
    expect((await getUser(first.user.id))?.isActive).toBe(true);
  });

  it.each([
    {
      label: 'deactivate each other',
      moves: (a: ApiClient, b: ApiClient, ids: { a: string; b: string }) => [
        a.delete(`/api/users/${ids.b}`),
        b.delete(`/api/users/${ids.a}`),
      ],
    },
    {
      label: 'demote and deactivate each other',
      moves: (a: ApiClient, b: ApiClient, ids: { a: string; b: string }) => [
        a.put(`/api/users/${ids.b}/role`, { role: 'agent' }),
        b.delete(`/api/users/${ids.a}`),
      ],
    },
  ])('stays when the last two admins $label at the same moment: exactly one succeeds', async ({ moves }) => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = await Promise.all([createStaffUser({ role: 'admin' }), createStaffUser({ role: 'admin' })]);
      const [clientA, clientB] = await Promise.all([signedIn(a), signedIn(b)]);
      // Leave exactly these two as active admins.
      for (const id of await activeAdminsInDirectory()) {
        if (id !== a.user.id && id !== b.user.id) expect((await clientA.delete(`/api/users/${id}`)).status).toBe(200);
      }
      expect(await activeAdminsInDirectory()).toEqual([a.user.id, b.user.id].sort());

      const results = await Promise.all(moves(clientA, clientB, { a: a.user.id, b: b.user.id }));
      // The loser is refused by the guard (409) or, if the winner finished first, as the inactive or demoted
      // caller it has become (401/403). Either way exactly one change lands.
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.find((s) => s !== 200)).toBeOneOf([401, 403, 409]);
      expect(await activeAdminsInDirectory()).toHaveLength(1);
      expect(await listActiveAdminIds()).toEqual(await activeAdminsInDirectory());
    }
  });

  it('keeps the active-admin set equal to the directory after all of the above', async () => {
    expect(await listActiveAdminIds()).toEqual(await activeAdminsInDirectory());
    expect(await activeAdminsInDirectory()).toHaveLength(1);
  });
});
