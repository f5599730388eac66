import { describe, expect, it } from 'vitest';
import { ALERT_TYPES, type AlertType, type Availability, type Role } from '#shared/constants.ts';
import { ticketAlarmMessageSchema } from '#shared/schemas/alarm.ts';
import type { AgentRouting } from '#shared/schemas/user.ts';
import {
  type AlarmStaff,
  alarmCandidates,
  alarmMessage,
  alarmsForChange,
  chooseAlarm,
  chooseAlarmEmail,
  type TicketImage,
} from './alarms.ts';
import { DEFAULT_USER_SETTINGS } from './settings.ts';

/** A person's settings: the defaults, with their alarm switch and alert types as given. */
const settings = (alarm: { enabled?: boolean; alertTypes: AlertType[] }) => ({
  notifications: { ...DEFAULT_USER_SETTINGS.notifications },
  alarmSettings: {
    ...DEFAULT_USER_SETTINGS.alarmSettings,
    enabled: alarm.enabled ?? true,
    alertTypes: alarm.alertTypes,
  },
});

const ticket = (overrides: Partial<TicketImage> = {}): TicketImage => ({
  id: 42,
  ticketId: 'TKT-000042',
  subject: 'Withdrawal stuck',
  priority: 'medium',
  customerEmail: 'trader@example.com',
  status: 'open',
  assignedToId: null,
  isOverdue: false,
  categoryId: 'kyc',
  customerLanguage: 'de',
  ...overrides,
});

/** The alarms as `type → audience`, for readable expectations. */
const summary = (before: TicketImage | undefined, after: TicketImage | undefined) =>
  Object.fromEntries(
    alarmsForChange(before, after).map(({ alarmType, audience }) => [
      alarmType,
      [
        ...audience.userIds,
        ...audience.roles.map((role) => `role:${role}`),
        ...(audience.eligibleFor ? ['eligible'] : []),
      ].join(' '),
    ]),
  );

/** News of the desk: the supervisors and the available agents eligible for the ticket (docs/decisions/006). */
const desk = 'role:admin role:manager eligible';
const supervisors = 'role:admin role:manager';
const byUser = (id: string) => ({ actorType: 'user', actorId: id, action: 'updated' }) as const;
const byCustomer = { actorType: 'customer', actorId: 'trader@example.com', action: 'commented' } as const;

