/**
 * What SQS and its Lambda event source mappings are in AWS, on one machine. An HTTP endpoint on 127.0.0.1 answers the
 * SQS JSON protocol (AWS JSON 1.0, `X-Amz-Target: AmazonSQS.<operation>`) for the operations the function code calls
 * (SendMessage, SendMessageBatch), so `@aws-sdk/client-sqs` is pointed at it by configuration alone (SQS_ENDPOINT).
 * Each queue feeds its handler module as the mapping would: SQSEvent batches of up to 10 records, `batchItemFailures`
 * and thrown errors honoured by delivering the messages again after the visibility timeout, and a message received
 * `maxReceiveCount` times moved to the queue's dead-letter list (kept in memory, logged in one line).
 * A queue named `….fifo` is a FIFO queue, as in SQS: every message names its group (`MessageGroupId`) and a
 * deduplication id, none a delay; the messages of one group are delivered one at a time in the order they were sent,
 * the next only once the one before is gone, so a failed message is delivered again (after its visibility timeout,
 * or what ChangeMessageVisibility set) before any later one of its group (docs/decisions/051-outbound-delivery.md,
 * "Order").
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { lambdaContext } from './lambda-context.ts';
import { BodyTooLargeError, readRequestBody } from './request-body.ts';

type SqsHandler = (event: SQSEvent, context: ReturnType<typeof lambdaContext>) => Promise<SQSBatchResponse | undefined>;

export interface LocalQueueDefinition {
  /** The queue's name: the last segment of its URL. */
  name: string;
  /** The handler fed with this queue's messages (like an event source mapping's function). */
  handler: () => Promise<SqsHandler>;
  functionName?: string;
  /** Records per invocation (SQS's mapping allows up to 10 for standard batching). Default 10. */
  batchSize?: number;
  /** Invocations in flight at once (the mapping's maximum concurrency). Default 2. */
  maxConcurrency?: number;
  /** How long a received message stays invisible before it is delivered again. Default 30 s. */
  visibilityTimeoutSeconds?: number;
  /** The function's timeout, which its context counts down from (getRemainingTimeInMillis). Default 30 s, as on AWS. */
  timeoutSeconds?: number;
  /** Receives after which the next one moves the message to the dead-letter list instead. Default 5. */
  maxReceiveCount?: number;
}

export interface DeadLetter {
  messageId: string;
  body: string;
  receiveCount: number;
  sentAt: string;
  movedAt: string;
}

export interface LocalQueues {
  /** What SQS_ENDPOINT is set to. */
  endpoint: string;
  /** The URL of a queue, as the function code's `<KIND>_QUEUE_URL`. */
  queueUrl(name: string): string;
  /** Messages waiting or in flight on a queue. */
  depth(name: string): number;
  /** What the queue moved to its dead-letter list, oldest first. */
  deadLetters(name: string): readonly DeadLetter[];
  /** Stops delivering, waits (bounded) for the invocations in flight, saves the state (if a file was given), closes. */
  stop(): Promise<void>;
}

export interface LocalQueuesOptions {
  queues: readonly LocalQueueDefinition[];
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  region?: string;
  /** Queued and dead-lettered messages are kept here across restarts (read at start, written at stop). */
  stateFile?: string;
  /** Messages one queue holds at most; a send beyond it is refused as SQS refuses one over its limits. */
  maxMessagesPerQueue?: number;
  log?: (line: string) => void;
}

const ACCOUNT_ID = '000000000000';
const API_VERSION_TARGET = 'AmazonSQS';
const JSON_CONTENT_TYPE = 'application/x-amz-json-1.0';
/** SQS's limits, as documented: 256 KiB per message and per batch, 10 entries, DelaySeconds 0 to 900. */
const MAX_VISIBILITY_SECONDS = 43_200;
/** A FIFO queue drops a message whose deduplication id it took this recently. */
const DEDUPLICATION_MS = 5 * 60_000;
const FIFO_ID = /^[\x21-\x7e]{1,128}$/;
const MAX_MESSAGE_BYTES = 256 * 1024;
const MAX_BATCH_ENTRIES = 10;
const MAX_DELAY_SECONDS = 900;
const MAX_REQUEST_BYTES = 2 * MAX_MESSAGE_BYTES;
const DEAD_LETTERS_KEPT = 1_000;
/** The longest the loop sleeps with nothing to do; a send wakes it earlier. */
const IDLE_WAIT_MS = 1_000;
const STOP_WAIT_MS = 10_000;
/** XML 1.0 characters, the only ones SQS accepts in a message. */
const VALID_CHARACTERS = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;
const BATCH_ENTRY_ID = /^[A-Za-z0-9_-]{1,80}$/;

