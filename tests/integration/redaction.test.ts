/**
 * Redaction on the channels other than the staff app (ADR 073): a customer's message, as the e-mail and API inbound
 * channels hand it to `addCustomerMessage`, and a customer's rating comment from an upstream system. What is stored
 * holds the marker; the history says which kind was removed, never the value.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '#functions/data/table.ts';
import { dynamo } from '#functions/lib/clients.ts';
import { config } from '#functions/lib/config.ts';
import { addCustomerMessage } from '#functions/use-cases/tickets/thread.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ApiClient, startApi } from './support/api.ts';
import { uniqueEmail } from './support/fixtures.ts';
import { createTestApiKey, createTestCategory, signedIn, type SignedIn } from './tickets-support.ts';

const PHRASE = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
const WIF = '5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ';

let api: Gateway;
let admin: SignedIn;
let category: string;

beforeAll(async () => {
  api = await startApi();
  admin = await signedIn(api.url, 'admin');
  category = (await createTestCategory()).name;
});
afterAll(() => api.close());

async function newTicket(): Promise<number> {
  const res = await admin.client.post('/api/tickets', {
    customerEmail: uniqueEmail('customer'),
    subject: 'Wallet recovery',
    description: 'I cannot reach my wallet any more.',
    category,
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function storedPartition(ticketId: number): Promise<string> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.ticket(ticketId).pk },
    }),
  );
  return JSON.stringify(Items);
}

describe('redaction on inbound channels', () => {
  it("redacts a customer's e-mailed message before it is stored and notes the kinds in its history entry", async () => {
    const ticketId = await newTicket();
    const message = await addCustomerMessage({
      ticketId,
      channel: 'email',
      content: `Here are my words:\n${PHRASE}\nand my key ${WIF}. Address 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2.`,
    });
    expect(message.comment).toBe(
      'Here are my words:\n[redacted:seedPhrase]\nand my key [redacted:privateKey]. Address 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2.',
    );
    const stored = await storedPartition(ticketId);
    expect(stored).not.toContain('sausage');
    expect(stored).not.toContain(WIF);
    expect(stored).toContain('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2');
    const history = await admin.client.get(`/api/tickets/${ticketId}/history`);
    expect(history.body.at(-1).changes).toContainEqual({
      field: 'redacted',
      from: null,
      to: 'comment:seedPhrase,privateKey',
    });
  });

  it("redacts an upstream system's rating comment", async () => {
    const ticketId = await newTicket();
    expect((await admin.client.patch(`/api/tickets/${ticketId}`, { status: 'resolved' })).status).toBe(200);
    const key = await createTestApiKey(['tickets:rate']);
    const upstream = ApiClient.withApiKey(api.url, key.secret);
    const res = await upstream.post(`/api/tickets/${ticketId}/rating`, {
      score: 5,
      comment: 'Great help! My card was 5555 5555 5555 4444 by the way',
    });
    expect(res.status).toBe(201);
    expect(res.body.comment).toBe('Great help! My card was [redacted:cardNumber] by the way');
    expect(await storedPartition(ticketId)).not.toContain('5555 5555');
  });

  it('redacts an edited description and notes it only when the description changed', async () => {
    const ticketId = await newTicket();
    const res = await admin.client.patch(`/api/tickets/${ticketId}`, {
      description: 'Customer wrote: private key: e9873d79c6d87dc0fb6a5778633389f4453213303da61f20bd67fc233aa33262',
    });
    expect(res.body.description).toBe('Customer wrote: private key: [redacted:privateKey]');
    const history = await admin.client.get(`/api/tickets/${ticketId}/history`);
    expect(history.body.at(-1).changes).toContainEqual({
      field: 'redacted',
      from: null,
      to: 'description:privateKey',
    });
  });
});
