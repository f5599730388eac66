/**
 * The weekly agent aggregates (keys.agentWeek) of a whole team at once: one BatchGet per 100 staff members, so the
 * cost follows the size of the team, never the number of tickets.
 */
import type { Counters } from '../domain/metrics.ts';
import { batchGetItems } from './batch-get.ts';
import { agentIdOfWeekKey, keys } from './table.ts';

const countersOf = (item: Record<string, unknown>): Counters =>
  Object.fromEntries(Object.entries(item).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));

/** listAgentWeeks: each agent's counters for one ISO week (`YYYY-Www`); agents without an item are left out. */
export async function listAgentWeeks(agentIds: readonly string[], week: string): Promise<Map<string, Counters>> {
  const items = await batchGetItems([...new Set(agentIds)].map((id) => keys.agentWeek(id, week)));
  return new Map(items.map((item) => [agentIdOfWeekKey(String(item.pk)), countersOf(item)]));
}
