/**
 * Outbound delivery jobs (docs/decisions/051-outbound-delivery.md): what a job is, how it is named, how long to wait
 * before the next attempt and when to give up. Pure rules; the sender (functions/outbound/sender.ts) applies them.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod';

/** A kind names one way out of the system (`mail`, `webhook`): its queue, its sender and its retry policy. */
export const KIND_PATTERN = /^[a-z][a-z0-9]{1,30}$/;

export const jobSchema = z.object({
  /** Deterministic from the stream event and the recipient: every delivery of the same event carries the same id. */
  id: z.string().regex(/^[0-9a-f]{32}$/),
  kind: z.string().regex(KIND_PATTERN),
  /** 1 for the first try of a round; the backoff grows with it. */
  attempt: z.int().min(1),
  /** 0 until an admin retries a parked job; each retry starts a new round at attempt 1. */
  round: z.int().min(0),
  /** When this round began (the event's time for round 0, the admin's retry for later rounds): the age limit. */
  startedAt: z.iso.datetime(),
  /** Not to be tried before this time; a queue holds a message back at most 15 minutes, so longer waits hop. */
  notBefore: z.iso.datetime().optional(),
  /**
   * Jobs of one group reach their receiver in the order they were queued, where the kind's queue is FIFO (its
   * MessageGroupId: the mail kind's customer e-mails are grouped by ticket, docs/decisions/051-outbound-delivery.md,
   * "Order"). Without one a job is a group of its own.
   */
  group: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,128}$/)
    .optional(),
  /** What the kind's sender needs; the kind's own schema validates it. */
  payload: z.unknown(),
});

export interface Job<P = unknown> extends Omit<z.infer<typeof jobSchema>, 'payload'> {
  payload: P;
}

/** One committed change of a table item, as a planner sees it: the stream record, decoded. */
/**
 * What item of the table a stream record changed, as the one stream reader (functions/outbound/stream-change.ts)
 * tells it from the key module's prefixes: a ticket item, a message in a ticket's thread, anything else in a ticket's
 * partition, a webhook, a four-eyes approval, an audit entry, a staff member's directory item, or something else.
 */
export type StreamItem =
  | { kind: 'ticket' | 'comment' | 'ticketPart'; ticketId: number }
  | { kind: 'webhook' | 'approval' | 'audit' | 'user' | 'other' };

