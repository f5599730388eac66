import type { AlertType, LANGUAGES, SoundType, THEMES } from '#shared/constants.ts';
import type { UserSettings } from '#shared/schemas/settings.ts';

type NotificationKey = keyof UserSettings['notifications'];

/** The Notifications tab's toggles (docs/product.md §2), in the product order, with what each one means. */
export const NOTIFICATION_TOGGLES: ReadonlyArray<{ key: NotificationKey; label: string; description: string }> = [
  {
    key: 'ticketAssigned',
    label: 'Ticket assigned',
    description: 'Alert me, in the browser and by e-mail, when a ticket is assigned to me.',
  },
  {
    key: 'ticketCreated',
    label: 'Ticket created',
    description: 'Alert me, in the browser and by e-mail, when a new ticket arrives.',
  },
  {
    key: 'ticketStatusChanged',
    label: 'Status changed',
    description: 'Alert me, in the browser and by e-mail, when someone else changes the status of a ticket of mine.',
  },
  {
    key: 'emailNotifications',
    label: 'Email notifications',
    description: 'Also e-mail me every alarm I get (the types ticked under Alarms), with a link to the ticket.',
  },
  { key: 'soundAlerts', label: 'Sound alerts', description: 'Play the alarm sound when an alarm arrives.' },
  {
    key: 'desktopNotifications',
    label: 'Desktop notifications',
    description: 'Show alarms as desktop notifications when the browser allows it.',
  },
];

/** Each language in its own name, so that a reader of it finds it. */
export const LANGUAGE_LABELS: Record<(typeof LANGUAGES)[number], string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  zh: '中文',
  ja: '日本語',
};

export const THEME_LABELS: Record<(typeof THEMES)[number], string> = {
  system: 'System',
  light: 'Light',
  dark: 'Dark',
};

export const SOUND_TYPE_LABELS: Record<SoundType, string> = {
  bell: 'Bell',
  chime: 'Chime',
  notification: 'Notification',
};

export const ALERT_TYPE_LABELS: Record<AlertType, string> = {
  ticket_assigned: 'Ticket assigned',
  ticket_created: 'Ticket created',
  high_priority: 'High priority',
  critical_priority: 'Critical priority',
  ticket_overdue: 'Ticket overdue',
  webhook_disabled: 'Webhook disabled (administrators)',
  ticket_status_changed: 'Status changed on my ticket',
  customer_reply: 'Customer replied',
};
