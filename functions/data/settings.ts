import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { UserSettings } from '#shared/schemas/settings.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { settingsOverDefaults } from '../domain/settings.ts';
import { keys } from './table.ts';

/**
 * Settings items: keys.userSettings(userId) holding { settings, updatedAt }. Absent until the user first saves;
 * readers always get a complete object, the stored values read over the defaults.
 */

/** getUserSettings: one user's settings, complete (defaults where nothing valid is stored). */
export async function getUserSettings(userId: string): Promise<UserSettings> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.userSettings(userId), ConsistentRead: true }),
  );
  return settingsOverDefaults(Item?.settings);
}

/** putUserSettings: replaces one user's settings whole (validated by the caller). */
export async function putUserSettings(userId: string, settings: UserSettings, now = new Date()): Promise<UserSettings> {
  await dynamo().send(
    new PutCommand({
      TableName: config().tableName,
      Item: { ...keys.userSettings(userId), settings, updatedAt: now.toISOString() },
    }),
  );
  return settings;
}
