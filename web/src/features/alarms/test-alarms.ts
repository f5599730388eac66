/** Alarms as the server sends them, for the alarm tests. */
import type { AlarmMessage } from '#shared/schemas/alarm.ts';

/** TKT-000042 was assigned to the reader. */
export const ASSIGNED_ALARM: AlarmMessage = {
  alarmType: 'ticket_assigned',
  data: {
    id: 42,
    ticketId: 'TKT-000042',
    subject: 'Withdrawal stuck',
    priority: 'high',
    customerEmail: 'c@example.com',
  },
  eventId: 'event-1',
};
