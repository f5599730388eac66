/**
 * What upstream systems use to follow a customer (docs/api.md): the public thread of a ticket and the customer's answers
 * through `/api/tickets/{id}/messages`, and a customer's tickets through `GET /api/tickets?customerEmail=`.
 */
import { randomUUID } from 'node:crypto';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  PutItemCommand,
  QueryCommand,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentSchema, ticketListSchema, ticketSchema } from '#shared/schemas/ticket.ts';
import { publicThreadPageSchema } from '#shared/schemas/webhook.ts';
import { INDEXES, TABLE_SCHEMA } from '#functions/data/table.ts';
import { LOCAL_CREDENTIALS } from '#infra/local/env.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ensureTable } from '#infra/local/table.ts';
import { ApiClient, startApi } from './support/api.ts';
import {
  createTestApiKey,
  createTestCategory,
  createTicketAs,
  signedIn,
  ticketBody,
  type SignedIn,
} from './tickets-support.ts';

let api: Gateway;
let admin: SignedIn;
let agent: SignedIn;
let category: string;
let replier: ApiClient;
let reader: ApiClient;

beforeAll(async () => {
  api = await startApi();
  [admin, agent] = await Promise.all([signedIn(api.url, 'admin'), signedIn(api.url, 'agent')]);
  category = (await createTestCategory()).name;
  replier = ApiClient.withApiKey(api.url, (await createTestApiKey(['tickets:reply'])).secret);
  reader = ApiClient.withApiKey(api.url, (await createTestApiKey(['tickets:read'])).secret);
});
afterAll(() => api?.close());

const newTicket = (overrides: Record<string, unknown> = {}) =>
  createTicketAs(admin.client, ticketBody(category, { assignedToId: agent.user.id, ...overrides }));

const threadOf = async (client: ApiClient, id: number, query: Record<string, string | number> = {}) => {
  const res = await client.get(`/api/tickets/${id}/messages`, { query });
  expect(res.status).toBe(200);
  return publicThreadPageSchema.strict().parse(res.body);
};

describe('POST /api/tickets/{id}/messages', () => {
  it('records the customer’s answer as theirs, on channel api, seen by staff and in the public thread', async () => {
    const ticket = await newTicket({ customerEmail: 'Relay.Customer@Example.com' });
    const res = await replier.post(`/api/tickets/${ticket.id}/messages`, { content: '  I sent the documents.  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      ticketId: ticket.id,
      authorType: 'customer',
      channel: 'api',
      content: 'I sent the documents.',
      createdAt: expect.any(String),
      authorName: null,
      attachments: [],
    });

    const staffView = commentSchema.array().parse((await agent.client.get(`/api/tickets/${ticket.id}/comments`)).body);
    expect(staffView).toEqual([
      expect.objectContaining({
        id: res.body.id,
        authorType: 'customer',
        channel: 'api',
        userId: null,
        isInternal: false,
        comment: 'I sent the documents.',
        author: { firstName: '', lastName: '', email: 'relay.customer@example.com' },
      }),
    ]);
    expect((await threadOf(reader, ticket.id)).messages.map((m) => m.id)).toEqual([res.body.id]);
  });

  it('reopens a resolved ticket, as an e-mailed answer does', async () => {
    const ticket = await newTicket();
    await admin.client.patch(`/api/tickets/${ticket.id}`, { status: 'resolved' });
    expect((await replier.post(`/api/tickets/${ticket.id}/messages`, { content: 'Still broken.' })).status).toBe(201);
    const after = ticketSchema.parse((await admin.client.get(`/api/tickets/${ticket.id}`)).body);
    expect(after).toMatchObject({ status: 'open', resolvedAt: null });
  });

  it('refuses staff, keys without tickets:reply, bad input and unknown tickets, changing nothing', async () => {
    const ticket = await newTicket();
    const staff = await admin.client.post(`/api/tickets/${ticket.id}/messages`, { content: 'From staff' });
    expect(staff).toMatchObject({
      status: 403,
      body: {
        code: 'error.ticket.messagesByKeysOnly',
        message: expect.stringMatching(/^Customer messages come from upstream systems/),
      },
    });
    const keyWithoutScope = await reader.post(`/api/tickets/${ticket.id}/messages`, { content: 'x' });
    expect(keyWithoutScope).toMatchObject({
      status: 403,
      body: { message: 'This API key lacks the tickets:reply scope' },
    });
    expect((await replier.post(`/api/tickets/${ticket.id}/messages`, { content: '   ' })).status).toBe(400);
    expect((await replier.post(`/api/tickets/${ticket.id}/messages`, { content: 'x'.repeat(5_001) })).status).toBe(400);
    expect((await replier.post('/api/tickets/999999999/messages', { content: 'Hello' })).status).toBe(404);
    expect((await threadOf(reader, ticket.id)).messages).toEqual([]);
  });
});

