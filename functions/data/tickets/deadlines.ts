/**
 * Tickets by their SLA clocks (docs/data-model.md, T14, T15 and T24-T26): the sparse byDeadline (resolution) and
 * byFirstResponse indexes hold only unresolved tickets whose clock runs, under WARN until warned, DUE until marked
 * overdue, then OVERDUE, each partition in the order of the time its next mark falls due.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TicketRecord } from '../../domain/tickets.ts';
import { dynamo } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { DEADLINE_PARTITIONS, INDEXES, ticketIndexKeys } from '../table.ts';
import { ticketFromItem } from './item.ts';

/** The two clocks, by the index that orders each. */
export const CLOCK_INDEXES = { resolution: INDEXES.byDeadline, firstResponse: INDEXES.byFirstResponse } as const;
export type Clock = keyof typeof CLOCK_INDEXES;
export type ClockPartitionName = keyof typeof DEADLINE_PARTITIONS;

export interface ClockPage {
  tickets: TicketRecord[];
  next?: Record<string, unknown>;
}

/** A page of one clock partition, in due order, up to `now` when given. */
export async function listClockPartition(
  clock: Clock,
  partition: ClockPartitionName,
  now: Date | undefined,
  limit: number,
  startKey?: Record<string, unknown>,
): Promise<ClockPage> {
  const index = CLOCK_INDEXES[clock];
  const upTo = now && ticketIndexKeys.deadlineUpTo(now.toISOString());
  const page = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      IndexName: index.name,
      KeyConditionExpression: upTo ? '#pk = :partition AND #sk <= :upTo' : '#pk = :partition',
      ExpressionAttributeNames: { '#pk': index.pk, ...(upTo ? { '#sk': index.sk } : {}) },
      ExpressionAttributeValues: { ':partition': DEADLINE_PARTITIONS[partition], ...(upTo ? { ':upTo': upTo } : {}) },
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { tickets: (page.Items ?? []).map(ticketFromItem), next: page.LastEvaluatedKey };
}

/** The due times of `ticket` that have passed at `now` on a running or marked clock, earliest first. */
function passedDueTimes(ticket: TicketRecord, now: string): string[] {
  const resolutionLate = ticket.isOverdue || (!ticket.waitingOnCustomer && ticket.deadline <= now);
  const firstResponseLate =
    ticket.isFirstResponseOverdue ||
    (!ticket.firstResponseAt && ticket.firstResponseDueAt !== null && ticket.firstResponseDueAt <= now);
  return [resolutionLate ? ticket.deadline : null, firstResponseLate ? ticket.firstResponseDueAt : null]
    .filter((at): at is string => at !== null)
    .sort();
}

/**
 * listOverdueTickets: unresolved tickets past their deadline or with an overdue first response, earliest passed due
 * time first: those marked overdue on either clock, then any the job has not reached yet; at most `limit`.
 */
export async function listOverdueTickets(now: Date, limit: number): Promise<TicketRecord[]> {
  const pages = await Promise.all(
    (['resolution', 'firstResponse'] as const).flatMap((clock) => [
      listClockPartition(clock, 'overdue', undefined, limit),
      listClockPartition(clock, 'due', now, limit),
      listClockPartition(clock, 'warn', now, limit),
    ]),
  );
  const late = new Map<number, { ticket: TicketRecord; at: string }>();
  for (const ticket of pages.flatMap((page) => page.tickets)) {
    const [at] = passedDueTimes(ticket, now.toISOString());
    if (at) late.set(ticket.id, { ticket, at });
  }
  return [...late.values()]
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.ticket.id - b.ticket.id))
    .map((entry) => entry.ticket)
    .slice(0, limit);
}
