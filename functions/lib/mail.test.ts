import { simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { parseMail, visibleReplyText } from './mail-parse.ts';
import { composeMail } from './mail.ts';

const message = {
  from: { name: 'CryptoDesk Support', address: 'support@helpdesk.example' },
  to: 'trader@example.com',
  replyTo: 'reply+42.abcdefghijklmnopqrstuvwxyz@helpdesk.example',
  subject: '[TKT-000042] Retrait bloqué',
  text: 'Bonjour,\n\nVotre ticket est ouvert.',
  html: '<p>Bonjour,</p>',
  language: 'fr',
  messageId: '<9f2c@helpdesk.example>',
  inReplyTo: '<ticket-42@helpdesk.example>',
  references: ['<ticket-42@helpdesk.example>'],
  autoSubmitted: 'auto-replied' as const,
};

describe('composeMail', () => {
  it('writes exactly our threading, reply and auto-reply headers, with a text and an HTML part', async () => {
    const parsed = await simpleParser(await composeMail(message, new Date('2026-11-24T10:00:00.000Z')));
    expect(parsed.messageId).toBe('<9f2c@helpdesk.example>');
    expect(parsed.inReplyTo).toBe('<ticket-42@helpdesk.example>');
    expect(parsed.references).toBe('<ticket-42@helpdesk.example>');
    expect(parsed.replyTo?.value[0]?.address).toBe('reply+42.abcdefghijklmnopqrstuvwxyz@helpdesk.example');
    expect(parsed.from?.value[0]).toEqual({ name: 'CryptoDesk Support', address: 'support@helpdesk.example' });
    expect(parsed.subject).toBe('[TKT-000042] Retrait bloqué');
    expect(parsed.headers.get('auto-submitted')).toBe('auto-replied');
    expect(parsed.headers.get('x-auto-response-suppress')).toBe('All');
    expect(parsed.headers.get('content-language')).toBe('fr');
    expect(parsed.text?.trim()).toBe('Bonjour,\n\nVotre ticket est ouvert.');
    expect(parsed.html).toContain('<p>Bonjour,</p>');
    expect(parsed.headers.has('x-mailer')).toBe(false);
  });

  it("leaves a person's reply without Auto-Submitted, so the customer's autoresponder may answer it", async () => {
    const parsed = await simpleParser(await composeMail({ ...message, autoSubmitted: undefined }));
    expect(parsed.headers.has('auto-submitted')).toBe(false);
  });
});

describe('parseMail', () => {
  it('reads the sender in lower case, the language and the headers that mark machine mail', async () => {
    const raw = Buffer.from(
      [
        'From: "Trader One" <Trader.One@Example.COM>',
        'To: support@helpdesk.example',
        'Subject: Help',
        'Message-ID: <abc@example.com>',
        'Content-Language: de-DE',
        'Auto-Submitted: auto-replied',
        'Precedence: bulk',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Hallo',
      ].join('\r\n'),
    );
    expect(await parseMail(raw)).toEqual({
      from: 'trader.one@example.com',
      subject: 'Help',
      messageId: '<abc@example.com>',
      text: 'Hallo',
      contentLanguage: 'de-DE',
      autoHeaders: { 'auto-submitted': 'auto-replied', precedence: 'bulk' },
      files: [],
    });
  });

  it('hands over every file, inline images included, decoded, with its name and declared type as sent (in MIME order)', async () => {
    const shot = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const raw = await new MailComposer({
      from: 'trader@example.com',
      to: 'support@helpdesk.example',
      subject: 'Screenshots',
      text: 'See attached.',
      html: '<p>See <img src="cid:shot@x"></p>',
      attachments: [
        { filename: 'statement.pdf', content: Buffer.from('%PDF-1.4 x'), contentType: 'application/pdf' },
        { content: shot, contentType: 'image/png', cid: 'shot@x' },
      ],
    })
      .compile()
      .build();
    const { files, text } = await parseMail(raw);
    expect(text.trim()).toBe('See attached.');
    expect(files).toHaveLength(2);
    expect(files).toEqual(
      expect.arrayContaining([
        { filename: 'statement.pdf', contentType: 'application/pdf', bytes: Buffer.from('%PDF-1.4 x') },
        expect.objectContaining({ contentType: 'image/png', bytes: shot }),
      ]),
    );
  });

  it('reads the text of an HTML-only message', async () => {
    const raw = Buffer.from(
      'From: a@b.example\r\nTo: support@helpdesk.example\r\nSubject: x\r\nContent-Type: text/html\r\n\r\n<p>Deposit <b>missing</b></p>',
    );
    expect((await parseMail(raw)).text.trim()).toBe('Deposit missing');
  });
});

describe('visibleReplyText', () => {
  it('keeps what the customer wrote and drops the quoted message', () => {
    const text =
      'Thanks, it arrived.\n\nOn Tue, 4 Mar 2025 at 10:00, CryptoDesk Support <support@x.example> wrote:\n> Hello\n';
    expect(visibleReplyText(text)).toBe('Thanks, it arrived.');
  });
});
