/**
 * The limits on mail from one address (docs/decisions/082), end to end: floods sent to the embedded SMTP listener over
 * real SMTP conversations, their effect read back through the API, and what the help desk sent in return read from
 * the SES emulator's mailbox.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldMailListSchema, type HeldMail } from '#shared/schemas/mail.ts';
import { ticketSchema, type Ticket } from '#shared/schemas/ticket.ts';
import { settleWithConcurrency } from '#functions/lib/concurrency.ts';
import {
  eventually,
  MAIL_DOMAIN,
  type MailHarness,
  type SmtpMessage,
  sendSmtp,
  startInboundMailTest,
  type InboundMailTest,
} from './support/mail.ts';
import { type SignedIn, useDedicatedTable } from './tickets-support.ts';

const DEFAULT_CAP = 5;
const ACKNOWLEDGEMENT_CAP = 3;
/** SMTP conversations at once: a busy mail server's share, and what two shared cores take without timeouts. */
const SMTP_CONCURRENCY = 10;

let bed: InboundMailTest;
let mail: MailHarness;
let admin: SignedIn;
let agent: SignedIn;

beforeAll(async () => {
  bed = await startInboundMailTest(await useDedicatedTable('helpdesk-mail-limit'));
  ({ mail, admin, agent } = bed);
});
afterAll(() => bed?.stop());

const customer = () => `sender-${randomUUID().slice(0, 8)}@example.com`;

const newMessage = (from: string, n: number, overrides: Partial<SmtpMessage> = {}): SmtpMessage => ({
  from,
  to: `support@${MAIL_DOMAIN}`,
  subject: `Withdrawal problem number ${n}`,
  text: `Message ${n}: my withdrawal has been pending since yesterday evening.`,
  ...overrides,
});

/** Sends every message, at most SMTP_CONCURRENCY at once; each must be taken (250). */
async function sendAll(messages: readonly SmtpMessage[]): Promise<void> {
  const answers = await settleWithConcurrency(messages, SMTP_CONCURRENCY, (message) => sendSmtp(mail.smtp, message));
  const failed = answers.filter((answer) => answer.status === 'rejected' || !/^250/.test(answer.value));
  expect(failed).toEqual([]);
}

/**
 * The limits count per clock hour: a flood that straddled the hour would be counted in two windows. Close to the end
 * of an hour, the test waits for the next one first.
 */
async function withinOneHour(): Promise<void> {
  const left = 3_600_000 - (Date.now() % 3_600_000);
  if (left < 60_000) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}

async function ticketsOf(email: string): Promise<Ticket[]> {
  const res = await admin.client.get('/api/tickets', { query: { customerEmail: email, limit: 100 } });
  expect(res.status).toBe(200);
  return ticketSchema.array().parse(res.body.tickets);
}

