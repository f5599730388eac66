/**
 * What an alarm says (docs/product.md §2 "Real-time alarms", §8 alarm texts) and the settings used until the user's own
 * are loaded (docs/product.md §3 "User settings").
 */
import { ALARM, type AlertType, isTicketAlert } from '#shared/constants.ts';
import type { MessageKey } from '#shared/i18n/messages.ts';
import type { AlarmMessage, TicketAlarmMessage } from '#shared/schemas/alarm.ts';
import type { AlarmSettings } from '#shared/schemas/settings.ts';
import type { Translate } from '../../i18n/react.tsx';

const TITLES: Partial<Record<AlertType, MessageKey>> = {
  ticket_assigned: 'alarm.title.ticketAssigned',
  ticket_created: 'alarm.title.ticketCreated',
  high_priority: 'alarm.title.highPriority',
  critical_priority: 'alarm.title.criticalPriority',
  webhook_disabled: 'alarm.title.webhookDisabled',
  ticket_status_changed: 'alarm.title.ticketStatusChanged',
  customer_reply: 'alarm.title.customerReply',
  ticket_waiting: 'alarm.title.ticketWaiting',
  sla_warning: 'alarm.title.slaWarning',
  attachment_infected: 'alarm.title.attachmentInfected',
  data_access_alert: 'alarm.title.dataAccessAlert',
  approval_requested: 'alarm.title.approvalRequested',
};

/** Whether an alarm is about a ticket (not a webhook's, not an insider-risk alert). */
export const isTicketAlarm = (alarm: AlarmMessage): alarm is TicketAlarmMessage => isTicketAlert(alarm.alarmType);

/** The toast and desktop-notification title of an alarm type (docs/product.md §2), in the reader's language. */
export function alarmTitle(alarmType: string, t: Translate): string {
  return t(TITLES[alarmType as AlertType] ?? 'alarm.title.other');
}

/**
 * One line naming what the alarm is about: the ticket (`TKT-000042: Withdrawal stuck (High priority)` in English), or
 * the webhook that was disabled.
 */
export function alarmDescription(alarm: AlarmMessage, t: Translate): string {
  if (alarm.alarmType === 'webhook_disabled') return t('alarm.webhookDisabled', { url: alarm.data.url });
  if (alarm.alarmType === 'data_access_alert') {
    const { kind, name, count, limit } = alarm.data;
    return t(kind === 'customers' ? 'alarm.dataAccessCustomers' : 'alarm.dataAccessDownloads', {
      actor: name,
      count,
      limit,
    });
  }
  if (alarm.alarmType === 'approval_requested') {
    return t('alarm.approvalRequested', { name: alarm.data.requestedBy, target: alarm.data.target });
  }
  const ticket = alarm.data;
  return t('alarm.description', {
    code: ticket.ticketId,
    subject: ticket.subject,
    priority: t(`priority.${ticket.priority}`),
  });
}

export type AlarmTone = 'info' | 'warning' | 'error';

/** How loudly the in-page toast is coloured: urgent alarms stand out from news. */
export function alarmTone(alarmType: AlertType): AlarmTone {
  if (
    alarmType === 'critical_priority' ||
    alarmType === 'ticket_overdue' ||
    alarmType === 'webhook_disabled' ||
    alarmType === 'attachment_infected' ||
    alarmType === 'data_access_alert'
  ) {
    return 'error';
  }
  if (alarmType === 'high_priority' || alarmType === 'sla_warning' || alarmType === 'approval_requested') {
    return 'warning';
  }
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
    'sla_warning',
    'webhook_disabled',
    'ticket_waiting',
    'attachment_infected',
    'data_access_alert',
    'approval_requested',
  ],
};

/** The Settings page's test alarm: a sample ticket TEST-001 at high priority (docs/product.md §2). */
export const testAlarmMessage = (t: Translate): TicketAlarmMessage => ({
  alarmType: 'high_priority',
  data: {
    ticketId: 'TEST-001',
    subject: t('alarm.testSubject'),
    priority: 'high',
    customerEmail: 'customer@example.com',
  },
});