describe('GET /api/tickets/{id}/messages', () => {
  it('lists public messages oldest first, a page at a time, never internal notes or staff e-mails', async () => {
    const ticket = await newTicket();
    const said: string[] = [];
    for (const [i, isInternal] of [false, true, false, true, false].entries()) {
      const content = `Message ${i}${isInternal ? ' (internal)' : ''}`;
      await agent.client.post(`/api/tickets/${ticket.id}/comments`, { content, isInternal });
      if (!isInternal) said.push(content);
    }
    await replier.post(`/api/tickets/${ticket.id}/messages`, { content: 'Customer says thanks' });
    said.push('Customer says thanks');

    const first = await threadOf(reader, ticket.id, { limit: 2 });
    expect(first.messages.map((m) => m.content)).toEqual(said.slice(0, 2));
    expect(first.nextCursor).toEqual(expect.any(String));
    const rest = await threadOf(reader, ticket.id, { cursor: first.nextCursor! });
    expect(rest.messages.map((m) => m.content)).toEqual(said.slice(2));
    expect(rest.nextCursor).toBeNull();
    expect(first.messages[0]).toMatchObject({
      authorType: 'staff',
      authorName: `${agent.user.firstName} ${agent.user.lastName}`,
    });
    expect(JSON.stringify([first, rest])).not.toContain(agent.email);

    // Staff reading the same route see the same public thread.
    const staffPage = await threadOf(agent.client, ticket.id);
    expect(staffPage.messages.map((m) => m.content)).toEqual(said);
  });

  it('refuses a cursor of another ticket and answers 404 for an unknown one', async () => {
    const [a, b] = await Promise.all([newTicket(), newTicket()]);
    for (const content of ['one', 'two']) await agent.client.post(`/api/tickets/${a.id}/comments`, { content });
    const page = await threadOf(reader, a.id, { limit: 1 });
    const res = await reader.get(`/api/tickets/${b.id}/messages`, { query: { cursor: page.nextCursor! } });
    expect(res).toMatchObject({ status: 400, body: { code: 'validation.cursor.invalid', message: 'Invalid cursor' } });
    expect((await reader.get('/api/tickets/999999999/messages')).status).toBe(404);
  });
});

