/**
 * Marks a ticket restricted directly on its item, as a restricted compliance case is stored (docs/product.md §6
 * "Compliance"), for the tests of what restricted tickets allow.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '#functions/data/table.ts';
import { dynamo } from '#functions/lib/clients.ts';
import { config } from '#functions/lib/config.ts';

/** Sets `restricted` on the ticket's item. */
export async function markRestricted(ticketId: number): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: keys.ticket(ticketId),
      UpdateExpression: 'SET restricted = :true',
      ExpressionAttributeValues: { ':true': true },
    }),
  );
}
