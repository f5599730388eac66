import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { DELIVERY_LOG_SLOT_PREFIX, KEYS, keys } from './table.ts';

/**
 * A bounded log of deliveries, newest first, kept under a key the caller chooses (a webhook's id: "its last 100
 * deliveries"). A ring of `capacity` slot items plus a counter: a job's first entry takes the next number from the
 * counter and the slot `number mod capacity`, overwriting the oldest entry; its later attempts rewrite that slot.
 * Writing costs one Put (and one counter update for a new job); reading is one Query of at most `capacity` items.
 */

export const DELIVERY_LOG_CAPACITY = 100;
/** Entries of a log nobody writes to any more (a deleted endpoint) disappear after this long. */
const ENTRY_RETENTION_SECONDS = 30 * 24 * 60 * 60;

export interface DeliveryLogEntry {
  jobId: string;
  /** What was delivered, in the kind's words (a webhook's event type). */
  label: string;
  outcome: 'delivered' | 'retrying' | 'failed';
  /** Attempts made so far, over every round. */
  attempts: number;
  /** The last attempt's result: a status code, an error, or what the receiver said. */
  detail?: string;
  firstAttemptAt: string;
  lastAttemptAt: string;
  nextAttemptAt?: string;
  deliveredAt?: string;
}

/** Where a job's entry lives: the log and the number it was given there. */
export interface DeliveryLogRef {
  logKey: string;
  seq: number;
}

/** nextDeliveryLogNumber: `ADD last :1` on the log's counter; numbers start at 1 and never repeat. */
async function nextDeliveryLogNumber(logKey: string): Promise<number> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: keys.deliveryLogCounter(logKey),
      UpdateExpression: 'ADD #last :one',
      ExpressionAttributeNames: { '#last': 'last' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Attributes?.last as number;
}

/**
 * recordDeliveryLogEntry: writes a job's entry in its slot (a new slot for a job the log has not seen), unless a newer
 * job has taken that slot since (then the entry has left the last `capacity` and is not written). Returns the ref to
 * pass next time.
 */
export async function recordDeliveryLogEntry(
  logKey: string,
  entry: DeliveryLogEntry,
  ref: DeliveryLogRef | undefined,
  now: Date,
  capacity = DELIVERY_LOG_CAPACITY,
): Promise<DeliveryLogRef> {
  const seq = ref?.logKey === logKey ? ref.seq : await nextDeliveryLogNumber(logKey);
  try {
    await dynamo().send(
      new PutCommand({
        TableName: config().tableName,
        Item: {
          ...keys.deliveryLogSlot(logKey, seq % capacity),
          ...entry,
          seq,
          [KEYS.ttl]: Math.floor(now.getTime() / 1000) + ENTRY_RETENTION_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(seq) OR seq <= :seq',
        ExpressionAttributeValues: { ':seq': seq },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  return { logKey, seq };
}

/** listDeliveryLog: the log's entries, newest first (one Query of at most `capacity` slot items). */
export async function listDeliveryLog(
  logKey: string,
  now: Date,
  capacity = DELIVERY_LOG_CAPACITY,
): Promise<DeliveryLogEntry[]> {
  const items: Array<DeliveryLogEntry & { seq: number; expiresAt: number }> = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: config().tableName,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :slot)',
        ExpressionAttributeNames: { '#pk': KEYS.pk, '#sk': KEYS.sk },
        ExpressionAttributeValues: {
          ':pk': keys.deliveryLogCounter(logKey).pk,
          ':slot': DELIVERY_LOG_SLOT_PREFIX,
        },
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as typeof items));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  const nowSeconds = now.getTime() / 1000;
  return items
    .filter((item) => item.expiresAt > nowSeconds)
    .sort((a, b) => b.seq - a.seq)
    .slice(0, capacity)
    .map(({ jobId, label, outcome, attempts, detail, firstAttemptAt, lastAttemptAt, nextAttemptAt, deliveredAt }) => ({
      jobId,
      label,
      outcome,
      attempts,
      ...(detail !== undefined ? { detail } : {}),
      firstAttemptAt,
      lastAttemptAt,
      ...(nextAttemptAt !== undefined ? { nextAttemptAt } : {}),
      ...(deliveredAt !== undefined ? { deliveredAt } : {}),
    }));
}
