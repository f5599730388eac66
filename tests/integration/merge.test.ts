/**
 * Merging tickets through the HTTP API (docs/product.md, "Merge"): every message of the source joins the target's
 * thread in time order, the source is closed and points at the target, both histories say so, nothing is e-mailed
 * twice, and the customer's later e-mail reply to the source threads into the target.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentSchema, historyEntrySchema, ticketSchema, type Ticket } from '#shared/schemas/ticket.ts';
import { addCustomerMessage } from '#functions/use-cases/tickets/thread.ts';
import {
  bareAddress,
  eventually,
  type InboundMailTest,
  type MailHarness,
  mailSettled,
  sendSmtp,
  startInboundMailTest,
} from './support/mail.ts';
import { createTestCategory, type SignedIn, signedIn, ticketBody, useDedicatedTable } from './tickets-support.ts';

let bed: InboundMailTest;
let mail: MailHarness;
let admin: SignedIn;
let agent: SignedIn;
let otherAgent: SignedIn;
let category: string;

beforeAll(async () => {
  bed = await startInboundMailTest(await useDedicatedTable('helpdesk-merge'));
  ({ mail, admin, agent } = bed);
  otherAgent = await signedIn(mail.gateway.url, 'agent');
  category = (await createTestCategory()).name;
});
afterAll(async () => {
  // The last tests' acknowledgements are still on their way: let them land before the harness stops.
  if (mail) await mailSettled(mail);
  await bed?.stop();
});

const customer = () => `trader-${randomUUID().slice(0, 8)}@example.com`;
const ticketOf = async (id: number) => ticketSchema.parse((await admin.client.get(`/api/tickets/${id}`)).body);
const commentsOf = async (id: number) =>
  commentSchema.array().parse((await admin.client.get(`/api/tickets/${id}/comments`)).body);
const historyOf = async (id: number) =>
  historyEntrySchema.array().parse((await admin.client.get(`/api/tickets/${id}/history`)).body);

async function newTicket(customerEmail: string, assignedToId = agent.user.id): Promise<Ticket> {
  const res = await admin.client.post('/api/tickets', ticketBody(category, { customerEmail, assignedToId }));
  expect(res.status).toBe(201);
  return ticketSchema.parse(res.body);
}

const merge = (client: SignedIn['client'], id: number, body: Record<string, unknown>) =>
  client.post(`/api/tickets/${id}/merge`, body);

describe('merging a ticket into another', () => {
  it('moves every message into the target in time order, closes the source, and e-mails nothing again', async () => {
    const email = customer();
    const source = await newTicket(email);
    const target = await newTicket(email);
    const t0 = Date.now();
    await addCustomerMessage({
      ticketId: target.id,
      content: 'Second ticket, same problem',
      channel: 'email',
      receivedAt: new Date(t0 - 50_000),
    });
    await addCustomerMessage({
      ticketId: source.id,
      content: 'My deposit is missing',
      channel: 'email',
      receivedAt: new Date(t0 - 60_000),
    });
    expect(
      (await agent.client.post(`/api/tickets/${source.id}/comments`, { content: 'We are checking the deposit.' }))
        .status,
    ).toBe(201);
    expect(
      (
        await agent.client.post(`/api/tickets/${source.id}/comments`, {
          content: 'Chain explorer shows 2 confirmations',
          isInternal: true,
        })
      ).status,
    ).toBe(201);
    await mailSettled(mail);
    const mailsBefore = (await mail.sentTo(email)).length;

    const res = await merge(agent.client, source.id, { intoTicketId: target.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.movedMessages).toBe(3);
    expect(res.body.ticket).toMatchObject({ id: source.id, status: 'closed', mergedIntoId: target.id });

    const thread = await commentsOf(target.id);
    expect(thread.map((c) => c.comment)).toEqual([
      'My deposit is missing',
      'Second ticket, same problem',
      'We are checking the deposit.',
      'Chain explorer shows 2 confirmations',
    ]);
    expect(thread.filter((c) => c.mergedFrom).map((c) => c.mergedFrom?.ticketId)).toEqual([
      source.id,
      source.id,
      source.id,
    ]);
    expect(thread.find((c) => c.comment.startsWith('Chain'))?.isInternal).toBe(true);
    // The source keeps its own thread as it was.
    expect((await commentsOf(source.id)).map((c) => c.comment)).toHaveLength(3);
    expect(await ticketOf(source.id)).toMatchObject({ status: 'closed', mergedIntoId: target.id });
    expect((await ticketOf(target.id)).mergedIntoId).toBeNull();

    const sourceEntry = (await historyOf(source.id)).find((e) => e.action === 'merged');
    expect(sourceEntry?.changes).toEqual(
      expect.arrayContaining([{ field: 'mergedInto', from: null, to: target.ticketId }]),
    );
    const targetEntry = (await historyOf(target.id)).find((e) => e.action === 'merged');
    expect(targetEntry?.changes).toEqual([{ field: 'mergedFrom', from: null, to: source.ticketId }]);

    // The copied public reply is not e-mailed a second time; only the closing of the source may be.
    await mailSettled(mail);
    const after = await mail.sentTo(email);
    expect(after.filter((m) => m.body.text?.includes('We are checking the deposit.'))).toHaveLength(1);
    expect(after.length - mailsBefore).toBeLessThanOrEqual(1);
  });

  it("threads the customer's later e-mail reply to the source into the target", async () => {
    const email = customer();
    const source = await newTicket(email);
    const target = await newTicket(email);
    const [ack] = await eventually(async () => {
      const mails = (await mail.sentTo(email)).filter((m) => m.subject.includes(source.ticketId));
      return mails.length > 0 && mails;
    }, 'the acknowledgement of the source');
    const replyTo = bareAddress(ack!.replyTo[0]!);
    expect((await merge(admin.client, source.id, { intoTicketId: target.id })).status).toBe(200);

    const answer = await sendSmtp(mail.smtp, {
      from: email,
      to: replyTo,
      subject: `Re: [${source.ticketId}] ${source.subject}`,
      text: 'Any news? The deposit is still missing.',
    });
    expect(answer).toMatch(/^250/);
    const landed = await eventually(async () => {
      const thread = await commentsOf(target.id);
      return thread.find((c) => c.comment === 'Any news? The deposit is still missing.');
    }, 'the reply on the target');
    expect(landed).toMatchObject({ authorType: 'customer', channel: 'email', ticketId: target.id });
    expect((await commentsOf(source.id)).some((c) => c.comment.startsWith('Any news'))).toBe(false);
    expect((await ticketOf(source.id)).status).toBe('closed');
  });
});

describe('who may merge what', () => {
  it('refuses an agent who is not assigned to both tickets, and changes nothing', async () => {
    const email = customer();
    const source = await newTicket(email);
    const target = await newTicket(email, otherAgent.user.id);
    const res = await merge(agent.client, source.id, { intoTicketId: target.id });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('error.ticket.mergeDenied');
    expect(await ticketOf(source.id)).toMatchObject({ status: 'open', mergedIntoId: null });
    expect(await commentsOf(target.id)).toEqual([]);
  });

  it('merges two customers’ tickets only when an admin or a manager confirms it', async () => {
    const source = await newTicket(customer());
    const target = await newTicket(customer());
    const unconfirmed = await merge(agent.client, source.id, { intoTicketId: target.id });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.code).toBe('error.ticket.mergeDifferentCustomer');
    const byAgent = await merge(agent.client, source.id, { intoTicketId: target.id, allowDifferentCustomer: true });
    expect(byAgent.status).toBe(403);
    expect(byAgent.body.code).toBe('error.ticket.mergeDifferentCustomerDenied');
    const byAdmin = await merge(admin.client, source.id, { intoTicketId: target.id, allowDifferentCustomer: true });
    expect(byAdmin.status).toBe(200);
  });

  it('refuses merging into itself, merging again, merging into a merged ticket, and a target that does not exist', async () => {
    const email = customer();
    const [a, b, c] = [await newTicket(email), await newTicket(email), await newTicket(email)];
    expect((await merge(admin.client, a.id, { intoTicketId: a.id })).status).toBe(400);
    expect((await merge(admin.client, a.id, { intoTicketId: 99_999_999 })).status).toBe(404);
    expect((await merge(admin.client, a.id, { intoTicketId: 'TKT-1' })).status).toBe(400);
    expect((await merge(admin.client, a.id, { intoTicketId: b.id })).status).toBe(200);
    const again = await merge(admin.client, a.id, { intoTicketId: c.id });
    expect([again.status, again.body.code]).toEqual([409, 'error.ticket.alreadyMerged']);
    const intoMerged = await merge(admin.client, c.id, { intoTicketId: a.id });
    expect([intoMerged.status, intoMerged.body.code]).toEqual([409, 'error.ticket.mergeTargetMerged']);
  });
});
