import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { cancellationMeaning, StaleReadError, type GuardedItem } from './transactions.ts';

class Refused extends Error {}
class JudgedOnRead extends Error {}

const item = (guard: Omit<GuardedItem, 'item'> = {}): GuardedItem => ({
  item: { ConditionCheck: undefined },
  ...guard,
});
const refused = item({ onConditionFailed: () => new Refused('refused') });
const judged = item({ onConditionFailed: () => new JudgedOnRead('judged'), onlyIfReadHeld: true });
const retry = item({ onConditionFailed: 'retry' });
const plain = item();

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

const FAILED = 'ConditionalCheckFailed';
const CONFLICT = 'TransactionConflict';
const NONE = 'None';

describe('cancellationMeaning', () => {
  it.each([
    ['a domain error on its own', [refused, retry], [FAILED, NONE], Refused],
    ['a domain error even when the read also moved', [retry, refused], [FAILED, FAILED], Refused],
    ['a domain error even when another transaction interfered', [refused, retry], [FAILED, CONFLICT], Refused],
    ['a retry item that failed: read again', [retry, plain], [FAILED, NONE], StaleReadError],
    ['a conflict with another transaction: read again', [plain, plain], [NONE, CONFLICT], StaleReadError],
    ['an error judged on the read, when the read held', [retry, judged], [NONE, FAILED], JudgedOnRead],
    ['a stale read before an error judged on it', [retry, judged], [FAILED, FAILED], StaleReadError],
    ['a conflict before an error judged on the read', [retry, judged], [CONFLICT, FAILED], StaleReadError],
  ] as const)('gives %s', (_label, items, codes, expected) => {
    expect(cancellationMeaning(items, cancelled(...codes))).toBeInstanceOf(expected);
  });

  it('calls a failed condition nobody gave a meaning unexpected, and keeps the cancellation as its cause', () => {
    const error = cancelled(NONE, FAILED);
    const meaning = cancellationMeaning([retry, plain], error);
    expect(meaning.message).toBe('Unexpected condition failure on transaction item 1');
    expect(meaning.cause).toBe(error);
  });

  it('passes on a cancellation with no failed condition (a throttled or invalid item) as it is', () => {
    const error = cancelled(NONE, 'ThrottlingError');
    expect(cancellationMeaning([retry, plain], error)).toBe(error);
  });
});
