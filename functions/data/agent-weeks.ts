/**
 * The weekly agent aggregates (keys.agentWeek) of a whole team at once: one BatchGet per 100 staff members, so the
 * cost follows the size of the team, never the number of tickets.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { Counters } from '../domain/metrics.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { agentIdOfWeekKey, keys } from './table.ts';

/** DynamoDB's ceiling for keys in one BatchGetItem. */
const BATCH_GET_MAX = 100;
/** Rounds for keys DynamoDB leaves unprocessed under throttling before the read gives up. */
const MAX_ROUNDS = 6;

const countersOf = (item: Record<string, unknown>): Counters =>
  Object.fromEntries(Object.entries(item).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));

/** listAgentWeeks: each agent's counters for one ISO week (`YYYY-Www`); agents without an item are left out. */
export async function listAgentWeeks(agentIds: readonly string[], week: string): Promise<Map<string, Counters>> {
  const TableName = config().tableName;
  const weeks = new Map<string, Counters>();
  const unique = [...new Set(agentIds)];
  for (let start = 0; start < unique.length; start += BATCH_GET_MAX) {
    let pending: Record<string, unknown>[] = unique
      .slice(start, start + BATCH_GET_MAX)
      .map((id) => keys.agentWeek(id, week));
    for (let round = 1; pending.length > 0; round++) {
      if (round > MAX_ROUNDS)
        throw new Error(`${pending.length} agent-week items still unprocessed after ${MAX_ROUNDS} rounds`);
      if (round > 1) await sleep(Math.random() * 25 * 2 ** round);
      const { Responses, UnprocessedKeys } = await dynamo().send(
        new BatchGetCommand({ RequestItems: { [TableName]: { Keys: pending } } }),
      );
      for (const item of Responses?.[TableName] ?? []) weeks.set(agentIdOfWeekKey(String(item.pk)), countersOf(item));
      pending = UnprocessedKeys?.[TableName]?.Keys ?? [];
    }
  }
  return weeks;
}
