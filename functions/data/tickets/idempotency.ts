/**
 * Idempotency keys of ticket creates (docs/data-model.md, T5): one item per caller and key, naming the ticket the
 * first request made and a fingerprint of that request; remembered for IDEMPOTENCY_TTL_SECONDS.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { keys } from '../table.ts';
import type { GuardedItem } from '../transactions.ts';

/** How long a key is remembered. */
const IDEMPOTENCY_TTL_SECONDS = 24 * 3_600;

export interface IdempotencyKey {
  /** Whose key it is (idempotencyScope in table.ts): a key is only ever matched against the same caller's requests. */
  scope: string;
  key: string;
  /** What the request asked for, so that a key reused for another request is told apart from a retry. */
  fingerprint: string;
}

export interface IdempotencyRecord {
  ticketNumber: number;
  fingerprint: string;
}

/**
 * getIdempotencyRecord: what an earlier create with this key made, if the key is still remembered (TTL deletion is
 * lazy, so an expired item is treated as absent here).
 */
export async function getIdempotencyRecord(
  idempotency: IdempotencyKey,
  now: Date,
): Promise<IdempotencyRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: config().tableName,
      Key: keys.idempotency(idempotency.scope, idempotency.key),
      ConsistentRead: true,
    }),
  );
  if (!Item || Number(Item.expiresAt) <= now.getTime() / 1000) return undefined;
  return { ticketNumber: Number(Item.ticketNumber), fingerprint: String(Item.fingerprint) };
}

/** The key's claim on this create, only if no earlier create holds it still; `onTaken` says what if one does. */
export function idempotencyClaim(
  idempotency: IdempotencyKey,
  ticketNumber: number,
  now: Date,
  onTaken: () => Error,
): GuardedItem {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return {
    item: {
      Put: {
        TableName: config().tableName,
        Item: {
          ...keys.idempotency(idempotency.scope, idempotency.key),
          ticketNumber,
          fingerprint: idempotency.fingerprint,
          createdAt: now.toISOString(),
          expiresAt: nowSeconds + IDEMPOTENCY_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :nowSeconds',
        ExpressionAttributeValues: { ':nowSeconds': nowSeconds },
      },
    },
    onConditionFailed: onTaken,
  };
}
