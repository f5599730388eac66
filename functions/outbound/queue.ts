/**
 * Puts messages on a kind's queue: SQS in AWS, the embedded runtime's queue endpoint locally (same client, same
 * protocol, only the endpoint differs: SQS_ENDPOINT).
 */
import { createHash } from 'node:crypto';
import {
  ChangeMessageVisibilityCommand,
  SendMessageBatchCommand,
  SQSClient,
  type SendMessageBatchRequestEntry,
} from '@aws-sdk/client-sqs';
import { MAX_QUEUE_DELAY_SECONDS } from '../domain/outbound.ts';
import { config } from '../lib/config.ts';
import { outboundConfig } from './kinds.ts';

/** SQS takes at most 10 entries per SendMessageBatch. */
const BATCH_ENTRIES = 10;
/** SQS's limit for one message and for a whole batch (256 KiB); a batch is cut before it is reached. */
export const MAX_BATCH_BYTES = 256 * 1024;
/** Entries SQS failed on its side (not the sender's fault) are tried again this many times. */
const ENTRY_RETRIES = 3;
const ENTRY_RETRY_BASE_MS = 50;

let client: SQSClient | undefined;
let clientEndpoint: string | undefined;

/** The SQS client for the configured endpoint, created once per process (and again if the endpoint changes). */
function sqs(): SQSClient {
  const { region, sqsEndpoint } = config();
  if (!client || clientEndpoint !== sqsEndpoint) {
    client?.destroy();
    client = new SQSClient({ region, endpoint: sqsEndpoint });
    clientEndpoint = sqsEndpoint;
  }
  return client;
}

/**
 * Whether a queue is FIFO: SQS names every FIFO queue `<name>.fifo`. A FIFO queue delivers the messages of one group
 * one after the other in the order they were sent, takes no per-message delay, and drops a message whose
 * deduplication id it saw in the last 5 minutes (docs/decisions/051-outbound-delivery.md, "Order").
 */
export const isFifoQueue = (queueUrl: string): boolean => queueUrl.endsWith('.fifo');

/** The most SQS keeps a received message hidden (12 hours). */
export const MAX_VISIBILITY_SECONDS = 43_200;

/** A message's group on a FIFO queue: the job's `group`, else its id (a group of its own). */
function groupOf(message: unknown): string {
  const { group, id } = (message ?? {}) as { group?: unknown; id?: unknown };
  if (typeof group === 'string' && group) return group;
  return typeof id === 'string' && id ? id : 'ungrouped';
}

/**
 * holdBack: a received message is hidden `seconds` more (0 to 12 hours) before the queue delivers it again: how a
 * FIFO queue's message waits without leaving its place in its group.
 */
export async function holdBack(kind: string, receiptHandle: string, seconds: number): Promise<void> {
  const { queueUrl } = outboundConfig(kind);
  const VisibilityTimeout = Math.min(MAX_VISIBILITY_SECONDS, Math.max(0, Math.ceil(seconds)));
  await sqs().send(
    new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl, ReceiptHandle: receiptHandle, VisibilityTimeout }),
  );
}

/** Some messages could not be queued; `failed` holds their positions in the list given to enqueue. */
export class EnqueueError extends Error {
  override name = 'EnqueueError';
  constructor(
    message: string,
    readonly failed: number[],
    readonly causes: string[],
  ) {
    super(message);
  }
}

interface Chunk {
  /** Positions in the caller's list. */
  indexes: number[];
  bodies: string[];
  /** FIFO queues: each message's group. */
  groups: string[];
}

/** Groups of at most 10 messages and 256 KiB in all. */
function chunksOf(bodies: string[], groups: string[]): Chunk[] {
  const chunks: Chunk[] = [];
  let current: Chunk = { indexes: [], bodies: [], groups: [] };
  let bytes = 0;
  bodies.forEach((body, index) => {
    const size = Buffer.byteLength(body);
    if (current.bodies.length === BATCH_ENTRIES || (current.bodies.length && bytes + size > MAX_BATCH_BYTES)) {
      chunks.push(current);
      current = { indexes: [], bodies: [], groups: [] };
      bytes = 0;
    }
    current.indexes.push(index);
    current.bodies.push(body);
    current.groups.push(groups[index]!);
    bytes += size;
  });
  if (current.bodies.length) chunks.push(current);
  return chunks;
}

