/**
 * Outbound delivery end to end on the real parts: items written to DynamoDB Local, its stream read by the embedded
 * poller and handed to the dispatcher, jobs queued on the embedded SQS endpoint through @aws-sdk/client-sqs, the
 * queue feeding the sender, and the sender posting to a real HTTP receiver on 127.0.0.1. The kind (`probe`) exists
 * only in tests (support/probe-kind.ts); mail and webhooks plug into the same path.
 */
import { randomUUID } from 'node:crypto';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBRecord, DynamoDBStreamEvent, SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDeliveryLog } from '#functions/data/delivery-log.ts';
import { getJobState, listFailedJobs } from '#functions/data/outbound-jobs.ts';
import { jobsForChange, type StreamChange } from '#functions/domain/outbound.ts';
import { createDispatcher } from '#functions/jobs/outbox.ts';
import { dynamo } from '#functions/lib/clients.ts';
import { config } from '#functions/lib/config.ts';
import { NotFoundError, ValidationError } from '#functions/lib/errors.ts';
import { logger } from '#functions/lib/logger.ts';
import { retryFailedDelivery } from '#functions/outbound/sender.ts';
import { enqueue } from '#functions/outbound/queue.ts';
import { startQueues, type LocalQueues } from '#infra/local/queues.ts';
import type { StreamPoller } from '#infra/local/stream-poller.ts';
import {
  PROBE_HEADERS,
  PROBE_KIND,
  PROBE_QUEUE,
  handler as probeSender,
  probeKey,
  probePlanner,
  type ProbeRecipient,
} from './support/probe-kind.ts';
import { startReceiver, type ReceivedRequest, type Receiver } from './support/receiver.ts';
import { failDoneRecords } from './support/table-faults.ts';
import { pollTableStream } from './support/stream.ts';
import { environmentOverride, eventually } from './support/waiting.ts';
import { useDedicatedTable } from './tickets-support.ts';

const RETRY = { baseMs: 400, capMs: 10_000, maxAttempts: 4 };
const MAX_RECEIVES = 3;
/**
 * The probe sender's function timeout: long enough for every send here, short enough that a table fault can outlast
 * an invocation within a test (a claim's lease is the invocation's time plus 5 s).
 */
const SENDER_TIMEOUT_SECONDS = 8;

let table: Awaited<ReturnType<typeof useDedicatedTable>>;
let receiver: Receiver;
let queues: LocalQueues;
let poller: StreamPoller;
let sqsClient: SQSClient;
const queueLog: string[] = [];
let previousLogLevel: ReturnType<typeof logger.getLevelName>;

/** Every stream batch the dispatcher was given, and every SQS batch the sender was given. */
const streamBatches: DynamoDBStreamEvent[] = [];
const sqsBatches: SQSEvent[] = [];
const dispatch = createDispatcher([probePlanner]);

const env = environmentOverride();
const setEnv = env.set;

beforeAll(async () => {
  table = await useDedicatedTable('helpdesk-outbound');
  // Failed attempts are logged as errors on purpose; the assertions say what matters.
  previousLogLevel = logger.getLevelName();
  logger.setLogLevel('CRITICAL');
  receiver = await startReceiver();
  queues = await startQueues({
    queues: [
      {
        name: PROBE_QUEUE,
        handler: async () => async (event: SQSEvent, context: Context) => {
          sqsBatches.push(event);
          return probeSender(event, context);
        },
        visibilityTimeoutSeconds: 1,
        timeoutSeconds: SENDER_TIMEOUT_SECONDS,
        maxReceiveCount: MAX_RECEIVES,
      },
    ],
    log: (line) => queueLog.push(line),
  });
  setEnv({
    SQS_ENDPOINT: queues.endpoint,
    PROBE_QUEUE_URL: queues.queueUrl(PROBE_QUEUE),
    PROBE_RETRY_BASE_MS: String(RETRY.baseMs),
    PROBE_RETRY_CAP_MS: String(RETRY.capMs),
    PROBE_RETRY_MAX_ATTEMPTS: String(RETRY.maxAttempts),
  });
  sqsClient = new SQSClient({ region: process.env.AWS_REGION, endpoint: queues.endpoint });
  poller = await pollTableStream(table.tableName, [
    {
      functionName: 'helpdesk-outbox',
      handler: async () => async (event: DynamoDBStreamEvent) => {
        streamBatches.push(event);
        return dispatch(event);
      },
    },
  ]);
});

