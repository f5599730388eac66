/**
 * `$disconnect`: the connection is forgotten, with its presence on tickets (the others there are told), and its user's
 * last socket close noted for auto-away (ADR 006).
 */
import type { APIGatewayProxyWebsocketEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { deleteConnection } from '../data/connections.ts';
import { noteSocketClosed } from '../data/users.ts';
import { leaveTickets } from '../use-cases/tickets/presence.ts';

export async function handler(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> {
  const connection = await deleteConnection(event.requestContext.connectionId);
  if (!connection) return { statusCode: 200 };
  await Promise.all([
    noteSocketClosed(connection.userId, new Date()),
    leaveTickets(connection.connectionId, [...(connection.presenceTickets ?? [])]),
  ]);
  return { statusCode: 200 };
}
