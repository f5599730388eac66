import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiKeyScope } from '#shared/constants.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { keys } from './table.ts';

export interface ApiKeyIdentity {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
}

/** Keys are stored only as SHA-256 hashes: a leaked table does not leak usable keys. */
export const hashApiKey = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** findActiveApiKey: the key whose hash matches the presented secret, if it exists and is not revoked. */
export async function findActiveApiKey(secret: string): Promise<ApiKeyIdentity | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.apiKeyHash(hashApiKey(secret)), ConsistentRead: true }),
  );
  if (!Item || Item.revokedAt) return undefined;
  return { id: Item.keyId as string, name: Item.name as string, scopes: Item.scopes as ApiKeyScope[] };
}
