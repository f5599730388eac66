/**
 * Files of a customer's e-mail, end to end (docs/decisions/094-attachments.md): messages with files sent to the
 * embedded SMTP listener over real SMTP conversations, the kept files stored in the S3 emulator and served back by the
 * download route byte for byte, the refused ones listed on the message with their reason, and the one polite answer
 * about a file over the limit read from the SES emulator's mailbox.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment } from '#shared/schemas/attachment.ts';
import { commentSchema, ticketSchema, type Ticket } from '#shared/schemas/ticket.ts';
import { exe, html, pdf, png, zip } from '../files.ts';
import { ApiClient } from './support/api.ts';
import {
  bareAddress,
  eventually,
  type InboundMailTest,
  MAIL_DOMAIN,
  type MailHarness,
  mailSettled,
  type SmtpMessage,
  sendSmtp,
  startInboundMailTest,
} from './support/mail.ts';
import { startTestStorage, type TestStorage } from './support/storage.ts';
import {
  createTestApiKey,
  createTestCategory,
  type SignedIn,
  ticketBody,
  useDedicatedTable,
} from './tickets-support.ts';

let storage: TestStorage;
let bed: InboundMailTest;
let mail: MailHarness;
let admin: SignedIn;
let agent: SignedIn;

beforeAll(async () => {
  // The bucket first: the harness's gateway and the inbound use case read its configuration.
  storage = await startTestStorage();
  bed = await startInboundMailTest(await useDedicatedTable('helpdesk-mail-files'));
  ({ mail, admin, agent } = bed);
}, 60_000);
afterAll(async () => {
  await bed?.stop();
  await storage?.stop();
});

const MB = 1024 * 1024;
const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const customer = () => `files-${randomUUID().slice(0, 8)}@example.com`;
const commentsOf = async (id: number) =>
  commentSchema.array().parse((await admin.client.get(`/api/tickets/${id}/comments`)).body);
const ticketOf = async (id: number) => ticketSchema.parse((await admin.client.get(`/api/tickets/${id}`)).body);

/** A ticket filed through the API in `language`, its acknowledgement delivered; returns it and its reply address. */
async function ticketWithReplyAddress(language = 'en'): Promise<{ ticket: Ticket; replyTo: string }> {
  const category = (await createTestCategory()).name;
  const res = await admin.client.post(
    '/api/tickets',
    ticketBody(category, { customerEmail: customer(), assignedToId: agent.user.id, customerLanguage: language }),
  );
  const ticket = ticketSchema.parse(res.body);
  const [ack] = await eventually(async () => {
    const mails = await mail.sentTo(ticket.customerEmail);
    return mails.length > 0 && mails;
  }, 'the acknowledgement');
  return { ticket, replyTo: bareAddress(ack!.replyTo[0]!) };
}

const reply = (ticket: Ticket, replyTo: string, overrides: Partial<SmtpMessage> = {}): SmtpMessage => ({
  from: ticket.customerEmail,
  to: replyTo,
  subject: `Re: [${ticket.ticketId}] ${ticket.subject}`,
  text: 'Here are the files.',
  ...overrides,
});

/** Follows a download's redirect as the browser does; returns the status and the bytes served. */
async function download(ticketId: number, attachmentId: string) {
  const redirect = await admin.client.get(`/api/tickets/${ticketId}/attachments/${attachmentId}`);
  if (redirect.status !== 302) return { status: redirect.status, bytes: undefined };
  const file = await fetch(redirect.headers.get('location')!);
  return { status: redirect.status, bytes: Buffer.from(await file.arrayBuffer()) };
}

/** The objects the bucket holds under a ticket. */
async function storedUnder(ticketId: number): Promise<string[]> {
  const listing = await fetch(`${storage.server.url}/helpdesk-attachments-test?prefix=tickets/${ticketId}/`);
  return [...(await listing.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]!);
}

const byName = (files: Attachment[], filename: string) => files.find((file) => file.filename === filename);

