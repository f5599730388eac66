/**
 * The thread model: customer messages recorded through the use case (the next issues' inbound e-mail and API call
 * it), read back through the existing HTTP routes; and the paged thread read.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishText } from '../english.ts';
import { commentSchema, historyEntrySchema, ticketSchema } from '#shared/schemas/ticket.ts';
import { getTotals } from '#functions/data/stats.ts';
import { keys } from '#functions/data/table.ts';
import type { Caller } from '#functions/domain/caller.ts';
import { staffCaller } from '#functions/domain/caller.ts';
import { dynamo } from '#functions/lib/clients.ts';
import { config } from '#functions/lib/config.ts';
import { createTicket } from '#functions/use-cases/tickets/create-ticket.ts';
import { addCustomerMessage, readThread } from '#functions/use-cases/tickets/thread.ts';
import { updateTicket } from '#functions/use-cases/tickets/update-ticket.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ApiClient, startApi } from './support/api.ts';
import { createTestApiKey, createTestCategory, signedIn, ticketBody, type SignedIn } from './tickets-support.ts';

let api: Gateway;
let admin: SignedIn;
let agent: SignedIn;
let reader: ApiClient;
let category: string;

beforeAll(async () => {
  api = await startApi();
  [admin, agent] = await Promise.all([signedIn(api.url, 'admin'), signedIn(api.url, 'agent')]);
  category = (await createTestCategory()).name;
  reader = ApiClient.withApiKey(api.url, (await createTestApiKey(['tickets:read'])).secret);
});
afterAll(() => api?.close());

const raw = async (key: { pk: string; sk: string }) =>
  (await dynamo().send(new GetCommand({ TableName: config().tableName, Key: key, ConsistentRead: true }))).Item;

/** A new ticket assigned to the agent, filed through the API. */
async function newTicket(overrides: Record<string, unknown> = {}) {
  const res = await admin.client.post(
    '/api/tickets',
    ticketBody(category, { assignedToId: agent.user.id, ...overrides }),
  );
  expect(res.status).toBe(201);
  return ticketSchema.parse(res.body);
}

const ticketOf = async (id: number) => ticketSchema.parse((await admin.client.get(`/api/tickets/${id}`)).body);
const commentsOf = async (client: ApiClient, id: number) =>
  commentSchema.array().parse((await client.get(`/api/tickets/${id}/comments`)).body);
const historyOf = async (id: number) =>
  historyEntrySchema.array().parse((await admin.client.get(`/api/tickets/${id}/history`)).body);

