import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishText } from '../english.ts';
import type { UserSettings } from '#shared/schemas/settings.ts';
import { getUserSettings } from '#functions/data/settings.ts';
import { DEFAULT_USER_SETTINGS } from '#functions/domain/settings.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ApiClient, startApi } from './support/api.ts';
import { createStaffUser, type StaffFixture } from './support/fixtures.ts';

let api: Gateway;

beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const signedInStaff = async (role: 'admin' | 'manager' | 'agent' = 'agent') => {
  const fixture = await createStaffUser({ role });
  const client = new ApiClient(api.url);
  await client.signIn(fixture.email, fixture.password);
  return { fixture, client };
};

const signInStatus = async (fixture: StaffFixture, password: string) =>
  (await new ApiClient(api.url).post('/api/auth/agent-login', { email: fixture.email, password })).status;

const customSettings: UserSettings = {
  notifications: {
    ticketAssigned: true,
    ticketCreated: false,
    ticketStatusChanged: true,
    emailNotifications: false,
    soundAlerts: true,
    desktopNotifications: false,
  },
  timezone: 'Asia/Kolkata',
  language: 'de',
  theme: 'dark',
  alarmSettings: { enabled: true, volume: 35, soundType: 'chime', alertTypes: ['critical_priority', 'ticket_overdue'] },
};

describe('GET /api/user/settings', () => {
  it.each(['admin', 'manager', 'agent'] as const)(
    'gives a signed-in %s who never saved anything the product defaults',
    async (role) => {
      const { client } = await signedInStaff(role);
      const res = await client.get('/api/user/settings');
      expect(res.status).toBe(200);
      expect(res.body).toEqual(DEFAULT_USER_SETTINGS);
    },
  );

  it('refuses a caller who is not signed in', async () => {
    expect((await new ApiClient(api.url).get('/api/user/settings')).status).toBe(401);
  });
});

describe('PUT /api/user/settings', () => {
  it('stores the whole object and gives it back, for this user only', async () => {
    const { fixture, client } = await signedInStaff();
    const { client: someoneElse } = await signedInStaff();

    const saved = await client.put('/api/user/settings', customSettings);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(customSettings);
    expect((await client.get('/api/user/settings')).body).toEqual(customSettings);
    expect(await getUserSettings(fixture.user.id)).toEqual(customSettings);
    expect((await someoneElse.get('/api/user/settings')).body).toEqual(DEFAULT_USER_SETTINGS);
  });

  const withAlarm = (alarm: Record<string, unknown>) => ({
    ...customSettings,
    alarmSettings: { ...customSettings.alarmSettings, ...alarm },
  });

  it.each([
    { path: 'timezone', body: { ...customSettings, timezone: 'Mars/Olympus_Mons' } },
    { path: 'language', body: { ...customSettings, language: 'tlh' } },
    { path: 'theme', body: { ...customSettings, theme: 'sepia' } },
    { path: 'alarmSettings.soundType', body: withAlarm({ soundType: 'siren' }) },
    { path: 'alarmSettings.alertTypes.0', body: withAlarm({ alertTypes: ['ticket_deleted'] }) },
    { path: 'alarmSettings.alertTypes', body: withAlarm({ alertTypes: ['high_priority', 'high_priority'] }) },
    { path: 'alarmSettings.volume', body: withAlarm({ volume: 101 }) },
    { path: 'alarmSettings.volume', body: withAlarm({ volume: -1 }) },
    { path: 'alarmSettings.volume', body: withAlarm({ volume: 50.5 }) },
    { path: 'alarmSettings.enabled', body: withAlarm({ enabled: 'yes' }) },
    {
      path: 'notifications.soundAlerts',
      body: { ...customSettings, notifications: { ...customSettings.notifications, soundAlerts: 1 } },
    },
    { path: 'notifications', body: { ...customSettings, notifications: undefined } },
  ])('refuses an out-of-list or malformed $path and keeps what was stored', async ({ path, body }) => {
    const { client } = await signedInStaff();
    await client.put('/api/user/settings', customSettings);
    const res = await client.put('/api/user/settings', body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toContain(path);
    expect((await client.get('/api/user/settings')).body).toEqual(customSettings);
  });

  it('names the allowed values in the message', async () => {
    const { client } = await signedInStaff();
    const res = await client.put('/api/user/settings', { ...customSettings, theme: 'sepia' });
    expect(res.body.message).toBe('Theme must be one of: system, light, dark');
  });

  it('accepts the edges of the volume range', async () => {
    const { client } = await signedInStaff();
    for (const volume of [0, 100]) {
      const res = await client.put('/api/user/settings', withAlarm({ volume }));
      expect(res.status).toBe(200);
      expect(res.body.alarmSettings.volume).toBe(volume);
    }
  });
});

describe('POST /api/user/change-password', () => {
  it('changes the password: the old one is refused at sign-in, the new one accepted', async () => {
    const { fixture, client } = await signedInStaff();
    const res = await client.post('/api/user/change-password', {
      currentPassword: fixture.password,
      newPassword: 'changed-pw-1',
    });
    expect(res.status).toBe(200);
    expect(await signInStatus(fixture, fixture.password)).toBe(401);
    expect(await signInStatus(fixture, 'changed-pw-1')).toBe(200);
  });

  it('refuses a wrong current password and keeps the old one', async () => {
    const { fixture, client } = await signedInStaff();
    const res = await client.post('/api/user/change-password', {
      currentPassword: 'not-my-password',
      newPassword: 'changed-pw-1',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(englishText('error.settings.wrongCurrentPassword'));
    expect(res.body.errors.currentPassword).toBe(englishText('error.settings.wrongCurrentPassword'));
    expect(await signInStatus(fixture, fixture.password)).toBe(200);
    expect(await signInStatus(fixture, 'changed-pw-1')).toBe(401);
  });

  it.each([
    {
      field: 'newPassword',
      body: { newPassword: '12345' },
      message: englishText('validation.password.tooShortNew', { min: 6 }),
    },
    {
      field: 'newPassword',
      body: { newPassword: undefined },
      message: englishText('validation.password.tooShortNew', { min: 6 }),
    },
    { field: 'currentPassword', body: { currentPassword: '' }, message: 'Current password is required' },
  ])('refuses $field with "$message" and keeps the old password', async ({ field, body, message }) => {
    const { fixture, client } = await signedInStaff();
    const res = await client.post('/api/user/change-password', {
      currentPassword: fixture.password,
      newPassword: 'changed-pw-1',
      ...body,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
    expect(await signInStatus(fixture, fixture.password)).toBe(200);
  });

  it('works when the access token has expired and only the refresh cookie is good', async () => {
    const { fixture, client } = await signedInStaff();
    client.setCookie('hd_access', 'expired-or-garbage');
    const res = await client.post('/api/user/change-password', {
      currentPassword: fixture.password,
      newPassword: 'changed-pw-2',
    });
    expect(res.status).toBe(200);
    expect(await signInStatus(fixture, 'changed-pw-2')).toBe(200);
  });
});
