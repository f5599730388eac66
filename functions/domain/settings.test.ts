import { describe, expect, it } from 'vitest';
import { userSettingsSchema } from '#shared/schemas/settings.ts';
import {
  DEFAULT_DESK_SETTINGS,
  DEFAULT_USER_SETTINGS,
  deskSettingsOverDefaults,
  settingsOverDefaults,
} from './settings.ts';

describe('DEFAULT_USER_SETTINGS', () => {
  it('matches docs/product.md §3: everything on, UTC, English, system theme, bell at 80 for the default alert types (webhook_disabled reaches admins only, ticket_waiting supervisors only, attachment_infected, data_access_alert and approval_requested admins only)', () => {
    expect(DEFAULT_USER_SETTINGS).toEqual({
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
        alertTypes: [
          'ticket_assigned',
          'ticket_created',
          'high_priority',
          'ticket_status_changed',
          'customer_reply',
          'sla_warning',
          'webhook_disabled',
          'ticket_waiting',
          'attachment_infected',
          'data_access_alert',
          'approval_requested',
        ],
      },
    });
  });

  it('is itself a valid settings object', () => {
    expect(userSettingsSchema.safeParse(DEFAULT_USER_SETTINGS).success).toBe(true);
  });
});

describe('settingsOverDefaults', () => {
  it.each([
    { stored: undefined, label: 'nothing stored' },
    { stored: null, label: 'null' },
    { stored: 'garbage', label: 'a string' },
    { stored: {}, label: 'an empty object' },
  ])('gives the defaults when $label is stored', ({ stored }) => {
    expect(settingsOverDefaults(stored)).toEqual(DEFAULT_USER_SETTINGS);
  });

  it('keeps every stored value that is valid', () => {
    const stored = {
      notifications: { ...DEFAULT_USER_SETTINGS.notifications, emailNotifications: false },
      timezone: 'Asia/Tokyo',
      language: 'ja',
      theme: 'dark',
      alarmSettings: { enabled: false, volume: 0, soundType: 'chime', alertTypes: ['critical_priority'] },
    };
    expect(settingsOverDefaults(stored)).toEqual(stored);
  });

  it('fills fields missing from an older stored object, one by one', () => {
    const merged = settingsOverDefaults({ theme: 'light', alarmSettings: { volume: 30 } });
    expect(merged.theme).toBe('light');
    expect(merged.alarmSettings).toEqual({ ...DEFAULT_USER_SETTINGS.alarmSettings, volume: 30 });
    expect(merged.notifications).toEqual(DEFAULT_USER_SETTINGS.notifications);
  });

  it.each([
    { stored: { timezone: 'Mars/Olympus' }, field: 'timezone' },
    { stored: { language: 'tlh' }, field: 'language' },
    { stored: { alarmSettings: { volume: 101 } }, field: 'alarmSettings' },
    { stored: { alarmSettings: { soundType: 'siren' } }, field: 'alarmSettings' },
  ])('falls back to the default for an invalid stored $field', ({ stored, field }) => {
    const merged = settingsOverDefaults(stored) as unknown as Record<string, unknown>;
    expect(merged[field]).toEqual((DEFAULT_USER_SETTINGS as unknown as Record<string, unknown>)[field]);
  });

  it('never hands out the shared defaults themselves', () => {
    settingsOverDefaults(undefined).alarmSettings.alertTypes.push('ticket_overdue');
    expect(DEFAULT_USER_SETTINGS.alarmSettings.alertTypes).not.toContain('ticket_overdue');
  });
});

describe('deskSettingsOverDefaults', () => {
  it('gives five new tickets per sender and hour, auto-away off, no two-factor requirement, alerts past 200 customers or 100 downloads an hour, four-eyes on and no outside link host while nothing is stored', () => {
    expect(deskSettingsOverDefaults(undefined)).toEqual({
      inboundMail: { newTicketsPerSenderPerHour: 5 },
      routing: { autoAway: false },
      security: { requireMfa: 'none' },
      insiderRisk: { maxCustomersPerHour: 200, maxDownloadsPerHour: 100 },
      approvals: { fourEyes: true },
      replies: { allowedLinkHosts: [] },
    });
    expect(DEFAULT_DESK_SETTINGS.inboundMail.newTicketsPerSenderPerHour).toBe(5);
  });

  it('reads a valid stored group as it is, without attributes it does not know', () => {
    expect(
      deskSettingsOverDefaults({
        inboundMail: { newTicketsPerSenderPerHour: 12, old: true },
        security: { requireMfa: 'admins' },
        insiderRisk: { maxCustomersPerHour: 50, maxDownloadsPerHour: 10, old: true },
        gone: 1,
      }),
    ).toEqual({
      inboundMail: { newTicketsPerSenderPerHour: 12 },
      routing: { autoAway: false },
      security: { requireMfa: 'admins' },
      insiderRisk: { maxCustomersPerHour: 50, maxDownloadsPerHour: 10 },
      approvals: { fourEyes: true },
      replies: { allowedLinkHosts: [] },
    });
    expect(deskSettingsOverDefaults({ routing: { autoAway: true } }).routing).toEqual({ autoAway: true });
  });

  it.each([
    [{ inboundMail: { newTicketsPerSenderPerHour: 0 }, security: { requireMfa: 'everyone' } }],
    [{ inboundMail: 'x' }],
    [{ insiderRisk: { maxCustomersPerHour: 0, maxDownloadsPerHour: 10 } }],
    [[1]],
    ['x'],
  ])('falls back to the default for a group no longer valid (%j)', (stored) => {
    expect(deskSettingsOverDefaults(stored)).toEqual(DEFAULT_DESK_SETTINGS);
    expect(deskSettingsOverDefaults(stored).inboundMail).not.toBe(DEFAULT_DESK_SETTINGS.inboundMail);
  });
});
