/**
 * E-mail in, end to end: messages sent to the embedded SMTP listener over real SMTP conversations (nodemailer as the
 * customer's mail server), handed to the inbound use case, and their effect read back through the API; what the help
 * desk sends in return is read from the SES emulator's mailbox.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentSchema, historyEntrySchema, ticketSchema, type Ticket } from '#shared/schemas/ticket.ts';
import {
  bareAddress,
  eventually,
  MAIL_DOMAIN,
  type MailHarness,
  type SmtpMessage,
  sendSmtp,
  startInboundMailTest,
  type InboundMailTest,
} from './support/mail.ts';
import { createTestCategory, type SignedIn, ticketBody, useDedicatedTable } from './tickets-support.ts';

let bed: InboundMailTest;
let mail: MailHarness;
let admin: SignedIn;
let agent: SignedIn;

beforeAll(async () => {
  bed = await startInboundMailTest(await useDedicatedTable('helpdesk-mail-in'));
  ({ mail, admin, agent } = bed);
  // The e-mail tickets' category is the preferred one for mail, among others.
  await createTestCategory();
});
afterAll(() => bed?.stop());

const customer = () => `Customer-${randomUUID().slice(0, 8)}@Example.com`;
const ticketOf = async (id: number) => ticketSchema.parse((await admin.client.get(`/api/tickets/${id}`)).body);
const commentsOf = async (id: number) =>
  commentSchema.array().parse((await admin.client.get(`/api/tickets/${id}/comments`)).body);
const historyOf = async (id: number) =>
  historyEntrySchema.array().parse((await admin.client.get(`/api/tickets/${id}/history`)).body);
const refusals = async (): Promise<Record<string, number>> =>
  Object.fromEntries(
    ((await admin.client.get('/api/mail/inbound-refusals')).body as { reason: string; count: number }[]).map((r) => [
      r.reason,
      r.count,
    ]),
  );

/** A ticket filed through the API, its acknowledgement delivered; returns it and its reply address. */
async function ticketWithReplyAddress(): Promise<{ ticket: Ticket; replyTo: string }> {
  const category = (await createTestCategory()).name;
  const res = await admin.client.post(
    '/api/tickets',
    ticketBody(category, { customerEmail: customer(), assignedToId: agent.user.id }),
  );
  const ticket = ticketSchema.parse(res.body);
  const [ack] = await eventually(async () => {
    const mails = await mail.sentTo(ticket.customerEmail);
    return mails.length > 0 && mails;
  }, 'the acknowledgement');
  return { ticket, replyTo: bareAddress(ack!.replyTo[0]!) };
}

const reply = (ticket: Ticket, replyTo: string, overrides: Partial<SmtpMessage> = {}): SmtpMessage => ({
  // Mail systems do not keep the case of an address; the match must not care either.
  from: ticket.customerEmail.toUpperCase(),
  to: replyTo,
  subject: `Re: [${ticket.ticketId}] ${ticket.subject}`,
  text: 'It is still not there.\n\nOn Monday, CryptoDesk Support <support@helpdesk.test> wrote:\n> We are looking into it.\n',
  ...overrides,
});

describe("a reply from the ticket's customer", () => {
  it('joins the thread as a customer message by e-mail, keeping only the new text, and reopens a resolved ticket', async () => {
    const { ticket, replyTo } = await ticketWithReplyAddress();
    expect((await agent.client.patch(`/api/tickets/${ticket.id}`, { status: 'resolved' })).status).toBe(200);

    const answer = await sendSmtp(mail.smtp, reply(ticket, replyTo));
    expect(answer).toMatch(/^250/);

    const [message] = await commentsOf(ticket.id);
    expect(message).toMatchObject({
      authorType: 'customer',
      channel: 'email',
      userId: null,
      isInternal: false,
      comment: 'It is still not there.',
      author: { email: ticket.customerEmail },
    });
    expect((await ticketOf(ticket.id)).status).toBe('open');
    const entry = (await historyOf(ticket.id)).find((e) => e.action === 'commented');
    expect(entry).toMatchObject({
      actor: { type: 'customer', id: ticket.customerEmail },
      changes: expect.arrayContaining([{ field: 'status', from: 'resolved', to: 'open' }]),
      mail: { direction: 'received', kind: 'reply', address: ticket.customerEmail },
    });
  });

  it('is recorded once when the same message is delivered twice', async () => {
    const { ticket, replyTo } = await ticketWithReplyAddress();
    const messageId = `<${randomUUID()}@example.com>`;
    const message = reply(ticket, replyTo, { headers: { 'Message-ID': messageId }, text: 'Once only, please.' });
    await sendSmtp(mail.smtp, message);
    await sendSmtp(mail.smtp, message);
    expect((await commentsOf(ticket.id)).map((c) => c.comment)).toEqual(['Once only, please.']);
  });
});

