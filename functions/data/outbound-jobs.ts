import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DeliveryGuarantee, Job, ParkReason } from '../domain/outbound.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { NotFoundError } from '../lib/errors.ts';
import { queryCollectionPage } from './collections.ts';
import { listBinding, openCursor, sealCursor, stringKey } from './cursor.ts';
import type { DeliveryLogRef } from './delivery-log.ts';
import { INDEXES, KEYS, failedJobsCollection, keys } from './table.ts';

/**
 * One item per outbound job (keys.outboundJob), written only by the sender that holds the job's claim:
 * - `sending`: claimed by attempt `attempt` of round `round` until `leaseUntil`;
 * - `waiting`: attempt `nextAttempt` is queued (after a failure, or an admin's retry);
 * - `done`: delivered; a duplicate message or a redelivered stream record finds this and sends nothing;
 * - `failed`: parked after the kind's limits, with the job itself, listed on byCollection `FAILED_JOBS#<kind>`.
 * Done and in-flight items expire after JOB_RETENTION_SECONDS, longer than SQS keeps a message (14 days) and the
 * stream a record (24 hours), so no duplicate can outlive its item. Parked items stay until an admin retries them.
 */

const JOB_RETENTION_SECONDS = 15 * 24 * 60 * 60;

type JobStatus = 'sending' | 'waiting' | 'done' | 'failed';

interface JobItem {
  pk: string;
  sk: string;
  kind: string;
  jobId: string;
  status: JobStatus;
  round: number;
  /** The attempt that holds (or last held) the claim. */
  attempt: number;
  nextAttempt?: number;
  nextAttemptAt?: string;
  leaseUntil?: string;
  /** Attempts made over every round. */
  tries: number;
  firstAttemptAt: string;
  lastAttemptAt: string;
  doneAt?: string;
  lastError?: string;
  lastDetail?: string;
  parkedAt?: string;
  parkReason?: ParkReason;
  /** The job as last tried, kept while parked so that an admin's retry can queue it again. */
  job?: Job;
  history?: DeliveryLogRef;
  gsi1pk?: string;
  gsi1sk?: string;
  expiresAt?: number;
}

/** What a claim attempt found. */
export type Claim =
  | { status: 'claimed'; tries: number; firstAttemptAt: string; history?: DeliveryLogRef }
  /** Delivered already: nothing to do. */
  | { status: 'done' }
  /** Parked after its limits: only an admin's retry sends it again. */
  | { status: 'parked' }
  /** A message of an attempt or round that is over (a duplicate): nothing to do. */
  | { status: 'stale' }
  /** Another sender holds the claim until `leaseUntil`: try again then. */
  | { status: 'busy'; leaseUntil: string }
  /**
   * This very attempt was claimed before and its holder's lease ran out with no outcome recorded: it may have been
   * delivered. Reported only to `at-most-once` kinds, which park it (functions/outbound/sender.ts).
   */
  | { status: 'unfinished'; tries: number; firstAttemptAt: string; history?: DeliveryLogRef };

export interface FailedJob {
  id: string;
  kind: string;
  /** Attempts made over every round. */
  attempts: number;
  round: number;
  firstAttemptAt: string;
  lastAttemptAt: string;
  parkedAt: string;
  reason: ParkReason;
  lastError: string;
  payload: unknown;
}

const expiresAt = (now: Date) => Math.floor(now.getTime() / 1000) + JOB_RETENTION_SECONDS;

/** Names and values every conditional write on a job item uses. */
const NAMES = { '#status': 'status', '#round': 'round', '#attempt': 'attempt' };

/**
 * claimJob: takes the job's claim for this attempt until `leaseUntil`: a job of round 0 never claimed; the attempt its
 * item waits for, or a later one; or an attempt of this round whose earlier holder's lease has run out. A later attempt
 * may always take over from an earlier one (the earlier attempt failed: only a failure, or a claim that got no answer,
 * queues the next one, and its holder could not record it). The same attempt takes over from itself, a holder that ended with no outcome recorded,
 * only where the kind delivers `at-least-once`; for `at-most-once` that is reported as `unfinished`. Anything else is
 * reported as found.
 */
