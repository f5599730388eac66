import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { rateLimitMessage, type RateWindow } from '../domain/api-keys.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { TooManyRequestsError } from '../lib/errors.ts';
import { KEYS, keys } from './table.ts';

/**
 * cappedCount: the Update that adds one to `attribute` of the counter item `Key`, only while it is below `cap`; the
 * item expires at `expiresAt` (set by its first count). A count at the cap fails its condition and writes nothing.
 */
export function cappedCount(Key: Record<string, string>, attribute: string, cap: number, expiresAt: number) {
  return {
    TableName: config().tableName,
    Key,
    UpdateExpression: 'ADD #count :one SET #ttl = if_not_exists(#ttl, :expiresAt)',
    ConditionExpression: 'attribute_not_exists(#count) OR #count < :cap',
    ExpressionAttributeNames: { '#count': attribute, '#ttl': KEYS.ttl },
    ExpressionAttributeValues: { ':one': 1, ':cap': cap, ':expiresAt': expiresAt },
  };
}

export interface CountedCall {
  /** Calls of this key in this window, this one included. */
  calls: number;
}

/**
 * countApiKeyCall: one more call in the key's window, only while the window holds fewer than `limit` calls.
 * The counter lives in the table (keys.rateWindow, expiring by TTL), so the limit holds across every function
 * instance at the cost of one conditional write per call; a refused call writes nothing.
 */
export async function countApiKeyCall(keyId: string, window: RateWindow, limit: number): Promise<CountedCall> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        ...cappedCount(keys.rateWindow(keyId, window.id), 'calls', limit, window.expiresAt),
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return { calls: Attributes?.calls as number };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      throw new TooManyRequestsError(
        rateLimitMessage(limit, window.seconds, window.retryAfterSeconds),
        window.retryAfterSeconds,
      );
    }
    throw error;
  }
}
