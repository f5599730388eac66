/**
 * Who is on a ticket (docs/data-model.md, P1-P4): one item per ticket and connection in the ticket's presence
 * partition, read back with one Query. An entry counts while its last message is under PRESENCE.expiresMs old; the
 * TTL only sweeps up later, since DynamoDB deletes expired items lazily (and DynamoDB Local never does).
 */
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PRESENCE } from '#shared/constants.ts';
import type { PresenceState } from '#shared/schemas/presence.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { keys } from './table.ts';

/** Entries are swept from the table an hour after their last message; reads ignore them long before. */
const PRESENCE_TTL_SECONDS = 3600;

export interface PresenceEntry {
  ticketId: number;
  connectionId: string;
  userId: string;
  /** Absent until the entry's first message has been given its author's name. */
  firstName?: string;
  lastName?: string;
  state: Exclude<PresenceState, 'left'>;
  /** When the connection last said it is on the ticket (ISO). */
  lastSeenAt: string;
  expiresAt: number;
}

/** Whether an entry still counts at `now`: its last message is less than PRESENCE.expiresMs old. */
export const isPresent = (entry: Pick<PresenceEntry, 'lastSeenAt'>, now: Date): boolean =>
  now.getTime() - Date.parse(entry.lastSeenAt) < PRESENCE.expiresMs;

/**
 * notePresence: the connection is on the ticket in this state, as of `now`. Answers the entry as it was before (if
 * any), so that the caller knows whether anything changed for the others.
 */
export async function notePresence(
  ticketId: number,
  connectionId: string,
  userId: string,
  state: PresenceEntry['state'],
  now = new Date(),
): Promise<PresenceEntry | undefined> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: keys.presence(ticketId, connectionId),
      UpdateExpression:
        'SET ticketId = :ticket, connectionId = :connection, userId = :user, #state = :state, lastSeenAt = :at, expiresAt = :expires',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: {
        ':ticket': ticketId,
        ':connection': connectionId,
        ':user': userId,
        ':state': state,
        ':at': now.toISOString(),
        ':expires': Math.floor(now.getTime() / 1000) + PRESENCE_TTL_SECONDS,
      },
      ReturnValues: 'ALL_OLD',
    }),
  );
  return Attributes as PresenceEntry | undefined;
}

/** namePresence: puts its author's name on an entry (its first message), only while the entry exists. */
export async function namePresence(
  ticketId: number,
  connectionId: string,
  name: { firstName: string; lastName: string },
): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: keys.presence(ticketId, connectionId),
        UpdateExpression: 'SET firstName = :first, lastName = :last',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':first': name.firstName, ':last': name.lastName },
      }),
    );
  } catch (error) {
    // Left (or disconnected) meanwhile: nothing to name.
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/** deletePresence: the connection left the ticket; the entry as it was, if there was one. */
export async function deletePresence(ticketId: number, connectionId: string): Promise<PresenceEntry | undefined> {
  const { Attributes } = await dynamo().send(
    new DeleteCommand({
      TableName: config().tableName,
      Key: keys.presence(ticketId, connectionId),
      ReturnValues: 'ALL_OLD',
    }),
  );
  return Attributes as PresenceEntry | undefined;
}

/** listPresence: the ticket's entries that still count at `now` (one Query of its presence partition). */
export async function listPresence(ticketId: number, now = new Date()): Promise<PresenceEntry[]> {
  const entries: PresenceEntry[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: config().tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.presence(ticketId, '').pk },
        // The sender's own entry, written a moment ago, is part of the answer.
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    entries.push(...((page.Items ?? []) as PresenceEntry[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return entries.filter((entry) => isPresent(entry, now));
}
