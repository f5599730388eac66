/** `$disconnect`: the connection is forgotten, and its user's last socket close noted for auto-away (ADR 006). */
import type { APIGatewayProxyWebsocketEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { deleteConnection } from '../data/connections.ts';
import { noteSocketClosed } from '../data/users.ts';

export async function handler(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> {
  const userId = await deleteConnection(event.requestContext.connectionId);
  if (userId) await noteSocketClosed(userId, new Date());
  return { statusCode: 200 };
}
