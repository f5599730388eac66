/**
 * `$default`: the only message a client sends is `{ type: 'subscribe', userId }`, accepted only for the caller's
 * own id (the authorizer put it in the request context).
 */
import type { APIGatewayProxyWebsocketEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { z } from 'zod';
import { subscribeConnection } from '../data/connections.ts';
import { logger } from '../lib/logger.ts';

const subscribeMessage = z.object({ type: z.literal('subscribe'), userId: z.string().min(1) });

type MessageEvent = APIGatewayProxyWebsocketEventV2 & { requestContext: { authorizer?: { userId?: string } } };

export async function handler(event: MessageEvent): Promise<APIGatewayProxyResultV2> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(event.body ?? '');
  } catch {
    return { statusCode: 400, body: 'Messages must be JSON' };
  }
  const message = subscribeMessage.safeParse(parsed);
  if (!message.success) return { statusCode: 400, body: 'Unknown message' };
  const caller = event.requestContext.authorizer?.userId;
  if (message.data.userId !== caller) {
    logger.warn('Subscription for another user refused', { connectionId: event.requestContext.connectionId });
    return { statusCode: 403, body: 'You can only subscribe to your own alarms' };
  }
  const ok = await subscribeConnection(event.requestContext.connectionId, caller);
  return ok ? { statusCode: 200 } : { statusCode: 410, body: 'Connection not found' };
}