describe('a customer message', () => {
  it('is public, signed with the ticket customer e-mail, and moves the ticket without changing its status', async () => {
    const ticket = await newTicket({ customerEmail: 'Trader.One@Example.com' });
    const receivedAt = new Date(Date.now() - 30_000);
    const message = await addCustomerMessage({
      ticketId: ticket.id,
      content: '  Any news on my withdrawal?  ',
      channel: 'email',
      receivedAt,
    });

    const comments = await commentsOf(admin.client, ticket.id);
    expect(comments).toEqual([
      {
        id: message.id,
        ticketId: ticket.id,
        userId: null,
        authorType: 'customer',
        channel: 'email',
        comment: 'Any news on my withdrawal?',
        isInternal: false,
        createdAt: receivedAt.toISOString(),
        author: { firstName: '', lastName: '', email: 'trader.one@example.com' },
        attachments: [],
      },
    ]);
    // Upstream systems see it too: it is not an internal note.
    expect((await commentsOf(reader, ticket.id)).map((c) => c.id)).toEqual([message.id]);

    const after = await ticketOf(ticket.id);
    expect(after.status).toBe('open');
    expect(after.responseTime).toBeNull();
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(ticket.updatedAt));
    const last = (await historyOf(ticket.id)).at(-1)!;
    expect(last).toMatchObject({
      action: 'commented',
      actor: { type: 'customer', id: 'trader.one@example.com', name: 'trader.one@example.com' },
      changes: [],
    });
  });

  it('reopens a resolved ticket when the customer answers, and moves the counters with it', async () => {
    const ticket = await newTicket();
    expect((await agent.client.patch(`/api/tickets/${ticket.id}`, { status: 'resolved' })).status).toBe(200);
    const resolved = await ticketOf(ticket.id);
    expect(resolved.resolvedAt).not.toBeNull();
    const before = await getTotals();

    await addCustomerMessage({ ticketId: ticket.id, content: 'It happened again this morning.', channel: 'api' });

    const after = await ticketOf(ticket.id);
    expect(after).toMatchObject({ status: 'open', resolvedAt: null, resolutionTime: null, isOverdue: false });
    expect(after.responseTime).toBe(resolved.responseTime);
    const totals = await getTotals();
    expect((totals.status_open ?? 0) - (before.status_open ?? 0)).toBe(1);
    expect((totals.status_resolved ?? 0) - (before.status_resolved ?? 0)).toBe(-1);
    expect((totals.resolutionTimeCount ?? 0) - (before.resolutionTimeCount ?? 0)).toBe(-1);
    expect((await historyOf(ticket.id)).at(-1)).toMatchObject({
      action: 'commented',
      actor: { type: 'customer' },
      changes: [{ field: 'status', from: 'resolved', to: 'open' }],
    });
  });

  it('reopens a closed ticket as overdue when its deadline passed while it was closed', async () => {
    const filedAt = new Date(Date.now() - 3 * 3_600_000);
    const { ticket } = await createTicket(
      staffCaller(admin.user),
      { ...ticketBody(category), type: 'direct', priority: 'critical', assignedToId: agent.user.id },
      { now: filedAt },
    );
    await updateTicket(staffCaller(agent.user), ticket.id, { status: 'closed' }, new Date(filedAt.getTime() + 60_000));

    await addCustomerMessage({ ticketId: ticket.id, content: 'Still not solved, sorry.', channel: 'email' });

    expect(await ticketOf(ticket.id)).toMatchObject({ status: 'open', isOverdue: true, resolvedAt: null });
    const overdue = (await admin.client.get('/api/tickets/overdue')).body as { id: number }[];
    expect(overdue.map((t) => t.id)).toContain(ticket.id);
    expect((await historyOf(ticket.id)).at(-1)?.changes).toEqual([
      { field: 'status', from: 'closed', to: 'open' },
      { field: 'isOverdue', from: false, to: true },
    ]);
  });

  it('is written exactly once beside concurrent edits, each moving the ticket version once', async () => {
    const ticket = await newTicket();
    const results = await Promise.all([
      ...[1, 2, 3].map((n) => addCustomerMessage({ ticketId: ticket.id, content: `Message ${n}`, channel: 'email' })),
      agent.client.patch(`/api/tickets/${ticket.id}`, { status: 'in_progress' }),
      agent.client.patch(`/api/tickets/${ticket.id}`, { priority: 'high' }),
    ]);
    expect(results.slice(3).map((r) => (r as { status: number }).status)).toEqual([200, 200]);
    expect((await commentsOf(admin.client, ticket.id)).map((c) => c.comment).sort()).toEqual([
      'Message 1',
      'Message 2',
      'Message 3',
    ]);
    const history = await historyOf(ticket.id);
    expect(history.map((e) => e.action).sort()).toEqual([
      'commented',
      'commented',
      'commented',
      'created',
      'updated',
      'updated',
    ]);
    // Created at version 1; three messages and two edits each wrote the ticket once.
    expect((await raw(keys.ticket(ticket.id)))?.version).toBe(6);
    expect(await ticketOf(ticket.id)).toMatchObject({ status: 'in_progress', priority: 'high' });
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['too long', 'x'.repeat(5_001)],
  ])('is refused when %s, with nothing written', async (_label, content) => {
    const ticket = await newTicket();
    await expect(addCustomerMessage({ ticketId: ticket.id, content, channel: 'email' })).rejects.toMatchObject({
      statusCode: 400,
      fieldErrors: {
        content: {
          message: content.trim()
            ? englishText('validation.comment.tooLong', { max: 5000 })
            : englishText('validation.comment.required'),
        },
      },
    });
    expect(await commentsOf(admin.client, ticket.id)).toEqual([]);
    expect(await historyOf(ticket.id)).toHaveLength(1);
    expect((await ticketOf(ticket.id)).updatedAt).toBe(ticket.updatedAt);
  });

  it('is refused with 404 on an unknown ticket', async () => {
    await expect(
      addCustomerMessage({ ticketId: 999_999_996, content: 'Hello?', channel: 'email' }),
    ).rejects.toMatchObject({ statusCode: 404, message: englishText('error.ticket.notFound') });
  });
});

