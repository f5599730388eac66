/**
 * The table's stream → the routing queue drained (docs/decisions/006-routing-by-availability-capacity-skill.md). A
 * batch that holds a change letting an agent take more (available again, under their cap again, a higher cap or
 * none, active again), or a ticket that started waiting, runs the drain once: the queue's head is assigned in order
 * while anyone eligible is left (functions/use-cases/routing/route-waiting.ts). A failed drain fails the batch, and
 * the retry drains again; draining an empty queue costs one Query.
 */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { KEYS, PREFIX } from '../data/table.ts';
import { type AgentImage, isWaiting, mayFreeRoom } from '../domain/routing.ts';
import type { TicketRecord } from '../domain/tickets.ts';
import { logger } from '../lib/logger.ts';
import { routeWaitingTickets } from '../use-cases/routing/route-waiting.ts';

type Image = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;
const decode = (image: Image | undefined) => (image ? unmarshall(image as Record<string, AttributeValue>) : undefined);

type TicketImage = Pick<TicketRecord, 'assignedToId' | 'status'>;

/** Whether this record's change may let a waiting ticket be assigned, or put a ticket in the queue. */
export function triggersRouting(record: DynamoDBRecord): boolean {
  const stream = record.dynamodb;
  const pk = stream?.Keys?.[KEYS.pk]?.S ?? '';
  const sk = stream?.Keys?.[KEYS.sk]?.S ?? '';
  const before = decode(stream?.OldImage);
  const after = decode(stream?.NewImage);
  if (pk.startsWith(PREFIX.user) && sk === 'PROFILE') {
    return mayFreeRoom(before as AgentImage | undefined, after as AgentImage | undefined);
  }
  if (pk.startsWith(PREFIX.ticket) && sk === 'TICKET' && after) {
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
