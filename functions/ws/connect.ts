/** `$connect` (after the authorizer allowed it): the connection is recorded under its user. */
import type { APIGatewayProxyWebsocketEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { putConnection } from '../data/connections.ts';

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & {
  requestContext: { authorizer?: { userId?: string } };
};

export async function handler(event: ConnectEvent): Promise<APIGatewayProxyResultV2> {
  const userId = event.requestContext.authorizer?.userId;
  if (!userId) return { statusCode: 401 };
  await putConnection(event.requestContext.connectionId, userId);
  return { statusCode: 200 };
}