export async function claimJob(job: Job, leaseUntil: Date, now: Date, guarantee: DeliveryGuarantee): Promise<Claim> {
  const key = keys.outboundJob(job.kind, job.id);
  const earlier = guarantee === 'at-least-once' ? '<=' : '<';
  const conditions = [
    '(#status = :waiting AND #round = :round AND nextAttempt <= :attempt)',
    `(#status = :sending AND #round = :round AND #attempt ${earlier} :attempt AND leaseUntil < :now)`,
  ];
  if (job.round === 0) conditions.unshift('attribute_not_exists(pk)');
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: key,
        UpdateExpression:
          'SET #status = :sending, #kind = :kind, jobId = :jobId, #round = :round, #attempt = :attempt, ' +
          'leaseUntil = :lease, lastAttemptAt = :now, firstAttemptAt = if_not_exists(firstAttemptAt, :now), ' +
          'expiresAt = :expires ADD tries :one REMOVE nextAttempt, nextAttemptAt',
        ConditionExpression: conditions.join(' OR '),
        ExpressionAttributeNames: { ...NAMES, '#kind': 'kind' },
        ExpressionAttributeValues: {
          ':sending': 'sending',
          ':waiting': 'waiting',
          ':kind': job.kind,
          ':jobId': job.id,
          ':round': job.round,
          ':attempt': job.attempt,
          ':lease': leaseUntil.toISOString(),
          ':now': now.toISOString(),
          ':expires': expiresAt(now),
          ':one': 1,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const item = Attributes as JobItem;
    return { status: 'claimed', tries: item.tries, firstAttemptAt: item.firstAttemptAt, history: item.history };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: key, ConsistentRead: true }),
  );
  return claimFound(Item as JobItem | undefined, job, now, guarantee);
}

/** Why a claim was refused, from the item as it is now. */
function claimFound(item: JobItem | undefined, job: Job, now: Date, guarantee: DeliveryGuarantee): Claim {
  if (!item || item.round !== job.round) return { status: item?.status === 'failed' ? 'parked' : 'stale' };
  if (item.status === 'done') return { status: 'done' };
  if (item.status === 'failed') return { status: 'parked' };
  const soon = now.toISOString();
  const leaseOver = (item.leaseUntil ?? soon) < soon;
  if (guarantee === 'at-most-once' && item.status === 'sending' && item.attempt === job.attempt && leaseOver) {
    return { status: 'unfinished', tries: item.tries, firstAttemptAt: item.firstAttemptAt, history: item.history };
  }
  // The item changed between the refused write and this read: look again shortly.
  if (item.status === 'sending' && item.attempt <= job.attempt)
    return { status: 'busy', leaseUntil: item.leaseUntil ?? soon };
  if (item.status === 'waiting' && (item.nextAttempt ?? 0) <= job.attempt) return { status: 'busy', leaseUntil: soon };
  return { status: 'stale' };
}

/** An update of the item made by the claim's holder, and only while it still holds it. */
async function updateHeldJob(
  job: Job,
  update: string,
  values: Record<string, unknown>,
  names: Record<string, string> = {},
): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: keys.outboundJob(job.kind, job.id),
        UpdateExpression: update,
        ConditionExpression: '#status = :sending AND #round = :round AND #attempt = :attempt',
        ExpressionAttributeNames: { ...NAMES, ...names },
        ExpressionAttributeValues: { ':sending': 'sending', ':round': job.round, ':attempt': job.attempt, ...values },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

const historyValue = (history: DeliveryLogRef | undefined) => (history ? { ':history': history } : {});
const setHistory = (history: DeliveryLogRef | undefined) => (history ? ', history = :history' : '');

/** recordJobDelivered: `done`, for the holder of the claim; false if it no longer held it. */
export function recordJobDelivered(job: Job, now: Date, detail?: string, history?: DeliveryLogRef): Promise<boolean> {
  return updateHeldJob(
    job,
    `SET #status = :done, doneAt = :now, lastDetail = :detail, expiresAt = :expires${setHistory(history)} ` +
      'REMOVE leaseUntil, lastError',
    {
      ':done': 'done',
      ':now': now.toISOString(),
      ':detail': detail ?? 'delivered',
      ':expires': expiresAt(now),
      ...historyValue(history),
    },
  );
}

/** recordJobRetry: `waiting` for attempt `nextAttempt` (already queued), for the holder of the claim. */
export function recordJobRetry(
  job: Job,
  next: { attempt: number; notBefore: Date },
  error: string,
  now: Date,
  history?: DeliveryLogRef,
): Promise<boolean> {
  return updateHeldJob(
    job,
    'SET #status = :waiting, nextAttempt = :next, nextAttemptAt = :nextAt, lastError = :error, ' +
      `expiresAt = :expires${setHistory(history)} REMOVE leaseUntil`,
    {
      ':waiting': 'waiting',
      ':next': next.attempt,
      ':nextAt': next.notBefore.toISOString(),
      ':error': error,
      ':expires': expiresAt(now),
      ...historyValue(history),
    },
  );
}

/**
 * releaseJob: hands the claim back to this same attempt (`waiting` for it), so that the queue's redelivery of the
 * message can claim it at once; used when the next attempt could not be queued.
 */
export function releaseJob(job: Job, error: string): Promise<boolean> {
  return updateHeldJob(job, 'SET #status = :waiting, nextAttempt = #attempt, lastError = :error REMOVE leaseUntil', {
    ':waiting': 'waiting',
    ':error': error,
  });
}