describe('GET /api/tickets?customerEmail=', () => {
  it('lists exactly that customer’s tickets, newest first, whatever the case of the address', async () => {
    const customer = `Customer.${randomUUID().slice(0, 8)}@Example.com`;
    const theirs = [];
    for (let i = 0; i < 3; i++) theirs.push(await newTicket({ customerEmail: customer }));
    // Neither a longer address that contains it nor another customer's ticket.
    await newTicket({ customerEmail: `x${customer}` });
    await newTicket();

    for (const asked of [customer, customer.toLowerCase(), customer.toUpperCase()]) {
      const res = await reader.get('/api/tickets', { query: { customerEmail: asked } });
      expect(res.status).toBe(200);
      const page = ticketListSchema.parse(res.body);
      expect(page.tickets.map((t) => t.id)).toEqual(theirs.map((t) => t.id).reverse());
      expect(page.nextCursor).toBeNull();
    }
  });

  it('combines with the other filters and pages with a cursor', async () => {
    const customer = `pager-${randomUUID().slice(0, 8)}@example.com`;
    const low = await newTicket({ customerEmail: customer, priority: 'low' });
    const high = await newTicket({ customerEmail: customer, priority: 'high' });
    await admin.client.patch(`/api/tickets/${high.id}`, { status: 'in_progress' });

    const onlyHigh = await reader.get('/api/tickets', { query: { customerEmail: customer, priority: 'high' } });
    expect(ticketListSchema.parse(onlyHigh.body).tickets.map((t) => t.id)).toEqual([high.id]);
    const open = await reader.get('/api/tickets', { query: { customerEmail: customer, status: 'open' } });
    expect(ticketListSchema.parse(open.body).tickets.map((t) => t.id)).toEqual([low.id]);
    const mine = await reader.get('/api/tickets', { query: { customerEmail: customer, assignedToId: agent.user.id } });
    expect(ticketListSchema.parse(mine.body).tickets).toHaveLength(2);

    const first = ticketListSchema.parse(
      (await reader.get('/api/tickets', { query: { customerEmail: customer, limit: 1 } })).body,
    );
    expect(first.tickets.map((t) => t.id)).toEqual([high.id]);
    const second = ticketListSchema.parse(
      (await reader.get('/api/tickets', { query: { customerEmail: customer, limit: 1, cursor: first.nextCursor! } }))
        .body,
    );
    expect(second.tickets.map((t) => t.id)).toEqual([low.id]);
  });

  it('refuses an address that is not one', async () => {
    const res = await reader.get('/api/tickets', { query: { customerEmail: 'not-an-address' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('customerEmail');
  });
});

describe('a local table made before the byCustomer index', () => {
  it('gains the index when the runtime starts, and finds the tickets it already held', async () => {
    const client = new DynamoDBClient({
      endpoint: process.env.DYNAMODB_ENDPOINT,
      region: process.env.AWS_REGION,
      credentials: LOCAL_CREDENTIALS,
    });
    const TableName = `helpdesk-old-${randomUUID().slice(0, 8)}`;
    const older = TABLE_SCHEMA.indexes.filter((index) => index.name !== INDEXES.byCustomer.name);
    const attributes = [...new Set(['pk', 'sk', ...older.flatMap((index) => [index.pk, index.sk])])];
    try {
      await client.send(
        new CreateTableCommand({
          TableName,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: attributes.map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'sk', KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: older.map((index) => ({
            IndexName: index.name,
            KeySchema: [
              { AttributeName: index.pk, KeyType: 'HASH' },
              { AttributeName: index.sk, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          })),
          StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
        }),
      );
      // A ticket as every version of the data layer has written it: its customer e-mail and byCollection's keys.
      await client.send(
        new PutItemCommand({
          TableName,
          Item: {
            pk: { S: 'TICKET#0000000007' },
            sk: { S: 'TICKET' },
            customerEmail: { S: 'old.customer@example.com' },
            gsi1pk: { S: 'TICKETS' },
            gsi1sk: { S: '2024-01-01T00:00:00.000Z#0000000007' },
          },
        }),
      );

      expect(await ensureTable(client, TableName)).toBe('exists');
      const { Table } = await client.send(new DescribeTableCommand({ TableName }));
      expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName)).toContain('byCustomer');
      const { Items } = await client.send(
        new QueryCommand({
          TableName,
          IndexName: 'byCustomer',
          KeyConditionExpression: 'customerEmail = :email',
          ExpressionAttributeValues: { ':email': { S: 'old.customer@example.com' } },
        }),
      );
      expect(Items?.map((item) => item.pk?.S)).toEqual(['TICKET#0000000007']);
    } finally {
      await client.send(new DeleteTableCommand({ TableName })).catch(() => undefined);
      client.destroy();
    }
  });
});
