/**
 * What an alarm does on screen and in the speakers (docs/product.md §2): a sound of the chosen type and volume, an in-page
 * toast for ALARM.toastMs, and a desktop notification when the browser allows it.
 */
import { ALARM } from '#shared/constants.ts';
import type { AlarmMessage } from '#shared/schemas/alarm.ts';
import type { AlarmSettings, UserSettings } from '#shared/schemas/settings.ts';
import { t } from '../../i18n/i18n.ts';
import { notify } from '../../lib/notify.ts';
import { toaster } from '../../lib/toaster-store.ts';
import { playAlarmSound } from './alarm-sound.ts';
import { DEFAULT_ALARM_SETTINGS, alarmDescription, alarmTitle, alarmTone, testAlarmMessage } from './alarm-texts.ts';
import { showDesktopNotification } from './desktop-notifications.ts';

/** The parts of a user's settings an alarm reads; the notification toggles default to on. */
export interface AlarmPreferences {
  alarmSettings: Pick<AlarmSettings, 'soundType' | 'volume'>;
  notifications?: Partial<Pick<UserSettings['notifications'], 'soundAlerts' | 'desktopNotifications'>>;
}

export const DEFAULT_ALARM_PREFERENCES: AlarmPreferences = { alarmSettings: DEFAULT_ALARM_SETTINGS };

/**
 * The in-page toast of an alarm, in the language active when it arrives; like every toast, it replaces the one on
 * screen (docs/product.md §4). With `openTicket`, its action opens the alarm's ticket.
 */
function showAlarmToast(alarm: AlarmMessage, openTicket?: () => void): void {
  toaster.remove();
  toaster.create({
    type: alarmTone(alarm.alarmType),
    title: alarmTitle(alarm.alarmType, t),
    description: alarmDescription(alarm, t),
    duration: ALARM.toastMs,
    closable: true,
    ...(openTicket ? { action: { label: t('alarm.openTicket'), onClick: openTicket } } : {}),
  });
}

/** Opens a ticket's page by its code (`TKT-000042`): the signed-in layout navigates. */
export type OpenTicket = (ticketCode: string) => void;

/** The code of the real ticket an alarm is about; none for a webhook's alarm or the Settings page's test alarm. */
function ticketOf(alarm: AlarmMessage): string | undefined {
  return 'ticketId' in alarm.data && alarm.data.id !== undefined ? alarm.data.ticketId : undefined;
}

/**
 * Sound, toast and desktop notification of one received alarm; with `open`, the toast's action and a click on the
 * notification open the ticket's page; `quiet`, the toast alone (an alarm in a burst, ALARM_BURST_MS). A sound that
 * cannot play is a logged warning.
 */
export function presentAlarm(
  alarm: AlarmMessage,
  preferences: AlarmPreferences = DEFAULT_ALARM_PREFERENCES,
  open?: OpenTicket,
  { quiet = false }: { quiet?: boolean } = {},
): void {
  const { alarmSettings, notifications } = preferences;
  if (!quiet && notifications?.soundAlerts !== false) {
    playAlarmSound(alarmSettings.soundType, alarmSettings.volume).catch((error) =>
      console.warn('Alarm sound could not play', error),
    );
  }
  const ticket = ticketOf(alarm);
  const openTicket = open && ticket ? () => open(ticket) : undefined;
  showAlarmToast(alarm, openTicket);
  if (!quiet && notifications?.desktopNotifications !== false) {
    showDesktopNotification(alarmTitle(alarm.alarmType, t), alarmDescription(alarm, t), alarm.eventId, openTicket);
  }
}

/**
 * The Settings page's test alarm (docs/product.md §2, TEST-001 at high priority) with the sound settings being edited.
 * Resolves false, after telling the user (docs/product.md §8), when the sound cannot play.
 */
export async function testAlarm(
  settings: Pick<AlarmSettings, 'soundType' | 'volume'> = DEFAULT_ALARM_SETTINGS,
): Promise<boolean> {
  try {
    await playAlarmSound(settings.soundType, settings.volume);
  } catch (error) {
    console.warn('Test alarm sound could not play', error);
    notify('error', t('alarm.soundFailed'));
    return false;
  }
  const test = testAlarmMessage(t);
  showAlarmToast(test);
  showDesktopNotification(alarmTitle(test.alarmType, t), alarmDescription(test, t), 'alarm-test');
  return true;
}