/** Every held message, page by page (the sealed cursors of the list). */
async function heldMail(): Promise<HeldMail[]> {
  const all: HeldMail[] = [];
  let cursor: string | null = null;
  do {
    const res = await admin.client.get('/api/mail/held', { query: { cursor: cursor ?? undefined } });
    expect(res.status).toBe(200);
    const page = heldMailListSchema.parse(res.body);
    all.push(...page.mails);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

const heldFrom = async (email: string) => (await heldMail()).filter((held) => held.from === email);

const refusedOverLimit = async (): Promise<number> =>
  ((await admin.client.get('/api/mail/inbound-refusals')).body as { reason: string; count: number }[]).find(
    (refusal) => refusal.reason === 'sender_limit',
  )?.count ?? 0;

const queueEmpty = () => mail.queues.depth('helpdesk-mail') === 0;

/**
 * The acknowledgements an address received, once at least `atLeast` arrived and everything planned since was sent:
 * the mail queue empty, then, after the stream poller's (50 ms) and the sender's turns, empty still.
 */
async function acknowledgementsTo(address: string, atLeast: number) {
  await eventually(async () => (await mail.sentTo(address)).length >= atLeast, `acknowledgements to ${address}`);
  await eventually(queueEmpty, 'the mail queue to drain');
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await eventually(queueEmpty, 'the mail queue to drain again');
  // Nothing but acknowledgements goes to these customers: no staff member writes to them.
  return mail.sentTo(address);
}

describe('new tickets by e-mail from one sender', () => {
  const flooder = customer();
  const bystander = customer();

  it(`opens at most ${DEFAULT_CAP} tickets an hour, acknowledges at most ${ACKNOWLEDGEMENT_CAP}, and holds the rest for admins; another sender is unaffected`, async () => {
    await withinOneHour();
    const counted = await refusedOverLimit();
    const flood = Array.from({ length: 200 }, (_, n) => newMessage(flooder, n));
    // The bystander writes in the middle of the flood.
    flood.splice(100, 0, newMessage(bystander, 1), newMessage(bystander, 2));
    await sendAll(flood);

    const opened = await ticketsOf(flooder);
    expect(opened).toHaveLength(DEFAULT_CAP);
    expect(opened.every((ticket) => ticket.type === 'email')).toBe(true);
    expect(await ticketsOf(bystander)).toHaveLength(2);

    const held = await heldFrom(flooder);
    expect(held).toHaveLength(200 - DEFAULT_CAP);
    expect(held[0]).toMatchObject({ from: flooder, reason: 'sender_limit' });
    // Every message is either a ticket or held, and none is both.
    const subjects = new Set([...opened, ...held].map((each) => each.subject));
    expect(subjects.size).toBe(200);
    expect(await refusedOverLimit()).toBe(counted + 200 - DEFAULT_CAP);

    expect(await acknowledgementsTo(flooder, ACKNOWLEDGEMENT_CAP)).toHaveLength(ACKNOWLEDGEMENT_CAP);
    expect(await acknowledgementsTo(bystander, 2)).toHaveLength(2);
  }, 90_000);

  it('holds a message delivered again over the limit once', async () => {
    const message = newMessage(flooder, 1_000, { headers: { 'Message-ID': `<${randomUUID()}@example.com>` } });
    const before = (await heldFrom(flooder)).length;
    await sendAll([message, message]);
    expect(await heldFrom(flooder)).toHaveLength(before + 1);
  });

  it('never limits a reply from the ticket’s customer to their ticket', async () => {
    const [ack] = await mail.sentTo(flooder);
    const replyTo = /<([^>]+)>/.exec(ack!.replyTo[0]!)?.[1] ?? ack!.replyTo[0]!;
    const replies = Array.from({ length: 3 }, (_, n) => ({
      from: flooder,
      to: replyTo,
      subject: `Re: ${ack!.subject}`,
      text: `Follow-up ${n}: still pending.`,
    }));
    await sendAll(replies);
    const threads = await Promise.all(
      (await ticketsOf(flooder)).map(async (each) => ({
        id: each.id,
        comments: (await admin.client.get(`/api/tickets/${each.id}/comments`)).body as unknown[],
      })),
    );
    // The acknowledgement answered one of the flooder's tickets; its replies all joined that one.
    expect(threads.filter((thread) => thread.comments.length === 3)).toHaveLength(1);
  });

  it('opens the ticket of a released message once, however often and however simultaneously it is released', async () => {
    const [message] = await heldFrom(flooder);
    const before = await ticketsOf(flooder);

    const [first, second] = await Promise.all([
      admin.client.post(`/api/mail/held/${message!.id}/release`),
      admin.client.post(`/api/mail/held/${message!.id}/release`),
    ]);
    expect([first!.status, second!.status].sort()).toEqual([201, 404]);
    const released = (first!.status === 201 ? first : second)!.body as { ticketId: number; ticketCode: string };
    expect((await admin.client.post(`/api/mail/held/${message!.id}/release`)).status).toBe(404);

    const after = await ticketsOf(flooder);
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((ticket) => ticket.id === released.ticketId)).toMatchObject({
      ticketId: released.ticketCode,
      subject: message!.subject,
      type: 'email',
      customerEmail: flooder,
    });
    expect((await heldFrom(flooder)).some((held) => held.id === message!.id)).toBe(false);

    const audit = await admin.client.get('/api/audit', { query: { action: 'mail_released' } });
    expect(audit.body.entries).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: admin.user.id }),
        target: { type: 'mail', id: message!.id, name: `${flooder}: ${message!.subject}` },
        details: `opened ${released.ticketCode}`,
      }),
    ]);
    // Its acknowledgement is one too many for this hour: not sent.
    expect(await acknowledgementsTo(flooder, ACKNOWLEDGEMENT_CAP)).toHaveLength(ACKNOWLEDGEMENT_CAP);
  });

  it('dismisses a held message without a ticket, once', async () => {
    const [message] = await heldFrom(flooder);
    const before = await ticketsOf(flooder);
    expect((await admin.client.delete(`/api/mail/held/${message!.id}`)).status).toBe(204);
    expect((await admin.client.delete(`/api/mail/held/${message!.id}`)).status).toBe(404);
    expect((await admin.client.post(`/api/mail/held/${message!.id}/release`)).status).toBe(404);
    expect(await ticketsOf(flooder)).toHaveLength(before.length);
    expect((await heldFrom(flooder)).some((held) => held.id === message!.id)).toBe(false);
    const audit = await admin.client.get('/api/audit', { query: { action: 'mail_dismissed' } });
    expect(audit.body.entries).toHaveLength(1);
  });

  it('shows held mail to admins alone, and refuses an id that is not one', async () => {
    expect((await agent.client.get('/api/mail/held')).status).toBe(403);
    const [message] = await heldFrom(flooder);
    expect((await agent.client.post(`/api/mail/held/${message!.id}/release`)).status).toBe(403);
    expect((await agent.client.delete(`/api/mail/held/${message!.id}`)).status).toBe(403);
    expect((await admin.client.post('/api/mail/held/not-an-id/release')).status).toBe(400);
    expect((await admin.client.get('/api/mail/held', { query: { cursor: 'forged' } })).status).toBe(400);
  });
});

