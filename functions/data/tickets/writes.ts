/**
 * Ticket writes (docs/data-model.md, T3 and T6-T8, T16, T17). Every change to a ticket is one transaction: the ticket
 * (created only where none exists, or changed only over the version it was decided from), the aggregate counters it
 * moves, a history entry, and whatever further items the use case adds (category usage, the assignee check, the
 * round-robin state, the Idempotency-Key, a comment). A version that moved is a StaleReadError: the use case reads
 * again and decides again.
 */
import { randomUUID } from 'node:crypto';
import type { Actor, FieldChange, HistoryAction, HistoryEntry } from '#shared/schemas/ticket.ts';
import { aggregateDeltas } from '../../domain/metrics.ts';
import { type TicketRecord, type Transition, ticketRefusals } from '../../domain/tickets.ts';
import { config } from '../../lib/config.ts';
import { aggregateUpdates } from '../stats.ts';
import { keys } from '../table.ts';
import { type GuardedItem, transact } from '../transactions.ts';
import { ticketItem } from './item.ts';

const TableName = () => config().tableName;

export interface TicketWrite {
  actor: Actor;
  action: HistoryAction;
  /** Further items of the same transaction. */
  extra?: readonly GuardedItem[];
  /** The change's time: the history entry's, and the day and week the counters move in. */
  now: Date;
}

function historyEntry(ticketId: number, actor: Actor, action: HistoryAction, changes: FieldChange[], at: string) {
  const id = randomUUID();
  const entry: HistoryEntry = { id, at, actor, action, changes };
  return {
    item: { Put: { TableName: TableName(), Item: { ...keys.ticketHistory(ticketId, at, id), ticketId, ...entry } } },
  } satisfies GuardedItem;
}

/** writeNewTicket: the ticket, only where none exists, with its counters, its `created` history entry and `extra`. */
export async function writeNewTicket(
  ticket: TicketRecord,
  changes: FieldChange[],
  { actor, extra = [], now }: Omit<TicketWrite, 'action'>,
): Promise<TicketRecord> {
  const at = now.toISOString();
  await transact([
    ...extra,
    {
      item: {
        Put: { TableName: TableName(), Item: ticketItem(ticket), ConditionExpression: 'attribute_not_exists(pk)' },
      },
    },
    ...aggregateUpdates(aggregateDeltas(null, ticket, now), at),
    historyEntry(ticket.id, actor, 'created', changes, at),
  ]);
  return ticket;
}

/**
 * writeTicketChange: the transition decided from `current`, only while the ticket is still at `current.version`
 * (else a StaleReadError), with the counters it moves, a history entry and `extra`. A transition that leaves the
 * ticket item as it was writes the history entry and `extra` only, on a ticket that must still exist (else 404).
 * Returns the ticket as written.
 */
export async function writeTicketChange(
  current: TicketRecord,
  transition: Transition,
  { actor, action, extra = [], now }: TicketWrite,
): Promise<TicketRecord> {
  const at = now.toISOString();
  const changed = transition.ticket !== current;
  const written: TicketRecord = changed ? { ...transition.ticket, version: current.version + 1 } : current;
  const ticketItems: GuardedItem[] = changed
    ? [
        {
          item: {
            Put: {
              TableName: TableName(),
              Item: ticketItem(written),
              ConditionExpression: '#version = :version',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':version': current.version },
            },
          },
          onConditionFailed: 'retry',
        },
        ...aggregateUpdates(aggregateDeltas(current, written, now), at),
      ]
    : [
        {
          item: {
            ConditionCheck: {
              TableName: TableName(),
              Key: keys.ticket(current.id),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          onConditionFailed: ticketRefusals.notFound,
        },
      ];
  await transact([...ticketItems, ...extra, historyEntry(current.id, actor, action, transition.changes, at)]);
  return written;
}

/** ADD to a category's usage count; adding requires the category to be active (else "unknown category", 400). */
export function categoryUsage(categoryId: string, amount: 1 | -1): GuardedItem {
  const adding = amount > 0;
  return {
    item: {
      Update: {
        TableName: TableName(),
        Key: keys.category(categoryId),
        UpdateExpression: 'ADD usageCount :n',
        ConditionExpression: adding ? 'attribute_exists(pk) AND isActive = :true' : 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':n': amount, ...(adding ? { ':true': true } : {}) },
      },
    },
    onConditionFailed: adding ? ticketRefusals.unknownCategory : 'retry',
  };
}

/** The assignee must still be active, in one of `roles`, when the ticket is written; `onFailed` says what if not. */
export function assigneeStillEligible(
  userId: string,
  roles: readonly string[],
  onFailed: NonNullable<GuardedItem['onConditionFailed']>,
): GuardedItem {
  const roleValues = Object.fromEntries(roles.map((role, i) => [`:role${i}`, role]));
  return {
    item: {
      ConditionCheck: {
        TableName: TableName(),
        Key: keys.user(userId),
        ConditionExpression: `isActive = :true AND #role IN (${Object.keys(roleValues).join(', ')})`,
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':true': true, ...roleValues },
      },
    },
    onConditionFailed: onFailed,
  };
}
