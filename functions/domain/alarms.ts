/**
 * Which real-time alarms a committed ticket change raises, and for whom (docs/product.md §2 "Real-time alarms").
 * The notifier reads the change from the table's stream as a before/after pair of ticket images; everything it
 * decides is decided here, without AWS. docs/decisions/020-alarm-delivery.md explains the choices.
 */
import { UNRESOLVED_STATUSES, type AlertType, type Priority, type Role } from '#shared/constants.ts';
import type { AlarmMessage, AlarmWebhook, TicketAlarmMessage } from '#shared/schemas/alarm.ts';
import type { UserSettings } from '#shared/schemas/settings.ts';
import type { Actor, HistoryAction, Ticket } from '#shared/schemas/ticket.ts';
import type { User } from '#shared/schemas/user.ts';

/**
 * Who wrote a ticket item last, and how (functions/data/tickets/writes.ts keeps it on the item): the actor's type and
 * id as the history records them, and the history action.
 */
export interface LastWrite {
  actorType: Actor['type'];
  actorId: string;
  action: HistoryAction;
}

/** The fields of a ticket image that the alarm rules read. */
export type TicketImage = Pick<
  Ticket,
  'id' | 'ticketId' | 'subject' | 'priority' | 'customerEmail' | 'status' | 'assignedToId' | 'isOverdue'
> &
  Partial<Pick<Ticket, 'createdById' | 'isFirstResponseOverdue'>> & {
    lastWrite?: LastWrite;
    /** The SLA warnings given (absent on tickets from before SLA policies). */
    resolutionWarned?: boolean;
    firstResponseWarned?: boolean;
  };

/** Who an alarm is meant for before anyone's settings are read: named people, and every active member of roles. */
export interface Audience {
  userIds: string[];
  roles: Role[];
  /** People left out even when a role includes them: who made the ticket needs no news of it. */
  exceptUserIds?: string[];
}

export interface Alarm {
  alarmType: AlertType;
  audience: Audience;
}

const EVERYONE: Role[] = ['admin', 'manager', 'agent'];
/** Admins can do everything managers can (docs/product.md §6), so an overdue ticket is theirs to chase too. */
const SUPERVISORS: Role[] = ['admin', 'manager'];

const PRIORITY_RANK: Record<Priority, number> = { low: 0, medium: 1, high: 2, critical: 3 };
const PRIORITY_ALARM: Partial<Record<Priority, AlertType>> = { high: 'high_priority', critical: 'critical_priority' };

const isUnresolved = (ticket: TicketImage) => UNRESOLVED_STATUSES.includes(ticket.status);

/**
 * The alarms a change raises; `before` is absent for a new ticket, `after` for a deleted one.
 * - new ticket (never to its creator): `ticket_created` to all staff, `ticket_assigned` to its assignee, and the priority alarm when it is
 *   high or critical;
 * - assignee changed: `ticket_assigned` to the new assignee;
 * - priority raised to high or critical while unresolved: that priority's alarm to all staff;
 * - `isOverdue` or `isFirstResponseOverdue` turned on: `ticket_overdue` to the assignee and every admin and manager;
 * - an SLA warning given (80 % of a target passed): `sla_warning` to the assignee;
 * - the status of an assigned ticket changed by anyone but its assignee: `ticket_status_changed` to the assignee;
 * - the customer wrote in on an assigned ticket: `customer_reply` to the assignee.
 */
export function alarmsForChange(before: TicketImage | undefined, after: TicketImage | undefined): Alarm[] {
  if (!after) return [];
  const alarms: Alarm[] = [];
  const toEveryone = (alarmType: AlertType) => alarms.push({ alarmType, audience: { userIds: [], roles: EVERYONE } });

  if (!before) toEveryone('ticket_created');

  if (after.assignedToId && after.assignedToId !== before?.assignedToId) {
    alarms.push({ alarmType: 'ticket_assigned', audience: { userIds: [after.assignedToId], roles: [] } });
  }

  const priorityAlarm = PRIORITY_ALARM[after.priority];
  const raised = !before || PRIORITY_RANK[after.priority] > PRIORITY_RANK[before.priority];
  if (priorityAlarm && raised && isUnresolved(after)) toEveryone(priorityAlarm);

  const turnedOn = (field: 'isOverdue' | 'isFirstResponseOverdue' | 'resolutionWarned' | 'firstResponseWarned') =>
    Boolean(before && after[field] && !before[field]);
  if (turnedOn('isOverdue') || turnedOn('isFirstResponseOverdue')) {
    alarms.push({
      alarmType: 'ticket_overdue',
      audience: { userIds: after.assignedToId ? [after.assignedToId] : [], roles: SUPERVISORS },
    });
  }
  const write = after.lastWrite;
  const assignee = after.assignedToId;
  if (assignee && (turnedOn('resolutionWarned') || turnedOn('firstResponseWarned'))) {
    alarms.push({ alarmType: 'sla_warning', audience: { userIds: [assignee], roles: [] } });
  }
  if (
    before &&
    assignee &&
    before.status !== after.status &&
    !(write?.actorType === 'user' && write.actorId === assignee)
  ) {
    alarms.push({ alarmType: 'ticket_status_changed', audience: { userIds: [assignee], roles: [] } });
  }
  if (before && assignee && write?.actorType === 'customer' && write.action === 'commented') {
    alarms.push({ alarmType: 'customer_reply', audience: { userIds: [assignee], roles: [] } });
  }
  // Whoever just made a ticket needs no alarm about it (and it would cover their own "created" confirmation).
  if (!before && after.createdById) {
    for (const alarm of alarms) alarm.audience.exceptUserIds = [after.createdById];
  }
  return alarms;
}

