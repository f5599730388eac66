/**
 * The kinds of outbound delivery (docs/decisions/051-outbound-delivery.md): what each delivers, its sender's entry
 * module, its retry defaults, and the queue and retry policy a running function reads from the environment. The CDK
 * stack and the embedded runtime make a queue per kind from this table, so it is data apart from `outboundConfig`.
 */
import { KIND_PATTERN, type RetryPolicy } from '../domain/outbound.ts';
import { onConfigReset, required, optional } from '../lib/config.ts';

/** One kind of delivery that leaves the system, and the sender that makes it. */
export interface QueueKind {
  /** Entry module of the kind's sender: an SQS handler made with `defineSender` (functions/outbound/sender.ts). */
  sender: string;
  /** Says what the kind delivers, in the function's and the queue's descriptions. */
  description: string;
  /** The kind's retry defaults; `<KIND>_RETRY_*` variables override them (outboundConfig below). */
  retry?: Partial<RetryPolicy>;
  /**
   * A FIFO queue (`<name>.fifo`): jobs of one `group` are delivered one after the other in the order they were
   * queued, and a failed one is retried in its place, holding back the later jobs of its group only
   * (docs/decisions/051-outbound-delivery.md, "Order").
   */
  fifo?: boolean;
}

/**
 * Receives of one message of a FIFO kind before it goes to the dead-letter queue: each failed attempt is a receive
 * there (it is retried in its place), so this is above the retry policy's attempts (40 by default), which park the
 * job first.
 */
export const FIFO_MAX_RECEIVE_COUNT = 100;

/**
 * Every kind of outbound delivery, by name (lower-case letters and digits; `<NAME>_QUEUE_URL` is its queue). The CDK
 * stack makes a queue, a dead-letter queue and a sender function per entry; the embedded runtime a local queue that
 * feeds the same sender. A kind is added with an entry here, its sender module, and its planner in
 * functions/outbound/planners.ts.
 */
export const QUEUE_KINDS: Readonly<Record<string, QueueKind>> = {
  mail: {
    sender: 'functions/jobs/mail-sender.ts',
    description: 'E-mail to customers and staff, through SES',
    // A ticket's customer e-mails reach the customer in the order their changes committed.
    fifo: true,
  },
  webhook: {
    sender: 'functions/jobs/webhook-sender.ts',
    description: 'Signed webhook events to the endpoints admins registered (docs/decisions/052)',
  },
  incident: {
    sender: 'functions/jobs/incident-sender.ts',
    description: 'An incident resolved or answered, carried to each of its children (docs/decisions/093)',
    // A child job's claim is kept a day (data/tickets/idempotency.ts): its retries end well before.
    retry: { baseMs: 2_000, capMs: 5 * 60_000, maxAgeMs: 6 * 60 * 60_000 },
  },
};

/** The queue and the retry policy of one kind of outbound delivery (docs/decisions/051-outbound-delivery.md). */
export interface OutboundKindConfig {
  queueUrl: string;
  retry: RetryPolicy;
}

/** What a kind gets when neither its QUEUE_KINDS entry nor the environment says otherwise: a day of retries. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseMs: 10_000,
  capMs: 60 * 60_000,
  maxAttempts: 40,
  maxAgeMs: 24 * 60 * 60_000,
};

/** `webhook` → `WEBHOOK`: the prefix of a kind's variables (`WEBHOOK_QUEUE_URL`, `WEBHOOK_RETRY_BASE_MS`, …). */
export const kindEnvPrefix = (kind: string): string => kind.toUpperCase();

const positiveInteger = (name: string, fallback: number): number => {
  const raw = optional(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, not "${raw}"`);
  return value;
};

const outboundCache = new Map<string, OutboundKindConfig>();

/**
 * outboundConfig: `<KIND>_QUEUE_URL` (required), and `<KIND>_RETRY_BASE_MS`, `_RETRY_CAP_MS`, `_RETRY_MAX_ATTEMPTS`,
 * `_RETRY_MAX_AGE_MS` over the kind's defaults in QUEUE_KINDS over DEFAULT_RETRY_POLICY. Read on first use per kind.
 */
export function outboundConfig(kind: string): OutboundKindConfig {
  const known = outboundCache.get(kind);
  if (known) return known;
  if (!KIND_PATTERN.test(kind)) throw new Error(`"${kind}" is not a valid delivery kind`);
  const prefix = kindEnvPrefix(kind);
  const defaults = { ...DEFAULT_RETRY_POLICY, ...QUEUE_KINDS[kind]?.retry };
  const retry: RetryPolicy = {
    baseMs: positiveInteger(`${prefix}_RETRY_BASE_MS`, defaults.baseMs),
    capMs: positiveInteger(`${prefix}_RETRY_CAP_MS`, defaults.capMs),
    maxAttempts: positiveInteger(`${prefix}_RETRY_MAX_ATTEMPTS`, defaults.maxAttempts),
    maxAgeMs: positiveInteger(`${prefix}_RETRY_MAX_AGE_MS`, defaults.maxAgeMs),
  };
  const kindConfig = { queueUrl: required(`${prefix}_QUEUE_URL`), retry };
  outboundCache.set(kind, kindConfig);
  return kindConfig;
}

onConfigReset(() => outboundCache.clear());
