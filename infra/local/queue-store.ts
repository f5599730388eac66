/**
 * One embedded SQS queue's messages, kept as SQS keeps them: each send validated against SQS's limits, a received
 * message hidden for its visibility timeout, one received `maxReceiveCount` times moved to the queue's dead-letter
 * list (kept in memory, logged in one line). A queue named `….fifo` is a FIFO queue, as in SQS: every message names
 * its group (`MessageGroupId`) and a deduplication id, none a delay; a group's messages are received one at a time
 * in the order they were sent, the next only once the one before is gone, so a failed message is received again
 * (after its visibility timeout, or what ChangeMessageVisibility set) before any later one of its group
 * (docs/decisions/051-outbound-delivery.md, "Order"). Who receives is queue-mapping.ts's business; how a client
 * reaches the queue is queue-endpoint.ts's.
 */
import { createHash, randomUUID } from 'node:crypto';

export const ACCOUNT_ID = '000000000000';
/** SQS's limits, as documented: 256 KiB per message and per batch, 10 entries, DelaySeconds 0 to 900. */
export const MAX_MESSAGE_BYTES = 256 * 1024;
const MAX_VISIBILITY_SECONDS = 43_200;
/** A FIFO queue drops a message whose deduplication id it took this recently. */
const DEDUPLICATION_MS = 5 * 60_000;
const FIFO_ID = /^[\x21-\x7e]{1,128}$/;
const MAX_DELAY_SECONDS = 900;
const DEAD_LETTERS_KEPT = 1_000;
/** XML 1.0 characters, the only ones SQS accepts in a message. */
const VALID_CHARACTERS = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;