/**
 * Everyone an alarm could reach, with the alarm types meant for them: active staff only (a deactivated assignee
 * gets nothing), each person once.
 */
export function alarmCandidates(
  alarms: readonly Alarm[],
  staff: readonly Pick<User, 'id' | 'role' | 'isActive'>[],
): Map<string, AlertType[]> {
  const candidates = new Map<string, AlertType[]>();
  for (const member of staff) {
    if (!member.isActive) continue;
    const types = alarms
      .filter(
        ({ audience }) =>
          (audience.userIds.includes(member.id) || audience.roles.includes(member.role)) &&
          !audience.exceptUserIds?.includes(member.id),
      )
      .map((alarm) => alarm.alarmType);
    if (types.length) candidates.set(member.id, [...new Set(types)]);
  }
  return candidates;
}

/**
 * When one change raises several alarms for a person, they get one: the first of these they have switched on.
 * Alarms about them personally come before alarms about the ticket's urgency, which come before plain news.
 */
export const ALARM_PRECEDENCE: readonly AlertType[] = [
  'ticket_overdue',
  'sla_warning',
  'customer_reply',
  'ticket_assigned',
  'ticket_status_changed',
  'critical_priority',
  'high_priority',
  'ticket_created',
  // Raised alone, by a webhook's change, never with the ticket alarms above.
  'webhook_disabled',
];

/** The settings that decide which alarm a person gets: the alarm switch and types, and the Notifications toggles. */
export type AlarmChoiceSettings = {
  alarmSettings: Pick<UserSettings['alarmSettings'], 'enabled' | 'alertTypes'>;
  notifications: Pick<UserSettings['notifications'], 'ticketAssigned' | 'ticketCreated' | 'ticketStatusChanged'>;
};

/** The Notifications toggle that governs an alarm type for its person, where one does. */
const TOGGLE_OF: Partial<Record<AlertType, keyof AlarmChoiceSettings['notifications']>> = {
  ticket_assigned: 'ticketAssigned',
  ticket_created: 'ticketCreated',
  ticket_status_changed: 'ticketStatusChanged',
};

/**
 * The one alarm a person receives of the types meant for them: none while their alarms are off; otherwise the first
 * type (by precedence) that they ticked under 'Alert types' and whose Notifications toggle, if it has one, is on.
 * The browser alarm and the notification e-mail are both this choice.
 */
export function chooseAlarm(types: readonly AlertType[], settings: AlarmChoiceSettings): AlertType | undefined {
  if (!settings.alarmSettings.enabled) return undefined;
  return ALARM_PRECEDENCE.find((type) => {
    const toggle = TOGGLE_OF[type];
    return (
      types.includes(type) &&
      settings.alarmSettings.alertTypes.includes(type) &&
      (toggle === undefined || settings.notifications[toggle])
    );
  });
}

/** The alarm a person is also e-mailed about: the same choice, only while 'Email notifications' is on. */
export function chooseAlarmEmail(
  types: readonly AlertType[],
  settings: AlarmChoiceSettings & { notifications: Pick<UserSettings['notifications'], 'emailNotifications'> },
): AlertType | undefined {
  return settings.notifications.emailNotifications ? chooseAlarm(types, settings) : undefined;
}

/** The fields of a webhook image that the alarm rule reads. */
export interface WebhookImage {
  id: string;
  url: string;
  disabledAt?: string | null;
}

/** A webhook disabled by the sender (it kept failing for the retry window): `webhook_disabled` to every admin. */
export function webhookAlarms(before: WebhookImage | undefined, after: WebhookImage | undefined): Alarm[] {
  if (!after?.disabledAt || before?.disabledAt) return [];
  return [{ alarmType: 'webhook_disabled', audience: { userIds: [], roles: ['admin'] } }];
}

/** The frame of a webhook alarm. */
export function webhookAlarmMessage(webhook: WebhookImage, eventId: string): AlarmMessage {
  const data: AlarmWebhook = { webhookId: webhook.id, url: webhook.url };
  return { alarmType: 'webhook_disabled', data, eventId };
}

/** The frame sent to the browser (docs/product.md §3 "Alarm message"); `eventId` lets a client drop a redelivery. */
export function alarmMessage(
  ticket: TicketImage,
  alarmType: TicketAlarmMessage['alarmType'],
  eventId: string,
): AlarmMessage {
  return {
    alarmType,
    data: {
      id: ticket.id,
      ticketId: ticket.ticketId,
      subject: ticket.subject,
      priority: ticket.priority,
      customerEmail: ticket.customerEmail,
    },
    eventId,
  };
}
