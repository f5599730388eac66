import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { t } from '../../i18n/i18n.ts';
import { ALARM } from '#shared/constants.ts';
import type { UserSettings } from '#shared/schemas/settings.ts';
import { type FakeRoutes, renderApp, staffUser } from '../../test/render-app.tsx';

import { fakeAudioContextClass, fakeNotificationClass } from '../alarms/browser-fakes.ts';

const SAVED: UserSettings = {
  notifications: {
    ticketAssigned: true,
    ticketCreated: true,
    ticketStatusChanged: true,
    emailNotifications: true,
    soundAlerts: true,
    desktopNotifications: true,
  },
  timezone: 'UTC',
  language: 'en',
  theme: 'system',
  alarmSettings: {
    enabled: true,
    volume: 80,
    soundType: 'bell',
    alertTypes: ['ticket_assigned', 'ticket_created', 'high_priority'],
  },
};

function api(extra: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /api/auth/user': { status: 200, body: staffUser('agent') },
    'GET /api/user/settings': { status: 200, body: SAVED },
    'PUT /api/user/settings': (body) => ({ status: 200, body }),
    ...extra,
  };
}

type User = ReturnType<typeof renderApp>['user'];

async function openTab(user: User, name: string) {
  await user.click(await screen.findByRole('tab', { name }));
  return within(await screen.findByRole('tabpanel', { name }));
}

