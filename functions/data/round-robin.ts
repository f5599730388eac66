/**
 * Round-robin state (docs/data-model.md, T4; docs/decisions/004): keys.roundRobin() holds the last assigned agent and
 * the turn of the create that assigned them, and keys.roundRobinTurns() the last turn handed out. The use case that
 * runs a create in its turn is functions/use-cases/tickets/round-robin.ts.
 */
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
 * The round-robin write of a create: the new last agent and turn, only if the state is still the one read (else a
 * StaleReadError). A create that was overtaken keeps the later turn, so the line behind it never moves backwards.
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
