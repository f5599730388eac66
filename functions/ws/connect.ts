/**
 * `$connect` (after the authorizer allowed it): the connection is recorded under its user and the session it was
 * opened in, which it does not outlive (docs/decisions/070-sessions-that-end.md).
 */
import type { APIGatewayProxyWebsocketEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { putConnection } from '../data/connections.ts';

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & {
  requestContext: { authorizer?: { userId?: string; sessionId?: string } };
};

export async function handler(event: ConnectEvent): Promise<APIGatewayProxyResultV2> {
  const { userId, sessionId } = event.requestContext.authorizer ?? {};
  if (!userId || !sessionId) return { statusCode: 401 };
  await putConnection(event.requestContext.connectionId, userId, sessionId);
  return { statusCode: 200 };
}