describe('Settings', () => {
  it('opens on the Security tab', async () => {
    renderApp('/agent/settings', api());

    expect((await screen.findByRole('tab', { name: 'Security' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Security',
      'Notifications',
      'Preferences',
      'Alarms',
    ]);
  });

  describe('change password', () => {
    async function fill(user: User, current: string, next: string, confirmation: string) {
      if (current) await user.type(await screen.findByLabelText(/Current Password/), current);
      if (next) await user.type(screen.getByLabelText(/^New Password/), next);
      if (confirmation) await user.type(screen.getByLabelText(/Confirm New Password/), confirmation);
    }

    it('keeps the button disabled until the current and the new password are filled', async () => {
      const { user } = renderApp('/agent/settings', api());
      const button = () => screen.getByRole('button', { name: 'Change Password' }) as HTMLButtonElement;

      await fill(user, 'old-secret', '', '');
      expect(button().disabled).toBe(true);
      await fill(user, '', 'new-secret', '');
      expect(button().disabled).toBe(false);
    });

    it.each([
      ['a confirmation that differs', 'new-secret', 'new-secreT', t('form.newPasswordMismatch')],
      ['a new password that is too short', 'abc12', 'abc12', t('validation.password.tooShortNew', { min: 6 })],
    ])('refuses %s without calling the server', async (_case, next, confirmation, message) => {
      const { user, requests } = renderApp('/agent/settings', api());

      await fill(user, 'old-secret', next, confirmation);
      await user.click(screen.getByRole('button', { name: 'Change Password' }));

      expect(await screen.findByText(message)).toBeTruthy();
      expect(requests.some((request) => request.path === '/api/user/change-password')).toBe(false);
    });

    it('sends the current and the new password only, then clears the form', async () => {
      const { user, requests } = renderApp(
        '/agent/settings',
        api({ 'POST /api/user/change-password': { status: 200, body: { message: 'Password changed successfully' } } }),
      );

      await fill(user, 'old-secret', 'new-secret', 'new-secret');
      await user.click(screen.getByRole('button', { name: 'Change Password' }));

      expect(await screen.findByText('Password changed successfully')).toBeTruthy();
      expect(requests.find((request) => request.path === '/api/user/change-password')?.body).toEqual({
        currentPassword: 'old-secret',
        newPassword: 'new-secret',
      });
      expect((screen.getByLabelText(/Current Password/) as HTMLInputElement).value).toBe('');
    });

    it.each([
      [
        "the server's message",
        {
          status: 400,
          body: {
            message: 'Current password is incorrect',
            errors: { currentPassword: 'Current password is incorrect' },
          },
        },
        'Current password is incorrect',
      ],
      ['the product text when the server gives none', { status: 500 }, t('settings.password.failed')],
    ])('reports a failure with %s', async (_case, reply, text) => {
      const { user } = renderApp('/agent/settings', api({ 'POST /api/user/change-password': reply }));

      await fill(user, 'old-secret', 'new-secret', 'new-secret');
      await user.click(screen.getByRole('button', { name: 'Change Password' }));

      expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
    });
  });

  it('saves the whole settings object with a changed notification toggle', async () => {
    const { user, requests } = renderApp('/agent/settings', api());

    const panel = await openTab(user, 'Notifications');
    const toggles = await panel.findAllByRole('checkbox');
    expect(toggles).toHaveLength(6);
    await user.click(panel.getByRole('checkbox', { name: 'Email notifications' }));
    await user.click(panel.getByRole('button', { name: 'Save Settings' }));

    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
        ...SAVED,
        notifications: { ...SAVED.notifications, emailNotifications: false },
      }),
    );
  });

  it('keeps edits from several tabs and saves them together', async () => {
    const { user, requests } = renderApp('/agent/settings', api());

    let panel = await openTab(user, 'Preferences');
    await user.selectOptions(await panel.findByLabelText('Timezone'), 'Asia/Tokyo');
    await user.selectOptions(panel.getByLabelText('Theme'), 'dark');
    await user.selectOptions(panel.getByLabelText('Language'), 'de');
    panel = await openTab(user, 'Alarms');
    await user.selectOptions(await panel.findByLabelText('Sound'), 'chime');
    await user.click(panel.getByRole('checkbox', { name: 'Ticket overdue' }));
    await user.click(panel.getByRole('checkbox', { name: 'Ticket created' }));
    await user.click(panel.getByRole('button', { name: 'Save Settings' }));

    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
        ...SAVED,
        timezone: 'Asia/Tokyo',
        theme: 'dark',
        language: 'de',
        alarmSettings: {
          ...SAVED.alarmSettings,
          soundType: 'chime',
          alertTypes: ['ticket_assigned', 'high_priority', 'ticket_overdue'],
        },
      }),
    );
  });

  it('says when the settings could not be saved', async () => {
    const { user } = renderApp('/agent/settings', api({ 'PUT /api/user/settings': { status: 500 } }));

    const panel = await openTab(user, 'Preferences');
    await user.click(await panel.findByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText(t('settings.saveFailed'))).toBeTruthy();
  });

  it('shows an error on the settings tabs when the settings cannot be loaded', async () => {
    // React reports the error its boundary caught on the console; that noise is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp('/agent/settings', api({ 'GET /api/user/settings': { status: 500 } }));

    const panel = await openTab(user, 'Alarms');
    expect((await panel.findByRole('alert')).textContent).toContain('500');
  });

  describe('alarms', () => {
    it('offers the volume as a 0–100 slider', async () => {
      const { user } = renderApp('/agent/settings', api());

      const panel = await openTab(user, 'Alarms');
      const volume = await panel.findByRole('slider', { name: 'Volume' });
      expect([
        volume.getAttribute('aria-valuemin'),
        volume.getAttribute('aria-valuemax'),
        volume.getAttribute('aria-valuenow'),
      ]).toEqual(['0', '100', '80']);
    });

    it('plays a test alarm with the sound on screen and resets the indicator after 2 s', async () => {
      const audio = fakeAudioContextClass();
      vi.stubGlobal('AudioContext', audio.AudioContext);
      vi.stubGlobal('Notification', fakeNotificationClass('default').Notification);
      const { user } = renderApp('/agent/settings', api());
      const panel = await openTab(user, 'Alarms');
      await user.selectOptions(await panel.findByLabelText('Sound'), 'notification');

      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      await act(async () => panel.getByRole('button', { name: 'Test Alarm' }).click());

      expect(panel.getByRole('button', { name: 'Alarm Sent' })).toBeTruthy();
      // The 'notification' sound is two beeps (the bell would be twelve partials).
      expect(audio.contexts.at(-1)?.oscillators).toHaveLength(2);
      await act(async () => vi.advanceTimersByTime(ALARM.testIndicatorMs - 1));
      expect(panel.getByRole('button', { name: 'Alarm Sent' })).toBeTruthy();
      await act(async () => vi.advanceTimersByTime(1));
      expect(panel.getByRole('button', { name: 'Test Alarm' })).toBeTruthy();
    });

    it('says when the browser cannot play the alarm', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      vi.stubGlobal('AudioContext', undefined);
      const { user } = renderApp('/agent/settings', api());

      const panel = await openTab(user, 'Alarms');
      await user.click(await panel.findByRole('button', { name: 'Test Alarm' }));

      expect(await screen.findByText(t('alarm.soundFailed'))).toBeTruthy();
    });

    it.each([
      ['granted', t('alarm.desktopEnabled')],
      ['denied', t('alarm.desktopDenied')],
    ] as const)('asks for desktop notification permission and reports a %s answer', async (answer, text) => {
      const notifications = fakeNotificationClass('default', answer);
      vi.stubGlobal('Notification', notifications.Notification);
      const { user } = renderApp('/agent/settings', api());

      const panel = await openTab(user, 'Alarms');
      await user.click(await panel.findByRole('button', { name: 'Enable Desktop Notifications' }));

      expect(await screen.findByText(text)).toBeTruthy();
      expect(notifications.requestPermission).toHaveBeenCalledOnce();
    });
  });
});
