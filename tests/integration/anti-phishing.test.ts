/**
 * The customer's anti-phishing code, end to end (docs/decisions/096-anti-phishing-code.md): set by an upstream system's
 * API key with `customers:write`, then read from the SES emulator's mailbox at the start of every kind of customer
 * e-mail (acknowledgement, public reply, resolution, the answer about a file over the size limit), each of which also
 * ends with the line that support never asks for secrets, with a code or without.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketSchema, type Ticket } from '#shared/schemas/ticket.ts';
import { de } from '#functions/mail/templates/de.ts';
import { en } from '#functions/mail/templates/en.ts';
import { pdf } from '../files.ts';
import { ApiClient } from './support/api.ts';
import {
  bareAddress,
  eventually,
  type InboundMailTest,
  type MailHarness,
  mailSettled,
  type StoredMail,
  sendSmtp,
} from './support/mail.ts';
import { startInboundMailTest } from './support/mail.ts';
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
let upstream: ApiClient;
let creatorOnly: ApiClient;
let category: string;

beforeAll(async () => {
  // The bucket first: the harness's gateway and the inbound use case read its configuration.
  storage = await startTestStorage();
  bed = await startInboundMailTest(await useDedicatedTable('helpdesk-anti-phishing'));
  ({ mail, admin, agent } = bed);
  const [writer, creator] = await Promise.all([
    createTestApiKey(['tickets:create', 'customers:write'], 'Exchange'),
    createTestApiKey(['tickets:create', 'tickets:read'], 'Old integration'),
  ]);
  upstream = ApiClient.withApiKey(mail.gateway.url, writer.secret);
  creatorOnly = ApiClient.withApiKey(mail.gateway.url, creator.secret);
  category = (await createTestCategory()).name;
}, 60_000);
afterAll(async () => {
  await bed?.stop();
  await storage?.stop();
});

const MB = 1024 * 1024;
const customer = () => `phish-${randomUUID().slice(0, 8)}@example.com`;
const codePath = (email: string) => `/api/customers/${encodeURIComponent(email)}/anti-phishing-code`;

async function newTicket(email: string, overrides: Record<string, unknown> = {}): Promise<Ticket> {
  const res = await admin.client.post(
    '/api/tickets',
    ticketBody(category, { customerEmail: email, assignedToId: agent.user.id, ...overrides }),
  );
  expect(res.status).toBe(201);
  return ticketSchema.parse(res.body);
}

/** Waits for the customer's e-mail that `pick` finds, and returns it. */
const mailTo = (address: string, what: string, pick: (m: StoredMail) => boolean) =>
  eventually(async () => (await mail.sentTo(address)).find(pick), what);

/** Both parts of the e-mail start with the code's line and end with the never-asks line. */
function expectFramed(message: StoredMail, lines: { code?: string; neverAsks: string }) {
  const text = message.body.text!;
  const html = message.body.html!;
  if (lines.code) {
    expect(text.startsWith(`${lines.code}\n`)).toBe(true);
    const body = html.slice(html.indexOf('<body'));
    expect(
      body
        .replace(/<[^>]+>/g, '')
        .trim()
        .startsWith(lines.code),
    ).toBe(true);
  }
  expect(text.trimEnd().endsWith(lines.neverAsks)).toBe(true);
  expect(
    html
      .replace(/<[^>]+>/g, '')
      .trimEnd()
      .endsWith(lines.neverAsks),
  ).toBe(true);
}

describe('a customer with an anti-phishing code', () => {
  it('finds it at the start of every kind of e-mail, each ending with the never-asks line', async () => {
    const email = customer();
    expect((await upstream.put(codePath(email.toUpperCase()), { code: '  Blue Falcon-42  ' })).status).toBe(204);
    const framing = { code: en.safety.antiPhishingCode('Blue Falcon-42'), neverAsks: en.safety.neverAsks };

    const ticket = await newTicket(email, { subject: 'Withdrawal still pending' });
    const ack = await mailTo(
      email,
      'the acknowledgement',
      (m) => m.subject === `[${ticket.ticketId}] ${ticket.subject}`,
    );
    expectFramed(ack, framing);

    const reply = await agent.client.post(`/api/tickets/${ticket.id}/comments`, {
      content: 'Your withdrawal was released.',
      isInternal: false,
    });
    expect(reply.status).toBe(201);
    expectFramed(await mailTo(email, 'the reply', (m) => m.subject.startsWith('Re: ')), framing);

    const replyTo = bareAddress(ack.replyTo[0]!);
    const big = pdf(26 * MB, 'big');
    const answer = await sendSmtp(mail.smtp, {
      from: email,
      to: replyTo,
      subject: `Re: [${ticket.ticketId}] ${ticket.subject}`,
      text: 'Here is the statement.',
      attachments: [{ filename: 'statement.pdf', content: big, contentType: 'application/pdf' }],
    });
    expect(answer).toMatch(/^250/);
    expectFramed(
      await mailTo(email, 'the answer about the file', (m) => m.subject.includes(en.attachmentRefused.subjectTag)),
      framing,
    );

    expect((await agent.client.patch(`/api/tickets/${ticket.id}`, { status: 'resolved' })).status).toBe(200);
    expectFramed(
      await mailTo(email, 'the resolution notice', (m) => m.subject.includes(en.resolution.subjectTag)),
      framing,
    );
    await mailSettled(mail);
    expect(await mail.sentTo(email)).toHaveLength(4);
  }, 90_000);

  it("reads it in the ticket's language, set with the ticket by the upstream system", async () => {
    const email = customer();
    const res = await upstream.post(
      '/api/tickets',
      ticketBody(category, { customerEmail: email, customerLanguage: 'de', antiPhishingCode: 'Roter Fuchs 7' }),
    );
    expect(res.status).toBe(201);
    expect(JSON.stringify(res.body)).not.toContain('Roter Fuchs');
    const ack = await mailTo(email, 'the acknowledgement', () => true);
    expectFramed(ack, { code: de.safety.antiPhishingCode('Roter Fuchs 7'), neverAsks: de.safety.neverAsks });
    expect(ack.body.text).toContain('Ihr Anti-Phishing-Code: Roter Fuchs 7');
  });

  it('is gone from the e-mails once cleared, and the never-asks line stays', async () => {
    const email = customer();
    expect((await upstream.put(codePath(email), { code: 'Quiet Owl' })).status).toBe(204);
    expect((await upstream.delete(codePath(email))).status).toBe(204);
    expect((await upstream.delete(codePath(email))).status).toBe(204);
    await newTicket(email);
    const ack = await mailTo(email, 'the acknowledgement', () => true);
    expect(ack.body.text).not.toContain('Quiet Owl');
    expect(ack.body.text).not.toContain('anti-phishing code');
    expectFramed(ack, { neverAsks: en.safety.neverAsks });
  });

  it('leaves the audit log naming the customer and the key, never the code', async () => {
    const email = customer();
    expect((await upstream.put(codePath(email), { code: 'Silver Heron 99' })).status).toBe(204);
    expect((await upstream.delete(codePath(email))).status).toBe(204);
    for (const action of ['anti_phishing_code_set', 'anti_phishing_code_cleared']) {
      const res = await admin.client.get('/api/audit', { query: { action } });
      expect(res.status).toBe(200);
      const entry = res.body.entries.find((e: { target: { id: string } | null }) => e.target?.id === email);
      expect(entry).toMatchObject({
        action,
        actor: { type: 'apiKey', name: 'Exchange' },
        target: { type: 'customer' },
      });
      expect(JSON.stringify(res.body)).not.toContain('Silver Heron');
    }
  });
});

