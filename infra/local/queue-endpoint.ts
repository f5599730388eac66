/**
 * The embedded queues' HTTP endpoint on 127.0.0.1: it answers the SQS JSON protocol (AWS JSON 1.0,
 * `X-Amz-Target: AmazonSQS.<operation>`) for the operations the function code calls (SendMessage,
 * SendMessageBatch, ChangeMessageVisibility), so `@aws-sdk/client-sqs` is pointed at it by configuration alone
 * (SQS_ENDPOINT). Refusals are SQS's, with its `__type`, query-compatible code header and status.
 */
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { errors, MAX_MESSAGE_BYTES, type QueueStore, SqsError } from './queue-store.ts';
import { BodyTooLargeError, readRequestBody } from './request-body.ts';

const API_VERSION_TARGET = 'AmazonSQS';
const JSON_CONTENT_TYPE = 'application/x-amz-json-1.0';
const MAX_BATCH_ENTRIES = 10;
const MAX_REQUEST_BYTES = 2 * MAX_MESSAGE_BYTES;
const BATCH_ENTRY_ID = /^[A-Za-z0-9_-]{1,80}$/;
/** Send parameters the embedded queue does not implement; a request naming one is refused rather than half-served. */
const EXTRAS = ['MessageAttributes', 'MessageSystemAttributes'];

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

const refuseExtras = (input: Record<string, unknown>, names: string[]) => {
  for (const name of names) {
    if (input[name] !== undefined) throw errors.invalid(`The embedded queue does not support ${name}.`);
  }
};

const fifoFields = (input: Record<string, unknown>) => ({
  groupId: input.MessageGroupId,
  deduplicationId: input.MessageDeduplicationId,
});

/** The operations, each taking the request's JSON and returning the answer's; `queueNamed` finds a queue by name. */
function sqsOperations(
  queueNamed: (name: string) => QueueStore | undefined,
): Record<string, (input: Record<string, unknown>) => unknown> {
  const queueOf = (input: Record<string, unknown>): QueueStore => {
    if (typeof input.QueueUrl !== 'string') throw errors.missing('QueueUrl');
    const name = input.QueueUrl.split('/').at(-1) ?? '';
    const queue = queueNamed(name);
    if (!queue) throw errors.noQueue();
    return queue;
  };

  return {
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
}

const respond = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': JSON_CONTENT_TYPE, 'x-amzn-requestid': randomUUID(), ...headers });
  res.end(JSON.stringify(body));
};

/** The endpoint's server (not yet listening); anything but an SqsError is logged and answered 500. */
export function sqsEndpoint(queueNamed: (name: string) => QueueStore | undefined, log: (line: string) => void): Server {
  const operations = sqsOperations(queueNamed);
  return http.createServer((req, res) => {
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
}