describe('alarmsForChange', () => {
  it.each([
    ['a new ticket nobody could take', ticket(), { ticket_created: desk, ticket_waiting: supervisors }],
    ['a new ticket given to agent a1', ticket({ assignedToId: 'a1' }), { ticket_created: desk, ticket_assigned: 'a1' }],
    [
      'a new high-priority ticket given to a1',
      ticket({ priority: 'high', assignedToId: 'a1' }),
      { ticket_created: desk, ticket_assigned: 'a1', high_priority: desk },
    ],
    [
      'a new critical ticket given to a1',
      ticket({ priority: 'critical', assignedToId: 'a1' }),
      { ticket_created: desk, ticket_assigned: 'a1', critical_priority: desk },
    ],
  ])('raises for %s', (_label, after, expected) => {
    expect(summary(undefined, after)).toEqual(expected);
  });

  it.each([
    ['assigned for the first time', ticket(), ticket({ assignedToId: 'a1' }), { ticket_assigned: 'a1' }],
    [
      'reassigned from a1 to a2',
      ticket({ assignedToId: 'a1' }),
      ticket({ assignedToId: 'a2' }),
      { ticket_assigned: 'a2' },
    ],
    ['assigned to its current assignee', ticket({ assignedToId: 'a1' }), ticket({ assignedToId: 'a1' }), {}],
    ['raised from medium to high', ticket(), ticket({ priority: 'high' }), { high_priority: desk }],
    [
      'raised from low to critical',
      ticket({ priority: 'low' }),
      ticket({ priority: 'critical' }),
      { critical_priority: desk },
    ],
    [
      'raised from high to critical',
      ticket({ priority: 'high' }),
      ticket({ priority: 'critical' }),
      { critical_priority: desk },
    ],
    [
      'reopened without an assignee',
      ticket({ status: 'resolved' }),
      ticket({ status: 'open' }),
      { ticket_waiting: supervisors },
    ],
    ['lowered from critical to high', ticket({ priority: 'critical' }), ticket({ priority: 'high' }), {}],
    ['raised from low to medium', ticket({ priority: 'low' }), ticket({ priority: 'medium' }), {}],
    [
      'raised to high after it was resolved',
      ticket({ status: 'resolved' }),
      ticket({ status: 'resolved', priority: 'high' }),
      {},
    ],
    [
      'marked overdue while assigned to a1',
      ticket({ assignedToId: 'a1' }),
      ticket({ assignedToId: 'a1', isOverdue: true }),
      { ticket_overdue: 'a1 role:admin role:manager' },
    ],
    [
      'found to hold a file with malware (the scan result), whoever has it',
      ticket({ assignedToId: 'a1' }),
      ticket({
        assignedToId: 'a1',
        lastWrite: { actorType: 'system', actorId: 'malware-scan', action: 'malwareFound' },
      }),
      { attachment_infected: 'role:admin' },
    ],
    [
      'marked overdue while unassigned',
      ticket(),
      ticket({ isOverdue: true }),
      { ticket_overdue: 'role:admin role:manager' },
    ],
    [
      'past 80 % of its first-response target while assigned to a1',
      ticket({ assignedToId: 'a1' }),
      ticket({ assignedToId: 'a1', firstResponseWarned: true }),
      { sla_warning: 'a1' },
    ],
    [
      'marked breached and warned at once (the warning still pending): the breach alone',
      ticket({ assignedToId: 'a1' }),
      ticket({ assignedToId: 'a1', resolutionWarned: true, isOverdue: true }),
      { ticket_overdue: 'a1 role:admin role:manager' },
    ],
    [
      'with its first response breached while assigned to a1',
      ticket({ assignedToId: 'a1', firstResponseWarned: true }),
      ticket({ assignedToId: 'a1', firstResponseWarned: true, isFirstResponseOverdue: true }),
      { ticket_overdue: 'a1 role:admin role:manager' },
    ],
    ['edited while already overdue', ticket({ isOverdue: true }), ticket({ isOverdue: true, subject: 'Changed' }), {}],
    ['edited without any alarming change', ticket(), ticket({ subject: 'Changed', status: 'in_progress' }), {}],
    [
      'moved on by its own assignee',
      ticket({ assignedToId: 'a1' }),
      ticket({ assignedToId: 'a1', status: 'in_progress', lastWrite: byUser('a1') }),
      {},
    ],
    [
      'resolved by a manager while assigned to a1',
      ticket({ assignedToId: 'a1' }),
      ticket({ assignedToId: 'a1', status: 'resolved', lastWrite: byUser('m1') }),
      { ticket_status_changed: 'a1' },
    ],
    ['moved on while unassigned', ticket(), ticket({ status: 'in_progress', lastWrite: byUser('m1') }), {}],
    [
      'answered by its customer while assigned to a1',
      ticket({ assignedToId: 'a1' }),
      ticket({ assignedToId: 'a1', lastWrite: byCustomer }),
      { customer_reply: 'a1' },
    ],
    [
      'reopened by its customer while assigned to a1',
      ticket({ assignedToId: 'a1', status: 'resolved' }),
      ticket({ assignedToId: 'a1', status: 'open', lastWrite: byCustomer }),
      { ticket_status_changed: 'a1', customer_reply: 'a1' },
    ],
    [
      'rated by its customer',
      ticket({ assignedToId: 'a1', status: 'resolved' }),
      ticket({ assignedToId: 'a1', status: 'resolved', lastWrite: { ...byCustomer, action: 'updated' } }),
      {},
    ],
  ])('raises, for a ticket %s,', (_label, before, after, expected) => {
    expect(summary(before, after)).toEqual(expected);
  });

  it.each(['resolved', 'closed'] as const)(
    'raises nothing for a new ticket that arrives %s, assigned and critical',
    (status) => {
      expect(summary(undefined, ticket({ status, assignedToId: 'a1', priority: 'critical' }))).toEqual({});
    },
  );

  it('raises nothing when a ticket is deleted', () => {
    expect(alarmsForChange(ticket({ priority: 'critical' }), undefined)).toEqual([]);
  });
});

