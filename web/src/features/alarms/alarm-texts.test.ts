import { describe, expect, it } from 'vitest';
import { activateLanguage, t } from '../../i18n/i18n.ts';
import { alarmDescription, alarmTitle, alarmTone } from './alarm-texts.ts';

describe('alarmTitle', () => {
  it.each([
    ['ticket_assigned', 'New Ticket Assigned'],
    ['ticket_created', 'New Ticket Created'],
    ['high_priority', 'High Priority Alert'],
    ['critical_priority', 'Critical Priority Alert'],
    ['ticket_overdue', 'Ticket Notification'],
    ['something_new', 'Ticket Notification'],
  ])('titles a %s alarm "%s"', (alarmType, title) => {
    expect(alarmTitle(alarmType, t)).toBe(title);
  });

  it('titles an alarm in the reader’s language', async () => {
    await activateLanguage('ja');
    expect(alarmTitle('critical_priority', t)).toBe('緊急優先度アラート');
  });
});

describe('alarmTone', () => {
  it.each([
    ['ticket_assigned', 'info'],
    ['ticket_created', 'info'],
    ['high_priority', 'warning'],
    ['critical_priority', 'error'],
    ['ticket_overdue', 'error'],
  ] as const)('shows a %s alarm as %s', (alarmType, tone) => {
    expect(alarmTone(alarmType)).toBe(tone);
  });
});

describe('alarmDescription', () => {
  it('names the ticket by its code and subject, with its priority', () => {
    expect(
      alarmDescription(
        {
          ticketId: 'TKT-000042',
          subject: 'Withdrawal stuck',
          priority: 'critical',
          customerEmail: 'a@b.co',
        },
        t,
      ),
    ).toBe('TKT-000042: Withdrawal stuck (Critical priority)');
  });

  it('names the priority in the reader’s language', async () => {
    await activateLanguage('es');
    const ticket = { ticketId: 'TKT-000042', subject: 'Retiro', priority: 'high', customerEmail: 'a@b.co' } as const;
    expect(alarmDescription(ticket, t)).toBe('TKT-000042: Retiro (prioridad Alta)');
  });
});
