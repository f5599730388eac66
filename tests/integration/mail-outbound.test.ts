/**
 * E-mail out, end to end on the real parts (support/mail.ts): a ticket change is committed through the API, read
 * from DynamoDB Local's stream, planned, queued on the embedded SQS endpoint, claimed and sent through the SES client
 * to the SES emulator, whose `GET /store` is the mailbox these tests read.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyEntrySchema, ticketSchema, type Ticket } from '#shared/schemas/ticket.ts';
import { putUserSettings } from '#functions/data/settings.ts';
import { getJobState } from '#functions/data/outbound-jobs.ts';
import { DEFAULT_USER_SETTINGS } from '#functions/domain/settings.ts';
import { logger } from '#functions/lib/logger.ts';
import {
  bareAddress,
  eventually,
  MAIL_DOMAIN,
  type MailHarness,
  mailSettled,
  startMailHarness,
} from './support/mail.ts';
import { failDoneRecords } from './support/table-faults.ts';
import { createTestCategory, signedIn, ticketBody, type SignedIn, useDedicatedTable } from './tickets-support.ts';

let mail: MailHarness;
let admin: SignedIn;
let agent: SignedIn;
let category: string;
let previousLogLevel: ReturnType<typeof logger.getLevelName>;

beforeAll(async () => {
  // Failed sends are logged as errors on purpose below; the assertions say what matters.
  previousLogLevel = logger.getLevelName();
  logger.setLogLevel('CRITICAL');
  mail = await startMailHarness(await useDedicatedTable('helpdesk-mail-out'));
  [admin, agent] = await Promise.all([
    signedIn(mail.gateway.url, 'admin', { firstName: 'Grace' }),
    signedIn(mail.gateway.url, 'agent', { firstName: 'Ada' }),
  ]);
  category = (await createTestCategory()).name;
});
afterAll(async () => {
  await mail?.stop();
  logger.setLogLevel(previousLogLevel);
});

const customer = () => `customer-${randomUUID().slice(0, 8)}@example.com`;

async function newTicket(overrides: Record<string, unknown> = {}): Promise<Ticket> {
  const res = await admin.client.post(
    '/api/tickets',
    ticketBody(category, { assignedToId: agent.user.id, customerEmail: customer(), ...overrides }),
  );
  expect(res.status).toBe(201);
  return ticketSchema.parse(res.body);
}

const historyOf = async (id: number) =>
  historyEntrySchema.array().parse((await admin.client.get(`/api/tickets/${id}/history`)).body);

/** Waits until the customer has `count` messages, then a moment more, and returns them all. */
async function mailsTo(address: string, count: number) {
  await eventually(async () => (await mail.sentTo(address)).length >= count, `${count} e-mail(s) to ${address}`);
  return mail.sentTo(address);
}

const settle = () => mailSettled(mail);

