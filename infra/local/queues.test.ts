/**
 * The embedded SQS endpoint's FIFO queues (docs/decisions/051-outbound-delivery.md, "Order"), spoken to with the real
 * `@aws-sdk/client-sqs`: one group's messages reach the handler one at a time in send order, a failed one is
 * delivered again before any later one of its group (after what ChangeMessageVisibility set), other groups are not
 * held up, and a repeated deduplication id is not queued twice.
 */
import {
  ChangeMessageVisibilityCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalQueues, startQueues } from './queues.ts';

let queues: LocalQueues | undefined;
let client: SQSClient | undefined;
afterEach(async () => {
  client?.destroy();
  await queues?.stop();
  queues = undefined;
});

const until = async (check: () => boolean, what: string, timeoutMs = 10_000) => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** A FIFO queue whose handler records each body it is handed and fails the bodies `fail` says, once each. */
async function fifoQueue(fail: (body: string) => 'fail' | 'hold' | undefined = () => undefined) {
  const handled: string[] = [];
  const failedOnce = new Set<string>();
  queues = await startQueues({
    queues: [
      {
        name: 'ordered.fifo',
        visibilityTimeoutSeconds: 1,
        maxConcurrency: 4,
        handler: async () => async (event: SQSEvent) => {
          const failures: { itemIdentifier: string }[] = [];
          for (const record of event.Records) {
            handled.push(record.body);
            const verdict = failedOnce.has(record.body) ? undefined : fail(record.body);
            if (!verdict) continue;
            failedOnce.add(record.body);
            if (verdict === 'hold') {
              await client!.send(
                new ChangeMessageVisibilityCommand({
                  QueueUrl: queues!.queueUrl('ordered.fifo'),
                  ReceiptHandle: record.receiptHandle,
                  VisibilityTimeout: 0,
                }),
              );
            }
            failures.push({ itemIdentifier: record.messageId });
          }
          return { batchItemFailures: failures };
        },
      },
    ],
    log: () => undefined,
  });
  client = new SQSClient({
    region: 'us-east-1',
    endpoint: queues.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return { handled, url: queues.queueUrl('ordered.fifo') };
}

const send = (url: string, body: string, group: string, dedup = body) =>
  client!.send(
    new SendMessageCommand({ QueueUrl: url, MessageBody: body, MessageGroupId: group, MessageDeduplicationId: dedup }),
  );

describe('a FIFO queue of the embedded runtime', () => {
  it("hands one group's messages over in send order, and a failed one again before the next of its group", async () => {
    const { handled, url } = await fifoQueue((body) => (body === 'a2' ? 'fail' : undefined));
    await client!.send(
      new SendMessageBatchCommand({
        QueueUrl: url,
        Entries: ['a1', 'a2', 'a3', 'b1'].map((body, i) => ({
          Id: String(i),
          MessageBody: body,
          MessageGroupId: body[0]!,
          MessageDeduplicationId: body,
        })),
      }),
    );
    await send(url, 'a4', 'a');
    await until(() => queues!.depth('ordered.fifo') === 0, 'the queue to drain');
    const ofGroup = (group: string) => handled.filter((body) => body.startsWith(group));
    expect(ofGroup('a')).toEqual(['a1', 'a2', 'a2', 'a3', 'a4']);
    expect(ofGroup('b')).toEqual(['b1']);
    // b1 did not wait for group a's failed message (hidden for the visibility timeout, a second).
    expect(handled.indexOf('b1')).toBeLessThan(handled.lastIndexOf('a2'));
  });

  it('delivers a message again when ChangeMessageVisibility says, still before the later ones of its group', async () => {
    const { handled, url } = await fifoQueue((body) => (body === 'x1' ? 'hold' : undefined));
    await send(url, 'x1', 'x');
    await send(url, 'x2', 'x');
    const started = Date.now();
    await until(() => queues!.depth('ordered.fifo') === 0, 'the queue to drain');
    expect(handled).toEqual(['x1', 'x1', 'x2']);
    // Made visible at once rather than after the second of its visibility timeout.
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('queues a repeated deduplication id once, and refuses a message without a group or with a delay', async () => {
    const { handled, url } = await fifoQueue();
    const first = await send(url, 'd1', 'd', 'same');
    const again = await send(url, 'd1-again', 'd', 'same');
    expect(again.MessageId).toBe(first.MessageId);
    await until(() => queues!.depth('ordered.fifo') === 0, 'the queue to drain');
    expect(handled).toEqual(['d1']);
    await expect(client!.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'no group' }))).rejects.toThrow(
      /MessageGroupId/,
    );
    await expect(
      client!.send(
        new SendMessageCommand({
          QueueUrl: url,
          MessageBody: 'late',
          MessageGroupId: 'd',
          MessageDeduplicationId: 'late',
          DelaySeconds: 5,
        }),
      ),
    ).rejects.toThrow(/DelaySeconds/);
  });
});
