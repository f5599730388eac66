import type { AlertType, LANGUAGES, SoundType, THEMES } from '#shared/constants.ts';
import type { MessageKey } from '#shared/i18n/messages.ts';
import type { UserSettings } from '#shared/schemas/settings.ts';

type NotificationKey = keyof UserSettings['notifications'];

/** The Notifications tab's toggles (docs/product.md §2), in the product order, with what each one means. */
export const NOTIFICATION_TOGGLES: ReadonlyArray<{ key: NotificationKey; label: MessageKey; description: MessageKey }> =
  [
    {
      key: 'ticketAssigned',
      label: 'settings.notifications.ticketAssigned',
      description: 'settings.notifications.ticketAssignedHint',
    },
    {
      key: 'ticketCreated',
      label: 'settings.notifications.ticketCreated',
      description: 'settings.notifications.ticketCreatedHint',
    },
    {
      key: 'ticketStatusChanged',
      label: 'settings.notifications.statusChanged',
      description: 'settings.notifications.statusChangedHint',
    },
    {
      key: 'emailNotifications',
      label: 'settings.notifications.email',
      description: 'settings.notifications.emailHint',
    },
    {
      key: 'soundAlerts',
      label: 'settings.notifications.sound',
      description: 'settings.notifications.soundHint',
    },
    {
      key: 'desktopNotifications',
      label: 'settings.notifications.desktop',
      description: 'settings.notifications.desktopHint',
    },
  ];

/** Each language in its own name, so that a reader of it finds it (never translated). */
export const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  zh: '中文',
  ja: '日本語',
};

export const THEME_LABELS: Record<(typeof THEMES)[number], MessageKey> = {
  system: 'settings.theme.system',
  light: 'settings.theme.light',
  dark: 'settings.theme.dark',
};

export const SOUND_TYPE_LABELS: Record<SoundType, MessageKey> = {
  bell: 'settings.sound.bell',
  chime: 'settings.sound.chime',
  notification: 'settings.sound.notification',
};

export const ALERT_TYPE_LABELS: Record<AlertType, MessageKey> = {
  ticket_assigned: 'settings.alertType.ticketAssigned',
  ticket_created: 'settings.alertType.ticketCreated',
  high_priority: 'settings.alertType.highPriority',
  critical_priority: 'settings.alertType.criticalPriority',
  ticket_overdue: 'settings.alertType.ticketOverdue',
  webhook_disabled: 'settings.alertType.webhookDisabled',
  ticket_status_changed: 'settings.alertType.ticketStatusChanged',
  customer_reply: 'settings.alertType.customerReply',
  ticket_waiting: 'settings.alertType.ticketWaiting',
  sla_warning: 'settings.alertType.slaWarning',
  attachment_infected: 'settings.alertType.attachmentInfected',
  data_access_alert: 'settings.alertType.dataAccessAlert',
  approval_requested: 'settings.alertType.approvalRequested',
};
