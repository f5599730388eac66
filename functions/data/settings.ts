import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DeskSettings, UserSettings } from '#shared/schemas/settings.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { deskSettingsOverDefaults, settingsOverDefaults } from '../domain/settings.ts';
import { keys } from './table.ts';
import type { GuardedItem } from './transactions.ts';

/**
 * Settings items: keys.userSettings(userId) holding { settings, updatedAt }, and the desk's keys.deskSettings() with
 * the same shape. Absent until first saved; readers always get a complete object, the stored values read over the
 * defaults.
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

/** getDeskSettings: the desk's settings, complete (defaults where nothing valid is stored). */
export async function getDeskSettings(): Promise<DeskSettings> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.deskSettings(), ConsistentRead: true }),
  );
  return deskSettingsOverDefaults(Item?.settings);
}

/**
 * How old the desk's settings may be where they are read on every request (the two-factor requirement,
 * docs/decisions/083-staff-two-factor.md): each warm function reads them at most once per window, and a change
 * reaches every function within it (the one that saved it at once).
 */
export const REQUEST_PATH_SETTINGS_MAX_AGE_MS = 15_000;

let recent: { settings: DeskSettings; readAt: number } | undefined;

/** recentDeskSettings: the desk's settings as this function read them less than REQUEST_PATH_SETTINGS_MAX_AGE_MS ago. */
export async function recentDeskSettings(): Promise<DeskSettings> {
  if (recent && Date.now() - recent.readAt < REQUEST_PATH_SETTINGS_MAX_AGE_MS) return recent.settings;
  const settings = await getDeskSettings();
  rememberDeskSettings(settings);
  return settings;
}

/** rememberDeskSettings: what this function just saved is what its next requests see. */
export function rememberDeskSettings(settings: DeskSettings): void {
  recent = { settings, readAt: Date.now() };
}

/** deskSettingsPut: the desk's settings replaced whole (validated by the caller), for the transaction with its audit. */
export function deskSettingsPut(settings: DeskSettings, now: Date): GuardedItem {
  return {
    item: {
      Put: {
        TableName: config().tableName,
        Item: { ...keys.deskSettings(), settings, updatedAt: now.toISOString() },
      },
    },
  };
}
