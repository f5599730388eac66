/**
 * What a Lambda event source mapping is in AWS, for one embedded queue (queue-store.ts): a loop that receives
 * batches of up to `batchSize` messages and hands them to the handler module as SQSEvents, at most `maxConcurrency`
 * invocations at once. As the mapping does, a success deletes every message but those reported in
 * `batchItemFailures`; a thrown error, or a report naming a message not in the batch, leaves them all to be received
 * again after the visibility timeout.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { lambdaContext } from './lambda-context.ts';
import { ACCOUNT_ID, type QueueStore, type StoredMessage } from './queue-store.ts';

export type SqsHandler = (
  event: SQSEvent,
  context: ReturnType<typeof lambdaContext>,
) => Promise<SQSBatchResponse | undefined>;

export interface MappingOptions {
  /** The handler fed with the queue's messages. */
  handler: () => Promise<SqsHandler>;
  functionName: string;
  batchSize: number;
  maxConcurrency: number;
  /** The function's timeout, which its context counts down from (getRemainingTimeInMillis). */
  timeoutSeconds: number;
}

/** The longest the loop sleeps with nothing to do; a send wakes it earlier. */
const IDLE_WAIT_MS = 1_000;
const STOP_WAIT_MS = 10_000;

export class EventSourceMapping {
  private readonly inFlight = new Set<Promise<void>>();
  private wake: (() => void) | undefined;
  private running = true;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly queue: QueueStore,
    private readonly options: MappingOptions,
    private readonly log: (line: string) => void,
  ) {
    queue.onChange = () => this.wake?.();
  }

  start(): void {
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    while (this.running) {
      const now = Date.now();
      if (this.inFlight.size < this.options.maxConcurrency) {
        const batch = this.queue.receive(this.options.batchSize, now);
        if (batch.length) {
          const invocation = this.invoke(batch).finally(() => {
            this.inFlight.delete(invocation);
            this.wake?.();
          });
          this.inFlight.add(invocation);
          continue;
        }
      }
      const waitMs =
        this.inFlight.size >= this.options.maxConcurrency ? IDLE_WAIT_MS : this.queue.nextDueInMs(now, IDLE_WAIT_MS);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  private record(message: StoredMessage): SQSRecord {
    return {
      messageId: message.messageId,
      receiptHandle: `${message.messageId}#${message.receiveCount}`,
      body: message.body,
      attributes: {
        ApproximateReceiveCount: String(message.receiveCount),
        SentTimestamp: String(message.sentAt),
        SenderId: ACCOUNT_ID,
        ApproximateFirstReceiveTimestamp: String(message.firstReceivedAt ?? message.sentAt),
      },
      ...(message.groupId
        ? {
            attributes: {
              ApproximateReceiveCount: String(message.receiveCount),
              SentTimestamp: String(message.sentAt),
              SenderId: ACCOUNT_ID,
              ApproximateFirstReceiveTimestamp: String(message.firstReceivedAt ?? message.sentAt),
              MessageGroupId: message.groupId,
              MessageDeduplicationId: message.deduplicationId ?? '',
              SequenceNumber: message.sequenceNumber ?? '',
            },
          }
        : {}),
      messageAttributes: {},
      md5OfBody: message.md5,
      eventSource: 'aws:sqs',
      eventSourceARN: this.queue.arn,
      awsRegion: this.queue.region,
    };
  }

  /** One invocation; what it reports (or throws) decides which messages are deleted. */
  private async invoke(batch: StoredMessage[]): Promise<void> {
    let failed = new Set(batch.map((m) => m.messageId));
    try {
      const handler = await this.options.handler();
      const result = await handler(
        { Records: batch.map((m) => this.record(m)) },
        lambdaContext(this.options.functionName, this.options.timeoutSeconds * 1000),
      );
      const reported = (result?.batchItemFailures ?? []).map((f) => f.itemIdentifier);
      if (reported.every((id) => failed.has(id))) failed = new Set(reported);
      else this.log(`queue ${this.queue.name}: batchItemFailures named a message not in the batch`);
    } catch (error) {
      this.log(`queue ${this.queue.name}: handler failed: ${(error as Error)?.stack ?? String(error)}`);
    }
    this.queue.settle(batch, failed);
  }

  /** Stops receiving and waits (bounded) for the invocations in flight. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, STOP_WAIT_MS);
    });
    await Promise.race([Promise.allSettled([...this.inFlight]), late]);
    clearTimeout(timer);
    if (this.inFlight.size)
      this.log(`queue ${this.queue.name}: stopped with ${this.inFlight.size} invocations still running`);
  }
}
