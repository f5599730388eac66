/**
 * Input limits through the embedded gateway (docs/product.md §5 "Input limits"): the 400s for malformed URLs, bodies,
 * ids and texts, the 401 for a request with no credentials at all, the 413 for a body over the limit, sealed cursors
 * that are good only for their own list, and redaction of card numbers and seed phrases end to end.
 */
import http from 'node:http';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '#functions/data/table.ts';
import { dynamo } from '#functions/lib/clients.ts';
import { config } from '#functions/lib/config.ts';
import { englishText } from '../english.ts';
import { staffCaller } from '#functions/domain/caller.ts';
import { readThread } from '#functions/use-cases/tickets/thread.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ApiClient, startApi } from './support/api.ts';
import { uniqueEmail } from './support/fixtures.ts';
import { createTestApiKey, createTestCategory, signedIn, type SignedIn } from './tickets-support.ts';

let api: Gateway;
let admin: SignedIn;
let category: string;
let ticketId: number;

beforeAll(async () => {
  api = await startApi();
  admin = await signedIn(api.url, 'admin');
  category = (await createTestCategory()).name;
  ticketId = (await admin.client.post('/api/tickets', ticket())).body.id;
});
afterAll(() => api.close());

const ticket = (overrides: Record<string, unknown> = {}) => ({
  customerEmail: uniqueEmail('customer'),
  subject: 'Withdrawal stuck',
  description: 'My withdrawal has been pending for two days.',
  category,
  priority: 'medium',
  ...overrides,
});

