/**
 * Round robin (docs/data-model.md): active agents in a stable order (by id); the next ticket goes to the first agent after
 * the one who got the previous ticket, wrapping around. The data layer makes the choice race-free by writing it
 * conditionally on the previous value.
 */
import type { User } from '#shared/schemas/user.ts';

/** The agents round robin chooses from: role agent, active, ordered by id. */
export function roundRobinPool<T extends Pick<User, 'id' | 'role' | 'isActive'>>(staff: readonly T[]): T[] {
  return staff.filter((u) => u.role === 'agent' && u.isActive).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The agent after `lastAssignedId` in `pool` (already in round-robin order). A last agent who has since left the
 * pool still marks the place: the next is the first id after theirs.
 */
export function nextAgent<T extends { id: string }>(
  pool: readonly T[],
  lastAssignedId: string | undefined,
): T | undefined {
  if (pool.length === 0) return undefined;
  if (lastAssignedId === undefined) return pool[0];
  return pool.find((agent) => agent.id > lastAssignedId) ?? pool[0];
}
