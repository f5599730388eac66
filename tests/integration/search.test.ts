/**
 * Search in the tickets list (`GET /api/tickets?q=`): exact lookups by ticket code and customer e-mail, and word search
 * over the term index kept from the table's stream (docs/decisions/090-search-by-term-index.md), in a table of its own
 * with the indexer on its stream.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '#shared/schemas/category.ts';
import { type Ticket, ticketListSchema } from '#shared/schemas/ticket.ts';
import { reserveTicketNumbers } from '#functions/data/sequence.ts';
import { importTickets } from '#functions/data/ticket-import.ts';
import { newTicket } from '#functions/domain/tickets.ts';
import { handler as indexer } from '#functions/jobs/indexer.ts';
import { englishText } from '../english.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import type { StreamPoller } from '#infra/local/stream-poller.ts';
import { ApiClient, startApi } from './support/api.ts';
import { pollTableStream } from './support/stream.ts';
import { eventually } from './support/waiting.ts';
import {
  createTestApiKey,
  createTestCategory,
  createTicketAs,
  signedIn,
  ticketBody,
  type SignedIn,
  useDedicatedTable,
} from './tickets-support.ts';

let table: Awaited<ReturnType<typeof useDedicatedTable>>;
let api: Gateway;
let poller: StreamPoller;
let manager: SignedIn;
let agent: SignedIn;
let category: Category;

beforeAll(async () => {
  table = await useDedicatedTable('helpdesk-search');
  api = await startApi();
  poller = await pollTableStream(table.tableName, [{ handler: async () => indexer, functionName: 'helpdesk-indexer' }]);
  [manager, agent] = await Promise.all([signedIn(api.url, 'manager'), signedIn(api.url, 'agent')]);
  category = await createTestCategory();
});
afterAll(async () => {
  await poller?.stop();
  await api?.close();
  await table?.restore();
});

/** A word no other test uses, so each test sees only its own tickets. */
const word = () => `zq${randomUUID().replaceAll('-', '').slice(0, 10)}`;

const file = (overrides: Record<string, unknown> = {}) =>
  createTicketAs(manager.client, ticketBody(category.name, { assignedToId: agent.user.id, ...overrides }));

async function search(query: Record<string, string | number>, client: ApiClient = agent.client) {
  const res = await client.get('/api/tickets', { query });
  expect(res.status).toBe(200);
  return ticketListSchema.parse(res.body);
}
const idsOf = (page: { tickets: { id: number }[] }) => page.tickets.map((t) => t.id);

/** Waits until searching `q` answers exactly `ids` (the index follows the stream), and returns the page. */
const searchUntil = (q: string, ids: number[], filters: Record<string, string> = {}) =>
  eventually(
    async () => {
      const page = await search({ q, ...filters });
      return JSON.stringify(idsOf(page)) === JSON.stringify(ids) ? page : undefined;
    },
    `"${q}" to find ${ids.join(', ') || 'nothing'}`,
  );

describe('exact lookups', () => {
  it('finds a ticket by its code in any case, with or without the leading zeros, at once', async () => {
    const ticket = await file();
    const code = ticket.ticketId;
    for (const q of [code, code.toLowerCase(), `tkt-${ticket.id}`, `TKT${ticket.id}`])
      expect(idsOf(await search({ q }))).toEqual([ticket.id]);
    expect(idsOf(await search({ q: code, status: 'resolved' }))).toEqual([]);
  });

  it("finds a customer's tickets by the whole e-mail address in any case, newest first", async () => {
    const customerEmail = `${word()}@example.com`;
    const first = await file({ customerEmail });
    const second = await file({ customerEmail });
    await file();
    expect(idsOf(await search({ q: customerEmail.toUpperCase() }))).toEqual([second.id, first.id]);
    expect(idsOf(await search({ q: customerEmail, priority: 'critical' }))).toEqual([]);
  });
});

