/**
 * The embedded stream poller hands records over as Lambda does, so that the consumers' decoding is the one they run
 * in AWS.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#functions/lib/clients.ts';
import { config } from '#functions/lib/config.ts';
import { streamChange } from '#functions/outbound/stream-change.ts';
import type { StreamChange } from '#functions/domain/outbound.ts';
import type { StreamPoller } from '#infra/local/stream-poller.ts';
import { pollTableStream } from './support/stream.ts';
import { eventually } from './support/waiting.ts';
import { useDedicatedTable } from './tickets-support.ts';

let table: Awaited<ReturnType<typeof useDedicatedTable>>;
let poller: StreamPoller;
const changes: StreamChange[] = [];

beforeAll(async () => {
  table = await useDedicatedTable('helpdesk-stream-probe');
  poller = await pollTableStream(table.tableName, [
    {
      functionName: 'helpdesk-stream-probe',
      handler: async () => async (event: DynamoDBStreamEvent) => {
        for (const record of event.Records) {
          const change = streamChange(record, new Date());
          if (change) changes.push(change);
        }
        return undefined;
      },
    },
  ]);
});

afterAll(async () => {
  await poller?.stop();
  await table?.restore();
});

describe('the embedded stream poller', () => {
  it('hands over empty maps and lists, also nested, as Lambda does, so images decode', async () => {
    const key = { pk: `STREAM_PROBE#${randomUUID()}`, sk: 'PROBE' };
    const item = { ...key, sessions: {}, nested: { inner: {}, list: [{}, []] }, list: [] };
    await dynamo().send(new PutCommand({ TableName: config().tableName, Item: item }));

    const change = await eventually(() => changes.find((c) => c.pk === key.pk), 'the probe item in the stream');
    expect(change.after).toEqual(item);
  });
});
