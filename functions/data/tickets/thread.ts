/**
 * A ticket's thread and history (docs/data-model.md, T8 and T9): comment items and history entries share the
 * ticket's partition, sorted by time under their own prefix, so each reads oldest first with one Query.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Actor, Comment, FieldChange, HistoryAction, HistoryEntry } from '#shared/schemas/ticket.ts';
import { dynamo } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { keys, TICKET_THREAD_PREFIXES } from '../table.ts';
import type { GuardedItem } from '../transactions.ts';
import { requireTicket } from './item.ts';

/** Most entries one ticket's comments or history answer with; a ticket's thread is bounded, this only caps it. */
const THREAD_LIMIT = 1_000;

/** The Put of a new comment, for the transaction that records it with its history entry. */
export function commentPut(comment: Comment): GuardedItem {
  return {
    item: {
      Put: {
        TableName: config().tableName,
        Item: { ...keys.ticketComment(comment.ticketId, comment.createdAt, comment.id), ...comment },
      },
    },
  };
}

const toComment = (item: Record<string, unknown>): Comment => ({
  id: item.id as string,
  ticketId: item.ticketId as number,
  userId: item.userId as string,
  comment: item.comment as string,
  isInternal: item.isInternal as boolean,
  createdAt: item.createdAt as string,
  author: item.author as Comment['author'],
});

async function queryThread(
  id: number,
  prefix: (typeof TICKET_THREAD_PREFIXES)[keyof typeof TICKET_THREAD_PREFIXES],
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: config().tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.ticket(id).pk, ':prefix': prefix },
        Limit: THREAD_LIMIT - items.length,
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && items.length < THREAD_LIMIT);
  return items;
}

/** listComments: a ticket's comments, oldest first (404 for an unknown ticket). */
export async function listComments(id: number): Promise<Comment[]> {
  const [items] = await Promise.all([queryThread(id, TICKET_THREAD_PREFIXES.comments), requireTicket(id)]);
  return items.map(toComment);
}

/** listHistory: a ticket's history entries, oldest first (404 for an unknown ticket). */
export async function listHistory(id: number): Promise<HistoryEntry[]> {
  const [items] = await Promise.all([queryThread(id, TICKET_THREAD_PREFIXES.history), requireTicket(id)]);
  return items.map((item) => ({
    id: item.id as string,
    at: item.at as string,
    actor: item.actor as Actor,
    action: item.action as HistoryAction,
    changes: item.changes as FieldChange[],
  }));
}
