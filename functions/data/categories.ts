/**
 * Category items (docs/data-model.md, C1-C6): keys.category(id) with gsi1pk = COLLECTIONS.categories and gsi1sk =
 * name; the name is claimed by a keys.categoryName(name) item holding { categoryId }, so names stay unique.
 * `usageCount` is ADDed to by the ticket transactions, which also ConditionCheck that the category exists and is
 * active; nothing here ever sets it, so their ADDs are never lost.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Category } from '#shared/schemas/category.ts';
import type { CategoryChanges } from '../domain/categories.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { ConflictError } from '../lib/errors.ts';
import { queryWholeCollection } from './collections.ts';
import { COLLECTIONS, keys } from './table.ts';
import { type GuardedItem, transact } from './transactions.ts';

export type CategoryItem = Category & { pk: string; sk: string; gsi1pk: string; gsi1sk: string };

/** The category in an item; categories stored before the restricted flag are not restricted. */
export const toCategory = ({ pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, ...category }: CategoryItem): Category => ({
  ...category,
  restricted: category.restricted ?? false,
});

/** getCategory: one category by id. */
export async function getCategory(id: string): Promise<Category | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.category(id), ConsistentRead: true }),
  );
  return Item ? toCategory(Item as CategoryItem) : undefined;
}

/** getCategoryByName: one category by its unique name, through the name claim. */
export async function getCategoryByName(name: string): Promise<Category | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().tableName, Key: keys.categoryName(name) }));
  return Item ? getCategory(Item.categoryId as string) : undefined;
}

/** listCategories: every category ordered by name (bounded by the number of categories, not by tickets). */
export async function listCategories(): Promise<Category[]> {
  return (await queryWholeCollection<CategoryItem>(COLLECTIONS.categories)).map(toCategory);
}

const duplicateName = () => new ConflictError('error.category.duplicateName');

/** Claims `name` for a category; refused (duplicate name) if another category holds it. */
function claimName(name: string, categoryId: string, onlyIfReadHeld = false): GuardedItem {
  return {
    item: {
      Put: {
        TableName: config().tableName,
        Item: { ...keys.categoryName(name), categoryId },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    onConditionFailed: duplicateName,
    onlyIfReadHeld,
  };
}

/** Gives up the claim on `name`, only if this category holds it. */
function releaseName(name: string, categoryId: string): GuardedItem {
  return {
    item: {
      Delete: {
        TableName: config().tableName,
        Key: keys.categoryName(name),
        ConditionExpression: 'categoryId = :id',
        ExpressionAttributeValues: { ':id': categoryId },
      },
    },
    onConditionFailed: 'retry',
  };
}

/** createCategory: the category and its name claim, together; refused (409) if the name is taken. */
export async function createCategory(category: Category, alongWith: readonly GuardedItem[] = []): Promise<Category> {
  await transact([
    claimName(category.name, category.id),
    {
      item: {
        Put: {
          TableName: config().tableName,
          Item: { ...keys.category(category.id), gsi1pk: COLLECTIONS.categories, gsi1sk: category.name, ...category },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    ...alongWith,
  ]);
  return category;
}

/**
 * updateCategory: only while the category still exists with the name it was read with (else a StaleReadError); a
 * rename moves the name claim in the same transaction and is refused (409) if the new name is taken.
 */
export async function updateCategory(
  current: Category,
  changes: CategoryChanges,
  movesNameClaim: boolean,
  now = new Date(),
  /** Written in the same transaction (the audit entry of the edit). */
  alongWith: readonly GuardedItem[] = [],
): Promise<Category> {
  const updated: Category = { ...current, ...changes, updatedAt: now.toISOString() };
  const fields = { ...changes, updatedAt: updated.updatedAt, ...(changes.name ? { gsi1sk: changes.name } : {}) };
  const names: Record<string, string> = { '#name': 'name' };
  const values: Record<string, unknown> = { ':expectedName': current.name };
  const assignments = Object.entries(fields).map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  const newClaimName = movesNameClaim ? changes.name : undefined;
  await transact([
    {
      item: {
        Update: {
          TableName: config().tableName,
          Key: keys.category(current.id),
          UpdateExpression: `SET ${assignments.join(', ')}`,
          ConditionExpression: 'attribute_exists(pk) AND #name = :expectedName',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
      onConditionFailed: 'retry',
    },
    // A category that changed meanwhile is reported as such, even if the new name is also taken.
    ...(newClaimName ? [claimName(newClaimName, current.id, true), releaseName(current.name, current.id)] : []),
    ...alongWith,
  ]);
  return updated;
}

/**
 * deleteUnusedCategory: the category and its name claim, only if no ticket uses it (else a StaleReadError). The
 * usage count is checked inside the delete itself, so a ticket created a moment earlier can never be left pointing
 * at nothing.
 */
export async function deleteUnusedCategory(category: Category, alongWith: readonly GuardedItem[] = []): Promise<void> {
  await transact([
    {
      item: {
        Delete: {
          TableName: config().tableName,
          Key: keys.category(category.id),
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(usageCount) OR usageCount = :zero)',
          ExpressionAttributeValues: { ':zero': 0 },
        },
      },
      onConditionFailed: 'retry',
    },
    releaseName(category.name, category.id),
    ...alongWith,
  ]);
}
