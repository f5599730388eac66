/**
 * Desktop notifications for alarms (docs/product.md §2): only with the browser's permission, kept on screen until the
 * user acts (requireInteraction) but closed after ALARM.desktopNotificationMs all the same.
 */
import { ALARM } from '#shared/constants.ts';
import { t } from '../../i18n/i18n.ts';
import { notify } from '../../lib/notify.ts';

const supported = () => typeof globalThis.Notification === 'function';

/** Whether alarms may show desktop notifications now. */
export function desktopNotificationsAllowed(): boolean {
  return supported() && Notification.permission === 'granted';
}

/**
 * Shows a desktop notification when permission was granted; does nothing otherwise. `tag` makes the same alarm,
 * received in several tabs, one notification. Clicking it brings the app's tab forward, and runs `onOpen` (the
 * alarm's ticket page) when given.
 */
export function showDesktopNotification(title: string, body: string, tag?: string, onOpen?: () => void): void {
  if (!desktopNotificationsAllowed()) return;
  const notification = new Notification(title, { body, tag, requireInteraction: true });
  const timer = setTimeout(() => notification.close(), ALARM.desktopNotificationMs);
  notification.onclick = () => {
    clearTimeout(timer);
    globalThis.focus?.();
    notification.close();
    onOpen?.();
  };
}

/**
 * Asks the browser for permission (the Settings page's button) and tells the user the outcome with the docs/product.md §8
 * texts; resolves with whether notifications are now allowed.
 */
export async function requestDesktopNotifications(): Promise<boolean> {
  const permission = !supported()
    ? 'denied'
    : Notification.permission === 'granted'
      ? 'granted'
      : await Notification.requestPermission();
  const granted = permission === 'granted';
  if (granted) notify('success', t('alarm.desktopEnabled'));
  else notify('warning', t('alarm.desktopDenied'));
  return granted;
}