describe('staff comments in the thread model', () => {
  it('are staff comments that arrived through the app, public reply or internal note alike', async () => {
    const ticket = await newTicket();
    const reply = await agent.client.post(`/api/tickets/${ticket.id}/comments`, { content: 'On it.' });
    const note = await agent.client.post(`/api/tickets/${ticket.id}/comments`, { content: 'KYC ok', isInternal: true });
    for (const res of [reply, note]) {
      expect(res.status).toBe(201);
      expect(commentSchema.parse(res.body)).toMatchObject({
        userId: agent.user.id,
        authorType: 'staff',
        channel: 'web',
      });
    }
  });

  it('read a comment stored before authors and channels were recorded as a staff comment in the app', async () => {
    const ticket = await newTicket();
    const at = new Date().toISOString();
    const id = randomUUID();
    await dynamo().send(
      new PutCommand({
        TableName: config().tableName,
        Item: {
          ...keys.ticketComment(ticket.id, at, id),
          id,
          ticketId: ticket.id,
          userId: agent.user.id,
          comment: 'Written by the first version',
          isInternal: false,
          createdAt: at,
          author: { firstName: 'Alan', lastName: 'Agent', email: agent.email },
        },
      }),
    );
    expect(await commentsOf(admin.client, ticket.id)).toEqual([
      expect.objectContaining({ id, userId: agent.user.id, authorType: 'staff', channel: 'web' }),
    ]);
  });
});

describe('readThread: the paged thread', () => {
  const keyCaller = (scopes: ('tickets:read' | 'tickets:create')[]): Caller => ({
    kind: 'apiKey',
    apiKey: { id: `key-${randomUUID()}`, name: 'Trading platform', scopes },
  });

  /** A ticket with an internal note, a public reply and three customer messages, in this order. */
  async function ticketWithThread() {
    const ticket = await newTicket();
    await agent.client.post(`/api/tickets/${ticket.id}/comments`, { content: 'note', isInternal: true });
    await agent.client.post(`/api/tickets/${ticket.id}/comments`, { content: 'reply' });
    const start = Date.now() + 1_000;
    for (const n of [1, 2, 3]) {
      await addCustomerMessage({
        ticketId: ticket.id,
        content: `customer ${n}`,
        channel: 'email',
        receivedAt: new Date(start + n * 1_000),
      });
    }
    return ticket;
  }

  /** Every page, following the cursors. */
  async function allPages(caller: Caller, id: number, limit: number) {
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await readThread(caller, id, { limit, ...(cursor ? { cursor } : {}) });
      pages.push(page.messages.map((m) => m.comment));
      cursor = page.nextCursor ?? undefined;
    } while (cursor && pages.length < 10);
    return pages;
  }

  it('gives staff every message oldest first, a page at a time', async () => {
    const ticket = await ticketWithThread();
    const pages = await allPages(staffCaller(agent.user), ticket.id, 2);
    expect(pages.flat()).toEqual(['note', 'reply', 'customer 1', 'customer 2', 'customer 3']);
    expect(pages[0]).toEqual(['note', 'reply']);
    expect(pages.every((p) => p.length <= 2)).toBe(true);
    expect((await readThread(staffCaller(agent.user), ticket.id)).nextCursor).toBeNull();
  });

  it('leaves internal notes out for API keys, still filling the pages', async () => {
    const ticket = await ticketWithThread();
    const pages = await allPages(keyCaller(['tickets:read']), ticket.id, 2);
    expect(pages.flat()).toEqual(['reply', 'customer 1', 'customer 2', 'customer 3']);
    expect(pages[0]).toEqual(['reply', 'customer 1']);
  });

  it('refuses a cursor of another ticket, or no cursor at all, with 400', async () => {
    const [one, other] = await Promise.all([ticketWithThread(), newTicket()]);
    const { nextCursor } = await readThread(staffCaller(agent.user), one.id, { limit: 1 });
    expect(nextCursor).not.toBeNull();
    for (const cursor of [nextCursor!, 'bm90IGEgY3Vyc29y', Buffer.from('{"pk":1}').toString('base64url')]) {
      await expect(readThread(staffCaller(agent.user), other.id, { cursor })).rejects.toMatchObject({
        statusCode: 400,
        message: englishText('validation.cursor.invalid'),
      });
    }
  });

  it('refuses callers the read access does not admit, a bad limit, and unknown tickets', async () => {
    const ticket = await newTicket();
    await expect(readThread(keyCaller(['tickets:create']), ticket.id)).rejects.toMatchObject({ statusCode: 403 });
    await expect(readThread({ kind: 'anonymous' }, ticket.id)).rejects.toMatchObject({ statusCode: 401 });
    await expect(readThread(staffCaller(agent.user), ticket.id, { limit: 0 })).rejects.toMatchObject({
      statusCode: 400,
      message: englishText('validation.limit.invalid', { max: 100 }),
    });
    await expect(readThread(staffCaller(agent.user), 999_999_995)).rejects.toMatchObject({ statusCode: 404 });
  });
});
