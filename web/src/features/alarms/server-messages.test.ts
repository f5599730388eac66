import { describe, expect, it } from 'vitest';
import { parseServerMessage } from './server-messages.ts';

const alarm = {
  alarmType: 'ticket_assigned',
  data: { id: 7, ticketId: 'TKT-000007', subject: 'Card declined', priority: 'high', customerEmail: 'c@example.com' },
  eventId: 'e-1',
};

describe('parseServerMessage', () => {
  it.each([
    ['an alarm', alarm],
    [
      'an alarm without id or event id (the test alarm)',
      { ...alarm, eventId: undefined, data: { ...alarm.data, id: undefined } },
    ],
    ['a tickets_changed notice', { type: 'tickets_changed', data: { ids: [1, 2] } }],
    [
      'a presence list',
      {
        type: 'presence',
        ticketId: 7,
        viewers: [{ userId: 'u-1', firstName: 'Priya', lastName: 'Nair', state: 'replying' }],
      },
    ],
    ['an empty presence list', { type: 'presence', ticketId: 7, viewers: [] }],
  ])('accepts %s', (_label, message) => {
    const frame = JSON.stringify(message);
    expect(parseServerMessage(frame)).toEqual(JSON.parse(frame));
  });

  it.each([
    ['text that is not JSON', 'hello'],
    ['a binary frame', new ArrayBuffer(2)],
    ['an unknown alarm type', JSON.stringify({ ...alarm, alarmType: 'ticket_deleted' })],
    ['an unknown priority', JSON.stringify({ ...alarm, data: { ...alarm.data, priority: 'urgent' } })],
    ['an alarm without a subject', JSON.stringify({ ...alarm, data: { ...alarm.data, subject: undefined } })],
    ['a notice with non-numeric ids', JSON.stringify({ type: 'tickets_changed', data: { ids: ['1'] } })],
    ['an unknown message', JSON.stringify({ type: 'hello' })],
    [
      'a presence list with a viewer who left',
      JSON.stringify({
        type: 'presence',
        ticketId: 7,
        viewers: [{ userId: 'u-1', firstName: 'Priya', lastName: 'Nair', state: 'left' }],
      }),
    ],
    ['a presence list for a ticket code', JSON.stringify({ type: 'presence', ticketId: 'TKT-000007', viewers: [] })],
  ])('refuses %s', (_label, frame) => {
    expect(parseServerMessage(frame)).toBeNull();
  });
});
