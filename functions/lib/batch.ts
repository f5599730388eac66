/**
 * Partial batch responses through Powertools Batch (docs/decisions/066-observability.md): a consumer says what became
 * of each record, and Powertools builds the `batchItemFailures` the event source mapping reads. A processor keeps the
 * state of one batch, so each call makes its own: the embedded runtime may run two batches of one handler at once.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type {
  DynamoDBBatchResponse,
  DynamoDBRecord,
  DynamoDBStreamEvent,
  SQSBatchResponse,
  SQSEvent,
  SQSRecord,
} from 'aws-lambda';
import { logger } from './logger.ts';

/**
 * A record after the first failure of a stream batch (or of its group in a FIFO queue's batch): not handled, so that
 * the retry starts at that failure.
 */
class NotReached extends Error {
  override name = 'NotReached';
  constructor() {
    super('Not handled: an earlier record of the batch failed');
  }
}

/**
 * Hands the records of a stream batch to `handle` one at a time, in stream order. From the first record that fails,
 * the rest are not handled but reported as failures too: the mapping retries from the lowest sequence number
 * reported, so records are never handled out of order (docs/decisions/020-alarm-delivery.md). A batch where every
 * record failed is reported as such rather than thrown, so its first record counts one retry of the mapping's bounded
 * few, and bisecting narrows a batch down to the record that keeps failing.
 */
export async function inStreamOrder(
  event: DynamoDBStreamEvent,
  handle: (record: DynamoDBRecord, index: number) => Promise<void>,
): Promise<DynamoDBBatchResponse> {
  let failed = false;
  let index = 0;
  const processor = new BatchProcessor(EventType.DynamoDBStreams, { logger });
  return processPartialResponse(
    event,
    async (record: DynamoDBRecord) => {
      const at = index++;
      if (failed) throw new NotReached();
      try {
        await handle(record, at);
      } catch (error) {
        failed = true;
        throw error;
      }
    },
    processor,
    { processInParallel: false, throwOnFullBatchFailure: false },
  );
}

/**
 * Hands each message of a queue batch to `handle`, at most `concurrency` at once; every message it throws for is
 * reported, so the queue delivers it again (and, after the queue's maxReceiveCount, moves it to its dead-letter
 * queue) while the others are deleted.
 */
export async function eachMessage(
  event: SQSEvent,
  concurrency: number,
  handle: (record: SQSRecord) => Promise<void>,
): Promise<SQSBatchResponse> {
  const processor = new BatchProcessor(EventType.SQS, { logger });
  return processPartialResponse(event, limited(concurrency, handle), processor, {
    processInParallel: true,
    throwOnFullBatchFailure: false,
  });
}

/**
 * eachMessageInGroups: for a FIFO queue's batch (docs/decisions/051-outbound-delivery.md, "Order"). The messages of
 * one group (`MessageGroupId`) are handed to `handle` one after the other, in the batch's order; from the first that
 * fails, the later ones of its group are not handled but reported too, so the queue delivers them again after it,
 * never before. Groups run side by side, at most `concurrency` messages at once.
 */
export async function eachMessageInGroups(
  event: SQSEvent,
  concurrency: number,
  handle: (record: SQSRecord) => Promise<void>,
): Promise<SQSBatchResponse> {
  const work = limited(concurrency, handle);
  const last = new Map<string, Promise<unknown>>();
  const failedGroups = new Set<string>();
  const inOrder = (record: SQSRecord): Promise<void> => {
    const group = record.attributes.MessageGroupId ?? record.messageId;
    const turn = (last.get(group) ?? Promise.resolve()).then(async () => {
      if (failedGroups.has(group)) throw new NotReached();
      try {
        await work(record);
      } catch (error) {
        failedGroups.add(group);
        throw error;
      }
    });
    last.set(
      group,
      turn.catch(() => undefined),
    );
    return turn;
  };
  const processor = new BatchProcessor(EventType.SQS, { logger });
  return processPartialResponse(event, inOrder, processor, { processInParallel: true, throwOnFullBatchFailure: false });
}

/** `work` with at most `limit` calls running at once; the rest wait their turn in call order. */
function limited<T>(limit: number, work: (item: T) => Promise<void>): (item: T) => Promise<void> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, not ${limit}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (item) => {
    // A call that finds every slot taken waits until a finishing one hands its slot over.
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      await work(item);
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
