/**
 * Which real-time alarms a committed ticket change raises, and for whom (docs/product.md §2 "Real-time alarms" and
 * "Who hears of what"). The notifier reads the change from the table's stream as a before/after pair of ticket images;
 * everything it decides is decided here, without AWS. docs/decisions/020-alarm-delivery.md explains the choices, and
 * docs/decisions/006-routing-by-availability-capacity-skill.md the audiences.
 */
import {
  DEFAULT_CUSTOMER_LANGUAGE,
  UNRESOLVED_STATUSES,
  type AlertType,
  type Priority,
  type Role,
} from '#shared/constants.ts';
import type { AlarmDataAccess, AlarmMessage, AlarmWebhook, TicketAlarmMessage } from '#shared/schemas/alarm.ts';
import type { UserSettings } from '#shared/schemas/settings.ts';
import type { Actor, HistoryAction, Ticket } from '#shared/schemas/ticket.ts';
import type { User } from '#shared/schemas/user.ts';
import { eligibleAgents, isWaiting, type RoutableAgent, type RoutedTicket } from './routing.ts';

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
  Partial<Pick<Ticket, 'createdById' | 'categoryId' | 'customerLanguage' | 'isFirstResponseOverdue'>> & {
    lastWrite?: LastWrite;
    /** The SLA warnings given (absent on tickets from before SLA policies). */
    resolutionWarned?: boolean;
    firstResponseWarned?: boolean;
    /** A restricted compliance case (absent on tickets from before them: not restricted). */
    restricted?: boolean;
  };

/**
 * Who an alarm is meant for before anyone's settings are read: named people, every active member of roles, and, for
 * news of the desk, the available agents eligible for the ticket (functions/domain/routing.ts `eligibleAgents`).
 */
export interface Audience {
  userIds: string[];
  roles: Role[];
  /** The ticket whose eligible available agents hear too. */
  eligibleFor?: RoutedTicket;
  /** People left out even when a role includes them: who made the ticket needs no news of it. */
  exceptUserIds?: string[];
  /** About a restricted case: only staff with the compliance permission hear (docs/product.md §6 "Compliance"). */
  complianceOnly?: boolean;
}

export interface Alarm {
  alarmType: AlertType;
  audience: Audience;
}

/** Admins can do everything managers can (docs/product.md §6), so an overdue ticket is theirs to chase too. */
const SUPERVISORS: Role[] = ['admin', 'manager'];

/**
 * Whom each alarm type reaches (docs/decisions/006):
 * - `desk`: news of the desk, to the supervisors and the available agents eligible for the ticket; an agent who is
 *   away or offline is off the desk;
 * - `assignee`: about the person's own ticket, to the assignee whatever their availability;
 * - `assigneeAndSupervisors`: the assignee and every admin and manager;
 * - `supervisors`: every admin and manager; `admins`: every admin.
 * A new alarm type takes its place here, in one line.
 */
export const ALARM_AUDIENCE = {
  ticket_created: 'desk',
  high_priority: 'desk',
  critical_priority: 'desk',
  ticket_assigned: 'assignee',
  customer_reply: 'assignee',
  ticket_status_changed: 'assignee',
  sla_warning: 'assignee',
  ticket_overdue: 'assigneeAndSupervisors',
  ticket_waiting: 'supervisors',
  webhook_disabled: 'admins',
  attachment_infected: 'admins',
  data_access_alert: 'admins',
  approval_requested: 'admins',
} as const satisfies Record<AlertType, 'desk' | 'assignee' | 'assigneeAndSupervisors' | 'supervisors' | 'admins'>;

