/**
 * The ticket item (docs/data-model.md, T1): the record of functions/domain/tickets.ts and the keys of every index
 * the ticket belongs to.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_CUSTOMER_LANGUAGE } from '#shared/constants.ts';
import { type ClockEntry, firstResponseClockEntry, resolutionClockEntry } from '../../domain/deadlines.ts';
import { isWaiting, queueSortKey } from '../../domain/routing.ts';
import { type TicketRecord, ticketRefusals } from '../../domain/tickets.ts';
import { dynamo } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { COLLECTIONS, DEADLINE_PARTITIONS, INDEXES, keys, pad, ROUTING_QUEUE, ticketIndexKeys } from '../table.ts';

type TicketItem = TicketRecord & Record<string, unknown>;

/** The keys of a clock index for `entry`, or none (sparse). */
function clockKeys(index: { pk: string; sk: string }, entry: ClockEntry | undefined, id: number) {
  return entry
    ? { [index.pk]: DEADLINE_PARTITIONS[entry.partition], [index.sk]: ticketIndexKeys.deadline(entry.at, id) }
    : {};
}

/** The stored item of a ticket: its record and the keys of every index it belongs to. */
export function ticketItem(t: TicketRecord): TicketItem {
  const created = ticketIndexKeys.created(t.createdAt, t.id);
  const itemKeys: Record<string, unknown> = {
    ...keys.ticket(t.id),
    [INDEXES.byCollection.pk]: COLLECTIONS.tickets,
    [INDEXES.byCollection.sk]: created,
    [INDEXES.byStatus.pk]: ticketIndexKeys.status(t.status),
    [INDEXES.byStatus.sk]: created,
    ...(t.assignedToId
      ? { [INDEXES.byAssignee.pk]: ticketIndexKeys.assignee(t.assignedToId), [INDEXES.byAssignee.sk]: created }
      : {}),
    // Sparse: only a ticket waiting for an agent is in the routing queue (docs/decisions/006).
    ...(isWaiting(t)
      ? { [INDEXES.byAssignee.pk]: ROUTING_QUEUE, [INDEXES.byAssignee.sk]: `${queueSortKey(t)}#${pad(t.id)}` }
      : {}),
    [INDEXES.byType.pk]: ticketIndexKeys.type(t.type),
    [INDEXES.byType.sk]: created,
    // Sparse: resolved and closed tickets (and paused or answered clocks) carry no clock-index keys, so the overdue
    // job never reads them.
    ...clockKeys(INDEXES.byDeadline, resolutionClockEntry(t), t.id),
    ...clockKeys(INDEXES.byFirstResponse, firstResponseClockEntry(t), t.id),
  };
  // The record copied onto its keys (no name is in both): V8 copies a spread into a literal that already has
  // properties one property at a time, several times slower, which the bulk import of 100,000 tickets felt.
  return Object.assign(itemKeys, t);
}

const RECORD_FIELDS = [
  'id',
  'ticketId',
  'subject',
  'description',
  'customerEmail',
  'category',
  'categoryId',
  'priority',
  'status',
  'type',
  'customerLanguage',
  'assignedToId',
  'assignedTo',
  'createdById',
  'createdByApiKeyId',
  'deadline',
  'isOverdue',
  'firstResponseDueAt',
  'isFirstResponseOverdue',
  'waitingOnCustomer',
  'slaPausedAt',
  'createdAt',
  'updatedAt',
  'resolvedAt',
  'responseTime',
  'resolutionTime',
  'version',
  'assignedAt',
  'firstResponseAt',
  'sla',
  'slaPausedMs',
  'resolutionWarnAt',
  'resolutionWarned',
  'firstResponseWarnAt',
  'firstResponseWarned',
  'responseAgentId',
  'resolutionAgentId',
  'slaMet',
  'rating',
  'sourceMessageId',
  'mergedIntoId',
  'parentId',
  'attachments',
  'restricted',
] as const satisfies readonly (keyof TicketRecord)[];

/** The record inside a stored ticket item (index keys and other attributes dropped). */
export function ticketFromItem(item: Record<string, unknown>): TicketRecord {
  const record = Object.fromEntries(RECORD_FIELDS.map((field) => [field, item[field] ?? null]));
  // Tickets stored before customers got e-mail in their own language get English.
  record.customerLanguage ??= DEFAULT_CUSTOMER_LANGUAGE;
  // Tickets stored before SLA policies have one clock, never paused or warned, and no first-response clock.
  record.isFirstResponseOverdue ??= false;
  record.waitingOnCustomer ??= false;
  record.slaPausedMs ??= 0;
  record.resolutionWarned ??= false;
  record.firstResponseWarned ??= false;
  // Tickets stored before restricted cases are not restricted.
  record.restricted ??= false;
  // Only a ticket opened by an e-mail with files lists them.
  if (!record.attachments) delete record.attachments;
  return record as unknown as TicketRecord;
}

/** getTicket: one ticket by id (strongly consistent: every change decides from it). */
export async function getTicket(id: number): Promise<TicketRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.ticket(id), ConsistentRead: true }),
  );
  return Item ? ticketFromItem(Item) : undefined;
}

/** requireTicket: one ticket by id, or a 404. */
export async function requireTicket(id: number): Promise<TicketRecord> {
  const ticket = await getTicket(id);
  if (!ticket) throw ticketRefusals.notFound();
  return ticket;
}
