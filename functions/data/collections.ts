import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { type COLLECTIONS, INDEXES } from './table.ts';

export type CollectionOrder = 'ascending' | 'descending';

/** queryCollectionPage: one page of a byCollection partition, in index order, from `startKey` on. */
export async function queryCollectionPage<Item>(
  collection: string,
  options: { order?: CollectionOrder; limit?: number; startKey?: Record<string, unknown> } = {},
): Promise<{ items: Item[]; next?: Record<string, unknown> }> {
  const page = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      IndexName: INDEXES.byCollection.name,
      KeyConditionExpression: '#pk = :collection',
      ExpressionAttributeNames: { '#pk': INDEXES.byCollection.pk },
      ExpressionAttributeValues: { ':collection': collection },
      ScanIndexForward: (options.order ?? 'ascending') === 'ascending',
      Limit: options.limit,
      ExclusiveStartKey: options.startKey,
    }),
  );
  return { items: (page.Items ?? []) as Item[], next: page.LastEvaluatedKey };
}

/**
 * queryWholeCollection: every item of one byCollection partition, page by page. Only for collections that grow
 * with the team or with what admins create by hand (staff, categories, API keys), never with tickets. The caller
 * names the item type it stored there.
 */
export async function queryWholeCollection<Item>(
  collection: (typeof COLLECTIONS)[keyof typeof COLLECTIONS],
  order: CollectionOrder = 'ascending',
): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryCollectionPage<Item>(collection, { order, startKey });
    items.push(...page.items);
    startKey = page.next;
  } while (startKey);
  return items;
}
