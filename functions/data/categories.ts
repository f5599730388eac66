import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { Category } from '#shared/schemas/category.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import { CATEGORY_MESSAGES, categoryInUseMessage, type CategoryChanges } from '../domain/categories.ts';
import { COLLECTIONS, keys } from './table.ts';
import { queryWholeCollection } from './collections.ts';

/**
 * Category items: keys.category(id) with gsi1pk = COLLECTIONS.categories and gsi1sk = name; the name is claimed
 * by a keys.categoryName(name) item holding { categoryId }, so names stay unique. `usageCount` is ADDed to by the
 * ticket transactions, which also ConditionCheck that the category exists and is active.
 */
export type CategoryItem = Category & { pk: string; sk: string; gsi1pk: string; gsi1sk: string };

export const toCategory = ({ pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, ...category }: CategoryItem): Category => category;

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

const nameClaim = (name: string, categoryId: string) => ({ ...keys.categoryName(name), categoryId });

const cancellationCodes = (error: TransactionCanceledException) =>
  (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');

/** createCategory: the category and its name claim, together; refused if the name is taken. */
export async function createCategory(category: Category): Promise<Category> {
  const TableName = config().tableName;
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName,
              Item: nameClaim(category.name, category.id),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName,
              Item: {
                ...keys.category(category.id),
                gsi1pk: COLLECTIONS.categories,
                gsi1sk: category.name,
                ...category,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (error instanceof TransactionCanceledException && cancellationCodes(error)[0] === 'ConditionalCheckFailed') {
      throw new ConflictError(CATEGORY_MESSAGES.duplicateName);
    }
    throw error;
  }
  return category;
}

/**
 * updateCategory: only while the category still has the name it was read with; a rename moves the name claim
 * in the same transaction and is refused if the new name is taken. `usageCount` is never written here, so the
 * ticket transactions' ADDs are never lost.
 */
export async function updateCategory(
  current: Category,
  changes: CategoryChanges,
  movesNameClaim: boolean,
  now = new Date(),
): Promise<Category> {
  const TableName = config().tableName;
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
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName,
              Key: keys.category(current.id),
              UpdateExpression: `SET ${assignments.join(', ')}`,
              ConditionExpression: 'attribute_exists(pk) AND #name = :expectedName',
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: values,
            },
          },
          ...(newClaimName
            ? [
                {
                  Put: {
                    TableName,
                    Item: nameClaim(newClaimName, current.id),
                    ConditionExpression: 'attribute_not_exists(pk)',
                  },
                },
                {
                  Delete: {
                    TableName,
                    Key: keys.categoryName(current.name),
                    ConditionExpression: 'categoryId = :id',
                    ExpressionAttributeValues: { ':id': current.id },
                  },
                },
              ]
            : []),
        ],
      }),
    );
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const [category, newClaim] = cancellationCodes(error);
    if (category === 'ConditionalCheckFailed') {
      if (!(await getCategory(current.id))) throw new NotFoundError(CATEGORY_MESSAGES.notFound);
      throw new ConflictError(CATEGORY_MESSAGES.changedMeanwhile);
    }
    if (newClaim === 'ConditionalCheckFailed') throw new ConflictError(CATEGORY_MESSAGES.duplicateName);
    if (cancellationCodes(error).includes('TransactionConflict')) {
      throw new ConflictError(CATEGORY_MESSAGES.changedMeanwhile);
    }
    throw error;
  }
  return updated;
}

/**
 * deleteUnusedCategory: the category and its name claim, only if no ticket uses it. The usage count is checked
 * inside the delete itself, so a ticket created a moment earlier can never be left pointing at nothing.
 */
export async function deleteUnusedCategory(category: Category): Promise<void> {
  const TableName = config().tableName;
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName,
              Key: keys.category(category.id),
              ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(usageCount) OR usageCount = :zero)',
              ExpressionAttributeValues: { ':zero': 0 },
            },
          },
          {
            Delete: {
              TableName,
              Key: keys.categoryName(category.name),
              ConditionExpression: 'categoryId = :id',
              ExpressionAttributeValues: { ':id': category.id },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    // Something changed since the caller's read: say why from the state as it is now.
    const now = await getCategory(category.id);
    if (!now) throw new NotFoundError(CATEGORY_MESSAGES.notFound);
    if (now.usageCount > 0) throw new ConflictError(categoryInUseMessage(now.usageCount));
    throw new ConflictError(CATEGORY_MESSAGES.changedMeanwhile);
  }
}
