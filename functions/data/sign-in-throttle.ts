/**
 * Counters of failed sign-ins (docs/data-model.md, L1-L3): one item per account and per client address, shared by
 * every function instance, forgotten an hour after the last failure (TTL; reads ignore expired items, as DynamoDB
 * Local never deletes them).
 */
import { BatchGetCommand, DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { FAILURE_MEMORY_SECONDS, type ThrottleScope, type ThrottleState } from '../domain/sign-in-throttle.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { keys } from './table.ts';

export interface ThrottleSubject {
  scope: ThrottleScope;
  value: string;
}

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** getThrottleStates: the live counters of the given account and address (one BatchGet). */
export async function getThrottleStates(
  subjects: readonly ThrottleSubject[],
  now: Date,
): Promise<(ThrottleState | undefined)[]> {
  const TableName = config().tableName;
  const wanted = subjects.map((s) => keys.signInThrottle(s.scope, s.value));
  const { Responses } = await dynamo().send(
    new BatchGetCommand({ RequestItems: { [TableName]: { Keys: wanted, ConsistentRead: true } } }),
  );
  const found = Responses?.[TableName] ?? [];
  return wanted.map((key) => {
    const item = found.find((i) => i.pk === key.pk);
    if (!item || (item.expiresAt as number) <= epochSeconds(now)) return undefined;
    return {
      failures: item.failures as number,
      ...(item.lockedUntil ? { lockedUntil: item.lockedUntil as string } : {}),
    };
  });
}

/**
 * countFailure: one more failure on a live counter, or a fresh counter at 1 when there is none or it expired; the
 * count after it. Two Updates at most: ADD on a live item, else a reset conditional on it still being dead.
 */
export async function countFailure(subject: ThrottleSubject, now: Date): Promise<number> {
  const TableName = config().tableName;
  const Key = keys.signInThrottle(subject.scope, subject.value);
  const expiresAt = epochSeconds(now) + FAILURE_MEMORY_SECONDS;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const { Attributes } = await dynamo().send(
        new UpdateCommand({
          TableName,
          Key,
          UpdateExpression: 'ADD failures :one SET expiresAt = :expires, lastFailureAt = :at',
          ConditionExpression: 'expiresAt > :now',
          ExpressionAttributeValues: {
            ':one': 1,
            ':expires': expiresAt,
            ':at': now.toISOString(),
            ':now': epochSeconds(now),
          },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Attributes?.failures as number;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName,
          Key,
          UpdateExpression: 'SET failures = :one, expiresAt = :expires, lastFailureAt = :at REMOVE lockedUntil',
          ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
          ExpressionAttributeValues: {
            ':one': 1,
            ':expires': expiresAt,
            ':at': now.toISOString(),
            ':now': epochSeconds(now),
          },
        }),
      );
      return 1;
    } catch (error) {
      // Another failure made it live meanwhile: count on it.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  throw new Error('Counting a failed sign-in kept meeting other writes');
}

/**
 * lockUntil: the counter is locked until `until` (never shortened by a slower, earlier failure). The lock ends well
 * before the counter's TTL: the longest lock is shorter than the failure memory.
 */
export async function lockUntil(subject: ThrottleSubject, until: Date): Promise<void> {
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: keys.signInThrottle(subject.scope, subject.value),
        UpdateExpression: 'SET lockedUntil = :until',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lockedUntil) OR lockedUntil < :until)',
        ExpressionAttributeValues: { ':until': until.toISOString() },
      }),
    )
    .catch((error) => {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
}

/** forgetFailures: a successful sign-in clears its account's counter. */
export async function forgetFailures(subject: ThrottleSubject): Promise<void> {
  await dynamo().send(
    new DeleteCommand({ TableName: config().tableName, Key: keys.signInThrottle(subject.scope, subject.value) }),
  );
}
