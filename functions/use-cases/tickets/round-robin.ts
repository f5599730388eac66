/**
 * Round robin (docs/decisions/004). The conditional write of the round-robin state, in the transaction that creates
 * the ticket, is the one guarantee: no ticket goes unassigned while an active agent exists, and per-agent counts
 * differ by at most one. Turns only make it efficient: a create first takes a turn number and tries its write once the
 * turn before it has written, so a burst of creates does not all read the same state and all but one fail.
 *
 * `withRoundRobinTurn` is the whole protocol in one place: the turn is taken when the work first asks for an agent,
 * the wait happens there, and if the work fails after taking the turn the turn is handed on at once, so the creates
 * behind it need not wait it out. Nobody else remembers to do any of it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { User } from '#shared/schemas/user.ts';
import {
  getRoundRobinState,
  passRoundRobinTurn,
  type RoundRobinState,
  roundRobinWrite,
  takeRoundRobinTurn,
} from '../../data/round-robin.ts';
import { type GuardedItem, StaleReadError } from '../../data/transactions.ts';
import { type AssigneeGuard, listStaffRecords, type StaffRecord } from '../../data/users.ts';
import { measuredPace, nextAgent, nextWaitStep, ROUND_ROBIN_TIMING } from '../../domain/round-robin.ts';
import { eligibleAgents, type RoutedTicket } from '../../domain/routing.ts';
import { logger } from '../../lib/logger.ts';

export interface RoundRobinChoice {
  /** The next eligible agent; undefined when there is none (the ticket waits in the queue). */
  agent?: User;
  /** The items that write the choice, only over the state it was made from. */
  items: GuardedItem[];
  /**
   * What the agent must still be when the ticket is written: an active agent, available, under their cap (the
   * condition rides on their open-ticket counter's update, so no cap is ever exceeded).
   */
  guard?: AssigneeGuard;
}

/** Picks the next agent; may be called again on every attempt of the same create (the turn is kept). */
export type AssignByRoundRobin = () => Promise<RoundRobinChoice>;

/**
 * withRoundRobinTurn: runs `work` with `assign`, which takes this create's turn on its first call (only if an agent
 * eligible for `ticket` exists, docs/decisions/006), waits for it, and picks the next eligible agent from the state the
 * turn before it wrote. With nobody eligible no turn is taken (or the one taken is handed on) and the ticket waits in
 * the routing queue. If `work` throws after the turn was taken, the turn is handed on before the error goes up.
 */
export async function withRoundRobinTurn<T>(
  now: Date,
  ticket: RoutedTicket,
  work: (assign: AssignByRoundRobin) => Promise<T>,
): Promise<T> {
  const at = now.toISOString();
  let pool: StaffRecord[] | undefined;
  let turn: number | undefined;

  const assign: AssignByRoundRobin = async () => {
    // Read again on every attempt after a refusal: counters and availability move between attempts.
    pool ??= eligibleAgents(await listStaffRecords(), ticket);
    if (pool.length === 0) {
      pool = undefined;
      // Everyone filled up or left while this create waited: it writes no round-robin state, so its turn moves on.
      if (turn !== undefined) {
        await passRoundRobinTurn(turn, at);
        turn = undefined;
      }
      return { items: [] };
    }
    turn ??= await takeRoundRobinTurn();
    const state = await waitForTurn(turn);
    const agent = nextAgent(
      pool.map((record) => record.user),
      state.lastAssignedAgentId,
    )!;
    return {
      agent,
      items: [roundRobinWrite(state, agent.id, turn, at)],
      guard: {
        roles: ['agent'],
        routable: true,
        // Deactivated, away or full since the staff list was read: read the list again, then retry.
        onFailed: () => {
          pool = undefined;
          return new StaleReadError('Round-robin pool changed');
        },
      },
    };
  };

  try {
    return await work(assign);
  } catch (error) {
    // Best effort: if even this fails, the line moves on once its patience runs out.
    if (turn !== undefined) {
      await passRoundRobinTurn(turn, at).catch((passError: unknown) =>
        logger.warn('Could not pass on a round-robin turn', { turn, error: passError }),
      );
    }
    throw error;
  }
}

/**
 * The state once every earlier turn has written, or once the line stood still for its patience: the waiting
 * arithmetic is functions/domain/round-robin.ts `nextWaitStep`; this only reads, sleeps and measures the pace.
 */
async function waitForTurn(turn: number): Promise<RoundRobinState> {
  let state = await getRoundRobinState();
  let movedAt = Date.now();
  let paceMs: number = ROUND_ROBIN_TIMING.initialPaceMs;
  for (;;) {
    const step = nextWaitStep({ turn, lastTurn: state.lastTurn, paceMs, stillForMs: Date.now() - movedAt });
    if (step.go) return state;
    await sleep(step.sleepMs);
    const next = await getRoundRobinState();
    if (next.lastTurn > state.lastTurn) {
      const seenAt = Date.now();
      paceMs = measuredPace(seenAt - movedAt, next.lastTurn - state.lastTurn);
      movedAt = seenAt;
    }
    state = next;
  }
}
