import { describe, expect, it } from 'vitest';
import { ALERT_TYPES, isTicketAlert, LANGUAGES, PRODUCT_NAME } from '#shared/constants.ts';
import type { TicketAlarmMessage } from '#shared/schemas/alarm.ts';
import { catalogFor, CATALOGS } from './index.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { filePageHtml } from './file-page.ts';
import { ratingPageHtml } from './rating-page.ts';
import { acknowledgementMail, attachmentRefusedMail, notificationMail, replyMail, resolutionMail } from './render.ts';

/** E-mail notifications are about tickets; the other alarms reach the browser alone. */
const TICKET_ALERT_TYPES: TicketAlarmMessage['alarmType'][] = ALERT_TYPES.filter(isTicketAlert);

const ticket = { code: 'TKT-000042', subject: 'Withdrawal <stuck> & "pending"' };
const rating = { url: 'https://desk.example/r/42.abc.0123456789abcdef.sig', validDays: 30 };

describe.each(LANGUAGES)('the %s e-mails', (language) => {
  const catalog = CATALOGS[language];

  it('name the ticket in the subject and body, and say how to answer', () => {
    const mail = acknowledgementMail(catalog, ticket);
    expect(mail.subject).toBe('[TKT-000042] Withdrawal <stuck> & "pending"');
    expect(mail.text).toContain('TKT-000042');
    expect(mail.text).toContain(catalog.replyHint);
    expect(mail.text).toContain(PRODUCT_NAME);
    expect(mail.language).toBe(language);
    expect(mail.html).toContain(`<html lang="${language}">`);
  });

  it('name each file over the limit and the limit in the answer about them, escaped in HTML', () => {
    const mail = attachmentRefusedMail(catalog, ticket, { filenames: ['scan <1>.pdf', 'video.mov'], maxMb: 25 });
    expect(mail.subject).toBe(`[TKT-000042] ${catalog.attachmentRefused.subjectTag}: ${ticket.subject}`);
    expect(mail.text).toContain('• scan <1>.pdf\n• video.mov');
    expect(mail.text).toContain('25');
    expect(mail.text).toContain(catalog.attachmentRefused.tooLarge(2, 25));
    expect(mail.text).toContain(catalog.replyHint);
    expect(mail.html).toContain('<li>scan &lt;1&gt;.pdf</li>');
    expect(mail.language).toBe(language);
  });

  it("list a reply's files: those carried by name and size, the others with their download links", () => {
    const files = {
      validDays: 7,
      list: [
        { filename: 'a<b>.pdf', size: 2 * 1024 * 1024 },
        { filename: 'big.pdf', size: 12 * 1024 * 1024, url: 'https://desk.example/f/42.x.y.z?a=1&b=2' },
      ],
    };
    const mail = replyMail(catalog, ticket, { content: 'Here.', authorFirstName: 'Ada' }, files);
    expect(mail.text).toContain(catalog.files.attached);
    expect(mail.text).toContain(catalog.files.links(7));
    expect(mail.text).toContain('a<b>.pdf');
    expect(mail.text).toContain('https://desk.example/f/42.x.y.z?a=1&b=2');
    expect(mail.html).toContain('a&lt;b&gt;.pdf');
    expect(mail.html).toContain('href="https://desk.example/f/42.x.y.z?a=1&amp;b=2"');
    expect(mail.html).not.toContain('<b>.pdf');
    const page = filePageHtml(catalog, 'expired');
    expect(page).toContain(`<html lang="${language}">`);
    expect(page).toContain(escapeHtml(catalog.files.page.expired));
  });

  it('escape what the ticket says in HTML, and keep it as written in text', () => {
    const mail = replyMail(catalog, ticket, { content: 'Use <b>2FA</b> & retry', authorFirstName: 'Ada' });
    expect(mail.text).toContain('Use <b>2FA</b> & retry\n\nAda');
    expect(mail.html).toContain('Use &lt;b&gt;2FA&lt;/b&gt; &amp; retry');
    expect(mail.html).not.toContain('<stuck>');
    expect(mail.subject).toBe(`Re: [TKT-000042] ${ticket.subject}`);
  });

  it('say what was redacted in the reader’s language, in the subject and the reply, also for an old English marker', () => {
    const redacted = { code: 'TKT-000042', subject: 'Card [redacted:cardNumber] charged twice' };
    const mail = replyMail(catalog, redacted, {
      content: 'We removed [redacted:seedPhrase] and, before, [redacted private key].',
      authorFirstName: 'Ada',
    });
    expect(mail.subject).toBe(`Re: [TKT-000042] Card ${catalog.redacted.cardNumber} charged twice`);
    expect(mail.text).toContain(
      `We removed ${catalog.redacted.seedPhrase} and, before, ${catalog.redacted.privateKey}.`,
    );
    expect(mail.text).not.toContain('[redacted:');
    expect(resolutionMail(catalog, redacted, rating).text).toContain(catalog.redacted.cardNumber);
    expect(ratingPageHtml(catalog, { kind: 'form', ticket: redacted })).toContain(catalog.redacted.cardNumber);
  });

  it('carry the rating link, and one link per score in HTML', () => {
    const mail = resolutionMail(catalog, ticket, rating);
    expect(mail.subject).toBe(`[TKT-000042] ${catalog.resolution.subjectTag}: ${ticket.subject}`);
    expect(mail.text).toContain(rating.url);
    for (const score of [1, 2, 3, 4, 5]) expect(mail.html).toContain(`${rating.url}?score=${score}`);
    expect(mail.text).toContain(catalog.resolution.linkTerms(30));
  });

  it.each(TICKET_ALERT_TYPES)('title a staff notification of %s and link to the ticket', (alarmType) => {
    const mail = notificationMail(catalog, {
      ...ticket,
      alarmType,
      priority: 'high',
      status: 'in_progress',
      customerEmail: 'trader@example.com',
      ticketUrl: 'https://desk.example/agent/tickets/TKT-000042',
    });
    expect(mail.subject).toBe(`[TKT-000042] ${catalog.notification.titles[alarmType]}: ${ticket.subject}`);
    expect(mail.text).toContain('https://desk.example/agent/tickets/TKT-000042');
    expect(mail.text).toContain(catalog.priorities.high);
    expect(mail.text).toContain(catalog.statuses.in_progress);
  });

  it('render the rating page with five labelled choices and no script', () => {
    const page = ratingPageHtml(catalog, { kind: 'form', ticket, score: 2 });
    expect(page.match(/<label class="choice"><input type="radio" name="score" value="\d"/g)).toHaveLength(5);
    expect(page).toContain('value="2" checked');
    expect(page).toContain('<legend>');
    expect(page).toContain('<label class="field" for="comment">');
    expect(page).not.toContain('<script');
    expect(page).not.toContain('<stuck>');
  });
});

describe('catalogFor', () => {
  it('reads any language outside the six as English', () => {
    expect(catalogFor('pt')).toBe(CATALOGS.en);
    expect(catalogFor(undefined)).toBe(CATALOGS.en);
    expect(catalogFor('ja')).toBe(CATALOGS.ja);
  });

  it('gives every language its own words, not a copy of English', () => {
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      expect(CATALOGS[language].acknowledgement.next).not.toBe(CATALOGS.en.acknowledgement.next);
      expect(CATALOGS[language].ratingPage.heading).not.toBe(CATALOGS.en.ratingPage.heading);
    }
  });
});

describe('the rating page', () => {
  it('announces an error next to its field and keeps what was typed', () => {
    const page = ratingPageHtml(CATALOGS.en, {
      kind: 'form',
      ticket,
      comment: '<script>alert(1)</script>',
      error: 'scoreRequired',
    });
    expect(page).toContain('<p id="score-error" class="error" role="alert">Please choose a rating from 1 to 5.</p>');
    expect(page).toContain('<fieldset aria-describedby="score-error">');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;</textarea>');
  });
});