afterAll(async () => {
  await poller?.stop();
  await queues?.stop();
  await receiver?.close();
  sqsClient?.destroy();
  env.restore();
  logger.setLogLevel(previousLogLevel);
  await table?.restore();
});

/** Writes a probe item: one delivery per recipient, through the stream. */
async function putProbe(recipients: ProbeRecipient[], label = 'probe.created'): Promise<string> {
  const key = probeKey(randomUUID());
  await dynamo().send(new PutCommand({ TableName: config().tableName, Item: { ...key, recipients, label } }));
  return key.pk;
}

/** A path on the receiver no other test uses. */
const freshPath = (name: string) => `/${name}-${randomUUID().slice(0, 8)}`;

const header = (request: ReceivedRequest, name: string) => String(request.headers[name]);

/** How many times the sender was handed a message carrying this job. */
const handedOver = (jobId: string) =>
  sqsBatches.flatMap((batch) => batch.Records).filter((record) => record.body.includes(jobId)).length;

const jobStatus = async (jobId: string) => (await getJobState(PROBE_KIND, jobId))?.status;

describe('a delivery', () => {
  it('reaches each recipient of a table change exactly once, and is recorded as delivered', async () => {
    const first = freshPath('first');
    const second = freshPath('second');
    const log = await putProbe([
      { name: 'first', url: `${receiver.url}${first}` },
      { name: 'second', url: `${receiver.url}${second}` },
    ]);

    const requests = await eventually(
      () =>
        receiver.on(first).length > 0 &&
        receiver.on(second).length > 0 && [receiver.on(first)[0]!, receiver.on(second)[0]!],
      'both recipients to be reached',
    );
    const ids = requests.map((request) => header(request, PROBE_HEADERS.jobId));
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) await eventually(async () => (await jobStatus(id)) === 'done', `job ${id} to be done`);
    await eventually(() => queues.depth(PROBE_QUEUE) === 0, 'the queue to drain');

    expect(receiver.on(first)).toHaveLength(1);
    expect(receiver.on(second)).toHaveLength(1);
    expect(requests.map((request) => header(request, PROBE_HEADERS.attempt))).toEqual(['1', '1']);
    const entries = await listDeliveryLog(log, new Date());
    expect(entries.map((entry) => entry.jobId).sort()).toEqual([...ids].sort());
    for (const entry of entries) {
      expect(entry).toMatchObject({ label: 'probe.created', outcome: 'delivered', attempts: 1, detail: 'HTTP 200' });
      expect(entry.deliveredAt).toBeDefined();
    }
  });

  it('sends nothing again when the stream hands the same record over again', async () => {
    const path = freshPath('redelivered');
    const pk = await putProbe([{ name: 'only', url: `${receiver.url}${path}` }]);
    const [request] = await eventually(() => receiver.on(path).length > 0 && receiver.on(path), 'the first delivery');
    const jobId = header(request!, PROBE_HEADERS.jobId);
    await eventually(async () => (await jobStatus(jobId)) === 'done', 'the job to be done');

    // The record exactly as the poller handed it to the dispatcher, handed over twice more (a retried batch).
    const record = streamBatches
      .flatMap((batch) => batch.Records)
      .find((r) => r.dynamodb?.Keys?.pk?.S === pk && r.eventName === 'INSERT')!;
    expect(await dispatch({ Records: [record] })).toEqual({ batchItemFailures: [] });
    expect(await dispatch({ Records: [record] })).toEqual({ batchItemFailures: [] });
    await eventually(() => handedOver(jobId) >= 3 && queues.depth(PROBE_QUEUE) === 0, 'the copies to be handled');

    expect(receiver.on(path)).toHaveLength(1);
    expect(await jobStatus(jobId)).toBe('done');
  });

  it('sends nothing again when the queue delivers the same message twice, at once or later', async () => {
    const path = freshPath('duplicated');
    const change: StreamChange = {
      eventId: randomUUID(),
      eventName: 'INSERT',
      pk: 'PROBE#by-hand',
      sk: 'PROBE',
      item: { kind: 'other' },
      at: new Date().toISOString(),
    };
    const [job] = jobsForChange(PROBE_KIND, change, [
      { recipient: 'only', payload: { url: `${receiver.url}${path}`, label: 'dup', log: 'PROBE#by-hand' } },
    ]);

    // Two copies in one batch: the sender handles them side by side, and only one may claim the job.
    await enqueue(PROBE_KIND, [job, job]);
    await eventually(async () => (await jobStatus(job!.id)) === 'done', 'the job to be done');
    await enqueue(PROBE_KIND, [job]);
    await eventually(() => handedOver(job!.id) >= 3 && queues.depth(PROBE_QUEUE) === 0, 'the copies to be handled');

    expect(receiver.on(path)).toHaveLength(1);
  });
});