/** The audience of an alarm type about `ticket`, by ALARM_AUDIENCE. */
function audienceOf(alarmType: AlertType, ticket: TicketImage): Audience {
  const assignee = ticket.assignedToId ? [ticket.assignedToId] : [];
  switch (ALARM_AUDIENCE[alarmType]) {
    case 'desk':
      return {
        userIds: [],
        roles: SUPERVISORS,
        eligibleFor: {
          categoryId: ticket.categoryId ?? '',
          customerLanguage: ticket.customerLanguage ?? DEFAULT_CUSTOMER_LANGUAGE,
        },
      };
    case 'assignee':
      return { userIds: assignee, roles: [] };
    case 'assigneeAndSupervisors':
      return { userIds: assignee, roles: SUPERVISORS };
    case 'supervisors':
      return { userIds: [], roles: SUPERVISORS };
    case 'admins':
      return { userIds: [], roles: ['admin'] };
  }
}

const PRIORITY_RANK: Record<Priority, number> = { low: 0, medium: 1, high: 2, critical: 3 };
const PRIORITY_ALARM: Partial<Record<Priority, AlertType>> = { high: 'high_priority', critical: 'critical_priority' };

const isUnresolved = (ticket: TicketImage) => UNRESOLVED_STATUSES.includes(ticket.status);

/**
 * The alarms a change raises, each to the audience of its type (ALARM_AUDIENCE); `before` is absent for a new ticket,
 * `after` for a deleted one.
 * - new ticket already resolved or closed (imported history): nothing;
 * - new ticket (never to its creator): `ticket_created`, `ticket_assigned` when it has an assignee, and the priority
 *   alarm when it is high or critical;
 * - assignee changed: `ticket_assigned`;
 * - priority raised to high or critical while unresolved: that priority's alarm;
 * - the ticket started waiting for an agent (new, or reopened without one): `ticket_waiting`;
 * - `isOverdue` or `isFirstResponseOverdue` turned on: `ticket_overdue`;
 * - an SLA warning given (80 % of a target passed): `sla_warning`;
 * - the status of an assigned ticket changed by anyone but its assignee: `ticket_status_changed`;
 * - the customer wrote in on an assigned ticket: `customer_reply`;
 * - the malware scan found a threat in one of the ticket's files: `attachment_infected` (docs/decisions/094).
 */
export function alarmsForChange(before: TicketImage | undefined, after: TicketImage | undefined): Alarm[] {
  // Nothing about a ticket that arrives already settled (an import of past tickets): nobody has anything to do.
  if (!after || (!before && !isUnresolved(after))) return [];
  const alarms: Alarm[] = [];
  const raise = (alarmType: AlertType) => alarms.push({ alarmType, audience: audienceOf(alarmType, after) });

  if (!before) raise('ticket_created');

  if (after.assignedToId && after.assignedToId !== before?.assignedToId) raise('ticket_assigned');

  const priorityAlarm = PRIORITY_ALARM[after.priority];
  const raised = !before || PRIORITY_RANK[after.priority] > PRIORITY_RANK[before.priority];
  if (priorityAlarm && raised && isUnresolved(after)) raise(priorityAlarm);

  if (isWaiting(after) && !(before && isWaiting(before))) raise('ticket_waiting');

  const turnedOn = (field: 'isOverdue' | 'isFirstResponseOverdue' | 'resolutionWarned' | 'firstResponseWarned') =>
    Boolean(before && after[field] && !before[field]);
  const breached = turnedOn('isOverdue') || turnedOn('isFirstResponseOverdue');
  if (breached) raise('ticket_overdue');
  const write = after.lastWrite;
  const assignee = after.assignedToId;
  // A breach found with its warning still pending marks both; the alarm is the breach's alone.
  if (assignee && !breached && (turnedOn('resolutionWarned') || turnedOn('firstResponseWarned'))) raise('sla_warning');
  if (
    before &&
    assignee &&
    before.status !== after.status &&
    !(write?.actorType === 'user' && write.actorId === assignee)
  ) {
    raise('ticket_status_changed');
  }
  if (before && assignee && write?.actorType === 'customer' && write.action === 'commented') raise('customer_reply');
  if (before && write?.action === 'malwareFound') raise('attachment_infected');
  // Whoever just made a ticket needs no alarm about it (and it would cover their own "created" confirmation).
  if (!before && after.createdById) {
    for (const alarm of alarms) alarm.audience.exceptUserIds = [after.createdById];
  }
  // A restricted case exists only for compliance staff: nobody else hears of it, whatever their role.
  if (after.restricted) for (const alarm of alarms) alarm.audience.complianceOnly = true;
  return alarms;
}

