/**
 * The routing queue (docs/data-model.md, T18; docs/decisions/006): tickets waiting for an agent, in the ROUTING_QUEUE
 * partition of the byAssignee index (sparse: only unresolved tickets with no assignee carry it), critical first, then
 * oldest first.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TicketRecord } from '../../domain/tickets.ts';
import { dynamo } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { INDEXES, ROUTING_QUEUE } from '../table.ts';
import { ticketFromItem } from './item.ts';

/** listWaitingTickets: the first `limit` tickets of the queue, in its order. */
export async function listWaitingTickets(limit: number): Promise<TicketRecord[]> {
  const index = INDEXES.byAssignee;
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      IndexName: index.name,
      KeyConditionExpression: '#pk = :queue',
      ExpressionAttributeNames: { '#pk': index.pk },
      ExpressionAttributeValues: { ':queue': ROUTING_QUEUE },
      Limit: limit,
    }),
  );
  return (Items ?? []).map(ticketFromItem);
}
