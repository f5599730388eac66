/**
 * Ticket lists (docs/data-model.md, T10-T13): newest first, from the most selective index for the filters given, the
 * other filters applied by DynamoDB, a bounded amount of work per page, and a cursor whenever more may follow.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Priority, TicketStatus, TicketType } from '#shared/constants.ts';
import type { TicketRecord } from '../../domain/tickets.ts';
import { dynamo } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { listBinding, openCursor, readPage, sealCursor, stringKey } from '../cursor.ts';
import { COLLECTIONS, INDEXES, type IndexName, ticketIdOfKey, ticketIndexKeys } from '../table.ts';
import { ticketFromItem } from './item.ts';

export interface TicketFilters {
  status?: TicketStatus;
  priority?: Priority;
  type?: TicketType;
  assignedToId?: string;
  /** The whole address, lower-cased already. */
  customerEmail?: string;
}

/** Most items one list request evaluates (matched or not): the cost of a page stays bounded for any filter. */
export const LIST_EVALUATION_BUDGET = 1_000;

interface IndexChoice {
  index: IndexName;
  partition: string;
}

/** The most selective index for the filters given: customer, assignee, then status, then type, then all tickets. */
function chooseIndex(f: TicketFilters): IndexChoice {
  if (f.customerEmail) return { index: 'byCustomer', partition: f.customerEmail };
  if (f.assignedToId) return { index: 'byAssignee', partition: ticketIndexKeys.assignee(f.assignedToId) };
  if (f.status) return { index: 'byStatus', partition: ticketIndexKeys.status(f.status) };
  if (f.type) return { index: 'byType', partition: ticketIndexKeys.type(f.type) };
  return { index: 'byCollection', partition: COLLECTIONS.tickets };
}

/** The filters the chosen index does not already apply, as a FilterExpression. */
function remainingFilter(
  f: TicketFilters,
  choice: IndexChoice,
): Pick<QueryCommandInput, 'FilterExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'> {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const equals = (field: 'status' | 'type' | 'priority' | 'assignedToId', value: string | undefined) => {
    if (value === undefined) return;
    parts.push(`#${field} = :${field}`);
    names[`#${field}`] = field;
    values[`:${field}`] = value;
  };
  if (choice.index !== 'byStatus') equals('status', f.status);
  if (choice.index !== 'byType') equals('type', f.type);
  if (choice.index !== 'byAssignee') equals('assignedToId', f.assignedToId);
  equals('priority', f.priority);
  if (parts.length === 0) return {};
  return {
    FilterExpression: parts.join(' AND '),
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ExpressionAttributeValues: values,
  };
}

/** The list a cursor belongs to: the tickets list with exactly these filters. */
const ticketListBinding = (f: TicketFilters) => listBinding('tickets', { ...f });

/** The start key inside a list cursor, if this very list made it and it is a key of its index and partition. */
function startKeyOf(cursor: string, filters: TicketFilters, choice: IndexChoice): Promise<Record<string, string>> {
  const { pk, sk } = INDEXES[choice.index];
  return openCursor(cursor, ticketListBinding(filters), (payload) => {
    const key = stringKey(payload, ['pk', 'sk', pk, sk]);
    return key && key[pk] === choice.partition && ticketIdOfKey(key.pk) !== undefined ? key : undefined;
  });
}

/**
 * listTickets: newest first, from the most selective index, the other filters applied by DynamoDB; stops at `limit`
 * matches or LIST_EVALUATION_BUDGET evaluated items, with a cursor whenever more may follow.
 */
export async function listTickets(
  filters: TicketFilters,
  limit: number,
  cursor?: string,
): Promise<{ tickets: TicketRecord[]; nextCursor: string | null }> {
  const choice = chooseIndex(filters);
  const index = INDEXES[choice.index];
  const filter = remainingFilter(filters, choice);
  const page = await readPage(
    async (startKey, size) => {
      const result = await dynamo().send(
        new QueryCommand({
          TableName: config().tableName,
          IndexName: index.name,
          KeyConditionExpression: '#ipk = :partition',
          ...filter,
          ExpressionAttributeNames: { ...filter.ExpressionAttributeNames, '#ipk': index.pk },
          ExpressionAttributeValues: { ...filter.ExpressionAttributeValues, ':partition': choice.partition },
          ScanIndexForward: false,
          Limit: size,
          ExclusiveStartKey: startKey,
        }),
      );
      return { items: result.Items ?? [], lastKey: result.LastEvaluatedKey, evaluated: result.ScannedCount ?? 0 };
    },
    {
      limit,
      filtered: !!filter.FilterExpression,
      budget: LIST_EVALUATION_BUDGET,
      startKey: cursor ? await startKeyOf(cursor, filters, choice) : undefined,
      keyAttributes: ['pk', 'sk', index.pk, index.sk],
      cursorOf: (key) => sealCursor(ticketListBinding(filters), key),
    },
  );
  return { tickets: page.items.map(ticketFromItem), nextCursor: page.nextCursor };
}
