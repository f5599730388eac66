import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiKeyScope } from '#shared/constants.ts';
import type { ApiKey } from '#shared/schemas/api-key.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import type { ApiKeyIdentity } from '../domain/api-keys.ts';
import { COLLECTIONS, keys } from './table.ts';
import { type GuardedItem, transact } from './transactions.ts';
import { queryWholeCollection } from './collections.ts';

/**
 * Two items per key, written together:
 * - keys.apiKey(id): the key as admins see it plus `secretHash`, listed through byCollection (gsi1pk =
 *   COLLECTIONS.apiKeys, gsi1sk = `createdAt#id`, so newest first is a reverse Query);
 * - keys.apiKeyHash(hash): what authentication needs, found by hashing the presented secret: { keyId, name,
 *   scopes, revokedAt }.
 * `lastUsedAt` and `revokedAt` are absent until set (read as null), so `if_not_exists` keeps the first revocation.
 */
interface ApiKeyItem extends Omit<ApiKey, 'lastUsedAt' | 'revokedAt'> {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
  secretHash: string;
  lastUsedAt?: string;
  revokedAt?: string;
}

/** Keys are stored only as SHA-256 hashes: a leaked table does not leak usable keys. */
export const hashApiKey = (secret: string): string => createHash('sha256').update(secret).digest('hex');

const toApiKey = (item: ApiKeyItem): ApiKey => ({
  id: item.id,
  name: item.name,
  scopes: item.scopes,
  createdAt: item.createdAt,
  createdBy: item.createdBy,
  lastUsedAt: item.lastUsedAt ?? null,
  revokedAt: item.revokedAt ?? null,
});

/** findActiveApiKey: the key whose hash matches the presented secret, if it exists and is not revoked. */
export async function findActiveApiKey(secret: string): Promise<ApiKeyIdentity | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.apiKeyHash(hashApiKey(secret)), ConsistentRead: true }),
  );
  if (!Item || Item.revokedAt) return undefined;
  return { id: Item.keyId as string, name: Item.name as string, scopes: Item.scopes as ApiKeyScope[] };
}

/**
 * createApiKey: the key and its hash item, together; the secret itself is never stored. The conditions only
 * guard against overwriting: a random UUID or a SHA-256 of 32 random bytes does not collide.
 */
export async function createApiKey(
  apiKey: ApiKey,
  secretHash: string,
  /** Written in the same transaction (the audit entry of the creation). */
  alongWith: readonly GuardedItem[] = [],
): Promise<ApiKey> {
  const TableName = config().tableName;
  const { lastUsedAt: _never, revokedAt: _notYet, ...fields } = apiKey;
  const item: ApiKeyItem = {
    ...keys.apiKey(apiKey.id),
    gsi1pk: COLLECTIONS.apiKeys,
    gsi1sk: `${apiKey.createdAt}#${apiKey.id}`,
    ...fields,
    secretHash,
  };
  await transact([
    { item: { Put: { TableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } } },
    {
      item: {
        Put: {
          TableName,
          Item: { ...keys.apiKeyHash(secretHash), keyId: apiKey.id, name: apiKey.name, scopes: apiKey.scopes },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    ...alongWith,
  ]);
  return apiKey;
}

/** listApiKeys: every key, newest first (bounded by the number of keys, which admins create by hand). */
export async function listApiKeys(): Promise<ApiKey[]> {
  return (await queryWholeCollection<ApiKeyItem>(COLLECTIONS.apiKeys, 'descending')).map(toApiKey);
}

/** getApiKeySecretHash: the stored hash of a key's secret (what its hash item is keyed by); undefined: no such key. */
export async function getApiKeySecretHash(id: string): Promise<string | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.apiKey(id), ConsistentRead: true }),
  );
  return (Item as ApiKeyItem | undefined)?.secretHash;
}

/**
 * revokeApiKey: both items get `revokedAt` in one transaction, so no call can pass authentication once it commits;
 * the first revocation time is kept. Keys are never deleted, so the conditions hold: only a simultaneous write to
 * the same key cancels this (a StaleReadError; writing it again is safe).
 */
export async function revokeApiKey(
  id: string,
  secretHash: string,
  now: Date,
  alongWith: readonly GuardedItem[] = [],
): Promise<void> {
  const TableName = config().tableName;
  const UpdateExpression = 'SET revokedAt = if_not_exists(revokedAt, :now)';
  const at = now.toISOString();
  await transact([
    {
      item: {
        Update: {
          TableName,
          Key: keys.apiKey(id),
          UpdateExpression,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':now': at },
        },
      },
      onConditionFailed: 'retry',
    },
    {
      item: {
        Update: {
          TableName,
          Key: keys.apiKeyHash(secretHash),
          UpdateExpression,
          ConditionExpression: 'keyId = :id',
          ExpressionAttributeValues: { ':now': at, ':id': id },
        },
      },
      onConditionFailed: 'retry',
    },
    ...alongWith,
  ]);
}

/** recordApiKeyUse: stamps `lastUsedAt`, only on a key that exists (never creates a stray item). */
export async function recordApiKeyUse(id: string, at: Date): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: keys.apiKey(id),
        UpdateExpression: 'SET lastUsedAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at.toISOString() },
      }),
    );
  } catch (error) {
    // The hash item that authenticated the call is written with the key item, so this cannot fail in practice;
    // if it ever does, there is no key to stamp and the call itself is still good.
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
