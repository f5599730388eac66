/**
 * What an alarm says (docs/product.md §2 "Real-time alarms", §8 alarm texts) and the settings used until the user's own
 * are loaded (docs/product.md §3 "User settings").
 */
import { ALARM, PRIORITY_LABELS, type AlertType } from '#shared/constants.ts';
import type { AlarmMessage, TicketAlarmMessage } from '#shared/schemas/alarm.ts';
import type { AlarmSettings } from '#shared/schemas/settings.ts';

/** docs/product.md §8 texts of the alarm feature. */
export const ALARM_TEXTS = {
  soundFailed: 'Unable to play alarm sound. Please check your browser settings.',
  desktopEnabled: 'Desktop notifications are now enabled.',
  desktopDenied: 'Desktop notifications require browser permission.',
} as const;

const TITLES: Partial<Record<AlertType, string>> = {
  ticket_assigned: 'New Ticket Assigned',
  ticket_created: 'New Ticket Created',
  high_priority: 'High Priority Alert',
  critical_priority: 'Critical Priority Alert',
  webhook_disabled: 'Webhook Disabled',
  ticket_status_changed: 'Ticket Status Changed',
  customer_reply: 'Customer Replied',
};

/** The toast and desktop-notification title of an alarm type (docs/product.md §2). */
export function alarmTitle(alarmType: string): string {
  return TITLES[alarmType as AlertType] ?? 'Ticket Notification';
}

/**
 * One line naming what the alarm is about: the ticket (`TKT-000042: Withdrawal stuck (High priority)`), or the
 * webhook that was disabled.
 */
export function alarmDescription(alarm: AlarmMessage): string {
  if (alarm.alarmType === 'webhook_disabled') {
    return `Events to ${alarm.data.url} stopped after a day of failed deliveries. See Integrations.`;
  }
  const ticket = alarm.data;
  return `${ticket.ticketId}: ${ticket.subject} (${PRIORITY_LABELS[ticket.priority]} priority)`;
}

export type AlarmTone = 'info' | 'warning' | 'error';

/** How loudly the in-page toast is coloured: urgent alarms stand out from news. */
export function alarmTone(alarmType: AlertType): AlarmTone {
  if (alarmType === 'critical_priority' || alarmType === 'ticket_overdue' || alarmType === 'webhook_disabled') {
    return 'error';
  }
  if (alarmType === 'high_priority') return 'warning';
  return 'info';
}

/** Alarm settings until the user's own are loaded; the same defaults the server reads over (docs/product.md §3). */
export const DEFAULT_ALARM_SETTINGS: AlarmSettings = {
  enabled: true,
  volume: ALARM.defaultVolume,
  soundType: 'bell',
  alertTypes: [
    'ticket_assigned',
    'ticket_created',
    'high_priority',
    'ticket_status_changed',
    'customer_reply',
    'webhook_disabled',
  ],
};

/** The Settings page's test alarm: a sample ticket TEST-001 at high priority (docs/product.md §2). */
export const TEST_ALARM: TicketAlarmMessage = {
  alarmType: 'high_priority',
  data: {
    ticketId: 'TEST-001',
    subject: 'Test alarm',
    priority: 'high',
    customerEmail: 'customer@example.com',
  },
};
