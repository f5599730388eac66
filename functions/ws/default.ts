/**
 * `$default`: what a client sends on its socket (docs/product.md §7 "WebSocket"), each accepted only from the staff
 * member the authorizer admitted:
 * - `{ type: 'subscribe', userId }`, only for the caller's own id;
 * - `{ type: 'presence', ticketId, state }`, where the caller is on a ticket (use-cases/tickets/presence.ts).
 */
import type { APIGatewayProxyWebsocketEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import * as z from 'zod';
import { presenceClientMessageSchema } from '#shared/schemas/presence.ts';
import { subscribeConnection } from '../data/connections.ts';
import { logger } from '../lib/logger.ts';
import { updatePresence } from '../use-cases/tickets/presence.ts';

const subscribeMessage = z.object({ type: z.literal('subscribe'), userId: z.string().min(1) });
const clientMessage = z.discriminatedUnion('type', [subscribeMessage, presenceClientMessageSchema]);

type MessageEvent = APIGatewayProxyWebsocketEventV2 & { requestContext: { authorizer?: { userId?: string } } };

export async function handler(event: MessageEvent): Promise<APIGatewayProxyResultV2> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(event.body ?? '');
  } catch {
    return { statusCode: 400, body: 'Messages must be JSON' };
  }
  const message = clientMessage.safeParse(parsed);
  if (!message.success) return { statusCode: 400, body: 'Unknown message' };
  const { connectionId } = event.requestContext;
  const caller = event.requestContext.authorizer?.userId;
  if (!caller) {
    logger.warn('Message from a connection without a staff member refused', { connectionId });
    return { statusCode: 403, body: 'Only staff may send messages' };
  }
  if (message.data.type === 'presence') {
    const ok = await updatePresence({ connectionId, userId: caller }, message.data);
    return ok ? { statusCode: 200 } : { statusCode: 403, body: 'Only active staff may share their presence' };
  }
  if (message.data.userId !== caller) {
    logger.warn('Subscription for another user refused', { connectionId });
    return { statusCode: 403, body: 'You can only subscribe to your own alarms' };
  }
  const ok = await subscribeConnection(connectionId, caller);
  return ok ? { statusCode: 200 } : { statusCode: 410, body: 'Connection not found' };
}