/** parkJob: `failed`, with the job kept and listed among the kind's failed jobs, for the holder of the claim. */
export function parkJob(
  job: Job,
  reason: ParkReason,
  error: string,
  now: Date,
  history?: DeliveryLogRef,
): Promise<boolean> {
  const at = now.toISOString();
  return updateHeldJob(
    job,
    'SET #status = :failed, parkedAt = :now, parkReason = :reason, lastError = :error, #job = :job, ' +
      `gsi1pk = :collection, gsi1sk = :order${setHistory(history)} REMOVE leaseUntil, expiresAt`,
    {
      ':failed': 'failed',
      ':now': at,
      ':reason': reason,
      ':error': error,
      ':job': job,
      ':collection': failedJobsCollection(job.kind),
      ':order': `${at}#${job.id}`,
      ...historyValue(history),
    },
    { '#job': 'job' },
  );
}

const toFailedJob = (item: JobItem): FailedJob => ({
  id: item.jobId,
  kind: item.kind,
  attempts: item.tries,
  round: item.round,
  firstAttemptAt: item.firstAttemptAt,
  lastAttemptAt: item.lastAttemptAt,
  parkedAt: item.parkedAt!,
  reason: item.parkReason!,
  lastError: item.lastError ?? '',
  payload: item.job?.payload,
});

const failedJobsBinding = (collection: string) => listBinding('failed-jobs', { collection });

/** A cursor this list handed out for this kind, or a ValidationError. */
function decodeCursor(cursor: string, collection: string): Promise<Record<string, string>> {
  const fields = [KEYS.pk, KEYS.sk, INDEXES.byCollection.pk, INDEXES.byCollection.sk];
  return openCursor(cursor, failedJobsBinding(collection), (payload) => {
    const key = stringKey(payload, fields);
    return key?.[INDEXES.byCollection.pk] === collection ? key : undefined;
  });
}

/** listFailedJobs: one page of a kind's parked jobs, newest first (byCollection `FAILED_JOBS#<kind>`). */
export async function listFailedJobs(
  kind: string,
  page: { limit?: number; cursor?: string } = {},
): Promise<{ jobs: FailedJob[]; nextCursor?: string }> {
  const collection = failedJobsCollection(kind);
  const { items, next } = await queryCollectionPage<JobItem>(collection, {
    order: 'descending',
    limit: page.limit ?? 25,
    startKey: page.cursor ? await decodeCursor(page.cursor, collection) : undefined,
  });
  return {
    jobs: items.map(toFailedJob),
    ...(next ? { nextCursor: await sealCursor(failedJobsBinding(collection), next) } : {}),
  };
}

/**
 * reopenFailedJob: takes a parked job off the failed list and makes its item wait for attempt 1 of a new round
 * (conditional on it being parked, so two admins retrying at once queue it once). Returns that attempt, to be queued,
 * and `undo`, which parks it again as it was if it cannot be.
 */
export async function reopenFailedJob(
  kind: string,
  id: string,
  now: Date,
): Promise<{ job: Job; undo: () => Promise<void> }> {
  const Key = keys.outboundJob(kind, id);
  let old: JobItem;
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key,
        UpdateExpression:
          'SET #status = :waiting, #round = #round + :one, nextAttempt = :one, expiresAt = :expires ' +
          'REMOVE gsi1pk, gsi1sk, #job, parkedAt, parkReason',
        ConditionExpression: '#status = :failed',
        ExpressionAttributeNames: { '#status': 'status', '#round': 'round', '#job': 'job' },
        ExpressionAttributeValues: {
          ':waiting': 'waiting',
          ':failed': 'failed',
          ':one': 1,
          ':expires': expiresAt(now),
        },
        ReturnValues: 'ALL_OLD',
      }),
    );
    old = Attributes as JobItem;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new NotFoundError('error.outbound.failedJobNotFound');
    throw error;
  }
  const { notBefore: _over, ...parked } = old.job!;
  const job: Job = { ...parked, attempt: 1, round: old.round + 1, startedAt: now.toISOString() };
  const undo = async () => {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: config().tableName,
          Key,
          UpdateExpression:
            'SET #status = :failed, #round = :oldRound, #job = :job, parkedAt = :parkedAt, parkReason = :reason, ' +
            'gsi1pk = :gsi1pk, gsi1sk = :gsi1sk REMOVE nextAttempt, expiresAt',
          ConditionExpression: '#status = :waiting AND #round = :round AND nextAttempt = :one',
          ExpressionAttributeNames: { '#status': 'status', '#round': 'round', '#job': 'job' },
          ExpressionAttributeValues: {
            ':failed': 'failed',
            ':waiting': 'waiting',
            ':one': 1,
            ':round': job.round,
            ':oldRound': old.round,
            ':job': old.job,
            ':parkedAt': old.parkedAt,
            ':reason': old.parkReason,
            ':gsi1pk': old.gsi1pk,
            ':gsi1sk': old.gsi1sk,
          },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  };
  return { job, undo };
}

/** getJobState: a job's item as the sender left it (consistent read); for tests and diagnostics. */
export async function getJobState(kind: string, id: string): Promise<Omit<JobItem, 'pk' | 'sk'> | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.outboundJob(kind, id), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const { pk: _pk, sk: _sk, ...state } = Item as JobItem;
  return state;
}