describe("files of a reply from the ticket's customer", () => {
  it('keeps a PNG and a PDF byte for byte, with their sniffed types, uploaded by the customer', async () => {
    const { ticket, replyTo } = await ticketWithReplyAddress();
    const shot = png(16, 16, 9);
    const statement = pdf(3 * MB);
    const answer = await sendSmtp(
      mail.smtp,
      reply(ticket, replyTo, {
        attachments: [
          { filename: 'shot.png', content: shot, contentType: 'image/png' },
          { filename: 'statement.pdf', content: statement, contentType: 'application/octet-stream' },
        ],
      }),
    );
    expect(answer).toMatch(/^250/);

    const [message] = await commentsOf(ticket.id);
    expect(message!.comment).toBe('Here are the files.');
    expect(message!.attachments).toHaveLength(2);
    const image = byName(message!.attachments, 'shot.png')!;
    const document = byName(message!.attachments, 'statement.pdf')!;
    expect(image).toMatchObject({
      contentType: 'image/png',
      size: shot.length,
      sha256: sha256(shot),
      state: 'available',
      scanStatus: 'not_scanned',
      refusedReason: null,
    });
    expect(document).toMatchObject({ contentType: 'application/pdf', size: statement.length, state: 'available' });

    const served = await Promise.all([download(ticket.id, image.id), download(ticket.id, document.id)]);
    expect(served.map((s) => s.status)).toEqual([302, 302]);
    expect(sha256(served[0]!.bytes!)).toBe(sha256(shot));
    expect(sha256(served[1]!.bytes!)).toBe(sha256(statement));
  });

  it('keeps an inline image of an HTML reply', async () => {
    const { ticket, replyTo } = await ticketWithReplyAddress();
    const shot = png(4, 4, 1);
    await sendSmtp(
      mail.smtp,
      reply(ticket, replyTo, {
        html: '<p>Here are the files.</p><img src="cid:shot@example.com">',
        attachments: [{ content: shot, contentType: 'image/png', cid: 'shot@example.com' }],
      }),
    );
    const [message] = await commentsOf(ticket.id);
    expect(message!.attachments).toEqual([
      expect.objectContaining({ contentType: 'image/png', sha256: sha256(shot), state: 'available' }),
    ]);
  });

  it('lists an executable, an HTML page and a ZIP named as a PNG as refused with their reasons, storing none of them', async () => {
    const { ticket, replyTo } = await ticketWithReplyAddress();
    await sendSmtp(
      mail.smtp,
      reply(ticket, replyTo, {
        attachments: [
          { filename: 'setup.exe', content: exe(), contentType: 'application/octet-stream' },
          { filename: 'invoice.html', content: html(), contentType: 'text/html' },
          { filename: 'photo.png', content: zip(), contentType: 'image/png' },
          { filename: 'ok.png', content: png(), contentType: 'image/png' },
        ],
      }),
    );
    const [message] = await commentsOf(ticket.id);
    expect(message!.attachments.map((file) => [file.filename, file.state, file.refusedReason])).toEqual([
      ['setup.exe', 'refused', 'type_not_allowed'],
      ['invoice.html', 'refused', 'type_not_allowed'],
      ['photo.png', 'refused', 'type_not_allowed'],
      ['ok.png', 'available', null],
    ]);
    for (const refused of message!.attachments.slice(0, 3)) {
      expect(refused.sha256).toBeNull();
      expect((await download(ticket.id, refused.id)).status).toBe(404);
    }
    expect(await storedUnder(ticket.id)).toEqual([`tickets/${ticket.id}/${message!.attachments[3]!.id}`]);
    // No polite answer: only a file over the size limit gets one.
    await mailSettled(mail);
    expect(await mail.sentTo(ticket.customerEmail)).toHaveLength(1);
  });

  it('stores the files of an e-mail delivered twice once', async () => {
    const { ticket, replyTo } = await ticketWithReplyAddress();
    const message = reply(ticket, replyTo, {
      headers: { 'Message-ID': `<${randomUUID()}@example.com>` },
      attachments: [{ filename: 'shot.png', content: png(6, 6, 4), contentType: 'image/png' }],
    });
    await sendSmtp(mail.smtp, message);
    await sendSmtp(mail.smtp, message);
    const messages = await commentsOf(ticket.id);
    expect(messages).toHaveLength(1);
    expect(await storedUnder(ticket.id)).toEqual([`tickets/${ticket.id}/${messages[0]!.attachments[0]!.id}`]);
  });

  it("joins the thread under the files' names when the reply has no words", async () => {
    const { ticket, replyTo } = await ticketWithReplyAddress();
    await sendSmtp(
      mail.smtp,
      reply(ticket, replyTo, {
        text: '',
        attachments: [{ filename: 'withdrawal.png', content: png(3, 3, 2), contentType: 'image/png' }],
      }),
    );
    const [message] = await commentsOf(ticket.id);
    expect(message).toMatchObject({ comment: 'withdrawal.png', attachments: [{ filename: 'withdrawal.png' }] });
  });

  it('shows the files to upstream systems on the public thread', async () => {
    const { ticket, replyTo } = await ticketWithReplyAddress();
    await sendSmtp(
      mail.smtp,
      reply(ticket, replyTo, { attachments: [{ filename: 'a.png', content: png(), contentType: 'image/png' }] }),
    );
    const reader = ApiClient.withApiKey(mail.gateway.url, (await createTestApiKey(['tickets:read'])).secret);
    const page = (await reader.get(`/api/tickets/${ticket.id}/messages`)).body as {
      messages: { attachments: Attachment[] }[];
    };
    expect(page.messages[0]!.attachments).toEqual([
      expect.objectContaining({ filename: 'a.png', contentType: 'image/png', state: 'available' }),
    ]);
  });
});

