import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { keys } from './table.ts';

/**
 * nextTicketNumber: an atomic ADD on the sequence item, so two creates never get the same number. A create that
 * fails afterwards leaves a gap; numbers are never reused.
 */
export async function nextTicketNumber(): Promise<number> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: keys.ticketSequence(),
      UpdateExpression: 'ADD #value :one',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.value);
}

/** reserveTicketNumbers: `count` consecutive numbers by one atomic ADD (bulk imports); returns the first. */
export async function reserveTicketNumbers(count: number): Promise<number> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: keys.ticketSequence(),
      UpdateExpression: 'ADD #value :count',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':count': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.value) - count + 1;
}