/** Sends one chunk; retries the entries SQS failed on its side; returns the positions that still failed. */
async function sendChunk(
  queueUrl: string,
  chunk: Chunk,
  delaySeconds: number,
): Promise<{ failed: number[]; causes: string[] }> {
  const fifo = isFifoQueue(queueUrl);
  let pending: SendMessageBatchRequestEntry[] = chunk.bodies.map((body, i) =>
    fifo
      ? {
          Id: String(i),
          MessageBody: body,
          MessageGroupId: chunk.groups[i]!,
          // The same job queued twice within 5 minutes (a stream record dispatched again) is dropped by the queue.
          MessageDeduplicationId: createHash('sha256').update(body).digest('hex'),
        }
      : { Id: String(i), MessageBody: body, DelaySeconds: delaySeconds },
  );
  const causes: string[] = [];
  const refused: number[] = [];
  for (let attempt = 0; pending.length; attempt++) {
    const entries = pending;
    const { Failed = [] } = await sqs().send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries }));
    const retry = new Set<string>();
    for (const failure of Failed) {
      const index = chunk.indexes[Number(failure.Id)]!;
      // A sender fault (too large, bad characters) fails the same way every time.
      if (failure.SenderFault || attempt >= ENTRY_RETRIES) {
        refused.push(index);
        causes.push(`${failure.Code}: ${failure.Message ?? ''}`.trim());
      } else retry.add(failure.Id!);
    }
    pending = pending.filter((entry) => retry.has(entry.Id!));
    if (pending.length) await new Promise((resolve) => setTimeout(resolve, ENTRY_RETRY_BASE_MS * 2 ** attempt));
  }
  return { failed: refused, causes };
}

/**
 * enqueue: puts each message (JSON-encoded) on the kind's queue, in batches of up to 10, all held back
 * `delaySeconds` (0 to 900). Throws EnqueueError naming the messages that could not be queued; the others are queued.
 * A call that throws otherwise (the queue unreachable) may have queued some of them: callers rely on the
 * receivers being idempotent, never on a message being queued at most once. On a FIFO queue each message goes to
 * its group (`group`, else `id`), no delay may be asked for, and once a batch fails the later messages are not sent
 * (reported as not queued), so that a message is never queued after one sent later in its group.
 */
export async function enqueue(
  kind: string,
  messages: readonly unknown[],
  options: { delaySeconds?: number } = {},
): Promise<void> {
  const delaySeconds = options.delaySeconds ?? 0;
  if (!Number.isInteger(delaySeconds) || delaySeconds < 0 || delaySeconds > MAX_QUEUE_DELAY_SECONDS) {
    throw new RangeError(`delaySeconds must be an integer from 0 to ${MAX_QUEUE_DELAY_SECONDS}, not ${delaySeconds}`);
  }
  if (!messages.length) return;
  const { queueUrl } = outboundConfig(kind);
  const fifo = isFifoQueue(queueUrl);
  if (fifo && delaySeconds > 0) throw new RangeError('A FIFO queue takes no per-message delay');
  const failed: number[] = [];
  const causes: string[] = [];
  const sendable: string[] = [];
  const groups: string[] = [];
  const positions: number[] = [];
  messages.forEach((message, index) => {
    const body = JSON.stringify(message);
    // SQS refuses the whole batch for one message over the limit; such a message can never be queued.
    if (Buffer.byteLength(body) > MAX_BATCH_BYTES) {
      failed.push(index);
      causes.push(`Message ${index} is longer than ${MAX_BATCH_BYTES} bytes`);
    } else {
      sendable.push(body);
      groups.push(groupOf(message));
      positions.push(index);
    }
  });
  for (const chunk of chunksOf(sendable, groups)) {
    if (fifo && failed.length) {
      failed.push(...chunk.indexes.map((i) => positions[i]!));
      continue;
    }
    const result = await sendChunk(queueUrl, chunk, delaySeconds);
    failed.push(...result.failed.map((i) => positions[i]!));
    causes.push(...result.causes);
  }
  if (failed.length) {
    throw new EnqueueError(`${failed.length} of ${messages.length} ${kind} messages were not queued`, failed, causes);
  }
}
