/**
 * Incident links (docs/data-model.md, I1-I4): in the parent's partition, one `CHILD#<id>` item per child and the
 * `INCIDENT` item that counts them; each child's ticket item names its parent (`parentId`). A link is written in the
 * child's ticket transaction (functions/data/tickets/writes.ts), with these items and checks.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { INCIDENT_MAX_CHILDREN, incidentRefusals } from '../../domain/incidents.ts';
import type { TicketRecord } from '../../domain/tickets.ts';
import { dynamo } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { batchGetItems } from '../batch-get.ts';
import { keys, TICKET_THREAD_PREFIXES } from '../table.ts';
import type { GuardedItem } from '../transactions.ts';
import { ticketFromItem } from './item.ts';

const TableName = () => config().tableName;

/** The child's link in the parent's partition, and one more child on the parent's count (refused when full). */
export function childLinkWrites(parentId: number, childId: number, at: string): GuardedItem[] {
  return [
    {
      item: {
        Put: {
          TableName: TableName(),
          Item: { ...keys.incidentChild(parentId, childId), parentId, childId, linkedAt: at },
        },
      },
    },
    {
      item: {
        Update: {
          TableName: TableName(),
          Key: keys.incident(parentId),
          UpdateExpression: 'ADD childCount :one',
          ConditionExpression: 'attribute_not_exists(childCount) OR childCount < :max',
          ExpressionAttributeValues: { ':one': 1, ':max': INCIDENT_MAX_CHILDREN },
        },
      },
      onConditionFailed: incidentRefusals.full,
    },
    {
      // The parent exists and is not itself a child (one level of incidents), as it is when the link commits.
      item: {
        ConditionCheck: {
          TableName: TableName(),
          Key: keys.ticket(parentId),
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(parentId) OR parentId = :none) AND (attribute_not_exists(mergedIntoId) OR mergedIntoId = :none)',
          ExpressionAttributeValues: { ':none': null },
        },
      },
      onConditionFailed: incidentRefusals.parentIsChild,
    },
  ];
}

/** The child's link removed from its parent's partition, and one child fewer on the parent's count. */
export function childUnlinkWrites(parentId: number, childId: number): GuardedItem[] {
  return [
    { item: { Delete: { TableName: TableName(), Key: keys.incidentChild(parentId, childId) } } },
    {
      item: {
        Update: {
          TableName: TableName(),
          Key: keys.incident(parentId),
          UpdateExpression: 'ADD childCount :minusOne',
          ConditionExpression: 'childCount > :zero',
          ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
        },
      },
      onConditionFailed: 'retry',
    },
  ];
}

/** A check, in the child's transaction, that the ticket becoming a child has no children of its own. */
export function hasNoChildren(ticketId: number): GuardedItem {
  return {
    item: {
      ConditionCheck: {
        TableName: TableName(),
        Key: keys.incident(ticketId),
        ConditionExpression: 'attribute_not_exists(pk) OR childCount = :zero',
        ExpressionAttributeValues: { ':zero': 0 },
      },
    },
    onConditionFailed: incidentRefusals.childIsParent,
  };
}

/** childCount: how many children a ticket has (0 for a ticket that is no incident). */
export async function childCount(parentId: number): Promise<number> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: TableName(), Key: keys.incident(parentId), ConsistentRead: true }),
  );
  return Number(Item?.childCount ?? 0);
}

/** incidentsAmong: which of these tickets have children now (one BatchGetItem of their `INCIDENT` items per 100). */
export async function incidentsAmong(ticketIds: readonly number[]): Promise<Set<number>> {
  if (!ticketIds.length) return new Set();
  const items = await batchGetItems([...new Set(ticketIds)].map((id) => keys.incident(id)));
  return new Set(
    items.filter((item) => Number(item.childCount ?? 0) > 0).map((item) => Number(String(item.pk).split('#')[1])),
  );
}

/** listChildIds: an incident's children, by ticket number (one Query of the parent's `CHILD#` items, paged). */
export async function listChildIds(parentId: number): Promise<number[]> {
  const ids: number[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: TableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :child)',
        ExpressionAttributeValues: {
          ':pk': keys.incident(parentId).pk,
          ':child': TICKET_THREAD_PREFIXES.children,
        },
        ProjectionExpression: 'childId',
        ExclusiveStartKey,
      }),
    );
    ids.push(...(page.Items ?? []).map((item) => Number(item.childId)));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return ids;
}

/** listChildren: an incident's children as they are now, by ticket number. */
export async function listChildren(parentId: number): Promise<TicketRecord[]> {
  const ids = await listChildIds(parentId);
  const items = await batchGetItems(ids.map((id) => keys.ticket(id)));
  return items.map(ticketFromItem).sort((a, b) => a.id - b.id);
}
