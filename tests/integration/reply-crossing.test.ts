/**
 * The reply that would cross a newer message (docs/product.md §2 "Ticket detail"): `POST /api/tickets/{id}/comments`
 * with `afterMessageId` is refused with 409 while the thread holds a public message newer than it, unless confirmed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentSchema, ticketSchema } from '#shared/schemas/ticket.ts';
import { addCustomerMessage } from '#functions/use-cases/tickets/thread.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { startApi } from './support/api.ts';
import { createTestCategory, signedIn, ticketBody, type SignedIn } from './tickets-support.ts';

let api: Gateway;
let agent: SignedIn;
let category: string;

beforeAll(async () => {
  api = await startApi();
  agent = await signedIn(api.url, 'agent');
  category = (await createTestCategory()).name;
});
afterAll(() => api?.close());

/** A ticket of the agent's with one customer message on its thread: the one the composer shows as newest. */
async function ticketWithMessage() {
  const created = await agent.client.post('/api/tickets', ticketBody(category, { assignedToId: agent.user.id }));
  expect(created.status).toBe(201);
  const ticket = ticketSchema.parse(created.body);
  const shown = await addCustomerMessage({ ticketId: ticket.id, content: 'My deposit is missing', channel: 'email' });
  return { ticket, shown };
}

const threadOf = async (id: number) =>
  commentSchema.array().parse((await agent.client.get(`/api/tickets/${id}/comments`)).body);

describe('a reply after the newest message shown', () => {
  it('goes out when nothing newer is on the thread', async () => {
    const { ticket, shown } = await ticketWithMessage();
    const res = await agent.client.post(`/api/tickets/${ticket.id}/comments`, {
      content: 'We are looking into it',
      afterMessageId: shown.id,
    });
    expect(res.status).toBe(201);
  });

  it('is refused with 409 and the newer messages while the customer wrote again, and goes out confirmed', async () => {
    const { ticket, shown } = await ticketWithMessage();
    const newer = await addCustomerMessage({ ticketId: ticket.id, content: 'Found it, sorry!', channel: 'api' });
    const reply = { content: 'Could you send us the transaction hash?', afterMessageId: shown.id };

    const refused = await agent.client.post(`/api/tickets/${ticket.id}/comments`, reply);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'error.thread.newerMessage',
      message: expect.stringContaining('The customer wrote again'),
      newerMessages: [
        { id: newer.id, authorType: 'customer', comment: 'Found it, sorry!', isInternal: false, channel: 'api' },
      ],
    });
    expect((await threadOf(ticket.id)).map((c) => c.id)).toEqual([shown.id, newer.id]);

    const sent = await agent.client.post(`/api/tickets/${ticket.id}/comments`, { ...reply, confirmed: true });
    expect(sent.status).toBe(201);
    expect((await threadOf(ticket.id)).map((c) => c.comment)).toEqual([
      'My deposit is missing',
      'Found it, sorry!',
      'Could you send us the transaction hash?',
    ]);
  });

  it('counts a colleague’s public reply as newer, but not an internal note', async () => {
    const { ticket, shown } = await ticketWithMessage();
    const note = await agent.client.post(`/api/tickets/${ticket.id}/comments`, {
      content: 'Checking the hot wallet',
      isInternal: true,
    });
    expect(note.status).toBe(201);
    const reply = { content: 'Still checking', afterMessageId: shown.id };
    expect((await agent.client.post(`/api/tickets/${ticket.id}/comments`, reply)).status).toBe(201);

    const crossing = await agent.client.post(`/api/tickets/${ticket.id}/comments`, {
      content: 'Any update?',
      afterMessageId: shown.id,
    });
    expect(crossing.status).toBe(409);
    expect((crossing.body as { newerMessages: { comment: string }[] }).newerMessages.map((m) => m.comment)).toEqual([
      'Still checking',
    ]);
  });

  it('never holds back an internal note', async () => {
    const { ticket, shown } = await ticketWithMessage();
    await addCustomerMessage({ ticketId: ticket.id, content: 'Hello?', channel: 'email' });
    const res = await agent.client.post(`/api/tickets/${ticket.id}/comments`, {
      content: 'Customer is impatient',
      isInternal: true,
      afterMessageId: shown.id,
    });
    expect(res.status).toBe(201);
  });

  it('refuses an afterMessageId that is no message of this thread with a 400, writing nothing', async () => {
    const { ticket } = await ticketWithMessage();
    const other = await ticketWithMessage();
    for (const afterMessageId of ['no-such-message', other.shown.id]) {
      const res = await agent.client.post(`/api/tickets/${ticket.id}/comments`, { content: 'Hi', afterMessageId });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'error.thread.unknownMessage',
        fieldCodes: { afterMessageId: { code: 'error.thread.unknownMessage' } },
      });
    }
    expect(await threadOf(ticket.id)).toHaveLength(1);
  });
});
