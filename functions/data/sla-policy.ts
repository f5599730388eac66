/**
 * The SLA policy item (docs/data-model.md, P5 and P6): keys.slaPolicy() holding { policy, updatedAt }, absent until an
 * admin first saves one. Readers always get a complete policy: the stored one when it is still valid, else the
 * default.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_SLA_POLICY, type SlaPolicy, slaPolicySchema } from '#shared/schemas/sla.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { keys } from './table.ts';
import type { GuardedItem } from './transactions.ts';

/** getSlaPolicy: the policy in force (one consistent GetItem). */
export async function getSlaPolicy(): Promise<SlaPolicy> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.slaPolicy(), ConsistentRead: true }),
  );
  const stored = slaPolicySchema.safeParse(Item?.policy);
  return stored.success ? stored.data : structuredClone(DEFAULT_SLA_POLICY);
}

/** slaPolicyPut: the policy replaced whole (validated by the caller), for the transaction with its audit entry. */
export function slaPolicyPut(policy: SlaPolicy, now: Date): GuardedItem {
  return {
    item: {
      Put: { TableName: config().tableName, Item: { ...keys.slaPolicy(), policy, updatedAt: now.toISOString() } },
    },
  };
}