describe('a delivery whose record cannot be written at first', () => {
  it('keeps trying to record it as delivered, and never delivers it again, whichever the guarantee', async () => {
    const once = freshPath('record-late-once');
    const again = freshPath('record-late-again');
    const fault = failDoneRecords(PROBE_KIND);
    try {
      await putProbe([
        { name: 'once', url: `${receiver.url}${once}`, atMostOnce: true },
        { name: 'again', url: `${receiver.url}${again}` },
      ]);
      await eventually(() => receiver.on(once).length && receiver.on(again).length, 'both deliveries');
      await eventually(() => fault.failures >= 4, 'the done records to fail a few times');
    } finally {
      fault.heal();
    }
    const ids = [once, again].map((path) => header(receiver.on(path)[0]!, PROBE_HEADERS.jobId));
    for (const id of ids) await eventually(async () => (await jobStatus(id)) === 'done', `${id} recorded as done`);
    // Longer than a lease and a redelivery: nothing comes a second time.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect([receiver.on(once).length, receiver.on(again).length]).toEqual([1, 1]);
    expect(new Set(ids)).toEqual(fault.failedJobs);
    expect(ids.map(handedOver)).toEqual([1, 1]);
  });
});

describe('a delivery whose outcome was never recorded', { timeout: 60_000 }, () => {
  it('is parked for an admin when the kind delivers at most once, and sent again when at least once', async () => {
    const once = freshPath('unrecorded-once');
    const again = freshPath('unrecorded-again');
    const fault = failDoneRecords(PROBE_KIND);
    let onceId: string;
    let againId: string;
    try {
      await putProbe([
        { name: 'once', url: `${receiver.url}${once}`, atMostOnce: true },
        { name: 'again', url: `${receiver.url}${again}` },
      ]);
      [onceId, againId] = await eventually(
        () =>
          receiver.on(once).length > 0 &&
          receiver.on(again).length > 0 && [
            header(receiver.on(once)[0]!, PROBE_HEADERS.jobId),
            header(receiver.on(again)[0]!, PROBE_HEADERS.jobId),
          ],
        'both deliveries',
      );
      // The first invocation runs out of time still trying to record its delivery; the lease then ends unrecorded.
      await eventually(
        async () => (await getJobState(PROBE_KIND, onceId))?.status === 'failed',
        'the at-most-once job to be parked',
        (SENDER_TIMEOUT_SECONDS + 15) * 1000,
        200,
      );
    } finally {
      fault.heal();
    }
    const parked = await getJobState(PROBE_KIND, onceId);
    expect(parked).toMatchObject({ status: 'failed', parkReason: 'unknown', tries: 1 });
    expect(parked?.lastError).toMatch(/may have been delivered/);
    expect(receiver.on(once)).toHaveLength(1);

    // At least once: the same job, the same id, sent again once the lease ended, then recorded.
    await eventually(async () => (await jobStatus(againId)) === 'done', 'the at-least-once job to be recorded', 20_000);
    expect(receiver.on(again).map((request) => header(request, PROBE_HEADERS.jobId))).toEqual([againId, againId]);
    expect(receiver.on(again).map((request) => header(request, PROBE_HEADERS.attempt))).toEqual(['1', '1']);

    // An admin who has checked may send it after all: once more, and recorded.
    await retryFailedDelivery(PROBE_KIND, onceId);
    await eventually(async () => (await jobStatus(onceId)) === 'done', 'the retried job to be recorded');
    expect(receiver.on(once)).toHaveLength(2);
  });
});

