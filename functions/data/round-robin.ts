/**
 * Round-robin state (DESIGN.md §5). keys.roundRobin() holds the last assigned agent and the turn of the create that
 * assigned them; every round-robin create writes it, conditional on the values it read, in the transaction that
 * creates the ticket. That condition alone keeps assignment exact under any concurrency.
 *
 * Turns only make it efficient. A burst of creates that all read the same state would all but one lose, retry,
 * and lose again, and each lost transaction costs as much as a won one (DynamoDB Local runs ~45 of them a second).
 * So a create first takes a turn (an atomic ADD on keys.roundRobinTurns()) and tries its write once the create
 * before it has written. A turn that is never used (a create that failed) holds the line for at most
 * PATIENCE_MS; after that the next create goes ahead anyway, still guarded by the condition.
 */
import { setTimeout as sleep } from 'node:timers/promises';
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
 * A quick create's duration. Waiters sleep this long per create ahead of them: when the line is slower they wake
 * early and sleep again (a few more reads); they never sleep through their own turn and stall the line.
 */
const TURN_MS = 25;
/** How often the create next in line looks whether its predecessor has written. */
const NEXT_IN_LINE_POLL_MS = 5;
const MAX_SLEEP_MS = 2_000;
/**
 * How long a waiter waits for the line to move before it tries anyway: long enough that a create slowed by a busy
 * table is rarely taken for a lost one (overtaking it makes both retry), short enough that a lost turn costs little.
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
  return { lastAssignedAgentId: Item?.lastAssignedAgentId as string | undefined, lastTurn: Number(Item?.lastTurn ?? 0) };
}

/**
 * The state once every earlier turn has written (or the line stopped moving for PATIENCE_MS). Sleeps in proportion
 * to the creates ahead, so a long line costs a few reads per waiter, not a read every few milliseconds.
 */
export async function waitForRoundRobinTurn(turn: number): Promise<RoundRobinState> {
  let state = await getRoundRobinState();
  let movedAt = Date.now();
  while (state.lastTurn < turn - 1 && Date.now() - movedAt < PATIENCE_MS) {
    const ahead = turn - 1 - state.lastTurn;
    await sleep(ahead === 1 ? NEXT_IN_LINE_POLL_MS : Math.min(MAX_SLEEP_MS, (ahead - 1) * TURN_MS));
    const next = await getRoundRobinState();
    if (next.lastTurn !== state.lastTurn) movedAt = Date.now();
    state = next;
  }
  return state;
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
