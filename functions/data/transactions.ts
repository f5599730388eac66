/**
 * The one way to write a transaction: each item says what its failed condition stands for (a domain error, or "the
 * state moved under us: read again and redo"), and `withRetries` (called by the use case that owns the
 * read-decide-write) redoes it with jittered backoff a bounded number of times. TransactionCanceledException and its
 * CancellationReasons are decoded here and nowhere else, and never leave the data layer.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
  TransactionConflictException,
} from '@aws-sdk/client-dynamodb';
import {
  PutCommand,
  type PutCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface GuardedItem {
  item: TransactItem;
  /**
   * What a failed condition on this item means: 'retry' (someone changed what we read), or the error to throw.
   * Items without a condition leave it out.
   */
  onConditionFailed?: 'retry' | (() => Error);
  /**
   * The error above was judged against what we read (e.g. "this change would leave no admin"): if a 'retry' item
   * failed too, or the transaction met another, the read no longer holds and the whole write is stale instead.
   * Without it a domain error wins, because it holds whatever else moved (an inactive category stays inactive).
   */
  onlyIfReadHeld?: boolean;
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
    throw cancellationMeaning(items, error);
  }
}

/** What a cancelled transaction means, from the items' declared meanings, in the order their doc comments give. */
export function cancellationMeaning(items: readonly GuardedItem[], error: TransactionCanceledException): Error {
  const failed = (error.CancellationReasons ?? []).map((reason, i) => ({ code: reason.Code, guard: items[i] }));
  const conditionFailed = failed.filter((f) => f.code === 'ConditionalCheckFailed');
  const domainError = (whenReadHeld: boolean) =>
    conditionFailed.find(
      (f) => typeof f.guard?.onConditionFailed === 'function' && !!f.guard.onlyIfReadHeld === whenReadHeld,
    );

  const standing = domainError(false);
  if (standing) return (standing.guard!.onConditionFailed as () => Error)();
  for (const [i, { code, guard }] of failed.entries()) {
    if (code === 'TransactionConflict') return new StaleReadError('Transaction conflict');
    if (code === 'ConditionalCheckFailed' && guard?.onConditionFailed === 'retry') {
      return new StaleReadError(`Condition failed on item ${i}`);
    }
  }
  const judged = domainError(true);
  if (judged) return (judged.guard!.onConditionFailed as () => Error)();
  const unexpected = conditionFailed[0];
  if (unexpected) {
    return new Error(`Unexpected condition failure on transaction item ${failed.indexOf(unexpected)}`, {
      cause: error,
    });
  }
  return error;
}

export interface RetryOptions {
  maxAttempts: number;
  /** First backoff ceiling; doubles per attempt up to capMs. The wait is uniform in [0, ceiling) ("full jitter"). */
  baseMs: number;
  /** The largest backoff ceiling; a function is asked again before each wait (the caller's situation may change). */
  capMs: number | (() => number);
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
      const capMs = typeof options.capMs === 'function' ? options.capMs() : options.capMs;
      const ceiling = Math.min(capMs, options.baseMs * 2 ** (attempt - 1));
      await sleep(Math.random() * ceiling);
    }
  }
}

/** One conditional Put or Update: true when written, false when its condition failed (nothing was written). */
export async function writeIf(write: { put: PutCommandInput } | { update: UpdateCommandInput }): Promise<boolean> {
  try {
    if ('put' in write) await dynamo().send(new PutCommand(write.put));
    else await dynamo().send(new UpdateCommand(write.update));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
