/**
 * BatchGetItem for any number of keys: 100 keys a request (DynamoDB's ceiling), and the keys DynamoDB leaves
 * unprocessed under throttling asked again after a jittered wait, a bounded number of rounds.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';

/** DynamoDB's ceiling for keys in one BatchGetItem. */
const BATCH_GET_MAX = 100;
/** Rounds for keys DynamoDB leaves unprocessed under throttling before the read gives up. */
const MAX_ROUNDS = 6;

/** batchGetItems: the items of `itemKeys` that exist, in no particular order (eventually consistent reads). */
export async function batchGetItems(
  itemKeys: readonly { pk: string; sk: string }[],
): Promise<Record<string, unknown>[]> {
  const TableName = config().tableName;
  const items: Record<string, unknown>[] = [];
  for (let start = 0; start < itemKeys.length; start += BATCH_GET_MAX) {
    let pending: Record<string, unknown>[] = itemKeys.slice(start, start + BATCH_GET_MAX);
    for (let round = 1; pending.length > 0; round++) {
      if (round > MAX_ROUNDS) throw new Error(`${pending.length} items still unprocessed after ${MAX_ROUNDS} rounds`);
      if (round > 1) await sleep(Math.random() * 25 * 2 ** round);
      const { Responses, UnprocessedKeys } = await dynamo().send(
        new BatchGetCommand({ RequestItems: { [TableName]: { Keys: pending } } }),
      );
      items.push(...(Responses?.[TableName] ?? []));
      pending = UnprocessedKeys?.[TableName]?.Keys ?? [];
    }
  }
  return items;
}
