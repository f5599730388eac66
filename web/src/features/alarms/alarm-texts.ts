/**
 * What an alarm says (docs/product.md §2 "Real-time alarms", §8 alarm texts) and the settings used until the user's own
 * are loaded (docs/product.md §3 "User settings").
 */
import { ALARM, PRIORITY_LABELS, type AlertType } from '#shared/constants.ts';
import type { AlarmMessage, AlarmTicket } from '#shared/schemas/alarm.ts';
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
  ticket_status_changed: 'Ticket Status Changed',
  customer_reply: 'Customer Replied',
};

/** The toast and desktop-notification title of an alarm type (docs/product.md §2). */
export function alarmTitle(alarmType: string): string {
  return TITLES[alarmType as AlertType] ?? 'Ticket Notification';
}

/** One line naming the ticket: `TKT-000042: Withdrawal stuck (High priority)`. */
export function alarmDescription(ticket: AlarmTicket): string {
  return `${ticket.ticketId}: ${ticket.subject} (${PRIORITY_LABELS[ticket.priority]} priority)`;
}

export type AlarmTone = 'info' | 'warning' | 'error';

/** How loudly the in-page toast is coloured: urgent alarms stand out from news. */
export function alarmTone(alarmType: AlertType): AlarmTone {
  if (alarmType === 'critical_priority' || alarmType === 'ticket_overdue') return 'error';
  if (alarmType === 'high_priority') return 'warning';
  return 'info';
}

/** Alarm settings until the user's own are loaded; the same defaults the server reads over (docs/product.md §3). */
export const DEFAULT_ALARM_SETTINGS: AlarmSettings = {
  enabled: true,
  volume: ALARM.defaultVolume,
  soundType: 'bell',
  alertTypes: ['ticket_assigned', 'ticket_created', 'high_priority', 'ticket_status_changed', 'customer_reply'],
};

/** The Settings page's test alarm: a sample ticket TEST-001 at high priority (docs/product.md §2). */
export const TEST_ALARM: AlarmMessage = {
  alarmType: 'high_priority',
  data: {
    ticketId: 'TEST-001',
    subject: 'Test alarm',
    priority: 'high',
    customerEmail: 'customer@example.com',
  },
};
