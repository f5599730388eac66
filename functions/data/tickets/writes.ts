/**
 * Ticket writes (docs/data-model.md, T3 and T6-T8, T16, T17). Every change to a ticket is one transaction: the ticket
 * (created only where none exists, or changed only over the version it was decided from), the aggregate counters it
 * moves, a history entry, and whatever further items the use case adds (category usage, the assignee check, the
 * round-robin state, the Idempotency-Key, a comment). A version that moved is a StaleReadError: the use case reads
 * again and decides again.
 */
import { randomUUID } from 'node:crypto';
import type { Actor, FieldChange, HistoryAction, HistoryEntry, MailNote } from '#shared/schemas/ticket.ts';
import { aggregateDeltas } from '../../domain/metrics.ts';
import { loadDeltas } from '../../domain/routing.ts';
import { type TicketRecord, type Transition, ticketRefusals } from '../../domain/tickets.ts';
import { config } from '../../lib/config.ts';
import { aggregateUpdates } from '../stats.ts';
import { keys } from '../table.ts';
import { type GuardedItem, transact } from '../transactions.ts';
import { type AssigneeGuard, userLoadItem } from '../users.ts';
import { ticketItem } from './item.ts';

const TableName = () => config().tableName;

export interface TicketWrite {
  actor: Actor;
  action: HistoryAction;
  /** Further items of the same transaction. */
  extra?: readonly GuardedItem[];
  /** The change's time: the history entry's, and the day and week the counters move in. */
  now: Date;
  /** The e-mail the change came in by, for the history entry. */
  mail?: MailNote;
  /** What the assignee must still be when the ticket is written (active, a role; for routing, available and under cap). */
  assignee?: { userId: string; guard: AssigneeGuard };
}

/**
 * The user items of a ticket write: each open-ticket counter the change moves (docs/decisions/006), and the assignee's
 * condition, on one item per user.
 */
function userItems(before: TicketRecord | null, after: TicketRecord, assignee: TicketWrite['assignee']): GuardedItem[] {
  const deltas = loadDeltas(before, after);
  if (assignee && !deltas.has(assignee.userId)) deltas.set(assignee.userId, 0);
  return [...deltas].map(([userId, delta]) =>
    userLoadItem({ userId, delta, guard: assignee?.userId === userId ? assignee.guard : undefined }),
  );
}

/** A history entry's Put; `id` is random unless the writer needs a repeat of the same entry to land on one item. */
export function historyPut(ticketId: number, entry: Omit<HistoryEntry, 'id'>, id: string = randomUUID()): GuardedItem {
  const item: HistoryEntry = { id, ...entry };
  return {
    item: {
      Put: { TableName: TableName(), Item: { ...keys.ticketHistory(ticketId, entry.at, id), ticketId, ...item } },
    },
  };
}

function historyEntry(
  ticketId: number,
  { actor, action, mail }: Pick<TicketWrite, 'actor' | 'action' | 'mail'>,
  changes: FieldChange[],
  at: string,
) {
  return historyPut(ticketId, { at, actor, action, changes, ...(mail ? { mail } : {}) });
}

/** A check, in a ticket write's transaction, that another ticket exists and was not merged since it was read. */
export function stillUnmerged(ticketId: number): GuardedItem {
  return {
    item: {
      ConditionCheck: {
        TableName: TableName(),
        Key: keys.ticket(ticketId),
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(mergedIntoId) OR mergedIntoId = :none)',
        ExpressionAttributeValues: { ':none': null },
      },
    },
    onConditionFailed: 'retry',
  };
}

/**
 * Who wrote the ticket last, and how, kept on the ticket item (not part of the record) so that the stream's readers
 * can tell a change made by the assignee from one made by someone else, and a customer's message from other writes.
 */
const lastWrite = (actor: Actor, action: HistoryAction, at: string) => ({
  lastWrite: { actorType: actor.type, actorId: actor.id, action, at },
});

/** writeNewTicket: the ticket, only where none exists, with its counters, its `created` history entry and `extra`. */
export async function writeNewTicket(
  ticket: TicketRecord,
  changes: FieldChange[],
  { actor, extra = [], now, mail, assignee }: Omit<TicketWrite, 'action'>,
): Promise<TicketRecord> {
  const at = now.toISOString();
  await transact([
    ...extra,
    ...userItems(null, ticket, assignee),
    {
      item: {
        Put: {
          TableName: TableName(),
          Item: { ...ticketItem(ticket), ...lastWrite(actor, 'created', at) },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    ...aggregateUpdates(aggregateDeltas(null, ticket, now), at),
    historyEntry(ticket.id, { actor, action: 'created', mail }, changes, at),
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
  { actor, action, extra = [], now, mail, assignee }: TicketWrite,
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
              Item: { ...ticketItem(written), ...lastWrite(actor, action, at) },
              ConditionExpression: '#version = :version',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':version': current.version },
            },
          },
          onConditionFailed: 'retry',
        },
        ...aggregateUpdates(aggregateDeltas(current, written, now), at),
        ...userItems(current, written, assignee),
      ]
    : [
        ...(assignee ? userItems(current, current, assignee) : []),
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
  await transact([...ticketItems, ...extra, historyEntry(current.id, { actor, action, mail }, transition.changes, at)]);
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
