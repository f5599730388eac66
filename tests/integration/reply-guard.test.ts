/**
 * The reply guard end to end (docs/decisions/099-reply-guard.md): a public reply with a guarded term or a link outside
 * the allowlist is held (202, `held: true`) and never reaches the customer's mailbox until a compliance user releases
 * it, then exactly once; a returned one stays internal with its note; the terms are edited by compliance users alone;
 * on a restricted ticket only an approved macro, unedited, goes out.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ticket, ticketSchema } from '#shared/schemas/ticket.ts';
import { eventually, type MailHarness, mailSettled, startMailHarness } from './support/mail.ts';
import { ApiClient } from './support/api.ts';
import {
  createTestApiKey,
  createTestCategory,
  signedIn,
  ticketBody,
  type SignedIn,
  useDedicatedTable,
} from './tickets-support.ts';

let mail: MailHarness;
let admin: SignedIn;
let agent: SignedIn;
let compliance: SignedIn;
let category: string;

beforeAll(async () => {
  mail = await startMailHarness(await useDedicatedTable('helpdesk-guard'));
  [admin, agent, compliance] = await Promise.all([
    signedIn(mail.gateway.url, 'admin', { firstName: 'Grace' }),
    signedIn(mail.gateway.url, 'agent', { firstName: 'Ada' }),
    signedIn(mail.gateway.url, 'agent', { firstName: 'Clara' }),
  ]);
  const granted = await admin.client.put(`/api/users/${compliance.user.id}/permissions`, { compliance: true });
  expect(granted.status).toBe(200);
  category = (await createTestCategory()).name;
});
afterAll(async () => {
  await mail?.stop();
});

async function newTicket(overrides: Record<string, unknown> = {}): Promise<Ticket> {
  const res = await admin.client.post(
    '/api/tickets',
    ticketBody(category, {
      assignedToId: agent.user.id,
      customerEmail: `customer-${randomUUID().slice(0, 8)}@example.com`,
      ...overrides,
    }),
  );
  expect(res.status).toBe(201);
  return ticketSchema.parse(res.body);
}

/** The customer's e-mails whose text contains `needle`, once the stream and the mail queue have settled. */
async function settledMailsWith(address: string, needle: string) {
  await mailSettled(mail);
  return (await mail.sentTo(address)).filter((m) => (m.body.text ?? '').includes(needle));
}

const reply = (ticket: Ticket, content: string, extra: Record<string, unknown> = {}, from: SignedIn = agent) =>
  from.client.post(`/api/tickets/${ticket.id}/comments`, { content, isInternal: false, ...extra });