describe('the limit of new tickets per sender', () => {
  it('is a desk setting that admins alone read and change, validated, audited, with a default', async () => {
    expect((await agent.client.get('/api/desk-settings')).status).toBe(403);
    expect(
      (
        await agent.client.put('/api/desk-settings', {
          inboundMail: { newTicketsPerSenderPerHour: 50 },
          routing: { autoAway: false },
        })
      ).status,
    ).toBe(403);
    const read = await admin.client.get('/api/desk-settings');
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ inboundMail: { newTicketsPerSenderPerHour: DEFAULT_CAP } });

    for (const invalid of [0, 1.5, 1_001, '5', null]) {
      const res = await admin.client.put('/api/desk-settings', {
        inboundMail: { newTicketsPerSenderPerHour: invalid },
        routing: { autoAway: false },
      });
      expect(res.status, String(invalid)).toBe(400);
    }
    expect((await admin.client.get('/api/desk-settings')).body).toEqual(read.body);
  });

  it('holds what is over a lower limit once an admin sets it', async () => {
    await withinOneHour();
    const saved = await admin.client.put('/api/desk-settings', {
      inboundMail: { newTicketsPerSenderPerHour: 2 },
      routing: { autoAway: false },
    });
    try {
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ inboundMail: { newTicketsPerSenderPerHour: 2 } });
      const audit = await admin.client.get('/api/audit', { query: { action: 'desk_settings_changed' } });
      expect(audit.body.entries[0]).toMatchObject({ details: `newTicketsPerSenderPerHour: ${DEFAULT_CAP} → 2` });

      const sender = customer();
      await sendAll(Array.from({ length: 4 }, (_, n) => newMessage(sender, n)));
      expect(await ticketsOf(sender)).toHaveLength(2);
      expect(await heldFrom(sender)).toHaveLength(2);
    } finally {
      await admin.client.put('/api/desk-settings', {
        inboundMail: { newTicketsPerSenderPerHour: DEFAULT_CAP },
        routing: { autoAway: false },
      });
    }
  });
});
