/**
 * The embedded SQS endpoint as @aws-sdk/client-sqs sees it (the protocol, its answers and its errors) and as a
 * Lambda event source mapping feeds handlers (batches, redelivery after the visibility timeout, the dead-letter list,
 * delays, a clean stop and the state kept across restarts). The handlers here are the test's own functions: what is
 * under test is the queue.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BatchEntryIdsNotDistinct,
  EmptyBatchRequest,
  QueueDoesNotExist,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
  SQSServiceException,
  TooManyEntriesInBatchRequest,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '#functions/lib/config.ts';
import { enqueue, EnqueueError } from '#functions/outbound/queue.ts';
import { startQueues, type LocalQueues } from '#infra/local/queues.ts';

type Behaviour = (event: SQSEvent) => Promise<SQSBatchResponse | undefined>;

/** Each queue's handler does what the test in progress says, and every batch it was handed is kept. */
let behaviour: Behaviour = async () => ({ batchItemFailures: [] });
const batches: Array<{ at: number; records: SQSRecord[] }> = [];

let queues: LocalQueues;
let sqs: SQSClient;
const queueLog: string[] = [];
const previousEnv = { SQS_ENDPOINT: process.env.SQS_ENDPOINT, LOOP_QUEUE_URL: process.env.LOOP_QUEUE_URL };

const definition = (name: string) => ({
  name,
  handler: async () => async (event: SQSEvent) => {
    batches.push({ at: Date.now(), records: event.Records });
    return behaviour(event);
  },
  visibilityTimeoutSeconds: 1,
  maxReceiveCount: 2,
});

beforeAll(async () => {
  queues = await startQueues({ queues: [definition('loop')], log: (line) => queueLog.push(line) });
  sqs = new SQSClient({ region: process.env.AWS_REGION, endpoint: queues.endpoint });
  process.env.SQS_ENDPOINT = queues.endpoint;
  process.env.LOOP_QUEUE_URL = queues.queueUrl('loop');
  resetConfigForTests();
});

afterEach(() => {
  behaviour = async () => ({ batchItemFailures: [] });
  batches.length = 0;
});

