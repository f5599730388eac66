/**
 * The sender side of outbound delivery (docs/decisions/051-outbound-delivery.md), shared by every kind: a kind gives
 * its payload schema and its `send`; this makes the SQS handler that claims each job before sending it (nothing is
 * sent twice when the queue or the stream delivers twice), records the outcome, queues the next attempt after a
 * jittered, growing wait, and parks the job where admins see it once the kind's limits are reached. On a FIFO queue
 * (docs/decisions/051-outbound-delivery.md, "Order") a job waits in its place instead: its message is held back
 * (ChangeMessageVisibility) and delivered again, so that no later job of its group overtakes it.
 */
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type * as z from 'zod';
import { type DeliveryLogRef, recordDeliveryLogEntry, type DeliveryLogEntry } from '../data/delivery-log.ts';
import {
  type Claim,
  claimJob,
  getJobState,
  parkJob,
  recordJobDelivered,
  recordJobRetry,
  releaseJob,
  reopenFailedJob,
} from '../data/outbound-jobs.ts';
import {
  type DeliveryGuarantee,
  type Job,
  jobSchema,
  MAX_QUEUE_DELAY_SECONDS,
  nextStepAfterFailure,
  queueDelaySeconds,
} from '../domain/outbound.ts';
import { eachMessage, eachMessageInGroups } from '../lib/batch.ts';
import { outboundConfig } from './kinds.ts';
import { logger } from '../lib/logger.ts';
import { observed } from '../lib/observability.ts';
import { enqueue, holdBack, isFifoQueue } from './queue.ts';

/** Time kept back from `send` for recording the outcome before the function's own timeout. */
const BOOKKEEPING_MS = 5_000;
/**
 * Recording a delivery that was made is tried again after a wait that starts here and doubles up to RECORD_WAIT_MAX_MS,
 * for as long as the invocation may run but RECORD_MARGIN_MS: the send itself is never repeated for want of its record.
 */
const RECORD_WAIT_MIN_MS = 100;
const RECORD_WAIT_MAX_MS = 2_000;
const RECORD_MARGIN_MS = 500;
/** Messages of one batch handled at once. */
const DEFAULT_CONCURRENCY = 5;
/**
 * A job whose claim another sender holds is looked at again this soon (or when the lease ends, if sooner): the
 * holder usually finishes long before its lease, which only bounds how long a crashed holder blocks the job.
 */
const BUSY_RECHECK_SECONDS = 2;
/** Error texts are kept this long in the table and the delivery log. */
const ERROR_TEXT_MAX = 500;

/**
 * Thrown by a kind's `send` for a failed attempt. `permanent` failures (an address that can never work) are parked at
 * once instead of retried. Any other error thrown by `send` counts as a failed attempt that may be retried.
 */
export class DeliveryFailure extends Error {
  override name = 'DeliveryFailure';
  constructor(
    message: string,
    readonly options: { permanent?: boolean } = {},
  ) {
    super(message);
  }
}

/**
 * A FIFO queue's message that is to wait in its place: it was held back (or the queue's visibility timeout holds it)
 * and is reported as not handled, so the queue delivers it again then, before any later message of its group.
 */
class HeldBack extends Error {
  override name = 'HeldBack';
}

/** A message that is not a job of this kind: the same every time, so it goes to the queue's dead-letter queue. */
class PoisonMessageError extends Error {
  override name = 'PoisonMessageError';
}

export interface SenderDefinition<P> {
  kind: string;
  /** Validates the payload the kind's planner put in the job. */
  payload: z.ZodType<P>;
  /**
   * Makes one attempt; resolves when the delivery is done (`detail` says how, e.g. the receiver's status code) and
   * throws when it failed. Must give up when `signal` aborts. `dropped`: the job is no longer owed (its webhook was
   * deleted): it is recorded as done and left out of the delivery log.
   */
  send(job: Job<P>, signal: AbortSignal): Promise<{ detail?: string; dropped?: boolean } | undefined>;
  /** Keep a delivery log for this kind (webhooks: the last 100 deliveries of each endpoint). */
  history?: {
    logKey(job: Job<P>): string;
    /** What the entry says was delivered (a webhook's event type). */
    label(job: Job<P>): string;
  };
  /**
   * What this kind promises for a job whose last attempt ended with no outcome recorded (DeliveryGuarantee in
   * functions/domain/outbound.ts): parked for an admin (`at-most-once`), or sent again (`at-least-once`).
   */
  guarantee(job: Job<P>): DeliveryGuarantee;
  /** Records of one batch sent at once (default 5). */
  concurrency?: number;
}

