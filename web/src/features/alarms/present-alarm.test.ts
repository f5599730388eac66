import { afterEach, describe, expect, it, vi } from 'vitest';
import { t } from '../../i18n/i18n.ts';
import { toaster } from '../../lib/toaster-store.ts';

import { fakeAudioContextClass, fakeNotificationClass } from './browser-fakes.ts';
import { requestDesktopNotifications } from './desktop-notifications.ts';
import { presentAlarm, testAlarm } from './present-alarm.ts';
import { ASSIGNED_ALARM } from './test-alarms.ts';

afterEach(() => toaster.remove());

describe('testAlarm', () => {
  it('sounds and shows a high-priority alarm about TEST-001', async () => {
    const audio = fakeAudioContextClass();
    const notifications = fakeNotificationClass('granted');
    vi.stubGlobal('AudioContext', audio.AudioContext);
    vi.stubGlobal('Notification', notifications.Notification);

    expect(await testAlarm({ soundType: 'chime', volume: 60 })).toBe(true);

    expect(audio.contexts[0]?.oscillators).toHaveLength(3);
    expect(toaster.getVisibleToasts()).toMatchObject([{ title: 'High Priority Alert', type: 'warning' }]);
    expect(String(toaster.getVisibleToasts()[0]?.description)).toContain('TEST-001');
    expect(notifications.shown.map((n) => n.title)).toEqual(['High Priority Alert']);
  });

  it('tells the user when the browser cannot play the sound', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('AudioContext', undefined);

    expect(await testAlarm({ soundType: 'bell', volume: 80 })).toBe(false);
    expect(toaster.getVisibleToasts()).toMatchObject([{ title: t('alarm.soundFailed'), type: 'error' }]);
  });
});

describe('presentAlarm', () => {
  const assigned = ASSIGNED_ALARM;

  it("opens the alarm's ticket page from the toast's action and from a click on the desktop notification", () => {
    vi.stubGlobal('AudioContext', fakeAudioContextClass().AudioContext);
    const notifications = fakeNotificationClass('granted');
    vi.stubGlobal('Notification', notifications.Notification);
    const open = vi.fn();

    presentAlarm(assigned, undefined, open);

    const [toast] = toaster.getVisibleToasts();
    expect(toast?.action?.label).toBe(t('alarm.openTicket'));
    toast?.action?.onClick?.();
    expect(open).toHaveBeenLastCalledWith('TKT-000042');
    open.mockClear();
    notifications.shown[0]?.onclick?.();
    expect(open).toHaveBeenLastCalledWith('TKT-000042');
    expect(notifications.shown[0]?.closed).toBe(true);
  });

  it('offers nothing to open for an alarm about no ticket, or without a way to open one', () => {
    vi.stubGlobal('AudioContext', fakeAudioContextClass().AudioContext);
    const open = vi.fn();
    presentAlarm(
      { alarmType: 'webhook_disabled', data: { webhookId: 'w1', url: 'https://hooks.example/x' }, eventId: 'change-2' },
      undefined,
      open,
    );
    expect(toaster.getVisibleToasts()[0]?.action).toBeUndefined();
    presentAlarm(assigned);
    expect(toaster.getVisibleToasts()[0]?.action).toBeUndefined();
  });
});

describe('requestDesktopNotifications', () => {
  it.each([
    ['granted', true, t('alarm.desktopEnabled')],
    ['denied', false, t('alarm.desktopDenied')],
  ] as const)('when the user answers %s, says so', async (answer, granted, text) => {
    const notifications = fakeNotificationClass('default', answer);
    vi.stubGlobal('Notification', notifications.Notification);

    expect(await requestDesktopNotifications()).toBe(granted);
    expect(notifications.requestPermission).toHaveBeenCalledTimes(1);
    expect(toaster.getVisibleToasts()).toMatchObject([{ title: text }]);
  });

  it('does not ask again once permission was granted', async () => {
    const notifications = fakeNotificationClass('granted');
    vi.stubGlobal('Notification', notifications.Notification);

    expect(await requestDesktopNotifications()).toBe(true);
    expect(notifications.requestPermission).not.toHaveBeenCalled();
  });
});
