/**
 * Transactions whose cancellation means something: each item says what its failed condition stands for (a domain
 * error, or "the state moved under us: read again and redo"), and `withRetries` redoes the whole read-decide-write
 * with jittered backoff a bounded number of times. TransactionCanceledException never leaves the data layer.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { TransactionCanceledException, TransactionConflictException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface GuardedItem {
  item: TransactItem;
  /**
   * What a failed condition on this item means: 'retry' (someone changed what we read), or the error to throw.
   * Items without a condition leave it out.
   */
  onConditionFailed?: 'retry' | (() => Error);
}

/** The state we decided from changed before we wrote; nothing was written. */
export class StaleReadError extends Error {
  override name = 'StaleReadError';
}

/** Writes `items` atomically; a failed condition becomes the item's error or a StaleReadError. */
export async function transact(items: readonly GuardedItem[]): Promise<void> {
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items.map((g) => g.item) }));
  } catch (error) {
    if (error instanceof TransactionConflictException) throw new StaleReadError('Transaction conflict');
    if (!(error instanceof TransactionCanceledException)) throw error;
    const reasons = error.CancellationReasons ?? [];
    // Domain errors first: an inactive category is the caller's problem even if another item also raced.
    for (const [i, reason] of reasons.entries()) {
      const meaning = items[i]?.onConditionFailed;
      if (reason.Code === 'ConditionalCheckFailed' && typeof meaning === 'function') throw meaning();
    }
    for (const [i, reason] of reasons.entries()) {
      if (reason.Code === 'TransactionConflict') throw new StaleReadError('Transaction conflict');
      if (reason.Code === 'ConditionalCheckFailed') {
        if (items[i]?.onConditionFailed === 'retry') throw new StaleReadError(`Condition failed on item ${i}`);
        throw new Error(`Unexpected condition failure on transaction item ${i}`, { cause: error });
      }
    }
    throw error;
  }
}

export interface RetryOptions {
  maxAttempts: number;
  /** First backoff ceiling; doubles per attempt up to capMs. The wait is uniform in [0, ceiling) ("full jitter"). */
  baseMs: number;
  capMs: number;
  /** The error to throw when every attempt found the state moved. */
  exhausted: () => Error;
}

export const DEFAULT_RETRY: Omit<RetryOptions, 'exhausted'> = { maxAttempts: 8, baseMs: 10, capMs: 250 };

/** Runs `work` until it completes without a StaleReadError, waiting a jittered, growing time between attempts. */
export async function withRetries<T>(options: RetryOptions, work: (attempt: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(attempt);
    } catch (error) {
      if (!(error instanceof StaleReadError)) throw error;
      if (attempt >= options.maxAttempts) throw options.exhausted();
      const ceiling = Math.min(options.capMs, options.baseMs * 2 ** (attempt - 1));
      await sleep(Math.random() * ceiling);
    }
  }
}
