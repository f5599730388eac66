import { describe, expect, it } from 'vitest';
import { TICKET_LIMITS } from '#shared/constants.ts';
import { createTicketSchema } from '#shared/schemas/ticket.ts';
import { customerLanguageOf, destinationOf, fitText, isAutomated, ticketFieldsOfMail } from './inbound-mail.ts';

/** The English wording of the subject an e-mail without one gets (the mail catalogs word it per language). */
const mailFrom = (sender: string) => `E-mail from ${sender}`;

const DOMAIN = 'helpdesk.example';

describe('destinationOf', () => {
  it.each([
    [['reply+42.abc@helpdesk.example'], { kind: 'reply', token: '42.abc' }],
    [['REPLY+42.ABC@HelpDesk.Example'], { kind: 'reply', token: '42.abc' }],
    [['support@helpdesk.example'], { kind: 'support' }],
    [['support@helpdesk.example', 'reply+7.x@helpdesk.example'], { kind: 'reply', token: '7.x' }],
    [['support@elsewhere.example'], undefined],
    [['reply+@helpdesk.example'], undefined],
    [['sales@helpdesk.example'], undefined],
    [[], undefined],
  ])('reads %j as %j', (recipients, expected) => {
    expect(destinationOf(recipients, DOMAIN)).toEqual(expected);
  });
});

describe('isAutomated', () => {
  const person = { from: 'trader@example.com', autoHeaders: {} };

  it.each([
    ['Auto-Submitted: auto-replied', { 'auto-submitted': 'auto-replied' }],
    ['Auto-Submitted: auto-generated with parameters', { 'auto-submitted': 'Auto-Generated; owner-email="x@y"' }],
    ['Precedence: bulk', { precedence: 'bulk' }],
    ['Precedence: junk', { precedence: 'Junk' }],
    ['Precedence: list', { precedence: 'list' }],
    ['X-Autoreply', { 'x-autoreply': 'yes' }],
    ['X-Autorespond', { 'x-autorespond': '' }],
  ])('says yes for %s', (_label, autoHeaders) => {
    expect(isAutomated({ ...person, autoHeaders })).toBe(true);
  });

  it('says yes for mail systems and the null sender', () => {
    expect(isAutomated({ from: 'MAILER-DAEMON@mx.example.com', autoHeaders: {} })).toBe(true);
    expect(isAutomated({ from: 'postmaster@example.com', autoHeaders: {} })).toBe(true);
    expect(isAutomated(person, '')).toBe(true);
  });

  it('says no for a person, including one whose mail says Auto-Submitted: no', () => {
    expect(isAutomated(person, 'trader@example.com')).toBe(false);
    expect(isAutomated({ ...person, autoHeaders: { 'auto-submitted': 'No' } })).toBe(false);
    expect(isAutomated({ ...person, autoHeaders: { precedence: 'first-class' } })).toBe(false);
    expect(isAutomated({ autoHeaders: {} })).toBe(false);
  });
});

describe('customerLanguageOf', () => {
  it.each([
    ['de-DE', 'de'],
    ['ja', 'ja'],
    ['zh-Hans-CN, en', 'zh'],
    ['FR', 'fr'],
    ['pt-BR', 'en'],
    [undefined, 'en'],
    ['', 'en'],
  ])('reads %s as %s', (header, language) => {
    expect(customerLanguageOf(header)).toBe(language);
  });
});

describe('ticketFieldsOfMail', () => {
  it('keeps a good subject and body as they are', () => {
    expect(
      ticketFieldsOfMail(
        { from: 'a@b.c', subject: '  Deposit  missing ', text: 'My EUR deposit is missing.\n' },
        mailFrom,
      ),
    ).toEqual({ subject: 'Deposit missing', description: 'My EUR deposit is missing.' });
  });

  it('names the sender when the subject is too short and puts the subject before a short body', () => {
    expect(ticketFieldsOfMail({ from: 'ann@example.com', subject: 'Card declined', text: 'Help' }, mailFrom)).toEqual({
      subject: 'Card declined',
      description: 'Card declined\n\nHelp',
    });
    expect(ticketFieldsOfMail({ from: 'ann@example.com', subject: 'Hi', text: 'Help' }, mailFrom)).toEqual({
      subject: 'E-mail from ann@example.com',
      description: 'E-mail from ann@example.com\n\nHi\n\nHelp',
    });
    expect(ticketFieldsOfMail({ from: 'ann@example.com', subject: '', text: '' }, mailFrom)).toEqual({
      subject: 'E-mail from ann@example.com',
      description: 'E-mail from ann@example.com',
    });
  });

  it('cuts what is too long, marking the cut', () => {
    const fields = ticketFieldsOfMail({ from: 'a@b.c', subject: 's'.repeat(500), text: 't'.repeat(20_000) }, mailFrom);
    expect(fields.subject).toHaveLength(TICKET_LIMITS.subjectMax);
    expect(fields.subject.endsWith('…')).toBe(true);
    expect(fields.description).toHaveLength(TICKET_LIMITS.descriptionMax);
  });

  it('always passes the input rules: control characters dropped, invisible text not counted as a subject', () => {
    const fields = ticketFieldsOfMail(
      {
        from: 'ann@example.com',
        subject: '\u200b\u200b\u200b\u200b\u200b\u200b',
        text: 'Line one\r\nLine\u0000 two\u001b[31m with an escape\ttab',
      },
      mailFrom,
    );
    expect(fields.subject).toBe('E-mail from ann@example.com');
    expect(fields.description).toBe('Line one\nLine two[31m with an escape\ttab');
    expect(createTicketSchema.shape.description.safeParse(fields.description).success).toBe(true);
  });

  it('fitText says whether it cut', () => {
    expect(fitText(' short ', 10)).toEqual({ text: 'short', truncated: false });
    expect(fitText('abcdefghijkl', 10)).toEqual({ text: 'abcdefghi…', truncated: true });
  });
});