/** A staff member as the audiences read them: the directory entry and what routing reads. */
export type AlarmStaff = RoutableAgent & {
  user: Pick<User, 'id' | 'role' | 'isActive' | 'availability'> & Partial<Pick<User, 'compliance'>>;
};

/**
 * Everyone an alarm could reach, with the alarm types meant for them: active staff only (a deactivated assignee
 * gets nothing), each person once.
 */
export function alarmCandidates(alarms: readonly Alarm[], staff: readonly AlarmStaff[]): Map<string, AlertType[]> {
  const candidates = new Map<string, AlertType[]>();
  const eligible = alarms.map(({ audience }) =>
    audience.eligibleFor ? new Set(eligibleAgents(staff, audience.eligibleFor).map((agent) => agent.user.id)) : null,
  );
  for (const { user: member } of staff) {
    if (!member.isActive) continue;
    const types = alarms
      .filter(
        ({ audience }, i) =>
          (audience.userIds.includes(member.id) ||
            audience.roles.includes(member.role) ||
            !!eligible[i]?.has(member.id)) &&
          !audience.exceptUserIds?.includes(member.id) &&
          (!audience.complianceOnly || member.compliance === true),
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
  'ticket_waiting',
  'ticket_created',
  // Raised alone, by a webhook's change or a file's scan, never with the ticket alarms above.
  'webhook_disabled',
  'attachment_infected',
  'data_access_alert',
  'approval_requested',
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

/**
 * A `data_access_alert` audit entry written (docs/decisions/097-insider-risk-alerts.md): the alarm of the same name to
 * every admin. Only the entry's insert alarms; the figures ride on the entry as `facts`.
 */
export function dataAccessAlarms(before: unknown, after: { action?: unknown; facts?: unknown } | undefined): Alarm[] {
  if (before || after?.action !== 'data_access_alert' || !after.facts) return [];
  return [{ alarmType: 'data_access_alert', audience: { userIds: [], roles: ['admin'] } }];
}

/** The frame of an insider-risk alarm: the person and the figures. */
export function dataAccessAlarmMessage(facts: AlarmDataAccess, eventId: string): AlarmMessage {
  const { kind, userId, name, email, count, limit, hour } = facts;
  return { alarmType: 'data_access_alert', data: { kind, userId, name, email, count, limit, hour }, eventId };
}

/** The fields of a four-eyes request's image that the alarm rule reads. */
export interface ApprovalImage {
  id: string;
  kind: string;
  status: string;
  requestedBy: { id: string; name: string };
  target: { name: string };
}

/**
 * A new four-eyes request (docs/decisions/095-four-eyes-approval.md): `approval_requested` to every admin but the one
 * who asked. Its decision raises nothing.
 */
export function approvalAlarms(before: ApprovalImage | undefined, after: ApprovalImage | undefined): Alarm[] {
  if (before || after?.status !== 'pending') return [];
  return [
    {
      alarmType: 'approval_requested',
      audience: { userIds: [], roles: ['admin'], exceptUserIds: [after.requestedBy.id] },
    },
  ];
}

/** The frame of a four-eyes alarm. */
export function approvalAlarmMessage(approval: ApprovalImage, eventId: string): AlarmMessage {
  return {
    alarmType: 'approval_requested',
    data: {
      approvalId: approval.id,
      kind: approval.kind,
      requestedBy: approval.requestedBy.name,
      target: approval.target.name,
    },
    eventId,
  };
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