describe('a customer without a code', () => {
  it('gets e-mails that end with the never-asks line and carry no code line', async () => {
    const email = customer();
    const ticket = await newTicket(email, { customerLanguage: 'de' });
    const ack = await mailTo(email, 'the acknowledgement', () => true);
    expect(ack.subject).toContain(ticket.ticketId);
    expect(ack.body.text).not.toContain('Anti-Phishing-Code');
    expectFramed(ack, { neverAsks: de.safety.neverAsks });
  });
});

describe('who may set a code', () => {
  it('refuses every staff member, admins included (403), and keys without customers:write', async () => {
    const email = customer();
    for (const client of [admin.client, agent.client]) {
      const res = await client.put(codePath(email), { code: 'Blue Falcon' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('error.customer.antiPhishingByKeysOnly');
      expect((await client.delete(codePath(email))).status).toBe(403);
    }
    const keyed = await creatorOnly.put(codePath(email), { code: 'Blue Falcon' });
    expect(keyed.status).toBe(403);
    expect(keyed.body.code).toBe('error.apiKey.missingScope');
    expect((await new ApiClient(mail.gateway.url).put(codePath(email), { code: 'Blue Falcon' })).status).toBe(401);
  });

  it('refuses a ticket with a code from staff and from keys without customers:write, and creates nothing', async () => {
    const email = customer();
    const fromAdmin = await admin.client.post(
      '/api/tickets',
      ticketBody(category, { customerEmail: email, antiPhishingCode: 'Blue Falcon' }),
    );
    expect(fromAdmin.status).toBe(403);
    const fromKey = await creatorOnly.post(
      '/api/tickets',
      ticketBody(category, { customerEmail: email, antiPhishingCode: 'Blue Falcon' }),
    );
    expect(fromKey.status).toBe(403);
    expect(fromKey.body.code).toBe('error.apiKey.missingScope');
    const listed = await admin.client.get('/api/tickets', { query: { customerEmail: email } });
    expect(listed.body.tickets).toEqual([]);
  });
});

describe('a code that breaks the rules', () => {
  it.each([
    ['too short', 'abc', 'validation.antiPhishingCode.length'],
    ['too short once trimmed', '  ab  ', 'validation.antiPhishingCode.length'],
    ['too long', 'x'.repeat(33), 'validation.antiPhishingCode.length'],
    ['punctuation', 'blue.falcon!', 'validation.antiPhishingCode.characters'],
    ['markup', '<b>owl</b>', 'validation.antiPhishingCode.characters'],
    ['a control character', 'blue\u0007falcon', 'validation.antiPhishingCode.characters'],
    ['a line break', 'blue\nfalcon', 'validation.antiPhishingCode.characters'],
    ['only spaces', '      ', 'validation.antiPhishingCode.required'],
    ['not text', 12345, 'validation.antiPhishingCode.required'],
  ])('is refused with 400: %s', async (_, code, expected) => {
    const res = await upstream.put(codePath(customer()), { code });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(expected);
  });

  it('is refused with 400 on a ticket, and no ticket is made', async () => {
    const email = customer();
    const res = await upstream.post(
      '/api/tickets',
      ticketBody(category, { customerEmail: email, antiPhishingCode: 'x' }),
    );
    expect(res.status).toBe(400);
    expect((await admin.client.get('/api/tickets', { query: { customerEmail: email } })).body.tickets).toEqual([]);
  });

  it('answers 400 for an address that is not one', async () => {
    const res = await upstream.put(codePath('not-an-address'), { code: 'Blue Falcon' });
    expect(res.status).toBe(400);
  });

  it('accepts letters of any script and digits', async () => {
    expect((await upstream.put(codePath(customer()), { code: '青い鳥 2026' })).status).toBe(204);
  });
});
