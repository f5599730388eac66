/**
 * Per-customer items (docs/data-model.md, "Customers", C7-C9): the anti-phishing code the upstream system set for a
 * customer (docs/decisions/096-anti-phishing-code.md). Written with its audit entry; read only by the mail sender,
 * once per customer e-mail. No answer of the API ever carries it.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { keys } from './table.ts';
import type { GuardedItem } from './transactions.ts';

/** The Put of a customer's code (replaces the one before), for the transaction of the action that sets it. */
export function antiPhishingCodePut(email: string, code: string, now: Date): GuardedItem {
  return {
    item: {
      Put: {
        TableName: config().tableName,
        Item: { ...keys.antiPhishingCode(email), code, updatedAt: now.toISOString() },
      },
    },
  };
}

/** The Delete of a customer's code (nothing to delete is no error). */
export function antiPhishingCodeDelete(email: string): GuardedItem {
  return { item: { Delete: { TableName: config().tableName, Key: keys.antiPhishingCode(email) } } };
}

/** getAntiPhishingCode: the customer's code, or undefined when none is set (consistent read). */
export async function getAntiPhishingCode(email: string): Promise<string | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: config().tableName,
      Key: keys.antiPhishingCode(email),
      ConsistentRead: true,
      ProjectionExpression: '#code',
      ExpressionAttributeNames: { '#code': 'code' },
    }),
  );
  return typeof Item?.code === 'string' ? Item.code : undefined;
}
