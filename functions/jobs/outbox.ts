/**
 * The table's stream → outbound jobs (docs/decisions/051-outbound-delivery.md). For every change, each kind's planner
 * says which deliveries it calls for; each becomes a job, named after the stream record and its recipient, on that
 * kind's queue. Nothing is sent here and nothing is read: a redelivered record queues jobs with the same ids, which
 * the senders' claims turn into nothing.
 *
 * Records are planned in stream order. If a planner throws or a job cannot be queued, the batch reports the first
 * such record in `batchItemFailures`, so the stream's retry starts there (the notifier's contract, ADR 020).
 */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { type BatchPlanner, type Job, jobsForChange, type Planner, type StreamChange } from '../domain/outbound.ts';
import { logger } from '../lib/logger.ts';
import { EnqueueError, enqueue } from '../lib/queue.ts';
import { streamChange } from '../lib/stream-change.ts';
import { PLANNERS } from './outbox-planners.ts';

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
  return async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const now = new Date();
    const changes = event.Records.map((record) => streamChange(record, now));
    const present = changes.filter((change): change is StreamChange => !!change);
    const ready = await Promise.all(
      planners.map((planner) => ('forBatch' in planner ? planner.forBatch(present) : planner)),
    );
    const { planned, failedAt } = planBatch(changes, ready);
    const failedRecords = await queueJobs(planned);
    const first = Math.min(failedAt ?? Number.POSITIVE_INFINITY, ...failedRecords);
    if (!Number.isFinite(first)) return { batchItemFailures: [] };
    const sequenceNumber = event.Records[first]!.dynamodb?.SequenceNumber;
    // Without a sequence number the record cannot be named: failing the invocation retries the whole batch.
    if (!sequenceNumber) throw new Error('A record without a sequence number could not be dispatched');
    return { batchItemFailures: [{ itemIdentifier: sequenceNumber }] };
  };
}

export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse, Error, Context>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(createDispatcher(PLANNERS));