describe('a reply with a guarded term', () => {
  it.each([
    ['en', 'We filed a suspicious activity report about your deposit.'],
    ['de', 'Wegen des Verdachts auf Geldwäsche ist Ihr Konto gesperrt.'],
    ['fr', "Votre compte fait l'objet d'une ENQUÊTE de notre équipe."],
    ['es', 'Su cuenta está bajo investigación por lavado de dinero.'],
    ['ja', 'お客様の口座は現在、捜査機関の照会に基づき確認中です。'],
    ['zh', '您的账户涉及洗钱调查，暂时冻结。'],
  ] as const)('in %s is held and never reaches the mailbox', async (language, content) => {
    const ticket = await newTicket({ customerLanguage: language });
    const res = await reply(ticket, content);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ held: true, isInternal: true, comment: content, hold: { state: 'held' } });
    expect(res.body.hold.reasons.length).toBeGreaterThan(0);
    expect(await settledMailsWith(ticket.customerEmail, content)).toHaveLength(0);
    const customerThread = await agent.client.get(`/api/tickets/${ticket.id}/comments`);
    expect(customerThread.body.find((c: { id: string }) => c.id === res.body.id)).toMatchObject({ held: true });
  });

  it('is released once by a compliance user, then in the mailbox exactly once', async () => {
    const ticket = await newTicket();
    const content = 'Law enforcement asked us to pause your withdrawal.';
    const held = await reply(ticket, content);
    expect(held.status).toBe(202);

    const list = await compliance.client.get('/api/compliance/held-replies');
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({
      ticketId: ticket.id,
      ticketCode: ticket.ticketId,
      commentId: held.body.id,
      text: content,
      reasons: [{ kind: 'term', value: 'law enforcement' }],
    });

    const path = `/api/compliance/held-replies/${ticket.id}/${held.body.id}/release`;
    const released = await compliance.client.post(path, {});
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ id: held.body.id, isInternal: false, hold: { state: 'released' } });
    expect((await compliance.client.post(path, {})).status).toBe(409);

    await eventually(
      async () => (await mail.sentTo(ticket.customerEmail)).some((m) => m.body.text?.includes(content)),
      'the released reply',
    );
    expect(await settledMailsWith(ticket.customerEmail, content)).toHaveLength(1);
    const key = await createTestApiKey(['tickets:read'], `Guard ${randomUUID()}`);
    const keyed = await new ApiClient(mail.gateway.url, { headers: { authorization: `Bearer ${key.secret}` } }).get(
      `/api/tickets/${ticket.id}/comments`,
    );
    expect(keyed.body.find((c: { id: string }) => c.id === held.body.id)).not.toHaveProperty('hold');
    const waiting = await compliance.client.get('/api/compliance/held-replies');
    expect(waiting.body.some((h: { commentId: string }) => h.commentId === held.body.id)).toBe(false);
    const audit = await admin.client.get('/api/audit?action=reply_released');
    expect(audit.body.entries[0]).toMatchObject({
      actor: { id: compliance.user.id },
      target: { id: String(ticket.id) },
    });
    expect((await admin.client.get('/api/audit?action=reply_held')).body.entries.length).toBeGreaterThan(0);
  });

  it('is returned with a note: it stays internal, the note on the thread, and never mailed', async () => {
    const ticket = await newTicket();
    const content = 'Your account is under review by compliance.';
    const held = await reply(ticket, content);
    expect(held.status).toBe(202);
    const path = `/api/compliance/held-replies/${ticket.id}/${held.body.id}/return`;
    expect((await compliance.client.post(path, { note: '  ' })).status).toBe(400);
    const returned = await compliance.client.post(path, { note: 'Please say only that we are checking.' });
    expect(returned.status).toBe(200);
    const thread = await agent.client.get(`/api/tickets/${ticket.id}/comments`);
    expect(thread.body.find((c: { id: string }) => c.id === held.body.id)).toMatchObject({
      isInternal: true,
      hold: { state: 'returned', note: 'Please say only that we are checking.', decidedBy: { id: compliance.user.id } },
    });
    expect((await compliance.client.post(path, { note: 'again' })).status).toBe(409);
    expect(
      (await compliance.client.post(`/api/compliance/held-replies/${ticket.id}/${held.body.id}/release`, {})).status,
    ).toBe(409);
    expect(await settledMailsWith(ticket.customerEmail, content)).toHaveLength(0);
  });

  it('is reviewed by compliance users alone', async () => {
    for (const client of [agent.client, admin.client]) {
      const res = await client.get('/api/compliance/held-replies');
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('error.compliance.denied');
    }
  });
});

describe('links', () => {
  it('to a host outside the allowlist are held; an allowed host and its subdomains go out', async () => {
    const saved = await admin.client.get('/api/desk-settings');
    const put = await admin.client.put('/api/desk-settings', {
      ...saved.body,
      replies: { allowedLinkHosts: ['Exchange.Example'] },
    });
    expect(put.status).toBe(200);
    expect(put.body.replies.allowedLinkHosts).toEqual(['exchange.example']);
    expect(
      (await admin.client.put('/api/desk-settings', { ...saved.body, replies: { allowedLinkHosts: ['not a host'] } }))
        .status,
    ).toBe(400);

    const ticket = await newTicket();
    const outside = await reply(ticket, 'Please verify at https://exchange.example@evil.example/login now.');
    expect(outside.status).toBe(202);
    expect(outside.body.hold.reasons).toEqual([{ kind: 'link', value: 'evil.example' }]);
    const allowed = await reply(ticket, 'See https://exchange.example/help and www.help.exchange.example/fees.');
    expect(allowed.status).toBe(201);
    expect(allowed.body.held).toBeUndefined();
    await eventually(
      async () => (await mail.sentTo(ticket.customerEmail)).some((m) => m.body.text?.includes('exchange.example/help')),
      'the allowed reply',
    );
    expect(await settledMailsWith(ticket.customerEmail, 'evil.example')).toHaveLength(0);
  });
});