describe('inbound mail that changes nothing', () => {
  it.each([
    ['a reply from anyone but the customer', 'foreign_sender', (m: SmtpMessage) => ({ ...m, from: customer() })],
    [
      'a reply to a forged token',
      'bad_token',
      (m: SmtpMessage) => ({ ...m, to: m.to.replace(/\.[a-z2-7]{26}@/, `.${'a'.repeat(26)}@`) }),
    ],
    [
      "a reply to another ticket's address with this ticket's number",
      'bad_token',
      (m: SmtpMessage) => ({ ...m, to: m.to.replace(/^reply\+\d+\./, 'reply+1.') }),
    ],
    [
      'an auto-reply (Auto-Submitted)',
      'auto_reply',
      (m: SmtpMessage) => ({ ...m, headers: { 'Auto-Submitted': 'auto-replied' } }),
    ],
    ['a bulk message (Precedence)', 'auto_reply', (m: SmtpMessage) => ({ ...m, headers: { Precedence: 'bulk' } })],
    [
      'a bounce from a mailer-daemon',
      'auto_reply',
      (m: SmtpMessage) => ({ ...m, from: `MAILER-DAEMON@example.com`, envelopeFrom: '' }),
    ],
  ])('%s: no ticket change, nothing sent back, counted as %s', async (_label, reason, alter) => {
    const { ticket, replyTo } = await ticketWithReplyAddress();
    const before = await ticketOf(ticket.id);
    const counted = (await refusals())[reason] ?? 0;
    const message = alter(reply(ticket, replyTo));
    const sender = bareAddress(message.from).toLowerCase();
    const mailedBefore = (await mail.sentTo(sender)).length;

    expect(await sendSmtp(mail.smtp, message)).toMatch(/^250/);

    await eventually(async () => ((await refusals())[reason] ?? 0) === counted + 1, `the ${reason} counter`);
    expect(await commentsOf(ticket.id)).toEqual([]);
    expect(await ticketOf(ticket.id)).toEqual(before);
    await eventually(() => mail.queues.depth('helpdesk-mail') === 0, 'the mail queue to drain');
    expect(await mail.sentTo(sender)).toHaveLength(mailedBefore);
  });

  it('refuses a message over 40 MB with 552 and counts it', async () => {
    const { ticket, replyTo } = await ticketWithReplyAddress();
    const counted = (await refusals()).too_large ?? 0;
    const huge = 'x'.repeat(76).concat('\n').repeat(550_000);
    await expect(sendSmtp(mail.smtp, reply(ticket, replyTo, { text: huge }))).rejects.toMatchObject({
      responseCode: 552,
    });
    expect((await refusals()).too_large).toBe(counted + 1);
    expect(await commentsOf(ticket.id)).toEqual([]);
  });

  it('refuses mail for an address of the domain that is neither support nor a reply address', async () => {
    const counted = (await refusals()).unknown_recipient ?? 0;
    await sendSmtp(mail.smtp, { from: customer(), to: `sales@${MAIL_DOMAIN}`, subject: 'Prices', text: 'Hello' });
    expect((await refusals()).unknown_recipient).toBe(counted + 1);
  });
});

describe('a new message to support@', () => {
  it("opens an e-mail ticket, assigned round robin, in the writer's language, and acknowledges it", async () => {
    const from = customer();
    const answer = await sendSmtp(mail.smtp, {
      from,
      to: `support@${MAIL_DOMAIN}`,
      subject: 'Retrait bloqué depuis hier',
      text: 'Bonjour, mon retrait de 0,5 BTC est bloqué depuis hier soir.',
      headers: { 'Content-Language': 'fr-FR' },
    });
    expect(answer).toMatch(/^250/);

    const list = await admin.client.get('/api/tickets', { query: { type: 'email', q: from.toLowerCase() } });
    const [ticket] = ticketSchema.array().parse(list.body.tickets);
    expect(ticket).toMatchObject({
      type: 'email',
      customerEmail: from.toLowerCase(),
      customerLanguage: 'fr',
      subject: 'Retrait bloqué depuis hier',
      description: 'Bonjour, mon retrait de 0,5 BTC est bloqué depuis hier soir.',
      category: 'general_enquiry',
      status: 'open',
    });
    expect(ticket!.assignedToId).not.toBeNull();
    const created = (await historyOf(ticket!.id)).find((e) => e.action === 'created');
    expect(created).toMatchObject({
      actor: { type: 'customer', id: from.toLowerCase() },
      mail: { direction: 'received', kind: 'new_ticket', address: from.toLowerCase() },
    });

    const [ack] = await eventually(async () => {
      const mails = await mail.sentTo(from.toLowerCase());
      return mails.length > 0 && mails;
    }, 'the acknowledgement of the e-mail ticket');
    expect(ack!.subject).toBe(`[${ticket!.ticketId}] Retrait bloqué depuis hier`);
    expect(ack!.body.text).toContain(`avons ouvert le ticket ${ticket!.ticketId}`);
  });
});