/** An error as SQS's JSON protocol answers it: `__type`, the query-compatible code header, and a status. */
class SqsError extends Error {
  constructor(
    readonly type: string,
    readonly queryCode: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

const errors = {
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

interface StoredMessage {
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
interface FifoFields {
  groupId?: unknown;
  deduplicationId?: unknown;
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** One queue: its messages, its dead letters and the loop that feeds its handler. */
class LocalQueue {
  readonly messages = new Map<string, StoredMessage>();
  readonly deadLetters: DeadLetter[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private wake: (() => void) | undefined;
  private running = true;
  private loop: Promise<void> | undefined;
  readonly arn: string;
  readonly fifo: boolean;
  /** FIFO: deduplication ids taken in the last 5 minutes, with the message each was taken as. */
  private readonly deduplication = new Map<string, { messageId: string; until: number }>();
  private sequence = 0;

  constructor(
    readonly definition: Required<Omit<LocalQueueDefinition, 'functionName'>> & { functionName: string },
    region: string,
    private readonly maxMessages: number,
    private readonly log: (line: string) => void,
  ) {
    this.arn = `arn:aws:sqs:${region}:${ACCOUNT_ID}:${definition.name}`;
    this.fifo = definition.name.endsWith('.fifo');
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
    if (this.messages.size >= this.maxMessages) throw errors.overLimit();
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
    this.wake?.();
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
    this.wake?.();
  }

  start(): void {
    this.loop = this.run();
  }

  /** Takes up to a batch of visible messages, moving those received too often to the dead-letter list. */
  private take(now: number): StoredMessage[] {
    const batch: StoredMessage[] = [];
    /** FIFO: groups whose first message is in flight, hidden or taken: nothing later of theirs goes now. */
    const held = new Set<string>();
    for (const message of this.messages.values()) {
      if (batch.length === this.definition.batchSize) break;
      const group = message.groupId;
      if (group !== undefined) {
        if (held.has(group)) continue;
        held.add(group);
      }
      if (message.inFlight || message.visibleAt > now) continue;
      if (message.receiveCount >= this.definition.maxReceiveCount) {
        this.deadLetter(message, now);
        continue;
      }
      message.receiveCount++;
      message.firstReceivedAt ??= now;
      message.visibleAt = now + this.definition.visibilityTimeoutSeconds * 1000;
      message.inFlight = true;
      batch.push(message);
    }
    return batch;
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
      `queue ${this.definition.name}: message ${message.messageId} moved to the dead-letter list after ${message.receiveCount} receives`,
    );
  }

  /** When the loop should look again: the next message to become visible, or the idle wait. */
  private nextWakeMs(now: number): number {
    let next = now + IDLE_WAIT_MS;
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

  private async run(): Promise<void> {
    while (this.running) {
      const now = Date.now();
      if (this.inFlight.size < this.definition.maxConcurrency) {
        const batch = this.take(now);
        if (batch.length) {
          const invocation = this.invoke(batch).finally(() => {
            this.inFlight.delete(invocation);
            this.wake?.();
          });
          this.inFlight.add(invocation);
          continue;
        }
      }
      const waitMs = this.inFlight.size >= this.definition.maxConcurrency ? IDLE_WAIT_MS : this.nextWakeMs(now);
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
      eventSourceARN: this.arn,
      awsRegion: this.arn.split(':')[3]!,
    };
  }

  /**
   * One invocation. As the mapping does: a success deletes every message but those reported in batchItemFailures; a
   * thrown error, or a report naming a message not in the batch, keeps them all for the visibility timeout.
   */
  private async invoke(batch: StoredMessage[]): Promise<void> {
    let failed = new Set(batch.map((m) => m.messageId));
    try {
      const handler = await this.definition.handler();
      const result = await handler(
        { Records: batch.map((m) => this.record(m)) },
        lambdaContext(this.definition.functionName, this.definition.timeoutSeconds * 1000),
      );
      const reported = (result?.batchItemFailures ?? []).map((f) => f.itemIdentifier);
      if (reported.every((id) => failed.has(id))) failed = new Set(reported);
      else this.log(`queue ${this.definition.name}: batchItemFailures named a message not in the batch`);
    } catch (error) {
      this.log(`queue ${this.definition.name}: handler failed: ${(error as Error)?.stack ?? String(error)}`);
    }
    for (const message of batch) {
      message.inFlight = false;
      if (!failed.has(message.messageId)) this.messages.delete(message.messageId);
    }
  }

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
      this.log(`queue ${this.definition.name}: stopped with ${this.inFlight.size} invocations still running`);
  }
}

/** The request's text; a body past the limit is refused as SQS refuses a batch that is too long. */
async function readBody(req: IncomingMessage): Promise<string> {
  try {
    return (await readRequestBody(req, MAX_REQUEST_BYTES)).toString('utf8');
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    throw new SqsError(
      'com.amazonaws.sqs#BatchRequestTooLong',
      'AWS.SimpleQueueService.BatchRequestTooLong',
      'The request is too long.',
      413,
    );
  }
}

interface SavedState {
  queues: Record<string, { messages: StoredMessage[]; deadLetters: DeadLetter[] }>;
}

/** Starts the endpoint and one delivery loop per queue. */
export async function startQueues(options: LocalQueuesOptions): Promise<LocalQueues> {
  const host = options.host ?? '127.0.0.1';
  const region = options.region ?? 'us-east-1';
  const log = options.log ?? ((line: string) => console.warn(line));
  const queues = new Map<string, LocalQueue>();
  for (const definition of options.queues) {
    if (queues.has(definition.name)) throw new Error(`Queue ${definition.name} is defined twice`);
    queues.set(
      definition.name,
      new LocalQueue(
        {
          batchSize: 10,
          maxConcurrency: 2,
          visibilityTimeoutSeconds: 30,
          timeoutSeconds: 30,
          maxReceiveCount: 5,
          functionName: definition.name,
          ...definition,
        },
        region,
        options.maxMessagesPerQueue ?? 100_000,
        log,
      ),
    );
  }
  if (options.stateFile) await loadState(options.stateFile, queues);

  const queueOf = (input: Record<string, unknown>): LocalQueue => {
    if (typeof input.QueueUrl !== 'string') throw errors.missing('QueueUrl');
    const name = input.QueueUrl.split('/').at(-1) ?? '';
    const queue = queues.get(name);
    if (!queue) throw errors.noQueue();
    return queue;
  };

  const refuseExtras = (input: Record<string, unknown>, names: string[]) => {
    for (const name of names) {
      if (input[name] !== undefined) throw errors.invalid(`The embedded queue does not support ${name}.`);
    }
  };
  const EXTRAS = ['MessageAttributes', 'MessageSystemAttributes'];
  const fifoFields = (input: Record<string, unknown>) => ({
    groupId: input.MessageGroupId,
    deduplicationId: input.MessageDeduplicationId,
  });

  const operations: Record<string, (input: Record<string, unknown>) => unknown> = {
    SendMessage(input) {
      const queue = queueOf(input);
      refuseExtras(input, EXTRAS);
      return queue.send(input.MessageBody, input.DelaySeconds, Date.now(), fifoFields(input));
    },
    ChangeMessageVisibility(input) {
      const queue = queueOf(input);
      queue.changeVisibility(input.ReceiptHandle, input.VisibilityTimeout, Date.now());
      return {};
    },
    SendMessageBatch(input) {
      const queue = queueOf(input);
      const entries = input.Entries;
      if (!Array.isArray(entries) || entries.length === 0) {
        throw new SqsError(
          'com.amazonaws.sqs#EmptyBatchRequest',
          'AWS.SimpleQueueService.EmptyBatchRequest',
          'There should be at least one SendMessageBatchRequestEntry in the request.',
        );
      }
      if (entries.length > MAX_BATCH_ENTRIES) {
        throw new SqsError(
          'com.amazonaws.sqs#TooManyEntriesInBatchRequest',
          'AWS.SimpleQueueService.TooManyEntriesInBatchRequest',
          `Maximum number of entries per request are ${MAX_BATCH_ENTRIES}. You have sent ${entries.length}.`,
        );
      }
      const ids = entries.map((entry) => (entry as Record<string, unknown>).Id);
      for (const id of ids) {
        if (typeof id !== 'string' || !BATCH_ENTRY_ID.test(id)) {
          throw new SqsError(
            'com.amazonaws.sqs#InvalidBatchEntryId',
            'AWS.SimpleQueueService.InvalidBatchEntryId',
            'A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long.',
          );
        }
      }
      if (new Set(ids).size !== ids.length) {
        throw new SqsError(
          'com.amazonaws.sqs#BatchEntryIdsNotDistinct',
          'AWS.SimpleQueueService.BatchEntryIdsNotDistinct',
          'Two or more batch entries in the request have the same Id.',
        );
      }
      const total = entries.reduce((sum: number, entry) => {
        const body = (entry as Record<string, unknown>).MessageBody;
        return sum + (typeof body === 'string' ? Buffer.byteLength(body) : 0);
      }, 0);
      if (total > MAX_MESSAGE_BYTES) {
        throw new SqsError(
          'com.amazonaws.sqs#BatchRequestTooLong',
          'AWS.SimpleQueueService.BatchRequestTooLong',
          `Batch requests cannot be longer than ${MAX_MESSAGE_BYTES} bytes. You have sent ${total} bytes.`,
        );
      }
      const Successful: unknown[] = [];
      const Failed: unknown[] = [];
      const now = Date.now();
      for (const entry of entries as Array<Record<string, unknown>>) {
        try {
          refuseExtras(entry, EXTRAS);
          Successful.push({
            Id: entry.Id,
            ...queue.send(entry.MessageBody, entry.DelaySeconds, now, fifoFields(entry)),
          });
        } catch (error) {
          if (!(error instanceof SqsError)) throw error;
          Failed.push({
            Id: entry.Id,
            SenderFault: error.status < 500 && error.queryCode !== 'OverLimit',
            Code: error.queryCode,
            Message: error.message,
          });
        }
      }
      return { Successful, Failed };
    },
  };

  const respond = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': JSON_CONTENT_TYPE, 'x-amzn-requestid': randomUUID(), ...headers });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const target = String(req.headers['x-amz-target'] ?? '');
    const [service, operation = ''] = target.split('.');
    readBody(req)
      .then((text) => {
        const run = service === API_VERSION_TARGET && req.method === 'POST' ? operations[operation] : undefined;
        if (!run) throw errors.unknownOperation(target);
        let input: unknown;
        try {
          input = JSON.parse(text || '{}');
        } catch {
          throw new SqsError(
            'com.amazonaws.sqs#InvalidParameterValue',
            'InvalidParameterValue',
            'The request body is not JSON.',
          );
        }
        if (!input || typeof input !== 'object' || Array.isArray(input))
          throw errors.invalid('The request body is not an object.');
        respond(res, 200, run(input as Record<string, unknown>));
      })
      .catch((error: unknown) => {
        if (error instanceof SqsError) {
          const fault = error.status >= 500 ? 'Receiver' : 'Sender';
          respond(
            res,
            error.status,
            { __type: error.type, message: error.message },
            {
              'x-amzn-query-error': `${error.queryCode};${fault}`,
            },
          );
          return;
        }
        log(`queues: ${(error as Error)?.stack ?? String(error)}`);
        respond(
          res,
          500,
          { __type: 'com.amazonaws.sqs#InternalError', message: 'Internal error' },
          {
            'x-amzn-query-error': 'InternalError;Receiver',
          },
        );
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const endpoint = `http://${host}:${port}`;
  for (const queue of queues.values()) queue.start();

  // The runtime's own helpers (not the SQS protocol) find a FIFO queue by its name without `.fifo` too.
  const named = (name: string) => {
    const queue = queues.get(name) ?? queues.get(`${name}.fifo`);
    if (!queue) throw new Error(`No local queue named ${name}`);
    return queue;
  };
  let stopping: Promise<void> | undefined;
  return {
    endpoint,
    queueUrl: (name) => `${endpoint}/${ACCOUNT_ID}/${named(name).definition.name}`,
    depth: (name) => named(name).messages.size,
    deadLetters: (name) => named(name).deadLetters,
    stop() {
      stopping ??= (async () => {
        server.closeAllConnections();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        await Promise.all([...queues.values()].map((queue) => queue.stop()));
        await closed;
        if (options.stateFile) await saveState(options.stateFile, queues);
      })();
      return stopping;
    },
  };
}

/** Messages kept by the last stop come back; those a handler had are delivered again at once, as after a crash. */
async function loadState(file: string, queues: Map<string, LocalQueue>): Promise<void> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!text) return;
  const saved = JSON.parse(text) as SavedState;
  for (const [name, state] of Object.entries(saved.queues ?? {})) {
    // A queue saved before its kind became FIFO (`helpdesk-mail`) comes back in its successor (`helpdesk-mail.fifo`).
    const queue = queues.get(name) ?? queues.get(`${name}.fifo`);
    if (!queue) continue;
    for (const message of state.messages) queue.messages.set(message.messageId, { ...message, inFlight: false });
    queue.deadLetters.push(...state.deadLetters);
  }
}

async function saveState(file: string, queues: Map<string, LocalQueue>): Promise<void> {
  const state: SavedState = { queues: {} };
  for (const [name, queue] of queues) {
    state.queues[name] = {
      messages: [...queue.messages.values()].map(({ inFlight: _busy, ...message }) => message),
      deadLetters: queue.deadLetters,
    };
  }
  // Written aside and renamed, so a crash mid-write leaves the previous state rather than half a file.
  await writeFile(`${file}.tmp`, `${JSON.stringify(state)}\n`);
  await rename(`${file}.tmp`, file);
}