describe('alarmCandidates', () => {
  const person = (
    id: string,
    role: Role,
    isActive = true,
    availability: Availability = 'available',
    routing: Partial<AgentRouting> = {},
  ): AlarmStaff => ({
    user: { id, role, isActive, availability },
    routing: { maxOpenTickets: null, categories: [], languages: [], ...routing },
    openTickets: 0,
  });
  const staff = [
    person('admin1', 'admin'),
    person('manager1', 'manager'),
    person('agent1', 'agent'),
    person('agent2', 'agent', false),
  ];

  it('gives each active person the alarm types meant for them, once each', () => {
    const after = ticket({ priority: 'critical', assignedToId: 'agent1' });
    expect(Object.fromEntries(alarmCandidates(alarmsForChange(undefined, after), staff))).toEqual({
      admin1: ['ticket_created', 'critical_priority'],
      manager1: ['ticket_created', 'critical_priority'],
      agent1: ['ticket_created', 'ticket_assigned', 'critical_priority'],
    });
  });

  it('tells of a restricted case only the compliance staff among those the alarms are meant for', () => {
    const compliant = (member: AlarmStaff): AlarmStaff => ({ ...member, user: { ...member.user, compliance: true } });
    const desk = [...staff.filter((member) => member.user.id !== 'agent1'), compliant(person('agent1', 'agent'))];
    const after = { ...ticket({ priority: 'critical', assignedToId: 'agent1' }), restricted: true };
    expect(Object.fromEntries(alarmCandidates(alarmsForChange(undefined, after), desk))).toEqual({
      agent1: ['ticket_created', 'ticket_assigned', 'critical_priority'],
    });
  });

  it('tells of a new ticket only the supervisors and the available agents eligible for it', () => {
    const desk = [
      person('admin1', 'admin', true, 'away'),
      person('manager1', 'manager', true, 'offline'),
      person('german', 'agent', true, 'available', { languages: ['de'] }),
      person('french', 'agent', true, 'available', { languages: ['fr'] }),
      person('away', 'agent', true, 'away'),
      person('offline', 'agent', true, 'offline'),
      person('full', 'agent', true, 'available', { maxOpenTickets: 0, languages: ['de'] }),
    ];
    const after = ticket({ priority: 'high', assignedToId: 'manager1' });
    expect(Object.fromEntries(alarmCandidates(alarmsForChange(undefined, after), desk))).toEqual({
      admin1: ['ticket_created', 'high_priority'],
      manager1: ['ticket_created', 'ticket_assigned', 'high_priority'],
      german: ['ticket_created', 'high_priority'],
    });
  });

  it('sends alarms about their own ticket to the assignee whatever their availability', () => {
    const away = [person('agent1', 'agent', true, 'away'), person('other', 'agent')];
    const alarms = alarmsForChange(
      ticket({ assignedToId: 'agent1' }),
      ticket({ assignedToId: 'agent1', status: 'resolved', lastWrite: byUser('m1') }),
    );
    expect(Object.fromEntries(alarmCandidates(alarms, away))).toEqual({ agent1: ['ticket_status_changed'] });
  });

  it('raises no alarm of a new ticket for the person who created it, even assigned to themself', () => {
    const after = ticket({ priority: 'high', assignedToId: 'agent1', createdById: 'agent1' });
    expect(Object.fromEntries(alarmCandidates(alarmsForChange(undefined, after), staff))).toEqual({
      admin1: ['ticket_created', 'high_priority'],
      manager1: ['ticket_created', 'high_priority'],
    });
  });

  it('leaves out a deactivated assignee', () => {
    const alarms = alarmsForChange(ticket(), ticket({ assignedToId: 'agent2' }));
    expect(alarmCandidates(alarms, staff).size).toBe(0);
  });

  it('sends an overdue alarm to the assignee and the supervisors but not to other agents', () => {
    const alarms = alarmsForChange(
      ticket({ assignedToId: 'agent1' }),
      ticket({ assignedToId: 'agent1', isOverdue: true }),
    );
    expect([...alarmCandidates(alarms, [...staff, person('agent3', 'agent')]).keys()]).toEqual([
      'admin1',
      'manager1',
      'agent1',
    ]);
  });
});

