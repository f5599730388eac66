/**
 * Aggregate items (docs/data-model.md): keys.statsTotals(), keys.statsDay(day), keys.statsCategoryDay(day),
 * keys.statsAgentDay(day) and keys.agentWeek(agentId, week), each a set of numeric counters. The ticket transactions ADD to them
 * (functions/domain/metrics.ts says what moves); the dashboard reads a fixed number of them, whatever the number of
 * tickets.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AggregateDelta, AggregateRef, Counters } from '../domain/metrics.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import type { GuardedItem } from './transactions.ts';
import { keys } from './table.ts';

function keyOf(ref: AggregateRef) {
  switch (ref.kind) {
    case 'totals':
      return keys.statsTotals();
    case 'day':
      return keys.statsDay(ref.day);
    case 'categoryDay':
      return keys.statsCategoryDay(ref.day);
    case 'agentDay':
      return keys.statsAgentDay(ref.day);
    case 'agentWeek':
      return keys.agentWeek(ref.agentId, ref.week);
  }
}

/** Transaction items that ADD each delta to its aggregate item (created on first use). */
export function aggregateUpdates(deltas: readonly AggregateDelta[], at: string): GuardedItem[] {
  const TableName = config().tableName;
  return deltas.map(({ ref, counters }) => {
    const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
    const values: Record<string, unknown> = { ':at': at };
    const adds = Object.entries(counters).map(([counter, amount], i) => {
      names[`#c${i}`] = counter;
      values[`:c${i}`] = amount;
      return `#c${i} :c${i}`;
    });
    return {
      item: {
        Update: {
          TableName,
          Key: keyOf(ref),
          UpdateExpression: `ADD ${adds.join(', ')} SET #updatedAt = :at`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
    };
  });
}

const countersOf = (item: Record<string, unknown> | undefined): Counters =>
  Object.fromEntries(
    Object.entries(item ?? {}).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
  );

/** getTotals: the all-time counters (one GetItem). */
export async function getTotals(): Promise<Counters> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.statsTotals(), ConsistentRead: true }),
  );
  return countersOf(Item);
}

/** The counters of the items `keyOfDay(from)` to `keyOfDay(to)` inclusive, by day (one Query, page by page). */
async function listDaily(
  keyOfDay: (day: string) => { pk: string; sk: string },
  from: string,
  to: string,
): Promise<Map<string, Counters>> {
  const days = new Map<string, Counters>();
  const prefix = keyOfDay('').sk;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: config().tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': keyOfDay(from).pk, ':from': keyOfDay(from).sk, ':to': keyOfDay(to).sk },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) days.set(String(item.sk).slice(prefix.length), countersOf(item));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return days;
}

/** listDayStats: the per-day counters from `from` to `to` inclusive (one Query, at most 90 small items). */
export function listDayStats(from: string, to: string): Promise<Map<string, Counters>> {
  return listDaily(keys.statsDay, from, to);
}

/**
 * listCategoryDayStats: the tickets created per category (`COUNTER_NAMES.createdInCategory`) on each day from `from`
 * to `to` inclusive (one Query); only the insights read them.
 */
export function listCategoryDayStats(from: string, to: string): Promise<Map<string, Counters>> {
  return listDaily(keys.statsCategoryDay, from, to);
}

/**
 * listAgentDayStats: the SLA targets met and breached per agent (`COUNTER_NAMES.slaOfAgent`) on each day from `from`
 * to `to` inclusive (one Query); only the SLA attainment figures read them.
 */
export function listAgentDayStats(from: string, to: string): Promise<Map<string, Counters>> {
  return listDaily(keys.statsAgentDay, from, to);
}

/** getAgentWeek: one agent's counters for one ISO week (`YYYY-Www`); empty when they had no tickets. */
export async function getAgentWeek(agentId: string, week: string): Promise<Counters> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.agentWeek(agentId, week) }),
  );
  return countersOf(Item);
}