/** An error as SQS's JSON protocol answers it: `__type`, the query-compatible code header, and a status. */
export class SqsError extends Error {
  constructor(
    readonly type: string,
    readonly queryCode: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export const errors = {
  missing: (name: string) =>
    new SqsError('com.amazonaws.sqs#MissingParameter', 'MissingParameter', `The request must contain ${name}.`),
  invalid: (message: string) =>
    new SqsError('com.amazonaws.sqs#InvalidParameterValue', 'InvalidParameterValue', message),
  noQueue: () =>
    new SqsError(
      'com.amazonaws.sqs#QueueDoesNotExist',
      'AWS.SimpleQueueService.NonExistentQueue',
      'The specified queue does not exist.',
    ),
  unknownOperation: (target: string) =>
    new SqsError(
      'com.amazonaws.sqs#UnsupportedOperation',
      'AWS.SimpleQueueService.UnsupportedOperation',
      `The embedded queue does not implement ${target || 'requests without X-Amz-Target'}.`,
    ),
  overLimit: () =>
    new SqsError('com.amazonaws.sqs#OverLimit', 'OverLimit', 'The queue holds as many messages as it may.', 403),
};

export interface DeadLetter {
  messageId: string;
  body: string;
  receiveCount: number;
  sentAt: string;
  movedAt: string;
}

export interface StoredMessage {
  messageId: string;
  body: string;
  md5: string;
  sentAt: number;
  visibleAt: number;
  receiveCount: number;
  firstReceivedAt?: number;
  /** Set while a handler has it. */
  inFlight?: boolean;
  /** FIFO queues: the message's group, deduplication id and place in the queue. */
  groupId?: string;
  deduplicationId?: string;
  sequenceNumber?: string;
}

/** What a message sent to a FIFO queue says besides its body. */
export interface FifoFields {
  groupId?: unknown;
  deduplicationId?: unknown;
}

export interface QueueLimits {
  /** Messages the queue holds at most; a send beyond it is refused as SQS refuses one over its limits. */
  maxMessages: number;
  /** Receives after which the next one moves the message to the dead-letter list instead. */
  maxReceiveCount: number;
  /** How long a received message stays invisible before it is received again. */
  visibilityTimeoutSeconds: number;
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** One queue: its messages and its dead letters. */
export class QueueStore {
  readonly messages = new Map<string, StoredMessage>();
  readonly deadLetters: DeadLetter[] = [];
  readonly arn: string;
  readonly region: string;
  readonly fifo: boolean;
  /** Called when a message may have become due (a send, a visibility change), so a waiting receiver looks again. */
  onChange: () => void = () => undefined;
  /** FIFO: deduplication ids taken in the last 5 minutes, with the message each was taken as. */
  private readonly deduplication = new Map<string, { messageId: string; until: number }>();
  private sequence = 0;

  constructor(
    readonly name: string,
    region: string,
    private readonly limits: QueueLimits,
    private readonly log: (line: string) => void,
  ) {
    this.region = region;
    this.arn = `arn:aws:sqs:${region}:${ACCOUNT_ID}:${name}`;
    this.fifo = name.endsWith('.fifo');
  }

  /** FIFO: the group and deduplication id a message must name; a standard queue takes neither. */
  private fifoFields(
    fields: FifoFields,
    delaySeconds: unknown,
  ): { groupId: string; deduplicationId: string } | undefined {
    if (!this.fifo) {
      if (fields.groupId !== undefined) throw errors.invalid('The embedded queue does not support MessageGroupId.');
      if (fields.deduplicationId !== undefined)
        throw errors.invalid('The embedded queue does not support MessageDeduplicationId.');
      return undefined;
    }
    if (fields.groupId === undefined) throw errors.missing('MessageGroupId');
    if (typeof fields.groupId !== 'string' || !FIFO_ID.test(fields.groupId))
      throw errors.invalid('Value for parameter MessageGroupId is invalid.');
    // The queue has no content-based deduplication: every message names its id, as ours do.
    if (fields.deduplicationId === undefined) throw errors.missing('MessageDeduplicationId');
    if (typeof fields.deduplicationId !== 'string' || !FIFO_ID.test(fields.deduplicationId))
      throw errors.invalid('Value for parameter MessageDeduplicationId is invalid.');
    if (delaySeconds !== undefined && delaySeconds !== 0) {
      throw errors.invalid(
        `Value ${String(delaySeconds)} for parameter DelaySeconds is invalid. Reason: The request include parameter that is not valid for this queue type.`,
      );
    }
    return { groupId: fields.groupId, deduplicationId: fields.deduplicationId };
  }

  /** Validates a message as SQS does and keeps it; returns what SendMessage answers. */
  send(
    body: unknown,
    delaySeconds: unknown,
    now: number,
    fields: FifoFields = {},
  ): { MessageId: string; MD5OfMessageBody: string; SequenceNumber?: string } {
    if (typeof body !== 'string' || body.length === 0) throw errors.missing('MessageBody');
    const fifo = this.fifoFields(fields, delaySeconds);
    if (Buffer.byteLength(body) > MAX_MESSAGE_BYTES) {
      throw errors.invalid(
        `One or more parameters are invalid. Reason: Message must be shorter than ${MAX_MESSAGE_BYTES} bytes.`,
      );
    }
    if (!VALID_CHARACTERS.test(body)) {
      throw new SqsError(
        'com.amazonaws.sqs#InvalidMessageContents',
        'InvalidMessageContents',
        'Invalid characters found. Valid unicode characters are #x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF',
      );
    }
    const delay = delaySeconds ?? 0;
    if (!Number.isInteger(delay) || (delay as number) < 0 || (delay as number) > MAX_DELAY_SECONDS) {
      throw errors.invalid(
        `Value ${String(delay)} for parameter DelaySeconds is invalid. Reason: must be between 0 and ${MAX_DELAY_SECONDS}.`,
      );
    }
    if (fifo) {
      for (const [id, taken] of this.deduplication) if (taken.until <= now) this.deduplication.delete(id);
      const taken = this.deduplication.get(fifo.deduplicationId);
      // Accepted, as SQS does, but not queued again.
      if (taken) return { MessageId: taken.messageId, MD5OfMessageBody: md5(body) };
    }
    if (this.messages.size >= this.limits.maxMessages) throw errors.overLimit();
    const message: StoredMessage = {
      messageId: randomUUID(),
      body,
      md5: md5(body),
      sentAt: now,
      visibleAt: now + (delay as number) * 1000,
      receiveCount: 0,
      ...(fifo ? { ...fifo, sequenceNumber: String(now * 1000 + (this.sequence++ % 1000)).padStart(20, '0') } : {}),
    };
    this.messages.set(message.messageId, message);
    if (fifo) {
      this.deduplication.set(fifo.deduplicationId, {
        messageId: message.messageId,
        until: now + DEDUPLICATION_MS,
      });
    }
    this.onChange();
    return {
      MessageId: message.messageId,
      MD5OfMessageBody: message.md5,
      ...(message.sequenceNumber ? { SequenceNumber: message.sequenceNumber } : {}),
    };
  }

  /** ChangeMessageVisibility: a message a handler has is hidden `seconds` from now (0: visible at once). */
  changeVisibility(receiptHandle: unknown, seconds: unknown, now: number): void {
    if (typeof receiptHandle !== 'string' || !receiptHandle) throw errors.missing('ReceiptHandle');
    if (!Number.isInteger(seconds) || (seconds as number) < 0 || (seconds as number) > MAX_VISIBILITY_SECONDS) {
      throw errors.invalid(
        `Value ${String(seconds)} for parameter VisibilityTimeout is invalid. Reason: must be between 0 and ${MAX_VISIBILITY_SECONDS}.`,
      );
    }
    const [messageId, count] = receiptHandle.split('#');
    const message = this.messages.get(messageId ?? '');
    if (!message || String(message.receiveCount) !== count) {
      throw new SqsError(
        'com.amazonaws.sqs#ReceiptHandleIsInvalid',
        'ReceiptHandleIsInvalid',
        `The input receipt handle "${receiptHandle}" is not a valid receipt handle.`,
      );
    }
    if (!message.inFlight && message.visibleAt <= now) {
      throw new SqsError(
        'com.amazonaws.sqs#MessageNotInflight',
        'AWS.SimpleQueueService.MessageNotInflight',
        'The message referred to is not in flight.',
      );
    }
    message.visibleAt = now + (seconds as number) * 1000;
    this.onChange();
  }

  /** Receives up to `max` visible messages, moving those received too often to the dead-letter list. */
  receive(max: number, now: number): StoredMessage[] {
    const batch: StoredMessage[] = [];
    /** FIFO: groups whose first message is in flight, hidden or taken: nothing later of theirs goes now. */
    const held = new Set<string>();
    for (const message of this.messages.values()) {
      if (batch.length === max) break;
      const group = message.groupId;
      if (group !== undefined) {
        if (held.has(group)) continue;
        held.add(group);
      }
      if (message.inFlight || message.visibleAt > now) continue;
      if (message.receiveCount >= this.limits.maxReceiveCount) {
        this.deadLetter(message, now);
        continue;
      }
      message.receiveCount++;
      message.firstReceivedAt ??= now;
      message.visibleAt = now + this.limits.visibilityTimeoutSeconds * 1000;
      message.inFlight = true;
      batch.push(message);
    }
    return batch;
  }

  /** The end of a receiver's work on a batch: every message but the `failed` ones is deleted. */
  settle(batch: readonly StoredMessage[], failed: ReadonlySet<string>): void {
    for (const message of batch) {
      message.inFlight = false;
      if (!failed.has(message.messageId)) this.messages.delete(message.messageId);
    }
  }

  private deadLetter(message: StoredMessage, now: number): void {
    this.messages.delete(message.messageId);
    this.deadLetters.push({
      messageId: message.messageId,
      body: message.body,
      receiveCount: message.receiveCount,
      sentAt: new Date(message.sentAt).toISOString(),
      movedAt: new Date(now).toISOString(),
    });
    if (this.deadLetters.length > DEAD_LETTERS_KEPT) this.deadLetters.shift();
    this.log(
      `queue ${this.name}: message ${message.messageId} moved to the dead-letter list after ${message.receiveCount} receives`,
    );
  }

  /** How long until a message may be due: the next one to become visible, at most `idleMs`. */
  nextDueInMs(now: number, idleMs: number): number {
    let next = now + idleMs;
    const seen = new Set<string>();
    for (const message of this.messages.values()) {
      // FIFO: only the first message of a group can be due; the end of its invocation wakes the loop anyway.
      if (message.groupId !== undefined) {
        if (seen.has(message.groupId)) continue;
        seen.add(message.groupId);
      }
      if (!message.inFlight && message.visibleAt < next) next = message.visibleAt;
    }
    return Math.max(0, next - now);
  }
}
