import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { connectionIndexKeys, INDEXES, keys } from './table.ts';

/** API Gateway ends a WebSocket after two hours; the item expires with it. */
const CONNECTION_TTL_SECONDS = 2 * 3600;

export interface Connection {
  connectionId: string;
  userId: string;
  /**
   * The session the socket was opened in (docs/decisions/070-sessions-that-end.md): it hears nothing once that
   * session ends. Absent on connections recorded before sockets carried their session; those count as ended.
   */
  sessionId?: string;
  subscribed: boolean;
  connectedAt: string;
  expiresAt: number;
  /** The tickets it has presence entries on (docs/data-model.md, P1-P4), so that `$disconnect` removes them. */
  presenceTickets?: Set<number>;
}

/** putConnection: records a connection of a user's session, not yet subscribed, expiring with the socket. */
export async function putConnection(
  connectionId: string,
  userId: string,
  sessionId: string,
  now = new Date(),
): Promise<void> {
  const item: Connection = {
    connectionId,
    userId,
    sessionId,
    subscribed: false,
    connectedAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + CONNECTION_TTL_SECONDS,
  };
  await dynamo().send(
    new PutCommand({
      TableName: config().tableName,
      Item: {
        ...keys.connection(connectionId),
        gsi3pk: connectionIndexKeys.user(userId),
        gsi3sk: connectionId,
        ...item,
      },
    }),
  );
}

/** subscribeConnection: marks a connection as wanting alarms; only if it exists and belongs to that user. */
export async function subscribeConnection(connectionId: string, userId: string): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: keys.connection(connectionId),
        UpdateExpression: 'SET subscribed = :true',
        ConditionExpression: 'attribute_exists(pk) AND userId = :user',
        ExpressionAttributeValues: { ':true': true, ':user': userId },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/**
 * deleteConnection: forgets a connection (closed, or answered 410 on a send); the connection as it was (its user, the
 * tickets it was present on), if it existed.
 */
export async function deleteConnection(connectionId: string): Promise<Connection | undefined> {
  const { Attributes } = await dynamo().send(
    new DeleteCommand({ TableName: config().tableName, Key: keys.connection(connectionId), ReturnValues: 'ALL_OLD' }),
  );
  return Attributes as Connection | undefined;
}

/**
 * trackPresenceTicket: notes on the connection that it is (`add`) or is no longer present on a ticket; nothing when the
 * connection is gone already.
 */
export async function trackPresenceTicket(connectionId: string, ticketId: number, add: boolean): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: keys.connection(connectionId),
        UpdateExpression: `${add ? 'ADD' : 'DELETE'} presenceTickets :ticket`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':ticket': new Set([ticketId]) },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/** A user's connections through the byAssignee index, with an optional filter. */
async function queryConnections(
  userId: string,
  filter?: { expression: string; values: Record<string, unknown> },
): Promise<Connection[]> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      IndexName: INDEXES.byAssignee.name,
      KeyConditionExpression: '#pk = :pk',
      FilterExpression: filter?.expression,
      ExpressionAttributeNames: { '#pk': INDEXES.byAssignee.pk },
      ExpressionAttributeValues: { ':pk': connectionIndexKeys.user(userId), ...filter?.values },
    }),
  );
  return (Items ?? []) as Connection[];
}

/**
 * listSubscribedConnections: a user's live, subscribed connections. Expired items are skipped here because
 * TTL deletion is lazy on AWS and never happens on DynamoDB Local.
 */
export function listSubscribedConnections(userId: string, now = new Date()): Promise<Connection[]> {
  return queryConnections(userId, {
    expression: 'subscribed = :true AND expiresAt > :now',
    values: { ':true': true, ':now': Math.floor(now.getTime() / 1000) },
  });
}

/**
 * listConnections: every connection recorded for a user, subscribed or not, expired or not (closing the sockets of
 * an ended session forgets them all).
 */
export function listConnections(userId: string): Promise<Connection[]> {
  return queryConnections(userId);
}

/** hasOpenSocket: whether the user has any connection whose socket may still be open (not expired). */
export async function hasOpenSocket(userId: string, now = new Date()): Promise<boolean> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return (await listConnections(userId)).some((connection) => connection.expiresAt > nowSeconds);
}
