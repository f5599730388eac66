/**
 * Replies the reply guard holds (docs/data-model.md, "Held replies", H1-H5; docs/decisions/099-reply-guard.md): a
 * held reply is an internal note in its ticket's thread (so every reader that skips notes skips it) that carries a
 * `hold`, and, while it waits, byCollection keys under HELD_REPLIES_COLLECTION, so that the compliance list is one
 * Query. Releasing deletes the note and writes the public reply under a new key (an INSERT, which the stream's mail,
 * webhook, incident and search consumers treat like any reply); returning keeps the note and drops its index keys.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Comment } from '#shared/schemas/ticket.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { ConflictError } from '../lib/errors.ts';
import { HELD_REPLIES_COLLECTION, heldReplySortKey, INDEXES, keys } from './table.ts';
import { toComment } from './tickets/thread.ts';
import type { GuardedItem } from './transactions.ts';

/** The guard's terms as saved, with when; undefined while the defaults apply. */
export interface StoredGuardTerms {
  terms: string[];
  updatedAt: string;
}

/** getGuardTerms: the terms compliance users last saved (consistent read); undefined until first saved. */
export async function getGuardTerms(): Promise<StoredGuardTerms | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.guardTerms(), ConsistentRead: true }),
  );
  if (!Item || !Array.isArray(Item.terms)) return undefined;
  return { terms: Item.terms.filter((t): t is string => typeof t === 'string'), updatedAt: String(Item.updatedAt) };
}

/** guardTermsPut: the whole list replaced, for the transaction with its audit entry. */
export function guardTermsPut(terms: readonly string[], now: Date): GuardedItem {
  return {
    item: {
      Put: {
        TableName: config().tableName,
        Item: { ...keys.guardTerms(), terms, updatedAt: now.toISOString() },
      },
    },
  };
}

/** heldReplyPut: a held reply (an internal note with `hold`), listed for compliance while its state is `held`. */
export function heldReplyPut(comment: Comment): GuardedItem {
  const hold = comment.hold;
  if (!hold) throw new Error('heldReplyPut: a held reply carries its hold');
  return {
    item: {
      Put: {
        TableName: config().tableName,
        Item: {
          ...keys.ticketComment(comment.ticketId, comment.createdAt, comment.id),
          [INDEXES.byCollection.pk]: HELD_REPLIES_COLLECTION,
          [INDEXES.byCollection.sk]: heldReplySortKey(hold.heldAt, comment.ticketId, comment.id),
          ...comment,
        },
      },
    },
  };
}

/** listHeldReplies: the replies still held, newest first, at most `limit` (one Query of byCollection). */
export async function listHeldReplies(limit: number): Promise<Comment[]> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      IndexName: INDEXES.byCollection.name,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': INDEXES.byCollection.pk },
      ExpressionAttributeValues: { ':pk': HELD_REPLIES_COLLECTION },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map(toComment);
}

const notHeld = () => new ConflictError('error.guard.notHeld');

/** The condition that the comment is still held: a reply is released or returned once (409 otherwise). */
const stillHeld = {
  ConditionExpression: 'attribute_exists(pk) AND #hold.#state = :held',
  ExpressionAttributeNames: { '#hold': 'hold', '#state': 'state' },
  ExpressionAttributeValues: { ':held': 'held' },
} as const;

/** heldReplyRemoval: the held note leaves the thread as it becomes the public reply; only while still held (409). */
export function heldReplyRemoval(comment: Pick<Comment, 'ticketId' | 'createdAt' | 'id'>): GuardedItem {
  return {
    item: {
      Delete: {
        TableName: config().tableName,
        Key: keys.ticketComment(comment.ticketId, comment.createdAt, comment.id),
        ...stillHeld,
      },
    },
    onConditionFailed: notHeld,
  };
}

/** heldReplyReturn: the note stays internal, with the decision and its note, off the list; only while held (409). */
export function heldReplyReturn(
  comment: Pick<Comment, 'ticketId' | 'createdAt' | 'id'>,
  hold: Comment['hold'],
): GuardedItem {
  return {
    item: {
      Update: {
        TableName: config().tableName,
        Key: keys.ticketComment(comment.ticketId, comment.createdAt, comment.id),
        UpdateExpression: 'SET #hold = :hold REMOVE #gpk, #gsk',
        ConditionExpression: stillHeld.ConditionExpression,
        ExpressionAttributeNames: {
          ...stillHeld.ExpressionAttributeNames,
          '#gpk': INDEXES.byCollection.pk,
          '#gsk': INDEXES.byCollection.sk,
        },
        ExpressionAttributeValues: { ...stillHeld.ExpressionAttributeValues, ':hold': hold },
      },
    },
    onConditionFailed: notHeld,
  };
}
