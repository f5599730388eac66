/**
 * Macro items (docs/data-model.md, MA1-MA5): keys.macro(id), listed through byCollection, the shared ones under
 * macroCollections.shared and each staff member's own under macroCollections.owner(id), ordered by title.
 * `usageCount` is ADDed to by the comment transaction that sends a reply from the macro; edits never set it.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Macro } from '#shared/schemas/macro.ts';
import { macroRefusals } from '../domain/macros.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { ConflictError } from '../lib/errors.ts';
import { queryCollectionPage } from './collections.ts';
import { keys, macroCollections } from './table.ts';
import type { GuardedItem } from './transactions.ts';

type MacroItem = Macro & { pk: string; sk: string; gsi1pk: string; gsi1sk: string };

// Macros stored before restricted tickets were never approved for them.
const toMacro = ({ pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, ...macro }: MacroItem): Macro => ({
  ...macro,
  approvedForRestricted: macro.approvedForRestricted === true,
});

const listedUnder = (macro: Pick<Macro, 'shared' | 'ownerId' | 'title' | 'id'>) => ({
  gsi1pk: macro.shared ? macroCollections.shared : macroCollections.owner(macro.ownerId),
  gsi1sk: macroCollections.sortKey(macro.title, macro.id),
});

const isConditionFailure = (error: unknown) =>
  error instanceof Error && error.name === 'ConditionalCheckFailedException';

const changedMeanwhile = () => new ConflictError('error.macro.changedMeanwhile');

/** getMacro: one macro by id. */
export async function getMacro(id: string): Promise<Macro | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.macro(id), ConsistentRead: true }),
  );
  return Item ? toMacro(Item as MacroItem) : undefined;
}

/** One byCollection partition of macros, whole, in title order. */
async function macrosUnder(collection: string): Promise<Macro[]> {
  const macros: Macro[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryCollectionPage<MacroItem>(collection, { startKey });
    macros.push(...page.items.map(toMacro));
    startKey = page.next;
  } while (startKey);
  return macros;
}

/** listMacros: the shared macros and the staff member's own, by title (two Queries). */
export async function listMacros(userId: string): Promise<Macro[]> {
  const [shared, own] = await Promise.all([
    macrosUnder(macroCollections.shared),
    macrosUnder(macroCollections.owner(userId)),
  ]);
  return [...shared, ...own].sort(
    (a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id),
  );
}

/** putNewMacro: a macro under a fresh id. */
export async function putNewMacro(macro: Macro): Promise<Macro> {
  await dynamo().send(
    new PutCommand({
      TableName: config().tableName,
      Item: { ...keys.macro(macro.id), ...listedUnder(macro), ...macro },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return macro;
}

/**
 * updateMacro: only over the version read (its `updatedAt`): a macro changed or deleted meanwhile is refused (409),
 * never overwritten blindly. Its use count is left to the replies that move it.
 */
export async function updateMacro(current: Macro, changes: Partial<Macro>, now: Date): Promise<Macro> {
  const updated: Macro = { ...current, ...changes, updatedAt: now.toISOString() };
  const fields: Record<string, unknown> = { ...changes, updatedAt: updated.updatedAt, ...listedUnder(updated) };
  delete fields.usageCount;
  const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':read': current.updatedAt };
  const assignments = Object.entries(fields).map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: keys.macro(current.id),
        UpdateExpression: `SET ${assignments.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND #updatedAt = :read',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toMacro(Attributes as MacroItem);
  } catch (error) {
    if (isConditionFailure(error)) throw changedMeanwhile();
    throw error;
  }
}

/** deleteMacro: only the version read; a macro changed meanwhile is refused (409). */
export async function deleteMacro(current: Macro): Promise<void> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: config().tableName,
        Key: keys.macro(current.id),
        ConditionExpression: 'attribute_exists(pk) AND #updatedAt = :read',
        ExpressionAttributeNames: { '#updatedAt': 'updatedAt' },
        ExpressionAttributeValues: { ':read': current.updatedAt },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw changedMeanwhile();
    throw error;
  }
}

/**
 * macroUse: one more reply sent from the macro, written with the comment; the comment is refused (404) if the macro
 * was deleted, or stopped being usable by its sender, since it was read.
 */
export function macroUse(macro: Macro, userId: string): GuardedItem {
  return {
    item: {
      Update: {
        TableName: config().tableName,
        Key: keys.macro(macro.id),
        UpdateExpression: 'ADD usageCount :one',
        ConditionExpression: 'attribute_exists(pk) AND (#shared = :true OR ownerId = :user)',
        ExpressionAttributeNames: { '#shared': 'shared' },
        ExpressionAttributeValues: { ':one': 1, ':true': true, ':user': userId },
      },
    },
    onConditionFailed: macroRefusals.notFound,
  };
}