describe('the acknowledgement', () => {
  it('reaches the customer when a ticket is created, threaded and answerable', async () => {
    const ticket = await newTicket({ subject: 'Withdrawal still pending' });
    const [ack] = await mailsTo(ticket.customerEmail, 1);

    expect(ack!.subject).toBe(`[${ticket.ticketId}] Withdrawal still pending`);
    expect(ack!.from).toContain(`support@${MAIL_DOMAIN}`);
    expect(bareAddress(ack!.replyTo[0]!)).toMatch(new RegExp(`^reply\\+${ticket.id}\\.[a-z2-7]{26}@${MAIL_DOMAIN}$`));
    expect(ack!.body.text).toContain(`opened ticket ${ticket.ticketId}`);
    expect(ack!.body.html).toContain('<html lang="en">');
    await eventually(
      async () => (await historyOf(ticket.id)).some((entry) => entry.action === 'emailed'),
      'the history entry of the acknowledgement',
    );
    const entry = (await historyOf(ticket.id)).find((e) => e.action === 'emailed');
    expect(entry?.mail).toEqual({ direction: 'sent', kind: 'acknowledgement', address: ticket.customerEmail });
  });

  it("is written in the customer's language when the ticket says which", async () => {
    const ticket = await newTicket({ customerLanguage: 'de', subject: 'Einzahlung fehlt' });
    const [ack] = await mailsTo(ticket.customerEmail, 1);
    expect(ack!.subject).toBe(`[${ticket.ticketId}] Einzahlung fehlt`);
    expect(ack!.body.text).toContain(`das Ticket ${ticket.ticketId} eröffnet`);
    expect(ack!.body.html).toContain('<html lang="de">');
  });

  it('is sent once when the stream hands the same record over again', async () => {
    const ticket = await newTicket();
    await mailsTo(ticket.customerEmail, 1);
    const record = mail.streamBatches
      .flatMap((batch) => batch.Records)
      .find((r) => r.eventName === 'INSERT' && r.dynamodb?.NewImage?.customerEmail?.S === ticket.customerEmail)!;
    expect(record).toBeDefined();
    expect(await mail.dispatch({ Records: [record] })).toEqual({ batchItemFailures: [] });
    expect(await mail.dispatch({ Records: [record] })).toEqual({ batchItemFailures: [] });
    await settle();
    expect(await mail.sentTo(ticket.customerEmail)).toHaveLength(1);
  });

  it('is sent once when the table cannot record it as sent for a while, and recorded once the table answers', async () => {
    const fault = failDoneRecords('mail');
    let ticket: Ticket;
    try {
      ticket = await newTicket();
      await mailsTo(ticket.customerEmail, 1);
      // SES took it; the sender is now retrying its record against a table that does not answer.
      await eventually(() => fault.failures >= 3, 'the record of the sent e-mail to fail a few times');
    } finally {
      fault.heal();
    }
    for (const jobId of fault.failedJobs) {
      await eventually(async () => (await getJobState('mail', jobId))?.status === 'done', `job ${jobId} recorded`);
    }
    await settle();
    expect(await mail.sentTo(ticket.customerEmail)).toHaveLength(1);
    const failed = await admin.client.get('/api/mail/failed');
    expect((failed.body.mails as { ticketId: number }[]).filter((m) => m.ticketId === ticket.id)).toEqual([]);
  });
});

describe('staff comments', () => {
  it('mail a public reply to the customer with its text, signed with the first name, and never an internal note', async () => {
    const ticket = await newTicket();
    await mailsTo(ticket.customerEmail, 1);
    const note = await agent.client.post(`/api/tickets/${ticket.id}/comments`, {
      content: 'Internal: checking the hot wallet queue first.',
      isInternal: true,
    });
    expect(note.status).toBe(201);
    const reply = await agent.client.post(`/api/tickets/${ticket.id}/comments`, {
      content: 'Your withdrawal was released and should arrive within the hour.',
      isInternal: false,
    });
    expect(reply.status).toBe(201);

    const mails = await mailsTo(ticket.customerEmail, 2);
    await settle();
    const all = await mail.sentTo(ticket.customerEmail);
    expect(all).toHaveLength(2);
    const answer = mails.find((m) => m.subject.startsWith('Re: '))!;
    expect(answer.subject).toBe(`Re: [${ticket.ticketId}] ${ticket.subject}`);
    expect(answer.body.text).toContain('Your withdrawal was released and should arrive within the hour.');
    expect(answer.body.text).toContain('\n\nAda\n');
    expect(all.map((m) => m.body.text).join('\n')).not.toContain('hot wallet');
  });
});

describe('the resolution notice', () => {
  it('goes out once when the ticket is resolved, with a rating link to this help desk', async () => {
    const ticket = await newTicket();
    await mailsTo(ticket.customerEmail, 1);
    expect((await agent.client.patch(`/api/tickets/${ticket.id}`, { status: 'resolved' })).status).toBe(200);
    expect((await agent.client.patch(`/api/tickets/${ticket.id}`, { status: 'closed' })).status).toBe(200);
    const mails = await mailsTo(ticket.customerEmail, 2);
    await settle();
    expect(await mail.sentTo(ticket.customerEmail)).toHaveLength(2);
    const notice = mails.find((m) => m.subject.includes('Resolved'))!;
    expect(notice.subject).toBe(`[${ticket.ticketId}] Resolved: ${ticket.subject}`);
    expect(notice.body.text).toMatch(new RegExp(`${mail.gateway.url}/r/${ticket.id}\\.[0-9a-z]+\\.[0-9a-f]{16}\\.`));
    expect(notice.body.html).toContain('?score=5');
  });
});