/** A request with raw bytes, as a browser or curl could send them. */
function raw(method: string, path: string, body?: Buffer, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = http.request(
      new URL(path, api.url),
      {
        method,
        headers: {
          origin: new URL(api.url).origin,
          cookie: admin.client.cookieHeader(),
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('ticket ids in paths', () => {
  it.each(['0x10', '1e1', '+5', '%201', '1%20', '01', '1.0', '-1', '0', '99999999999', 'abc'])(
    'refuses %s with 400',
    async (id) => {
      const res = await raw('GET', `/api/tickets/${id}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'validation.ticketId.invalid',
        message: 'Ticket id must be a positive whole number',
      });
    },
  );

  it('reads a canonical id', async () => {
    expect((await admin.client.get(`/api/tickets/${ticketId}`)).status).toBe(200);
  });
});

describe('malformed requests', () => {
  it.each([
    ['broken percent-encoding in the path', `/api/tickets/%zz`],
    ['a truncated escape in the query', '/api/tickets?q=%E2%82'],
    ['a lone percent in the query', '/api/tickets?q=50%'],
    ['invalid UTF-8 in the query', '/api/tickets?q=%C3%28'],
  ])('refuses %s with 400', async (_label, path) => {
    const res = await raw('GET', path);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'error.malformedUrl',
      message: 'The URL is malformed (broken percent-encoding or invalid UTF-8)',
    });
  });

  it('answers a page sent a malformed JSON body with a 400 page, not a 500', async () => {
    // A GET with a body, as curl or a crawler may send: the rating page's route.
    const page = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        new URL('/r/00000000-0000-4000-8000-000000000000', api.url),
        { method: 'GET', headers: { 'content-type': 'application/json', 'content-length': '9' } },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (c: Buffer) => parts.push(c));
          answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text: Buffer.concat(parts).toString() }));
        },
      );
      req.on('error', reject);
      req.end('{"broken"');
    });
    expect(page.status).toBe(400);
    expect(page.text).toContain(englishText('error.invalidJson'));
  });

  it('refuses a body that is not UTF-8 with 400, and creates nothing', async () => {
    const before = await sequence();
    const json = Buffer.from(JSON.stringify(ticket({ subject: 'Caf__ order' })));
    const at = json.indexOf('__');
    json[at] = 0xc3;
    json[at + 1] = 0x28;
    const res = await raw('POST', '/api/tickets', json);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'error.invalidBodyEncoding',
      message: 'The request body is not valid UTF-8',
    });
    expect(await sequence()).toBe(before);
  });

  it.each([
    ['NUL', 'Stuck\u0000withdrawal'],
    ['a lone surrogate', 'Stuck \ud800 withdrawal'],
    ['an escape character', 'Stuck \u001b[31m withdrawal'],
    ['a newline in a one-line field', 'Stuck\nwithdrawal'],
  ])('refuses %s in a subject with 400', async (_label, subject) => {
    const res = await admin.client.post('/api/tickets', ticket({ subject }));
    expect(res.status).toBe(400);
    expect(res.body.errors.subject).toMatch(/not allowed/);
  });

  it('counts a subject of only invisible characters as empty', async () => {
    const res = await admin.client.post(
      '/api/tickets',
      ticket({ subject: '\u200b\u200b\u200b\u200b\u200b\u200b\ufeff' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.subject).toBe('Subject must be at least 5 characters');
  });

  it('bounds every string: e-mail (254), ids in bodies and queries, category names', async () => {
    const long = `${'a'.repeat(250)}@x.io`;
    expect((await admin.client.post('/api/tickets', ticket({ customerEmail: long }))).status).toBe(400);
    expect((await admin.client.post('/api/tickets', ticket({ assignedToId: 'x'.repeat(65) }))).status).toBe(400);
    expect((await admin.client.post('/api/tickets', ticket({ category: 'c'.repeat(101) }))).status).toBe(400);
    expect((await admin.client.get('/api/tickets', { query: { assignedToId: 'x'.repeat(65) } })).status).toBe(400);
    expect((await admin.client.post(`/api/tickets/${ticketId}/assign`, { agentId: 'USER#x' })).status).toBe(400);
    expect((await admin.client.delete(`/api/categories/${'c'.repeat(65)}`)).status).toBe(400);
    expect((await admin.client.put(`/api/users/${'u'.repeat(2000)}/role`, { role: 'agent' })).status).toBe(400);
  });

  it('answers 413 with a JSON message for a body over 10 MB', async () => {
    const res = await raw('POST', '/api/tickets', Buffer.alloc(10 * 1024 * 1024 + 1, 0x20));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request Entity Too Large' });
  });
});

describe('no credentials at all', () => {
  it.each([
    ['GET', '/api/tickets'],
    ['POST', '/api/tickets'],
    ['PATCH', `/api/tickets/1`],
    ['DELETE', '/api/users/abc'],
    ['GET', '/api/audit'],
  ])('%s %s is a 401, with or without an Origin', async (method, path) => {
    for (const origin of [undefined, 'https://evil.example']) {
      const res = await new ApiClient(api.url).request(method, path, method === 'GET' ? undefined : {}, {
        headers: origin ? { origin } : {},
      });
      expect(res.status).toBe(401);
    }
  });
});

async function sequence(): Promise<number> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().tableName, Key: keys.ticketSequence() }));
  return (Item?.value as number) ?? 0;
}

describe('list cursors', () => {
  it('are opaque, work for their own list, and are refused on another list, filter or after tampering', async () => {
    for (let i = 0; i < 3; i++) await admin.client.post('/api/tickets', ticket({ priority: 'low' }));
    const first = await admin.client.get('/api/tickets', { query: { limit: 1, priority: 'low' } });
    const cursor: string = first.body.nextCursor;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const decoded = Buffer.from(cursor, 'base64url').toString('latin1');
    for (const leak of ['pk', 'gsi1', 'TICKET', 'TICKETS']) expect(decoded).not.toContain(leak);

    const next = await admin.client.get('/api/tickets', { query: { limit: 1, priority: 'low', cursor } });
    expect(next.status).toBe(200);
    expect(next.body.tickets[0].id).not.toBe(first.body.tickets[0].id);

    const otherFilter = await admin.client.get('/api/tickets', { query: { limit: 1, priority: 'high', cursor } });
    expect(otherFilter.status).toBe(400);
    // A ticket's paged thread (read by the messages API) refuses a ticket-list cursor.
    await expect(readThread(staffCaller(admin.user), ticketId, { cursor })).rejects.toThrow('Invalid cursor');
    const tampered = `${cursor.slice(0, -2)}${cursor.endsWith('AA') ? 'BB' : 'AA'}`;
    const refused = await admin.client.get('/api/tickets', { query: { limit: 1, priority: 'low', cursor: tampered } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation.cursor.invalid', message: 'Invalid cursor' });
  });
});

describe('sensitive data', () => {
  it('stores a ticket created through the API with its card number and seed phrase redacted, and says so in the history', async () => {
    const key = await createTestApiKey(['tickets:create', 'tickets:read']);
    const upstream = ApiClient.withApiKey(api.url, key.secret);
    const phrase = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
    const created = await upstream.post(
      '/api/tickets',
      ticket({
        subject: 'Card 4111 1111 1111 1111 charged twice',
        description: `Please help. My recovery words are ${phrase}. Deposit tx 9f2c6a1b3e5d7f9012345678901234567890abcdefabcdefabcdef1234567890`,
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.subject).toBe('Card [redacted:cardNumber] charged twice');
    expect(created.body.description).toContain('My recovery words are [redacted:seedPhrase].');
    expect(created.body.description).toContain('9f2c6a1b3e5d7f9012345678901234567890abcdefabcdefabcdef1234567890');

    // Nothing of either secret is anywhere in the ticket's partition (ticket, history, comments).
    const { Items = [] } = await dynamo().send(
      new QueryCommand({
        TableName: config().tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.ticket(created.body.id).pk },
      }),
    );
    const stored = JSON.stringify(Items);
    expect(stored).not.toContain('4111');
    expect(stored).not.toContain('sausage');

    const history = await upstream.get(`/api/tickets/${created.body.id}/history`);
    const redactions = history.body[0].changes.filter((c: { field: string }) => c.field === 'redacted');
    expect(redactions).toEqual([
      { field: 'redacted', from: null, to: 'subject:cardNumber' },
      { field: 'redacted', from: null, to: 'description:seedPhrase' },
    ]);
  });

  it('redacts a staff comment and notes it in the comment’s history entry', async () => {
    const res = await admin.client.post(`/api/tickets/${ticketId}/comments`, {
      content: 'Customer pasted private key: e9873d79c6d87dc0fb6a5778633389f4453213303da61f20bd67fc233aa33262',
    });
    expect(res.status).toBe(201);
    expect(res.body.comment).toBe('Customer pasted private key: [redacted:privateKey]');
    const history = await admin.client.get(`/api/tickets/${ticketId}/history`);
    const last = history.body.at(-1);
    expect(last.action).toBe('commented');
    expect(last.changes).toContainEqual({ field: 'redacted', from: null, to: 'comment:privateKey' });
  });
});