export interface StreamChange {
  /** The stream record's id: the same on every delivery of the record. */
  eventId: string;
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  pk: string;
  sk: string;
  item: StreamItem;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** When the change was committed (the record's approximate creation time). */
  at: string;
}

/** A delivery a planner wants made: to whom (unique within the change) and what the sender needs for it. */
export interface PlannedDelivery<P = unknown> {
  recipient: string;
  payload: P;
  /** The job's group (Job `group`): deliveries of one group are made in the order their changes committed. */
  group?: string;
}

/**
 * A kind's planner: which deliveries a change calls for, decided from the record alone (no reads, no clock), so that
 * a redelivered record plans the same jobs with the same ids.
 */
export interface Planner<P = unknown> {
  kind: string;
  plan(change: StreamChange): PlannedDelivery<P>[];
}

/**
 * A planner whose plans also depend on a few items the stream record does not carry (the webhooks registered):
 * `forBatch` reads them once per batch of records and returns the batch's planner, a pure function of the record
 * and what was read. It reads nothing when none of the batch's changes can concern its kind.
 */
export interface BatchPlanner<P = unknown> {
  kind: string;
  forBatch(changes: readonly StreamChange[]): Promise<Planner<P>>;
}

/**
 * jobId: 128 bits of SHA-256 over the kind, the stream record's id and the recipient. A redelivered record, or the
 * dispatcher running twice over it, yields the same id, which is what the sender's claim is keyed on.
 */
export function jobId(kind: string, eventId: string, recipient: string): string {
  return createHash('sha256')
    .update(JSON.stringify([kind, eventId, recipient]))
    .digest('hex')
    .slice(0, 32);
}

/** The first attempt of each delivery a change calls for. */
export function jobsForChange<P>(kind: string, change: StreamChange, planned: readonly PlannedDelivery<P>[]): Job<P>[] {
  const seen = new Set<string>();
  return planned.flatMap(({ recipient, payload, group }) => {
    // Two deliveries to one recipient for one change would share an id: the planner said the same thing twice.
    if (seen.has(recipient)) return [];
    seen.add(recipient);
    const id = jobId(kind, change.eventId, recipient);
    return [{ id, kind, attempt: 1, round: 0, startedAt: change.at, ...(group ? { group } : {}), payload }];
  });
}

export interface RetryPolicy {
  /** The first retry waits up to this long; each further one up to twice as long as the one before. */
  baseMs: number;
  /** No single wait is longer than this. */
  capMs: number;
  /** Attempts in one round, the first included, before the job is parked. */
  maxAttempts: number;
  /** A retry that would start later than this after the round began is not made: the job is parked. */
  maxAgeMs: number;
}

/** The longest wait after failed attempt number `attempt` (1-based): base·2^(attempt−1), capped. */
export function backoffCeilingMs(policy: Pick<RetryPolicy, 'baseMs' | 'capMs'>, attempt: number): number {
  const exponent = Math.max(0, attempt - 1);
  // 2^1024 is Infinity, and Math.min handles it; the cap is reached long before.
  return Math.min(policy.capMs, policy.baseMs * 2 ** exponent);
}

/**
 * retryDelayMs: "full jitter", a uniform draw between 0 and the ceiling. Spreading retries over the whole window
 * keeps many jobs failing at once (a receiver down) from coming back at the same instant.
 */
export function retryDelayMs(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
  return Math.floor(random() * backoffCeilingMs(policy, attempt));
}

/**
 * Why a job was parked: its attempts or its age ran out, a failure no retry can mend, or `unknown`: its last attempt
 * ended with no outcome recorded, so it may have been delivered, and the kind delivers at most once.
 */
export type ParkReason = 'attempts' | 'age' | 'permanent' | 'unknown';

/**
 * What a kind promises for a job whose last attempt ended with no outcome recorded (the sender died, or the table
 * stayed unreachable, between the send and its record). `at-most-once`: it is parked for an admin, never sent again
 * by itself (a customer must not get an e-mail twice, and SES has no idempotency key). `at-least-once`: it is sent
 * again, and the receiver drops the repeat by the job's id (webhooks' `Helpdesk-Event-Id`).
 */
export type DeliveryGuarantee = 'at-most-once' | 'at-least-once';

export type NextStep =
  | { action: 'retry'; attempt: number; delayMs: number; notBefore: Date }
  | { action: 'park'; reason: ParkReason };

/** What follows a failed attempt: the next attempt after a jittered wait, or parking once a limit is reached. */
export function nextStepAfterFailure(
  policy: RetryPolicy,
  job: Pick<Job, 'attempt' | 'startedAt'>,
  now: Date,
  options: { permanent?: boolean; random?: () => number } = {},
): NextStep {
  if (options.permanent) return { action: 'park', reason: 'permanent' };
  if (job.attempt >= policy.maxAttempts) return { action: 'park', reason: 'attempts' };
  const delayMs = retryDelayMs(policy, job.attempt, options.random);
  const notBefore = new Date(now.getTime() + delayMs);
  if (notBefore.getTime() - Date.parse(job.startedAt) > policy.maxAgeMs) return { action: 'park', reason: 'age' };
  return { action: 'retry', attempt: job.attempt + 1, delayMs, notBefore };
}

/** SQS holds a message back at most this long (DelaySeconds). */
export const MAX_QUEUE_DELAY_SECONDS = 900;

/** How long to hold a message back so that it is due at `notBefore`, or as close as the queue allows (0 if due). */
export function queueDelaySeconds(notBefore: Date | undefined, now: Date): number {
  if (!notBefore) return 0;
  const waitMs = notBefore.getTime() - now.getTime();
  if (waitMs <= 0) return 0;
  return Math.min(MAX_QUEUE_DELAY_SECONDS, Math.ceil(waitMs / 1000));
}
