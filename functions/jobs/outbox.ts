/**
 * The table's stream → outbound jobs (docs/decisions/051-outbound-delivery.md). For every change, each kind's planner
 * says which deliveries it calls for; each becomes a job, named after the stream record and its recipient, on that
 * kind's queue. Nothing is sent here and nothing is read: a redelivered record queues jobs with the same ids, which
 * the senders' claims turn into nothing.
 *
 * Records are planned in stream order. If a planner throws or a job cannot be queued, the batch reports the first
 * such record and those after it in `batchItemFailures`, so the stream's retry starts there (the notifier's
 * contract, ADR 020, through functions/lib/batch.ts).
 */
import middy from '@middy/core';
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { type BatchPlanner, type Job, jobsForChange, type Planner, type StreamChange } from '../domain/outbound.ts';
import { inStreamOrder } from '../lib/batch.ts';
import { logger } from '../lib/logger.ts';
import { observed } from '../lib/observability.ts';
import { EnqueueError, enqueue } from '../outbound/queue.ts';
import { streamChange } from '../outbound/stream-change.ts';
import { PLANNERS } from '../outbound/planners.ts';

/**
 * A batch planner's read (the webhooks registered) is tried again, after waits growing from READ_WAIT_MIN_MS to
 * READ_WAIT_MAX_MS, for up to READ_PATIENCE_MS (less what the invocation needs to queue its jobs) before the batch
 * fails: a table that is back within seconds then costs none of the stream's limited retries, after which its records
 * (and the e-mails they owe) would be skipped.
 */
const READ_PATIENCE_MS = 25_000;
const READ_WAIT_MIN_MS = 200;
const READ_WAIT_MAX_MS = 5_000;
/** Kept from the patience for queueing the batch's jobs before the function's own timeout. */
const QUEUEING_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A batch planner ready for this batch, its read tried again until `deadline` (ms since the epoch). */
async function patiently<P>(planner: BatchPlanner<P>, changes: readonly StreamChange[], deadline: number) {
  for (let wait = READ_WAIT_MIN_MS; ; wait = Math.min(READ_WAIT_MAX_MS, wait * 2)) {
    try {
      return await planner.forBatch(changes);
    } catch (error) {
      if (Date.now() + wait > deadline) throw error;
      logger.warn('A planner could not read what it needs; trying again', {
        error: error as Error,
        kind: planner.kind,
      });
      await sleep(wait);
    }
  }
}

/** The jobs of one batch, per kind, each with the position of the record it came from. */
type Planned = Map<string, { jobs: Job[]; records: number[] }>;

/** Plans records in order until the end or the first record a planner fails on (returned as `failedAt`). */
function planBatch(changes: readonly (StreamChange | undefined)[], planners: readonly Planner[]) {
  const planned: Planned = new Map();
  for (const [index, change] of changes.entries()) {
    if (!change) continue;
    try {
      for (const planner of planners) {
        const jobs = jobsForChange(planner.kind, change, planner.plan(change));
        if (!jobs.length) continue;
        const forKind = planned.get(planner.kind) ?? { jobs: [], records: [] };
        forKind.jobs.push(...jobs);
        forKind.records.push(...jobs.map(() => index));
        planned.set(planner.kind, forKind);
      }
    } catch (error) {
      logger.error('A planner failed; the stream will retry from this record', {
        error: error as Error,
        eventId: change.eventId,
      });
      return { planned, failedAt: index };
    }
  }
  return { planned, failedAt: undefined };
}

/** Queues each kind's jobs; returns the positions of the records some of whose jobs were not queued. */
async function queueJobs(planned: Planned): Promise<number[]> {
  const failedRecords: number[] = [];
  for (const [kind, { jobs, records }] of planned) {
    try {
      await enqueue(kind, jobs);
      logger.debug('Jobs queued', { kind, count: jobs.length });
    } catch (error) {
      const failed = error instanceof EnqueueError ? error.failed : jobs.map((_, i) => i);
      failedRecords.push(...failed.map((i) => records[i]!));
      logger.error('Jobs not queued; the stream will retry from their record', {
        error: error as Error,
        kind,
        failed: failed.length,
      });
    }
  }
  return failedRecords;
}

/**
 * The stream handler over the given planners (the deployed one uses PLANNERS; tests bring their own). A batch planner
 * that cannot read what it needs fails the whole batch, which the stream then delivers again.
 */
export function createDispatcher(planners: readonly (Planner | BatchPlanner)[]) {
  return async (
    event: DynamoDBStreamEvent,
    context?: Pick<Context, 'getRemainingTimeInMillis'>,
  ): Promise<DynamoDBBatchResponse> => {
    const now = new Date();
    const changes = event.Records.map((record) => streamChange(record, now));
    const present = changes.filter((change): change is StreamChange => !!change);
    const patience = Math.min(READ_PATIENCE_MS, (context?.getRemainingTimeInMillis() ?? Infinity) - QUEUEING_MS);
    const deadline = now.getTime() + Math.max(0, patience);
    const ready = await Promise.all(
      planners.map((planner) => ('forBatch' in planner ? patiently(planner, present, deadline) : planner)),
    );
    const { planned, failedAt } = planBatch(changes, ready);
    const failedRecords = new Set(await queueJobs(planned));
    // Planning and queueing work on the whole batch (one SendMessageBatch per kind and ten jobs); each record's
    // verdict is then reported in stream order: from the first record a planner failed on or whose jobs were not
    // all queued, the stream retries.
    return inStreamOrder(event, async (_record, index) => {
      if (index === failedAt || failedRecords.has(index)) throw new Error('Its jobs were not all queued');
    });
  };
}

const dispatch = createDispatcher(PLANNERS);

export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse, Error, Context>()
  .use(observed())
  .handler((event, context) => dispatch(event, context));
