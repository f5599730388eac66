/**
 * A ticket's thread and history (docs/data-model.md, T8, T9 and T18): comment items (staff replies, internal notes,
 * customer messages) and history entries share the ticket's partition, sorted by time under their own prefix, so
 * each reads oldest first with one Query.
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type {
  Actor,
  Comment,
  FieldChange,
  HistoryAction,
  HistoryEntry,
  MailNote,
  ThreadPage,
} from '#shared/schemas/ticket.ts';
import { dynamo } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { listBinding, openCursor, readPage, sealCursor, stringKey } from '../cursor.ts';
import { keys, TICKET_THREAD_PREFIXES } from '../table.ts';
import type { GuardedItem } from '../transactions.ts';
import { requireTicket } from './item.ts';

/**
 * How a read of the thread reads its ticket, in parallel with the thread: by default any ticket or a 404; a use case
 * passes the read that also hides a restricted case from its caller (functions/use-cases/tickets/common.ts).
 */
type TicketCheck = (id: number) => Promise<unknown>;

/** Most entries one ticket's comments, history or attachments answer with; a ticket's thread is bounded, this only caps it. */
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

/**
 * putCommentOnce: a comment under its own key, unless it is there already (a merge that is retried copies the same
 * messages again, onto the same keys). Returns whether it was written now.
 */
export async function putCommentOnce(comment: Comment): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: config().tableName,
        Item: { ...keys.ticketComment(comment.ticketId, comment.createdAt, comment.id), ...comment },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** A stored comment; one stored before the thread model knew authors and channels was a staff comment in the app. */
export const toComment = (item: Record<string, unknown>): Comment => ({
  id: item.id as string,
  ticketId: item.ticketId as number,
  userId: (item.userId as string | null | undefined) ?? null,
  authorType: (item.authorType as Comment['authorType'] | undefined) ?? 'staff',
  channel: (item.channel as Comment['channel'] | undefined) ?? 'web',
  comment: item.comment as string,
  isInternal: item.isInternal as boolean,
  createdAt: item.createdAt as string,
  author: item.author as Comment['author'],
  // What the message's files were when it was written; readers overlay each file's state now (use-cases/tickets/thread.ts).
  attachments: (item.attachments as Comment['attachments'] | undefined) ?? [],
  ...(item.mergedFrom ? { mergedFrom: item.mergedFrom as NonNullable<Comment['mergedFrom']> } : {}),
  ...(typeof item.macroId === 'string' ? { macroId: item.macroId } : {}),
  ...(item.toChildren === true ? { toChildren: true } : {}),
  ...(item.fromIncident ? { fromIncident: item.fromIncident as NonNullable<Comment['fromIncident']> } : {}),
  ...(item.held === true ? { held: true } : {}),
  ...(item.hold ? { hold: item.hold as NonNullable<Comment['hold']> } : {}),
});

export async function queryThread(
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
export async function listComments(id: number, check: TicketCheck = requireTicket): Promise<Comment[]> {
  const [items] = await Promise.all([queryThread(id, TICKET_THREAD_PREFIXES.comments), check(id)]);
  return items.map(toComment);
}

/** findComment: one comment of a ticket's thread by id (one Query of the bounded thread); undefined if none. */
export async function findComment(ticketId: number, commentId: string): Promise<Comment | undefined> {
  const items = await queryThread(ticketId, TICKET_THREAD_PREFIXES.comments);
  const item = items.find((candidate) => candidate.id === commentId);
  return item ? toComment(item) : undefined;
}

/** listHistory: a ticket's history entries, oldest first (404 for an unknown ticket). */
export async function listHistory(id: number, check: TicketCheck = requireTicket): Promise<HistoryEntry[]> {
  const [items] = await Promise.all([queryThread(id, TICKET_THREAD_PREFIXES.history), check(id)]);
  return items.map((item) => ({
    id: item.id as string,
    at: item.at as string,
    actor: item.actor as Actor,
    action: item.action as HistoryAction,
    changes: item.changes as FieldChange[],
    ...(item.mail ? { mail: item.mail as MailNote } : {}),
  }));
}

/** Most comment items one page of the thread evaluates (matched or not), so a page's cost is bounded. */
const THREAD_PAGE_BUDGET = 1_000;

/** The list a thread cursor belongs to: this ticket's thread, as this reader sees it (with or without notes). */
const threadBinding = (ticketId: number, publicOnly: boolean) => listBinding('thread', { ticketId, publicOnly });

/** The key inside a thread cursor, only if this thread made it and it is a comment key of this ticket. */
function threadStartKey(ticketId: number, publicOnly: boolean, cursor: string): Promise<Record<string, string>> {
  const partition = keys.ticket(ticketId).pk;
  return openCursor(cursor, threadBinding(ticketId, publicOnly), (payload) => {
    const key = stringKey(payload, ['pk', 'sk']);
    return key?.pk === partition && key.sk?.startsWith(TICKET_THREAD_PREFIXES.comments) ? key : undefined;
  });
}

/**
 * listThread: one page of a ticket's messages, oldest first, at most `limit`; with `publicOnly`, internal notes are
 * left out by DynamoDB. `nextCursor` (the last key, sealed for this thread) is null when nothing more follows; a cursor of
 * another ticket is a 400, an unknown ticket a 404.
 */
export async function listThread(
  ticketId: number,
  options: { publicOnly: boolean; limit: number; cursor?: string },
  check: TicketCheck = requireTicket,
): Promise<ThreadPage> {
  const { publicOnly, limit, cursor } = options;
  const startKey = cursor ? await threadStartKey(ticketId, publicOnly, cursor) : undefined;
  const read = readPage(
    async (from, size) => {
      const result = await dynamo().send(
        new QueryCommand({
          TableName: config().tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ...(publicOnly ? { FilterExpression: 'isInternal = :false' } : {}),
          ExpressionAttributeValues: {
            ':pk': keys.ticket(ticketId).pk,
            ':prefix': TICKET_THREAD_PREFIXES.comments,
            ...(publicOnly ? { ':false': false } : {}),
          },
          Limit: size,
          ExclusiveStartKey: from,
        }),
      );
      return { items: result.Items ?? [], lastKey: result.LastEvaluatedKey, evaluated: result.ScannedCount ?? 0 };
    },
    {
      limit,
      filtered: publicOnly,
      budget: THREAD_PAGE_BUDGET,
      startKey,
      keyAttributes: ['pk', 'sk'],
      cursorOf: (key) => sealCursor(threadBinding(ticketId, publicOnly), key),
    },
  );
  const [, page] = await Promise.all([check(ticketId), read]);
  return { messages: page.items.map(toComment), nextCursor: page.nextCursor };
}
