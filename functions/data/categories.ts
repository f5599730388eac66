import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Category } from '#shared/schemas/category.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { keys } from './table.ts';

/**
 * Category items: keys.category(id) with gsi1pk = COLLECTIONS.categories and gsi1sk = name; the name is claimed
 * by a keys.categoryName(name) item holding { categoryId }, so names stay unique. `usageCount` is ADDed to by the
 * ticket transactions, which also ConditionCheck that the category exists and is active.
 */
export type CategoryItem = Category & { pk: string; sk: string; gsi1pk: string; gsi1sk: string };

export const toCategory = ({ pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, ...category }: CategoryItem): Category => category;

/** getCategory: one category by id. */
export async function getCategory(id: string): Promise<Category | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().tableName, Key: keys.category(id) }));
  return Item ? toCategory(Item as CategoryItem) : undefined;
}

/** getCategoryByName: one category by its unique name, through the name claim. */
export async function getCategoryByName(name: string): Promise<Category | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().tableName, Key: keys.categoryName(name) }));
  return Item ? getCategory(Item.categoryId as string) : undefined;
}
