import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { type COLLECTIONS, INDEXES } from './table.ts';

/**
 * queryWholeCollection: every item of one byCollection partition, page by page. Only for collections that grow
 * with the team or with what admins create by hand (staff, categories, API keys), never with tickets. The caller
 * names the item type it stored there.
 */
export async function queryWholeCollection<Item>(
  collection: (typeof COLLECTIONS)[keyof typeof COLLECTIONS],
  order: 'ascending' | 'descending' = 'ascending',
): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: config().tableName,
        IndexName: INDEXES.byCollection.name,
        KeyConditionExpression: '#pk = :collection',
        ExpressionAttributeNames: { '#pk': INDEXES.byCollection.pk },
        ExpressionAttributeValues: { ':collection': collection },
        ScanIndexForward: order === 'ascending',
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as Item[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}