afterAll(async () => {
  await queues?.stop();
  sqs?.destroy();
  for (const [name, value] of Object.entries(previousEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfigForTests();
});

async function eventually<T>(check: () => T | undefined | false, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const received = (messageId: string) =>
  batches.flatMap(({ at, records }) =>
    records.filter((r) => r.messageId === messageId).map((record) => ({ at, record })),
  );

describe('the protocol', () => {
  it('answers SendMessage with the id and body checksum the client verifies', async () => {
    const sent = await sqs.send(new SendMessageCommand({ QueueUrl: queues.queueUrl('loop'), MessageBody: 'héllo ✓' }));
    expect(sent.MessageId).toMatch(/^[0-9a-f-]{36}$/);
    // The client also compares this with its own MD5 of the body, and would have thrown on a mismatch.
    expect(sent.MD5OfMessageBody).toBe(createHash('md5').update('héllo ✓').digest('hex'));
    const [delivery] = await eventually(
      () => received(sent.MessageId!).length > 0 && received(sent.MessageId!),
      'delivery',
    );
    expect(delivery!.record).toMatchObject({
      body: 'héllo ✓',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:loop',
      md5OfBody: sent.MD5OfMessageBody,
      attributes: { ApproximateReceiveCount: '1' },
    });
  });

  it("answers SendMessageBatch entry by entry: a bad entry fails alone, as the sender's fault", async () => {
    const result = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queues.queueUrl('loop'),
        Entries: [
          { Id: 'good', MessageBody: 'fine' },
          { Id: 'bad', MessageBody: 'nul \u0000 is not allowed' },
          { Id: 'late', MessageBody: 'too late', DelaySeconds: 901 },
        ],
      }),
    );
    expect(result.Successful?.map((entry) => entry.Id)).toEqual(['good']);
    expect(result.Failed).toEqual([
      expect.objectContaining({ Id: 'bad', SenderFault: true, Code: 'InvalidMessageContents' }),
      expect.objectContaining({ Id: 'late', SenderFault: true, Code: 'InvalidParameterValue' }),
    ]);
  });

  it.each([
    [
      'a queue that does not exist',
      { QueueUrl: 'http://127.0.0.1/000000000000/nope', Entries: [{ Id: 'a', MessageBody: 'x' }] },
      QueueDoesNotExist,
    ],
    [
      'more than 10 entries',
      { Entries: Array.from({ length: 11 }, (_, i) => ({ Id: `m${i}`, MessageBody: 'x' })) },
      TooManyEntriesInBatchRequest,
    ],
    ['no entries', { Entries: [] }, EmptyBatchRequest],
    [
      'two entries with one id',
      {
        Entries: [
          { Id: 'a', MessageBody: 'x' },
          { Id: 'a', MessageBody: 'y' },
        ],
      },
      BatchEntryIdsNotDistinct,
    ],
  ])('refuses a batch to %s with the error the client models', async (_, input, errorType) => {
    const command = new SendMessageBatchCommand({ QueueUrl: queues.queueUrl('loop'), ...input } as never);
    const error = await sqs.send(command).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(errorType);
  });

  it('refuses a delay beyond 15 minutes as an invalid parameter', async () => {
    const error = await sqs
      .send(new SendMessageCommand({ QueueUrl: queues.queueUrl('loop'), MessageBody: 'x', DelaySeconds: 901 }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SQSServiceException);
    expect(error).toMatchObject({ name: 'InvalidParameterValue', $metadata: { httpStatusCode: 400 } });
  });
});

describe('the adapter', () => {
  it('queues any number of messages in batches of at most 10, each delivered once', async () => {
    const messages = Array.from({ length: 25 }, (_, i) => ({ n: i }));
    await enqueue('loop', messages);
    await eventually(() => batches.flatMap((b) => b.records).length >= 25 && queues.depth('loop') === 0, 'all 25');
    const bodies = batches.flatMap((b) => b.records.map((r) => JSON.parse(r.body).n as number));
    expect(bodies.sort((a, b) => a - b)).toEqual(messages.map((m) => m.n));
    for (const batch of batches) expect(batch.records.length).toBeLessThanOrEqual(10);
  });

  it('names the messages the queue refused and queues the others', async () => {
    const error = await enqueue('loop', ['fine', 'x'.repeat(300 * 1024), 'also fine']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EnqueueError);
    expect((error as EnqueueError).failed).toEqual([1]);
    await eventually(() => batches.flatMap((b) => b.records).length === 2, 'the two good messages');
  });

  it('holds messages back for the delay asked', async () => {
    const sentAt = Date.now();
    await enqueue('loop', ['later'], { delaySeconds: 2 });
    const [delivery] = await eventually(() => batches.length > 0 && batches, 'the delayed message');
    expect(delivery!.at - sentAt).toBeGreaterThanOrEqual(2_000);
  });
});

describe('delivery to the handler', () => {
  it('delivers again after the visibility timeout only the messages reported as failed', async () => {
    let calls = 0;
    behaviour = async (event) => {
      calls++;
      return { batchItemFailures: calls === 1 ? [{ itemIdentifier: event.Records[0]!.messageId }] : [] };
    };
    const first = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queues.queueUrl('loop'),
        Entries: [
          { Id: 'a', MessageBody: 'retry me' },
          { Id: 'b', MessageBody: 'keep me' },
        ],
      }),
    );
    const [a, b] = first.Successful!.map((entry) => entry.MessageId!);
    await eventually(() => received(a!).length === 2, 'the failed message again');
    const [firstTry, secondTry] = received(a!);
    // The first try is stamped a moment after the receive that started the timeout, and Node's timers may fire a
    // millisecond early by Date.now's reckoning: a few milliseconds under the second still mean it was waited for.
    expect(secondTry!.at - firstTry!.at).toBeGreaterThanOrEqual(1_000 - 5);
    expect(secondTry!.record.attributes.ApproximateReceiveCount).toBe('2');
    expect(received(b!)).toHaveLength(1);
  });

  it('delivers a whole batch again when the handler throws, then moves it to the dead-letter list', async () => {
    behaviour = async () => {
      throw new Error('handler crashed');
    };
    const { MessageId } = await sqs.send(
      new SendMessageCommand({ QueueUrl: queues.queueUrl('loop'), MessageBody: 'poison' }),
    );
    const dead = await eventually(
      () => queues.deadLetters('loop').find((letter) => letter.messageId === MessageId),
      'the dead letter',
    );
    expect(dead).toMatchObject({ body: 'poison', receiveCount: 2 });
    expect(received(MessageId!).map(({ record }) => record.attributes.ApproximateReceiveCount)).toEqual(['1', '2']);
    expect(queueLog.filter((line) => line.includes(`${MessageId} moved to the dead-letter list`))).toHaveLength(1);
    expect(queues.depth('loop')).toBe(0);
  });

  it('treats a report naming a message not in the batch as a failed batch, as the mapping does', async () => {
    let calls = 0;
    behaviour = async () =>
      ++calls === 1 ? { batchItemFailures: [{ itemIdentifier: 'not-in-this-batch' }] } : undefined;
    const { MessageId } = await sqs.send(
      new SendMessageCommand({ QueueUrl: queues.queueUrl('loop'), MessageBody: 'x' }),
    );
    await eventually(() => received(MessageId!).length === 2 && queues.depth('loop') === 0, 'the second delivery');
  });
});

describe('stopping', () => {
  it('keeps waiting messages across a restart when given a state file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'helpdesk-queues-'));
    const stateFile = join(dir, 'queues.json');
    try {
      const first = await startQueues({ queues: [definition('kept')], stateFile, log: () => undefined });
      const client = new SQSClient({ region: process.env.AWS_REGION, endpoint: first.endpoint });
      const { MessageId } = await client.send(
        new SendMessageCommand({ QueueUrl: first.queueUrl('kept'), MessageBody: 'survives', DelaySeconds: 1 }),
      );
      client.destroy();
      await first.stop();
      expect(received(MessageId!)).toHaveLength(0);

      const second = await startQueues({ queues: [definition('kept')], stateFile, log: () => undefined });
      try {
        const [delivery] = await eventually(
          () => received(MessageId!).length > 0 && received(MessageId!),
          'the kept message',
        );
        expect(delivery!.record.body).toBe('survives');
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('stops while a handler is running, waiting for it to finish', async () => {
    const own = await startQueues({ queues: [definition('slow')], log: () => undefined });
    let finished = false;
    behaviour = async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      finished = true;
      return undefined;
    };
    const client = new SQSClient({ region: process.env.AWS_REGION, endpoint: own.endpoint });
    await client.send(new SendMessageCommand({ QueueUrl: own.queueUrl('slow'), MessageBody: 'x' }));
    client.destroy();
    await eventually(() => batches.length > 0, 'the handler to start');
    await own.stop();
    expect(finished).toBe(true);
    await expect(fetch(own.endpoint, { method: 'POST' })).rejects.toThrow();
  });
});