describe('the guard terms', () => {
  it('are the defaults until saved, then what a compliance user saved, audited', async () => {
    const first = await compliance.client.get('/api/compliance/guard-terms');
    expect(first.status).toBe(200);
    expect(first.body.isDefault).toBe(true);
    expect(first.body.terms).toContain('money laundering');

    expect((await agent.client.put('/api/compliance/guard-terms', { terms: ['frozen funds'] })).status).toBe(403);
    expect((await admin.client.get('/api/compliance/guard-terms')).status).toBe(403);
    expect((await compliance.client.put('/api/compliance/guard-terms', { terms: [] })).status).toBe(400);
    expect((await compliance.client.put('/api/compliance/guard-terms', { terms: ['ab*'] })).status).toBe(400);

    const saved = await compliance.client.put('/api/compliance/guard-terms', {
      terms: [...first.body.terms, 'frozen funds'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ isDefault: false });
    const ticket = await newTicket();
    expect((await reply(ticket, 'Your FROZEN   funds are safe.')).status).toBe(202);
    const audit = await admin.client.get('/api/audit?action=guard_terms_changed');
    expect(audit.body.entries[0]).toMatchObject({ actor: { id: compliance.user.id } });
    expect(audit.body.entries[0].details).toContain('added: frozen funds');
  });
});

describe('a restricted ticket', () => {
  const macroBody = { en: 'Hello {{customer.email}}, we are looking into {{ticket.code}}.' };

  it('refuses free text and a macro not approved, takes an approved macro unedited, and refuses it edited', async () => {
    const ticket = await newTicket();
    // Restricted by a compliance user; from then on only compliance users see it at all (ADR 098).
    expect((await compliance.client.patch(`/api/tickets/${ticket.id}`, { restricted: true })).status).toBe(200);
    expect((await reply(ticket, 'Just a normal answer.')).status).toBe(404);

    const free = await reply(ticket, 'Just a normal answer.', {}, compliance);
    expect(free.status).toBe(403);
    expect(free.body.code).toBe('error.guard.restrictedFreeText');
    expect(
      (await compliance.client.post(`/api/tickets/${ticket.id}/comments`, { content: 'A note', isInternal: true }))
        .status,
    ).toBe(201);

    const plain = await admin.client.post('/api/macros', {
      title: `Plain ${randomUUID()}`,
      body: macroBody,
      shared: true,
    });
    expect(plain.status).toBe(201);
    expect(plain.body.approvedForRestricted).toBe(false);
    const approvedByAdmin = await admin.client.patch(`/api/macros/${plain.body.id}`, { approvedForRestricted: true });
    expect(approvedByAdmin.status).toBe(403);
    expect(approvedByAdmin.body.code).toBe('error.macro.approvalDenied');

    const rendered = (await compliance.client.get(`/api/tickets/${ticket.id}/macros/${plain.body.id}/preview`)).body
      .content;
    const notApproved = await reply(ticket, rendered, { macroId: plain.body.id }, compliance);
    expect(notApproved.status).toBe(403);
    expect(notApproved.body.code).toBe('error.guard.macroNotApproved');

    const approved = await compliance.client.patch(`/api/macros/${plain.body.id}`, { approvedForRestricted: true });
    expect(approved.status).toBe(200);
    expect(approved.body.approvedForRestricted).toBe(true);

    const edited = await reply(ticket, `${rendered} Extra words.`, { macroId: plain.body.id }, compliance);
    expect(edited.status).toBe(400);
    expect(edited.body.code).toBe('error.guard.macroEdited');
    const sent = await reply(ticket, rendered, { macroId: plain.body.id }, compliance);
    expect(sent.status).toBe(201);
    const thread = await compliance.client.get(`/api/tickets/${ticket.id}/comments`);
    expect(thread.body.filter((c: { isInternal: boolean }) => !c.isInternal)).toHaveLength(1);
  });

  it('lets a compliance user approve their own macro, refuses others, and drops the approval when another edits the text', async () => {
    const own = await compliance.client.post('/api/macros', {
      title: `Approved ${randomUUID()}`,
      body: macroBody,
      approvedForRestricted: true,
    });
    expect(own.status).toBe(201);
    expect(own.body.approvedForRestricted).toBe(true);
    const refused = await agent.client.post('/api/macros', {
      title: 'Mine',
      body: macroBody,
      approvedForRestricted: true,
    });
    expect(refused.status).toBe(403);

    const shared = await admin.client.post('/api/macros', {
      title: `Shared ${randomUUID()}`,
      body: macroBody,
      shared: true,
    });
    // As the macro editor sends it: every field as it was, and the approval ticked.
    const approve = await compliance.client.patch(`/api/macros/${shared.body.id}`, {
      title: shared.body.title,
      body: shared.body.body,
      actions: shared.body.actions,
      shared: true,
      approvedForRestricted: true,
    });
    expect(approve.status).toBe(200);
    const edited = await admin.client.patch(`/api/macros/${shared.body.id}`, { body: { en: 'A new text.' } });
    expect(edited.status).toBe(200);
    expect(edited.body.approvedForRestricted).toBe(false);
  });
});