type Outcome = { ok: true; detail: string; dropped: boolean } | { ok: false; error: string; permanent: boolean };

const errorText = (error: unknown): string =>
  (error instanceof Error ? error.message || error.name : String(error)).slice(0, ERROR_TEXT_MAX);

/** A validation error in one line: `path: problem; …`. */
const issues = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.') || '(message)'}: ${issue.message}`).join('; ');

function parseJob<P>(record: SQSRecord, definition: SenderDefinition<P>): Job<P> {
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch {
    throw new PoisonMessageError(`Message ${record.messageId} is not JSON`);
  }
  const job = jobSchema.safeParse(body);
  if (!job.success) throw new PoisonMessageError(`Message ${record.messageId} is not a job: ${issues(job.error)}`);
  if (job.data.kind !== definition.kind) {
    throw new PoisonMessageError(
      `Message ${record.messageId} is a ${job.data.kind} job on the ${definition.kind} queue`,
    );
  }
  const payload = definition.payload.safeParse(job.data.payload);
  if (!payload.success) {
    throw new PoisonMessageError(`Message ${record.messageId} has an invalid payload: ${issues(payload.error)}`);
  }
  return { ...job.data, payload: payload.data };
}

/** Runs the kind's `send`, turning what it throws into a failed outcome. */
async function attempt<P>(definition: SenderDefinition<P>, job: Job<P>, budgetMs: number): Promise<Outcome> {
  try {
    const result = await definition.send(job, AbortSignal.timeout(Math.max(1_000, budgetMs)));
    return { ok: true, detail: result?.detail ?? 'delivered', dropped: result?.dropped === true };
  } catch (error) {
    const permanent = error instanceof DeliveryFailure && error.options.permanent === true;
    return { ok: false, error: errorText(error), permanent };
  }
}

