/**
 * Round-robin state (docs/data-model.md). keys.roundRobin() holds the last assigned agent and the turn of the create that
 * assigned them; every round-robin create writes it, conditional on the values it read, in the transaction that
 * creates the ticket. That condition alone keeps assignment exact under any concurrency.
 *
 * Turns only make it efficient. A burst of creates that all read the same state would all but one lose, retry,
 * and lose again, and each lost transaction costs as much as a won one (DynamoDB Local runs ~45 of them a second).
 * So a create first takes a turn (an atomic ADD on keys.roundRobinTurns()) and tries its write once the create
 * before it has written. A create that fails after taking its turn hands it on at once (passRoundRobinTurn): under
 * load, clients retry creates that ran out of time, each retry takes a new turn, and a retry that finds its original
 * committed meanwhile must not stall the line behind it. A turn nobody hands on (a process that died holding it)
 * holds the line for at most PATIENCE_MS; after that the next create goes ahead anyway, still guarded by the
 * condition, while the creates behind it wait longer: one create tries at once, not the whole line.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { keys } from './table.ts';
import type { GuardedItem } from './transactions.ts';

export interface RoundRobinState {
  lastAssignedAgentId: string | undefined;
  /** The turn of the create that wrote this state; 0 before the first. */
  lastTurn: number;
}

/**
 * The pace of the line (milliseconds per turn) assumed until one has been seen: a quick create's duration on a
 * quiet table. Each waiter then measures the pace itself, so a line slowed by a busy table is polled less, not more:
 * every read of the state competes with the write the line is waiting for.
 */
const INITIAL_PACE_MS = 25;
/** A pace measured across a stall (a turn nobody passed on) is not the line's: never assume one slower than this. */
const MAX_PACE_MS = 250;
/** The create next in line looks this many times per turn's duration whether its predecessor has written. */
const POLLS_PER_TURN = 5;
const MIN_POLL_MS = 5;
const MAX_SLEEP_MS = 2_000;
/**
 * How long the create right behind a turn waits for it before it goes ahead anyway: long enough that a create slowed
 * by a busy table is rarely taken for a lost one (overtaking it makes both retry), short enough that a lost turn
 * costs little. A create further back waits this long per turn ahead of it, so that a stalled line is passed by the
 * next create alone, not by every waiter at once (each failed write costs the table as much as a successful one).
 */
const PATIENCE_MS = 1_000;

/** takeRoundRobinTurn: the next turn number, by an atomic ADD (never the same twice). */
export async function takeRoundRobinTurn(): Promise<number> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: keys.roundRobinTurns(),
      UpdateExpression: 'ADD issued :one',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.issued);
}

/** getRoundRobinState: the state as last written (strongly consistent). */
export async function getRoundRobinState(): Promise<RoundRobinState> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.roundRobin(), ConsistentRead: true }),
  );
  return {
    lastAssignedAgentId: Item?.lastAssignedAgentId as string | undefined,
    lastTurn: Number(Item?.lastTurn ?? 0),
  };
}

/**
 * The state once every earlier turn has written (or the line stood still for PATIENCE_MS per turn ahead). A waiter sleeps through
 * half the time the creates ahead of it should take at the pace it has seen, so it wakes a few times on the way,
 * never after its turn; next in line, it polls a few times per turn.
 */
export async function waitForRoundRobinTurn(turn: number): Promise<RoundRobinState> {
  let state = await getRoundRobinState();
  let movedAt = Date.now();
  let pace = INITIAL_PACE_MS;
  while (state.lastTurn < turn - 1 && Date.now() - movedAt < PATIENCE_MS * (turn - 1 - state.lastTurn)) {
    const ahead = turn - 1 - state.lastTurn;
    await sleep(
      ahead === 1 ? Math.max(MIN_POLL_MS, pace / POLLS_PER_TURN) : Math.min(MAX_SLEEP_MS, ((ahead - 1) * pace) / 2),
    );
    const next = await getRoundRobinState();
    if (next.lastTurn > state.lastTurn) {
      const now = Date.now();
      pace = Math.min(MAX_PACE_MS, (now - movedAt) / (next.lastTurn - state.lastTurn));
      movedAt = now;
    }
    state = next;
  }
  return state;
}

/**
 * passRoundRobinTurn: moves the line past `turn`, whose create will not write, leaving the last agent as it is. A
 * no-op once the line is past it (the create did write after all, or a waiter overtook it).
 */
export async function passRoundRobinTurn(turn: number, at: string): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: keys.roundRobin(),
        UpdateExpression: 'SET lastTurn = :turn, updatedAt = :at',
        ConditionExpression: 'attribute_not_exists(lastTurn) OR lastTurn < :turn',
        ExpressionAttributeValues: { ':turn': turn, ':at': at },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/**
 * The round-robin write of a create: the new last agent and turn, only if the state is still the one read.
 * A create that was overtaken keeps the later turn, so the line behind it never moves backwards.
 */
export function roundRobinWrite(read: RoundRobinState, nextAgentId: string, turn: number, at: string): GuardedItem {
  const sameTurn = read.lastTurn > 0 ? 'lastTurn = :previousTurn' : 'attribute_not_exists(lastTurn)';
  const guard = read.lastAssignedAgentId
    ? `lastAssignedAgentId = :previous AND ${sameTurn}`
    : 'attribute_not_exists(lastAssignedAgentId)';
  return {
    item: {
      Update: {
        TableName: config().tableName,
        Key: keys.roundRobin(),
        UpdateExpression: 'SET lastAssignedAgentId = :next, lastTurn = :turn, updatedAt = :at',
        ConditionExpression: guard,
        ExpressionAttributeValues: {
          ':next': nextAgentId,
          ':turn': Math.max(turn, read.lastTurn),
          ':at': at,
          ...(read.lastAssignedAgentId ? { ':previous': read.lastAssignedAgentId } : {}),
          ...(read.lastAssignedAgentId && read.lastTurn > 0 ? { ':previousTurn': read.lastTurn } : {}),
        },
      },
    },
    onConditionFailed: 'retry',
  };
}