describe('a destination that keeps failing', () => {
  const path = freshPath('down');
  let jobId: string;
  let requests: ReceivedRequest[];
  let log: string;

  beforeAll(async () => {
    receiver.answer(path, [500]);
    log = await putProbe([{ name: 'down', url: `${receiver.url}${path}` }], 'probe.down');
    requests = await eventually(
      () => receiver.on(path).length === RETRY.maxAttempts && receiver.on(path),
      `${RETRY.maxAttempts} attempts`,
      30_000,
    );
    jobId = header(requests[0]!, PROBE_HEADERS.jobId);
    await eventually(async () => (await jobStatus(jobId)) === 'failed', 'the job to be parked');
  }, 60_000);

  it('is tried again with the same job id, each wait drawn from a window twice the last', () => {
    expect(requests.map((r) => header(r, PROBE_HEADERS.jobId))).toEqual(Array(RETRY.maxAttempts).fill(jobId));
    expect(requests.map((r) => header(r, PROBE_HEADERS.attempt))).toEqual(['1', '2', '3', '4']);
    expect(requests[0]!.headers[PROBE_HEADERS.notBefore]).toBeUndefined();
    for (let n = 1; n < requests.length; n++) {
      const failedAt = requests[n - 1]!.at;
      const notBefore = Date.parse(header(requests[n]!, PROBE_HEADERS.notBefore));
      const window = RETRY.baseMs * 2 ** (n - 1);
      // The wait is drawn after the receiver answered: within the window, plus the time the answer took to arrive.
      expect(notBefore - failedAt).toBeGreaterThanOrEqual(0);
      expect(notBefore - failedAt).toBeLessThanOrEqual(window + 500);
      // Never early, and late only by the queue's whole-second delay and its polling.
      expect(requests[n]!.at).toBeGreaterThanOrEqual(notBefore);
      expect(requests[n]!.at - notBefore).toBeLessThan(2_500);
    }
  });

  it('is parked after the last attempt, with its error, attempts and times, on the failed list', async () => {
    const { jobs } = await listFailedJobs(PROBE_KIND);
    const parked = jobs.find((job) => job.id === jobId);
    expect(parked).toMatchObject({
      kind: PROBE_KIND,
      attempts: RETRY.maxAttempts,
      round: 0,
      reason: 'attempts',
      lastError: 'HTTP 500',
      payload: { url: `${receiver.url}${path}`, label: 'probe.down', log },
    });
    expect(Date.parse(parked!.firstAttemptAt)).toBeLessThanOrEqual(requests[0]!.at);
    expect(Date.parse(parked!.lastAttemptAt)).toBeLessThanOrEqual(requests.at(-1)!.at);
    expect(Date.parse(parked!.parkedAt)).toBeGreaterThanOrEqual(requests.at(-1)!.at);
    const [entry] = await listDeliveryLog(log, new Date());
    expect(entry).toMatchObject({ jobId, outcome: 'failed', attempts: RETRY.maxAttempts, detail: 'HTTP 500' });
  });

  it('is delivered when an admin retries it once the destination is back, and leaves the failed list', async () => {
    receiver.answer(path, [200]);
    const job = await retryFailedDelivery(PROBE_KIND, jobId);
    expect(job).toMatchObject({ id: jobId, attempt: 1, round: 1 });

    const retried = await eventually(
      () => receiver.on(path).length === RETRY.maxAttempts + 1 && receiver.on(path).at(-1),
      'the retried delivery',
    );
    expect(header(retried, PROBE_HEADERS.jobId)).toBe(jobId);
    expect(header(retried, PROBE_HEADERS.round)).toBe('1');
    expect(header(retried, PROBE_HEADERS.attempt)).toBe('1');
    await eventually(async () => (await jobStatus(jobId)) === 'done', 'the job to be done');
    expect((await listFailedJobs(PROBE_KIND)).jobs.map((j) => j.id)).not.toContain(jobId);
    const [entry] = await listDeliveryLog(log, new Date());
    expect(entry).toMatchObject({ jobId, outcome: 'delivered', attempts: RETRY.maxAttempts + 1 });

    // It is no longer parked: a second retry finds nothing to retry, and nothing more is sent.
    await expect(retryFailedDelivery(PROBE_KIND, jobId)).rejects.toBeInstanceOf(NotFoundError);
    expect(receiver.on(path)).toHaveLength(RETRY.maxAttempts + 1);
  });
});