/** Writes the job's delivery-log entry, if the kind keeps a log; a failure to log never fails the delivery. */
async function logOutcome<P>(
  definition: SenderDefinition<P>,
  job: Job<P>,
  entry: Omit<DeliveryLogEntry, 'jobId' | 'label'>,
  ref: DeliveryLogRef | undefined,
  now: Date,
): Promise<DeliveryLogRef | undefined> {
  if (!definition.history) return undefined;
  try {
    const logKey = definition.history.logKey(job);
    return await recordDeliveryLogEntry(
      logKey,
      { jobId: job.id, label: definition.history.label(job), ...entry },
      ref,
      now,
    );
  } catch (error) {
    logger.warn('Delivery log entry not written', { error: error as Error, kind: job.kind, jobId: job.id });
    return ref;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes an outcome that must not be lost (a delivery made, a job parked), trying again with a growing wait while the
 * table cannot be written and the invocation has time left; throws the last error when time runs out. What the write
 * answers (false: the claim was no longer held) is returned as it is.
 */
async function untilRecorded(
  job: Job,
  what: string,
  write: () => Promise<boolean>,
  context: Context,
): Promise<boolean> {
  for (let wait = RECORD_WAIT_MIN_MS, tries = 1; ; wait = Math.min(RECORD_WAIT_MAX_MS, wait * 2), tries++) {
    try {
      return await write();
    } catch (error) {
      if (context.getRemainingTimeInMillis() - RECORD_MARGIN_MS < wait) throw error;
      logger.warn(`${what} not recorded yet; trying again`, {
        error: error as Error,
        kind: job.kind,
        jobId: job.id,
        tries,
      });
      await sleep(wait);
    }
  }
}

/** Queues the job again unchanged, held back `seconds`: it is not due yet, or someone else holds its claim. */
const requeue = (job: Job, seconds: number) =>
  enqueue(job.kind, [job], { delaySeconds: Math.min(MAX_QUEUE_DELAY_SECONDS, Math.max(0, seconds)) });

/** What an admin reads on a job parked because its last attempt ended with no outcome recorded. */
const UNFINISHED_ERROR =
  'The last attempt ended without recording its outcome (the sender stopped, or the table could not be written, ' +
  'after sending began): it may have been delivered. Check with the recipient before retrying.';

/**
 * An attempt of an `at-most-once` job ended with no outcome recorded: it may have gone out, so it is parked for an
 * admin rather than sent again (docs/decisions/051-outbound-delivery.md, "Sent once").
 */
async function parkUnfinished<P>(
  definition: SenderDefinition<P>,
  job: Job<P>,
  claim: Extract<Claim, { status: 'unfinished' }>,
  now: Date,
): Promise<void> {
  const history = await logOutcome(
    definition,
    job,
    {
      attempts: claim.tries,
      firstAttemptAt: claim.firstAttemptAt,
      lastAttemptAt: now.toISOString(),
      outcome: 'failed',
      detail: UNFINISHED_ERROR,
    },
    claim.history,
    now,
  );
  if (await parkJob(job, 'unknown', UNFINISHED_ERROR, now, history)) {
    logger.error('Outcome of the last attempt unknown; parked for an admin instead of sending again', {
      kind: job.kind,
      jobId: job.id,
      attempt: job.attempt,
    });
  }
}

/**
 * The claim got no answer (the table unreachable): it may have been taken all the same, but nothing was sent. This
 * attempt is given up as failed and the next one queued for when the lease it may hold has ended, since a later
 * attempt may take over from an earlier one; were this message delivered again instead, its own claim would look
 * like an attempt that ended unrecorded, which an at-most-once kind must park. If the next attempt cannot be queued
 * either, the error is thrown and the queue delivers this message again.
 */
async function afterUnansweredClaim(job: Job, leaseUntil: Date, now: Date, error: unknown): Promise<void> {
  const step = nextStepAfterFailure(outboundConfig(job.kind).retry, job, now);
  if (step.action === 'park') throw error;
  const notBefore = new Date(Math.max(step.notBefore.getTime(), leaseUntil.getTime()));
  // A FIFO queue takes no delay: the next attempt's `notBefore` holds it back once it is received.
  const fifo = isFifoQueue(outboundConfig(job.kind).queueUrl);
  await enqueue(job.kind, [{ ...job, attempt: step.attempt, notBefore: notBefore.toISOString() }], {
    delaySeconds: fifo ? 0 : queueDelaySeconds(notBefore, now),
  });
  logger.warn('Claim not answered; the next attempt is queued', {
    error: error as Error,
    kind: job.kind,
    jobId: job.id,
    nextAttempt: step.attempt,
    notBefore: notBefore.toISOString(),
  });
}

/** FIFO: hides the message `seconds` more and leaves it in its group; if that fails, its visibility timeout does. */
async function waitInPlace(job: Job, record: SQSRecord, seconds: number, why: string): Promise<never> {
  try {
    await holdBack(job.kind, record.receiptHandle, seconds);
  } catch (error) {
    logger.warn('Message not held back; the queue delivers it again after its visibility timeout', {
      error: error as Error,
      kind: job.kind,
      jobId: job.id,
    });
  }
  throw new HeldBack(`${why}; delivered again in ${Math.max(0, Math.ceil(seconds))} s`);
}

/**
 * FIFO: a message delivered again after a failed attempt still says the attempt it was sent as; the job's item says
 * which attempt is due, and when. Read only for messages received before.
 */
async function resumed<P>(job: Job<P>, record: SQSRecord): Promise<Job<P>> {
  if (Number(record.attributes.ApproximateReceiveCount ?? '1') <= 1) return job;
  const state = await getJobState(job.kind, job.id);
  if (state?.status !== 'waiting' || state.round !== job.round || (state.nextAttempt ?? 0) <= job.attempt) return job;
  return {
    ...job,
    attempt: state.nextAttempt!,
    ...(state.nextAttemptAt ? { notBefore: state.nextAttemptAt } : {}),
  };
}

/** Handles one message: one attempt at one job, and what follows from its outcome. */
async function deliver<P>(definition: SenderDefinition<P>, record: SQSRecord, context: Context): Promise<void> {
  const parsed = parseJob(record, definition);
  const fifo = isFifoQueue(outboundConfig(parsed.kind).queueUrl);
  const job = fifo ? await resumed(parsed, record) : parsed;
  const { kind, id } = job;
  const now = new Date();
  const wait = queueDelaySeconds(job.notBefore ? new Date(job.notBefore) : undefined, now);
  if (wait > 0) return fifo ? waitInPlace(job, record, wait, 'Not due yet') : requeue(job, wait);

  const remainingMs = context.getRemainingTimeInMillis();
  const leaseUntil = new Date(now.getTime() + remainingMs + BOOKKEEPING_MS);
  let claim: Claim;
  try {
    claim = await claimJob(job, leaseUntil, now, definition.guarantee(job));
  } catch (error) {
    // On a FIFO queue too: the next attempt goes to the end of its group, the one case where a job may be overtaken
    // by a later one of its group (the table unreachable), rather than be parked as "may have been sent" when this
    // message came back to a claim that was in fact taken (docs/decisions/051-outbound-delivery.md, "Order").
    return afterUnansweredClaim(job, leaseUntil, now, error);
  }
  if (claim.status === 'unfinished') return parkUnfinished(definition, job, claim, now);
  if (claim.status === 'busy') {
    logger.debug('Job claimed by another sender; looking again shortly', { kind, jobId: id });
    const leaseLeft = Math.ceil((Date.parse(claim.leaseUntil) - now.getTime()) / 1000);
    const recheck = Math.max(1, Math.min(BUSY_RECHECK_SECONDS, leaseLeft));
    return fifo ? waitInPlace(job, record, recheck, 'Claimed by another sender') : requeue(job, recheck);
  }
  if (claim.status !== 'claimed') {
    logger.debug('Job needs nothing more', { kind, jobId: id, found: claim.status });
    return;
  }

  const outcome = await attempt(definition, job, remainingMs - BOOKKEEPING_MS);
  const finishedAt = new Date();
  const at = finishedAt.toISOString();
  const logged = { attempts: claim.tries, firstAttemptAt: claim.firstAttemptAt, lastAttemptAt: now.toISOString() };
  if (outcome.ok && outcome.dropped) {
    await untilRecorded(
      job,
      'Dropped job',
      () => recordJobDelivered(job, finishedAt, outcome.detail, claim.history),
      context,
    );
    logger.info('Dropped: no longer owed', { kind, jobId: id, detail: outcome.detail });
    return;
  }
  if (outcome.ok) {
    const history = await logOutcome(
      definition,
      job,
      { ...logged, outcome: 'delivered', detail: outcome.detail, deliveredAt: at },
      claim.history,
      finishedAt,
    );
    const recorded = await untilRecorded(
      job,
      'Delivery',
      () => recordJobDelivered(job, finishedAt, outcome.detail, history),
      context,
    );
    if (!recorded) {
      logger.warn('Delivered, but the job was claimed by another sender meanwhile', { kind, jobId: id });
    }
    logger.info('Delivered', { kind, jobId: id, attempt: job.attempt, round: job.round, detail: outcome.detail });
    return;
  }

  const step = nextStepAfterFailure(outboundConfig(kind).retry, job, finishedAt, { permanent: outcome.permanent });
  if (step.action === 'park') {
    const history = await logOutcome(
      definition,
      job,
      { ...logged, outcome: 'failed', detail: outcome.error },
      claim.history,
      finishedAt,
    );
    await untilRecorded(
      job,
      'Parked job',
      () => parkJob(job, step.reason, outcome.error, finishedAt, history),
      context,
    );
    logger.error('Delivery failed for good; parked for an admin', {
      kind,
      jobId: id,
      attempts: claim.tries,
      reason: step.reason,
      lastError: outcome.error,
    });
    return;
  }

  const next: Job<P> = { ...job, attempt: step.attempt, notBefore: step.notBefore.toISOString() };
  if (fifo) return retryInPlace(definition, job, record, step, outcome.error, logged, claim, finishedAt);
  try {
    await enqueue(kind, [next], { delaySeconds: queueDelaySeconds(step.notBefore, finishedAt) });
  } catch (error) {
    // Without the next attempt queued, this message must come back: hand the claim back to it, then fail it.
    await releaseJob(job, outcome.error).catch((release) =>
      logger.warn('Claim not released', { error: release as Error, kind, jobId: id }),
    );
    throw error;
  }
  const history = await logOutcome(
    definition,
    job,
    { ...logged, outcome: 'retrying', detail: outcome.error, nextAttemptAt: next.notBefore },
    claim.history,
    finishedAt,
  );
  // The next attempt is queued: if this record is lost it takes over once the lease ends, so it is not thrown.
  await recordJobRetry(job, step, outcome.error, finishedAt, history).catch((error) =>
    logger.warn('Retry not recorded; the next attempt takes over after the lease', {
      error: error as Error,
      kind,
      jobId: id,
    }),
  );
  logger.info('Attempt failed; retrying', {
    kind,
    jobId: id,
    attempt: job.attempt,
    nextAttemptAt: next.notBefore,
    error: outcome.error,
  });
}

/**
 * FIFO: a failed attempt is retried in its place. The job's item says `waiting` for the next attempt first (a
 * message delivered again reads it, see `resumed`); then the message is held back for the backoff and reported as
 * not handled. If the item cannot say so (the table unreachable), the next attempt is queued as a new message, at the
 * end of its group, as on a standard queue: a later attempt may take over from this one, whereas this message,
 * delivered again, would find its own claim unfinished and park the job.
 */
async function retryInPlace<P>(
  definition: SenderDefinition<P>,
  job: Job<P>,
  record: SQSRecord,
  step: { attempt: number; notBefore: Date },
  error: string,
  logged: Pick<DeliveryLogEntry, 'attempts' | 'firstAttemptAt' | 'lastAttemptAt'>,
  claim: Extract<Claim, { status: 'claimed' }>,
  finishedAt: Date,
): Promise<void> {
  const history = await logOutcome(
    definition,
    job,
    { ...logged, outcome: 'retrying', detail: error, nextAttemptAt: step.notBefore.toISOString() },
    claim.history,
    finishedAt,
  );
  try {
    await recordJobRetry(job, step, error, finishedAt, history);
  } catch (recordError) {
    logger.warn('Retry not recorded; the next attempt is queued at the end of its group', {
      error: recordError as Error,
      kind: job.kind,
      jobId: job.id,
    });
    // If it cannot be queued either, this message fails and comes back (EnqueueError is thrown).
    await enqueue(job.kind, [{ ...job, attempt: step.attempt, notBefore: step.notBefore.toISOString() }]);
    return;
  }
  logger.info('Attempt failed; retrying in its place', {
    kind: job.kind,
    jobId: job.id,
    attempt: job.attempt,
    nextAttemptAt: step.notBefore.toISOString(),
    error,
  });
  return waitInPlace(job, record, queueDelaySeconds(step.notBefore, finishedAt), 'Attempt failed');
}

/**
 * defineSender: the SQS handler of one kind. Each record is one attempt at one job; a record that cannot be handled
 * (not a job, the table or the queue unreachable) is reported in `batchItemFailures`, so SQS delivers it again and,
 * after the queue's maxReceiveCount, moves it to the dead-letter queue.
 */
export function defineSender<P>(definition: SenderDefinition<P>) {
  const handle = (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
    // A FIFO queue's records carry their group; such a batch is handled group by group, in order.
    const inGroups = event.Records.some((record) => record.attributes.MessageGroupId !== undefined);
    return (inGroups ? eachMessageInGroups : eachMessage)(
      event,
      definition.concurrency ?? DEFAULT_CONCURRENCY,
      async (record) => {
        try {
          await deliver(definition, record, context);
        } catch (error) {
          if (error instanceof HeldBack) {
            logger.debug('Held back in its group', {
              kind: definition.kind,
              messageId: record.messageId,
              why: error.message,
            });
            throw error;
          }
          // FIFO: a message that can never be handled holds its group up; it is made visible again at once, so that
          // it reaches the dead-letter queue after its receives without waiting out the visibility timeout each time.
          if (error instanceof PoisonMessageError && inGroups) {
            await holdBack(definition.kind, record.receiptHandle, 0).catch(() => undefined);
          }
          logger.error('Message not handled; the queue will deliver it again', {
            error: error as Error,
            kind: definition.kind,
            messageId: record.messageId,
            receiveCount: record.attributes.ApproximateReceiveCount,
          });
          throw error;
        }
      },
    );
  };
  return middy<SQSEvent, SQSBatchResponse, Error, Context>().use(observed()).handler(handle);
}

/**
 * retryFailedDelivery: an admin's retry of a parked job: attempt 1 of a new round is queued and the job leaves the
 * failed list; if it cannot be queued, the job is parked again as it was and the error thrown.
 */
export async function retryFailedDelivery(kind: string, id: string, now = new Date()): Promise<Job> {
  const { job, undo } = await reopenFailedJob(kind, id, now);
  try {
    await enqueue(kind, [job]);
  } catch (error) {
    await undo();
    throw error;
  }
  return job;
}