describe('staff notification e-mails', () => {
  it('reach a staff member for the alarm they get, and not one whose e-mail notifications are off', async () => {
    const quiet = await signedIn(mail.gateway.url, 'agent');
    const listening = await signedIn(mail.gateway.url, 'agent');
    await putUserSettings(quiet.user.id, {
      ...DEFAULT_USER_SETTINGS,
      notifications: { ...DEFAULT_USER_SETTINGS.notifications, emailNotifications: false },
    });
    await putUserSettings(listening.user.id, { ...DEFAULT_USER_SETTINGS, language: 'fr' });

    const forQuiet = await newTicket({ assignedToId: quiet.user.id });
    const forListening = await newTicket({ assignedToId: listening.user.id });
    const [assigned] = await eventually(async () => {
      const mails = (await mail.sentTo(listening.email)).filter((m) => m.subject.includes(forListening.ticketId));
      return mails.length > 0 && mails;
    }, 'the notification of the ticket assigned to the listening agent');
    expect(assigned!.subject).toBe(`[${forListening.ticketId}] Nouveau ticket assigné: ${forListening.subject}`);
    expect(assigned!.body.text).toContain(`${mail.gateway.url}/agent/tickets/${forListening.ticketId}`);
    await eventually(
      async () => (await mail.sentTo(listening.email)).some((m) => m.subject.includes(forQuiet.ticketId)),
      'the listening agent to hear of the other ticket too (ticket created)',
    );
    await settle();
    expect(await mail.sentTo(quiet.email)).toEqual([]);
  });
});

describe('a send that keeps failing', () => {
  it('is retried, set aside for an admin, and sent when the admin retries it', async () => {
    const working = process.env.SES_ENDPOINT!;
    // Nothing listens on port 9 of this machine: every send fails until the endpoint is put back.
    process.env.SES_ENDPOINT = 'http://127.0.0.1:9';
    const { resetConfigForTests } = await import('#functions/lib/config.ts');
    resetConfigForTests();
    let failed: { id: string; attempts: number; type: string; ticketId: number };
    let ticket: Ticket;
    try {
      ticket = await newTicket();
      failed = await eventually(
        async () => {
          const res = await admin.client.get('/api/mail/failed');
          return (res.body.mails as (typeof failed)[]).find(
            (m) => m.ticketId === ticket.id && m.type === 'acknowledgement',
          );
        },
        'the acknowledgement to be set aside',
        30_000,
      );
    } finally {
      process.env.SES_ENDPOINT = working;
      resetConfigForTests();
    }
    expect(failed.attempts).toBe(3);
    expect(await mail.sentTo(ticket.customerEmail)).toEqual([]);

    const refused = await agent.client.post(`/api/mail/failed/${failed.id}/retry`);
    expect(refused.status).toBe(403);
    const retried = await admin.client.post(`/api/mail/failed/${failed.id}/retry`);
    expect(retried.status).toBe(202);
    const audit = await admin.client.get('/api/audit', { query: { action: 'mail_retried', actor: admin.user.id } });
    expect(audit.body.entries).toEqual([
      expect.objectContaining({
        action: 'mail_retried',
        target: { type: 'mail', id: failed.id, name: `acknowledgement of ticket ${ticket.id}` },
      }),
    ]);
    await mailsTo(ticket.customerEmail, 1);
    await eventually(async () => (await getJobState('mail', failed.id))?.status === 'done', 'the job to be done');
    const list = await admin.client.get('/api/mail/failed');
    expect((list.body.mails as { id: string }[]).map((m) => m.id)).not.toContain(failed.id);
    expect((await admin.client.post(`/api/mail/failed/${failed.id}/retry`)).status).toBe(404);
  });
});