describe('a failure that retrying cannot mend', () => {
  it('parks the job after one attempt, and lists parked jobs newest first, page by page', async () => {
    const paths = [freshPath('gone'), freshPath('gone'), freshPath('gone')];
    for (const path of paths) receiver.answer(path, [404]);
    await putProbe(paths.map((path, i) => ({ name: `gone-${i}`, url: `${receiver.url}${path}` })));
    const ids = await eventually(
      () =>
        paths.every((path) => receiver.on(path).length > 0) &&
        paths.map((p) => header(receiver.on(p)[0]!, PROBE_HEADERS.jobId)),
      'each recipient to be tried',
    );
    for (const id of ids) await eventually(async () => (await jobStatus(id)) === 'failed', `job ${id} to be parked`);
    for (const path of paths) expect(receiver.on(path)).toHaveLength(1);

    const first = await listFailedJobs(PROBE_KIND, { limit: 2 });
    expect(first.jobs).toHaveLength(2);
    const second = await listFailedJobs(PROBE_KIND, { limit: 2, cursor: first.nextCursor! });
    const listed = [...first.jobs, ...second.jobs];
    const ours = listed.filter((job) => ids.includes(job.id));
    expect(ours.map((job) => job.id).sort()).toEqual([...ids].sort());
    for (const job of ours) expect(job).toMatchObject({ attempts: 1, reason: 'permanent', lastError: 'HTTP 404' });
    const parkedTimes = listed.map((job) => job.parkedAt);
    expect(parkedTimes).toEqual([...parkedTimes].sort().reverse());

    await expect(listFailedJobs(PROBE_KIND, { cursor: 'not-a-cursor' })).rejects.toBeInstanceOf(ValidationError);
    const foreign = Buffer.from(JSON.stringify({ pk: 'x', sk: 'y', gsi1pk: 'FAILED_JOBS#mail', gsi1sk: 'z' })).toString(
      'base64url',
    );
    await expect(listFailedJobs(PROBE_KIND, { cursor: foreign })).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('a message the sender cannot handle', () => {
  it('is delivered again after the visibility timeout, then moved to the dead-letter list', async () => {
    const queueUrl = queues.queueUrl(PROBE_QUEUE);
    const { MessageId } = await sqsClient.send(
      new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify({ not: 'a job' }) }),
    );
    const dead = await eventually(
      () => queues.deadLetters(PROBE_QUEUE).find((letter) => letter.messageId === MessageId),
      'the message to reach the dead-letter list',
    );
    expect(dead).toMatchObject({ receiveCount: MAX_RECEIVES, body: JSON.stringify({ not: 'a job' }) });
    const receives = sqsBatches
      .flatMap((batch) => batch.Records)
      .filter((record) => record.messageId === MessageId)
      .map((record) => record.attributes.ApproximateReceiveCount);
    expect(receives).toEqual(['1', '2', '3']);
    expect(queueLog.filter((line) => line.includes(MessageId!))).toEqual([
      `queue ${PROBE_QUEUE}: message ${MessageId} moved to the dead-letter list after ${MAX_RECEIVES} receives`,
    ]);
  });
});

describe('the dispatcher', () => {
  let sequence = 0;
  const record = (item: Record<string, unknown>): DynamoDBRecord => ({
    eventID: randomUUID(),
    eventName: 'INSERT',
    eventSource: 'aws:dynamodb',
    dynamodb: {
      Keys: marshall({ pk: item.pk, sk: item.sk }) as never,
      NewImage: marshall(item) as never,
      SequenceNumber: String(++sequence).padStart(21, '0'),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
      ApproximateCreationDateTime: Math.floor(Date.now() / 1000),
    },
  });

  it('reports the first record whose jobs could not be queued and those after it, so the stream retries from there', async () => {
    const recipients = [{ name: 'r', url: `${receiver.url}${freshPath('never')}` }];
    const unrelated = record({ pk: 'CATEGORY#x', sk: 'CATEGORY', name: 'x' });
    const first = record({ ...probeKey(randomUUID()), recipients });
    const second = record({ ...probeKey(randomUUID()), recipients });
    setEnv({ PROBE_QUEUE_URL: `${queues.endpoint}/000000000000/no-such-queue` });
    try {
      const result = await dispatch({ Records: [unrelated, first, second] });
      expect(result).toEqual({
        batchItemFailures: [first, second].map((r) => ({ itemIdentifier: r.dynamodb!.SequenceNumber })),
      });
    } finally {
      setEnv({ PROBE_QUEUE_URL: queues.queueUrl(PROBE_QUEUE) });
    }
  });

  it('reports the record a planner fails on, having queued the jobs of the records before it', async () => {
    const path = freshPath('before-failure');
    const good = record({ ...probeKey(randomUUID()), recipients: [{ name: 'r', url: `${receiver.url}${path}` }] });
    const broken = record({ ...probeKey(randomUUID()), recipients: 'not a list' });
    const failing = createDispatcher([
      {
        kind: PROBE_KIND,
        plan: (change) => {
          if (!Array.isArray(change.after?.recipients)) throw new Error('recipients must be a list');
          return probePlanner.plan(change);
        },
      },
    ]);
    const result = await failing({ Records: [good, broken] });
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: broken.dynamodb!.SequenceNumber }] });
    await eventually(() => receiver.on(path).length === 1, 'the job of the record before it');
  });
});