describe('word search', () => {
  it('finds a word of the subject or the description, newest first', async () => {
    const w = word();
    const a = await file({ subject: `Card ${w} declined` });
    const b = await file({ description: `The ${w} payment was refused twice.` });
    await searchUntil(w.toUpperCase(), [b.id, a.id]);
  });

  it('requires every word, and matches the last one as a prefix', async () => {
    const [w1, w2] = [word(), word()];
    const both = await file({ subject: `Withdrawal ${w1} pending`, description: `Reference ${w2}.` });
    const done = await file({ subject: `Withdrawal ${w1} done` });
    await searchUntil(`${w1} ${w2}`, [both.id]);
    // A ticket's terms are written a few at a time: each query waits for its own.
    await searchUntil(`${w2.slice(0, 7)}`, [both.id]);
    await searchUntil(`${w2} ${w1.slice(0, 6)}`, [both.id]);
    await searchUntil(`${w1} withdrawal`, [done.id, both.id]);
    expect(idsOf(await search({ q: `${w1.slice(0, 6)} ${w2}` }))).toEqual([]);
  });

  it('finds words of public messages, but not of internal notes', async () => {
    const [reply, note] = [word(), word()];
    const ticket = await file();
    expect(
      (await manager.client.post(`/api/tickets/${ticket.id}/comments`, { content: `Public ${reply}` })).status,
    ).toBe(201);
    const internal = { content: `Internal ${note}`, isInternal: true };
    expect((await manager.client.post(`/api/tickets/${ticket.id}/comments`, internal)).status).toBe(201);
    await searchUntil(reply, [ticket.id]);
    // The note was written after the reply, so the index has seen it by now.
    expect(idsOf(await search({ q: note }))).toEqual([]);
  });

  it('stops finding a word once it leaves the subject, and finds the new one', async () => {
    const [before, after] = [word(), word()];
    const ticket = await file({ subject: `About ${before}` });
    await searchUntil(before, [ticket.id]);
    expect((await manager.client.patch(`/api/tickets/${ticket.id}`, { subject: `About ${after}` })).status).toBe(200);
    await searchUntil(after, [ticket.id]);
    await searchUntil(before, []);
  });

  it('finds Chinese and Japanese text by any phrase of it, and a prefix of its last characters', async () => {
    const tag = word();
    const zh = await file({ subject: `${tag} 提现`, description: '我的提现还没有到账，请帮忙处理退款申请。' });
    const ja = await file({ subject: `${tag} 出金`, description: '出金がまだ届いていません。返金をお願いします。' });
    await searchUntil(tag, [ja.id, zh.id]);
    // A ticket's terms are written a few at a time: each query waits for its own.
    await searchUntil(`${tag} 退款申请`, [zh.id]);
    await searchUntil(`${tag} 退`, [zh.id]);
    await searchUntil(`${tag} 返金をお願い`, [ja.id]);
    await searchUntil(`${tag} 届いていません`, [ja.id]);
    expect(idsOf(await search({ q: `${tag} 到账 返金` }))).toEqual([]);
  });

  it('folds case and accents, so French and German words are found as typed without them', async () => {
    const tag = word();
    const fr = await file({ subject: `${tag} Le dépôt n'arrive pas`, description: "L'application ne répond plus." });
    const de = await file({ subject: `${tag} Überweisung`, description: 'Die Straße der Bank.' });
    await searchUntil(tag, [de.id, fr.id]);
    // A ticket's terms are written a few at a time: each query waits for its own.
    await searchUntil(`${tag} depot application repond`, [fr.id]);
    await searchUntil(`${tag} uberweisung strasse`, [de.id]);
  });

  it('applies the other filters to the matches, and pages through them with a cursor, each once', async () => {
    const w = word();
    const tickets: Ticket[] = [];
    for (const priority of ['low', 'high', 'high', 'critical', 'high'])
      tickets.push(await file({ subject: `Card ${w} declined`, priority }));
    const ids = tickets.map((t) => t.id).reverse();
    await searchUntil(w, ids);
    expect(idsOf(await search({ q: w, priority: 'high' }))).toEqual([tickets[4]!.id, tickets[2]!.id, tickets[1]!.id]);
    expect(idsOf(await search({ q: w, assignedToId: manager.user.id }))).toEqual([]);
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const result = await search({ q: w, limit: 2, ...(cursor ? { cursor } : {}) });
      expect(result.tickets.length).toBeLessThanOrEqual(2);
      seen.push(...idsOf(result));
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(ids);
    const { nextCursor } = await search({ q: w, limit: 1 });
    const replay = await agent.client.get('/api/tickets', { query: { q: word(), cursor: nextCursor! } });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(englishText('validation.cursor.invalid'));
  });
});

describe('who may search', () => {
  it('answers an API key with tickets:read as it answers staff, and refuses a key without it', async () => {
    const w = word();
    const ticket = await file({ subject: `Limit ${w}` });
    await searchUntil(w, [ticket.id]);
    const reader = await createTestApiKey(['tickets:read']);
    expect(idsOf(await search({ q: w }, ApiClient.withApiKey(api.url, reader.secret)))).toEqual([ticket.id]);
    const creator = await createTestApiKey(['tickets:create']);
    const refused = await ApiClient.withApiKey(api.url, creator.secret).get('/api/tickets', { query: { q: w } });
    expect(refused.status).toBe(403);
  });
});

describe('a table of many tickets', () => {
  // Last in the file: the indexer on the stream meets the imported tickets too, and this leaves it busy for a while.
  it('finds the oldest of 1,200 tickets on the first page, by a word, its e-mail and its code', async () => {
    const [rare, common] = [word(), word()];
    const first = await reserveTicketNumbers(1_200);
    const now = Date.now();
    const tickets = Array.from({ length: 1_200 }, (_, i) =>
      newTicket(
        {
          id: first + i,
          subject: i === 0 ? `Oldest ${rare} ${common}` : `Newer ${common} ticket`,
          description: 'Imported in bulk.',
          customerEmail: i === 0 ? `${rare}@example.com` : `customer${i}@example.com`,
          category: { id: category.id, name: category.name },
          priority: 'medium',
          type: 'api',
          assignee: null,
          createdById: null,
          createdByApiKeyId: null,
        },
        new Date(now - (1_200 - i) * 60_000),
      ),
    );
    await importTickets(tickets);
    const oldest = tickets[0]!;
    expect(idsOf(await search({ q: rare }))).toEqual([oldest.id]);
    expect(idsOf(await search({ q: `${common} ${rare}` }))).toEqual([oldest.id]);
    expect(idsOf(await search({ q: `${rare}@example.com` }))).toEqual([oldest.id]);
    expect(idsOf(await search({ q: oldest.ticketId }))).toEqual([oldest.id]);
    const newest = await search({ q: common });
    expect(newest.tickets).toHaveLength(100);
    expect(newest.tickets[0]!.id).toBe(tickets[1_199]!.id);
  }, 300_000);
});
