/** `$disconnect`: the connection is forgotten. */
import type { APIGatewayProxyWebsocketEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { deleteConnection } from '../data/connections.ts';

export async function handler(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> {
  await deleteConnection(event.requestContext.connectionId);
  return { statusCode: 200 };
}
