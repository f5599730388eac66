/**
 * The table's stream → the routing queue drained (docs/decisions/006-routing-by-availability-capacity-skill.md). A
 * batch that holds a change letting an agent take more (available again, under their cap again, a higher cap or
 * none, active again), or a ticket that started waiting, runs the drain once: the queue's head is assigned in order
 * while anyone eligible is left (functions/use-cases/routing/route-waiting.ts). A failed drain fails the batch, and
 * the retry drains again; draining an empty queue costs one Query.
 */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { streamChange } from '../outbound/stream-change.ts';
import { type AgentImage, isWaiting, mayFreeRoom } from '../domain/routing.ts';
import type { TicketRecord } from '../domain/tickets.ts';
import { logger } from '../lib/logger.ts';
import { routeWaitingTickets } from '../use-cases/routing/route-waiting.ts';

type TicketImage = Pick<TicketRecord, 'assignedToId' | 'status'>;

/** Whether this record's change may let a waiting ticket be assigned, or put a ticket in the queue. */
export function triggersRouting(record: DynamoDBRecord): boolean {
  const change = streamChange(record, new Date());
  if (!change) return false;
  const { item, before, after } = change;
  if (item.kind === 'user') {
    return mayFreeRoom(before as AgentImage | undefined, after as AgentImage | undefined);
  }
  if (item.kind === 'ticket' && after) {
    const waitsNow = isWaiting(after as TicketImage);
    return waitsNow && !(before && isWaiting(before as TicketImage));
  }
  return false;
}

export async function route(event: DynamoDBStreamEvent): Promise<{ assigned: number }> {
  if (!event.Records.some(triggersRouting)) return { assigned: 0 };
  const assigned = await routeWaitingTickets();
  if (assigned) logger.info('Waiting tickets assigned', { assigned });
  return { assigned };
}

/** The whole batch succeeds or fails: a drain is about the queue, not about any one record. */
export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse, Error, Context>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => {
    await route(event);
    return { batchItemFailures: [] };
  });
