import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { rateLimitMessage, type RateWindow } from '../domain/api-keys.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { TooManyRequestsError } from '../lib/errors.ts';
import { KEYS, keys } from './table.ts';

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
        TableName: config().tableName,
        Key: keys.rateWindow(keyId, window.id),
        UpdateExpression: 'ADD #calls :one SET #ttl = if_not_exists(#ttl, :expiresAt)',
        ConditionExpression: 'attribute_not_exists(#calls) OR #calls < :limit',
        ExpressionAttributeNames: { '#calls': 'calls', '#ttl': KEYS.ttl },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expiresAt': window.expiresAt },
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
