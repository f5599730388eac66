import { describe, expect, it } from 'vitest';
import { activateLanguage, t } from '../../i18n/i18n.ts';
import { alarmDescription, alarmTitle, alarmTone } from './alarm-texts.ts';

describe('alarmTitle', () => {
  it.each([
    ['ticket_assigned', 'New Ticket Assigned'],
    ['ticket_created', 'New Ticket Created'],
    ['high_priority', 'High Priority Alert'],
    ['critical_priority', 'Critical Priority Alert'],
    ['webhook_disabled', 'Webhook Disabled'],
    ['ticket_overdue', 'Ticket Notification'],
    ['ticket_status_changed', 'Ticket Status Changed'],
    ['customer_reply', 'Customer Replied'],
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
          alarmType: 'critical_priority',
          data: { ticketId: 'TKT-000042', subject: 'Withdrawal stuck', priority: 'critical', customerEmail: 'a@b.co' },
        },
        t,
      ),
    ).toBe('TKT-000042: Withdrawal stuck (Critical priority)');
  });

  it('names the disabled webhook by its URL and says where to look', () => {
    expect(
      alarmDescription(
        { alarmType: 'webhook_disabled', data: { webhookId: 'w1', url: 'https://hooks.example.com/helpdesk' } },
        t,
      ),
    ).toBe('Events to https://hooks.example.com/helpdesk stopped after a day of failed deliveries. See Integrations.');
  });

  it('names the priority in the reader’s language', async () => {
    await activateLanguage('es');
    const alarm = {
      alarmType: 'high_priority',
      data: { ticketId: 'TKT-000042', subject: 'Retiro', priority: 'high', customerEmail: 'a@b.co' },
    } as const;
    expect(alarmDescription(alarm, t)).toBe('TKT-000042: Retiro (prioridad Alta)');
  });
});
