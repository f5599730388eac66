/**
 * Tickets by deadline (docs/data-model.md, T14 and T15): the sparse byDeadline index holds only unresolved tickets,
 * under DUE until the overdue job marks them, then under OVERDUE, each partition in deadline order.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TicketRecord } from '../../domain/tickets.ts';
import { dynamo } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { DEADLINE_PARTITIONS, INDEXES, ticketIndexKeys } from '../table.ts';
import { ticketFromItem } from './item.ts';

async function queryDeadlines(
  partition: string,
  upTo: string | undefined,
  limit: number,
  startKey?: Record<string, unknown>,
): Promise<{ tickets: TicketRecord[]; next?: Record<string, unknown> }> {
  const index = INDEXES.byDeadline;
  const page = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      IndexName: index.name,
      KeyConditionExpression: upTo ? '#pk = :partition AND #sk <= :upTo' : '#pk = :partition',
      ExpressionAttributeNames: { '#pk': index.pk, ...(upTo ? { '#sk': index.sk } : {}) },
      ExpressionAttributeValues: { ':partition': partition, ...(upTo ? { ':upTo': upTo } : {}) },
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { tickets: (page.Items ?? []).map(ticketFromItem), next: page.LastEvaluatedKey };
}

/**
 * listDueTickets: a page of unresolved tickets not yet marked overdue whose deadline is at or before `now`,
 * earliest first (the sparse byDeadline index holds nothing else).
 */
export function listDueTickets(now: Date, limit: number, startKey?: Record<string, unknown>) {
  return queryDeadlines(DEADLINE_PARTITIONS.due, ticketIndexKeys.deadlineUpTo(now.toISOString()), limit, startKey);
}

/**
 * listOverdueTickets: unresolved tickets past their deadline, earliest deadline first: those marked overdue, then
 * any the job has not reached yet; at most `limit`.
 */
export async function listOverdueTickets(now: Date, limit: number): Promise<TicketRecord[]> {
  const [marked, unmarked] = await Promise.all([
    queryDeadlines(DEADLINE_PARTITIONS.overdue, undefined, limit),
    listDueTickets(now, limit),
  ]);
  return [...marked.tickets, ...unmarked.tickets]
    .sort((a, b) => (a.deadline < b.deadline ? -1 : a.deadline > b.deadline ? 1 : a.id - b.id))
    .slice(0, limit);
}