describe('a file over 25 MB', () => {
  it("in a reply: the text joins the thread, the file is refused, and the customer gets one answer in the ticket's language", async () => {
    const { ticket, replyTo } = await ticketWithReplyAddress('de');
    const big = pdf(26 * MB, 'big');
    const answer = await sendSmtp(
      mail.smtp,
      reply(ticket, replyTo, {
        text: 'Anbei der Kontoauszug.',
        attachments: [{ filename: 'kontoauszug.pdf', content: big, contentType: 'application/pdf' }],
      }),
    );
    expect(answer).toMatch(/^250/);
    const [message] = await commentsOf(ticket.id);
    expect(message!.comment).toBe('Anbei der Kontoauszug.');
    expect(message!.attachments).toEqual([
      expect.objectContaining({
        filename: 'kontoauszug.pdf',
        state: 'refused',
        refusedReason: 'too_large',
        size: big.length,
      }),
    ]);
    expect(await storedUnder(ticket.id)).toEqual([]);

    const answers = await eventually(async () => {
      const mails = (await mail.sentTo(ticket.customerEmail)).filter((m) => m.body.text?.includes('kontoauszug.pdf'));
      return mails.length > 0 && mails;
    }, 'the answer about the file');
    await mailSettled(mail);
    expect((await mail.sentTo(ticket.customerEmail)).filter((m) => m.body.text?.includes('kontoauszug.pdf'))).toEqual(
      answers,
    );
    expect(answers).toHaveLength(1);
    expect(answers[0]!.subject).toContain(ticket.ticketId);
    expect(answers[0]!.body.text).toContain('25 MB');
    expect(answers[0]!.body.text).toContain('Datei');
  }, 60_000);

  it('in a new e-mail: the ticket lists the file as refused, and nothing but the acknowledgement is sent', async () => {
    const from = customer();
    const shot = png(5, 5, 5);
    await sendSmtp(mail.smtp, {
      from,
      to: `support@${MAIL_DOMAIN}`,
      subject: 'Withdrawal stuck since yesterday',
      text: 'My withdrawal of 0.5 BTC is stuck; the statement and a screenshot are attached.',
      attachments: [
        { filename: 'statement.pdf', content: pdf(26 * MB, 'new'), contentType: 'application/pdf' },
        { filename: 'shot.png', content: shot, contentType: 'image/png' },
      ],
    });
    const list = await admin.client.get('/api/tickets', { query: { type: 'email', q: from } });
    const [listed] = ticketSchema.array().parse(list.body.tickets);
    const ticket = await ticketOf(listed!.id);
    expect(ticket.attachments?.map((file) => [file.filename, file.state, file.refusedReason])).toEqual([
      ['statement.pdf', 'refused', 'too_large'],
      ['shot.png', 'available', null],
    ]);
    const kept = ticket.attachments![1]!;
    expect(sha256((await download(ticket.id, kept.id)).bytes!)).toBe(sha256(shot));

    await eventually(async () => (await mail.sentTo(from)).length > 0, 'the acknowledgement');
    await mailSettled(mail);
    const sent = await mail.sentTo(from);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.text).not.toContain('statement.pdf');

    // The ticket shows each file's state now: one an admin removed reads as removed.
    const removal = await admin.client.request('DELETE', `/api/tickets/${ticket.id}/attachments/${kept.id}`, {
      reason: 'A photo of a whole card',
    });
    expect(removal.status).toBe(200);
    expect((await ticketOf(ticket.id)).attachments![1]).toMatchObject({ id: kept.id, state: 'removed', sha256: null });
  }, 60_000);
});
