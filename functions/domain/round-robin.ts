/**
 * Round robin (docs/data-model.md): the eligible agents (functions/domain/routing.ts) in a stable order (by id); the next
 * ticket goes to the first agent after the one who got the previous ticket, wrapping around. The data layer makes the
 * choice race-free by writing it conditionally on the previous value.
 */

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

/**
 * How round-robin creates wait for their turn (docs/decisions/004). Every read of the state competes with the write
 * the line is waiting for, so waiters read as little as they can: they sleep through about half the time the turns
 * ahead of them should take at the pace they have seen, and poll a few times per turn only when next.
 */
export const ROUND_ROBIN_TIMING = {
  /** The pace (milliseconds per turn) assumed until one is seen: a quick create on a quiet table. */
  initialPaceMs: 25,
  /** A pace measured across a stall (a turn nobody passed on) is not the line's: never assume a slower one. */
  maxPaceMs: 250,
  /** The create next in line looks this many times per turn's duration whether its predecessor has written. */
  pollsPerTurn: 5,
  minPollMs: 5,
  maxSleepMs: 2_000,
  /**
   * How long the create right behind a turn waits for it before going ahead anyway: long enough that a create slowed
   * by a busy table is rarely taken for a lost one (overtaking it makes both retry), short enough that a lost turn
   * costs little. A create further back waits this long per turn ahead of it, so that a stalled line is passed by the
   * next create alone, not by every waiter at once.
   */
  patienceMs: 1_000,
} as const;

export type RoundRobinTiming = typeof ROUND_ROBIN_TIMING;

/** What a waiter knows of the line when it decides. */
export interface LineView {
  /** The waiter's own turn. */
  turn: number;
  /** The last turn that wrote the state (or was passed on); 0 before the first. */
  lastTurn: number;
  /** Milliseconds per turn the line has been seen to move at. */
  paceMs: number;
  /** How long the line has stood still: since it last moved, or since the waiter began to look. */
  stillForMs: number;
}

export type WaitStep = { go: true; because: 'turn' | 'patience' } | { go: false; sleepMs: number };

/** Whether a waiter goes ahead now (its turn came, or the line stood still too long), or how long it sleeps first. */
export function nextWaitStep(view: LineView, timing: RoundRobinTiming = ROUND_ROBIN_TIMING): WaitStep {
  const ahead = view.turn - 1 - view.lastTurn;
  if (ahead <= 0) return { go: true, because: 'turn' };
  if (view.stillForMs >= timing.patienceMs * ahead) return { go: true, because: 'patience' };
  const sleepMs =
    ahead === 1
      ? Math.max(timing.minPollMs, view.paceMs / timing.pollsPerTurn)
      : Math.min(timing.maxSleepMs, ((ahead - 1) * view.paceMs) / 2);
  return { go: false, sleepMs };
}

/** The line's pace after it was seen to move `turnsMoved` turns in `elapsedMs`, capped at maxPaceMs. */
export function measuredPace(
  elapsedMs: number,
  turnsMoved: number,
  timing: RoundRobinTiming = ROUND_ROBIN_TIMING,
): number {
  return Math.min(timing.maxPaceMs, elapsedMs / turnsMoved);
}