describe('chooseAlarm', () => {
  const defaults: AlertType[] = ['ticket_assigned', 'ticket_created', 'high_priority'];

  it.each([
    ['the default types, for a new ticket', ['ticket_created'], defaults, 'ticket_created'],
    [
      'the default types, for a new ticket assigned to them',
      ['ticket_created', 'ticket_assigned'],
      defaults,
      'ticket_assigned',
    ],
    [
      'the default types, for a new high-priority ticket',
      ['ticket_created', 'high_priority'],
      defaults,
      'high_priority',
    ],
    [
      'the default types, for a new critical ticket',
      ['ticket_created', 'critical_priority'],
      defaults,
      'ticket_created',
    ],
    [
      'every type, for a new critical ticket',
      ['ticket_created', 'critical_priority'],
      ['ticket_created', 'critical_priority'],
      'critical_priority',
    ],
    ['only ticket_assigned, for a new unassigned ticket', ['ticket_created'], ['ticket_assigned'], undefined],
    ['the default types, for an overdue ticket', ['ticket_overdue'], defaults, undefined],
    ['ticket_overdue, for an overdue ticket', ['ticket_overdue'], ['ticket_overdue'], 'ticket_overdue'],
    ['no types at all', ['ticket_created', 'ticket_assigned'], [], undefined],
  ] as const)('with %s, picks %s', (_label, types, alertTypes, expected) => {
    expect(chooseAlarm(types, settings({ alertTypes: [...alertTypes] }))).toBe(expected);
  });

  it('picks nothing when alarms are switched off', () => {
    expect(
      chooseAlarm(['ticket_assigned'], settings({ enabled: false, alertTypes: ['ticket_assigned'] })),
    ).toBeUndefined();
  });

  it.each([
    ['ticketAssigned', 'ticket_assigned'],
    ['ticketCreated', 'ticket_created'],
    ['ticketStatusChanged', 'ticket_status_changed'],
  ] as const)('leaves out %s alarms when that notification is switched off', (toggle, type) => {
    const all = settings({ alertTypes: [...ALERT_TYPES] });
    expect(chooseAlarm([type], all)).toBe(type);
    expect(chooseAlarm([type], { ...all, notifications: { ...all.notifications, [toggle]: false } })).toBeUndefined();
  });

  it('falls back to the next type it may give when the first one is switched off', () => {
    const all = settings({ alertTypes: [...ALERT_TYPES] });
    const quiet = { ...all, notifications: { ...all.notifications, ticketAssigned: false } };
    expect(chooseAlarm(['ticket_created', 'ticket_assigned', 'high_priority'], quiet)).toBe('high_priority');
  });

  it('ranks a customer reply above a status change, and both above news', () => {
    const all = settings({ alertTypes: [...ALERT_TYPES] });
    expect(chooseAlarm(['ticket_status_changed', 'customer_reply'], all)).toBe('customer_reply');
    expect(chooseAlarm(['ticket_created', 'ticket_status_changed'], all)).toBe('ticket_status_changed');
  });
});

describe('chooseAlarmEmail', () => {
  it('e-mails the alarm the person gets, only while e-mail notifications are on', () => {
    const on = settings({ alertTypes: ['ticket_assigned'] });
    expect(chooseAlarmEmail(['ticket_created', 'ticket_assigned'], on)).toBe('ticket_assigned');
    expect(
      chooseAlarmEmail(['ticket_assigned'], {
        ...on,
        notifications: { ...on.notifications, emailNotifications: false },
      }),
    ).toBeUndefined();
    expect(chooseAlarmEmail(['ticket_created'], on)).toBeUndefined();
  });
});

describe('alarmMessage', () => {
  it('carries the ticket fields of docs/product.md §3 plus the numeric id and the event id', () => {
    const message = alarmMessage(ticket({ priority: 'high', status: 'in_progress' }), 'high_priority', 'event-1');
    expect(ticketAlarmMessageSchema.strict().parse(message)).toEqual(message);
    expect(message).toEqual({
      alarmType: 'high_priority',
      data: {
        id: 42,
        ticketId: 'TKT-000042',
        subject: 'Withdrawal stuck',
        priority: 'high',
        customerEmail: 'trader@example.com',
      },
      eventId: 'event-1',
    });
  });
});
