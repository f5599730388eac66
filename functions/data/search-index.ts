/**
 * The term index of word search (docs/data-model.md, W1-W4; docs/decisions/090-search-by-term-index.md): a posting
 * per term and ticket, the vocabulary with each term's ticket count, and each ticket's own term list. Written from
 * the table's stream by the indexer (functions/jobs/indexer.ts), in bulk by functions/data/ticket-import.ts.
 *
 * Every write here is safe to repeat: a record delivered twice, or a batch retried after a crash, converges on the
 * same postings. The vocabulary counts move only when a posting really appears or disappears (its conditional write
 * succeeded), so a repeat does not count twice; a crash between the two writes leaves a count one off, which only
 * makes the choice of the rarest word a little less sharp.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TICKET_TERMS_MAX, termSet } from '../domain/search-terms.ts';
import { dynamo } from '../lib/clients.ts';
import { settleWithConcurrency } from '../lib/concurrency.ts';
import { config } from '../lib/config.ts';
import type { TicketRecord } from '../domain/tickets.ts';
import { COLLECTIONS, INDEXES, keys, ticketIndexKeys } from './table.ts';
import { ticketFromItem } from './tickets/item.ts';

/** Term writes in flight at once for one ticket. */
const WRITE_CONCURRENCY = 8;

/** A ticket's own term list (W3): what its subject and description hold, what its public messages added. */
interface TicketTerms {
  created: string;
  version: number;
  ticketTerms: Set<string>;
  messageTerms: Set<string>;
}

/** The text fields of a ticket the index reads. */
export interface IndexedTicket {
  id: number;
  createdAt: string;
  version: number;
  subject: string;
  description: string;
}

async function readTicketTerms(id: number): Promise<TicketTerms | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.ticketTerms(id), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return {
    created: Item.created as string,
    version: Item.version as number,
    ticketTerms: (Item.ticketTerms as Set<string> | undefined) ?? new Set(),
    messageTerms: (Item.messageTerms as Set<string> | undefined) ?? new Set(),
  };
}

const isConditionFailure = (error: unknown) => error instanceof ConditionalCheckFailedException;

// What the indexer writes and the bulk import writes directly (bulkIndexItems) come from the same three builders.

/** Where a ticket's postings sort, and the terms of its subject and description. */
function textTerms(ticket: IndexedTicket): { created: string; terms: Set<string> } {
  return {
    created: ticketIndexKeys.created(ticket.createdAt, ticket.id),
    terms: termSet(ticket.subject, ticket.description),
  };
}

/** The posting of `term` for one ticket (W1). */
const postingItem = (term: string, created: string, ticketId: number) => ({
  ...keys.termPosting(term, created),
  ticketId,
});

/** A ticket's term list (W3) as of the text indexed; a DynamoDB string set may not be empty, so no terms, no set. */
const termListFields = (created: string, version: number, terms: Set<string>) => ({
  created,
  version,
  ...(terms.size > 0 ? { ticketTerms: terms } : {}),
});

/** One posting in or out, and the term's ticket count with it when the posting really changed. */
async function movePosting(term: string, created: string, ticketId: number, change: 1 | -1): Promise<void> {
  const TableName = config().tableName;
  try {
    if (change > 0) {
      await dynamo().send(
        new PutCommand({
          TableName,
          Item: postingItem(term, created, ticketId),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } else {
      await dynamo().send(
        new DeleteCommand({
          TableName,
          Key: keys.termPosting(term, created),
          ConditionExpression: 'attribute_exists(pk)',
        }),
      );
    }
  } catch (error) {
    if (isConditionFailure(error)) return;
    throw error;
  }
  await addToVocabulary(term, change);
}

/** The vocabulary item of `term` (W2), its ticket count moved by `n`. */
async function addToVocabulary(term: string, n: number): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: keys.vocabulary(term),
      UpdateExpression: 'ADD tickets :n',
      ExpressionAttributeValues: { ':n': n },
    }),
  );
}

/** Runs `work` for each item, a few at a time; the first failure is thrown once all have settled. */
async function eachConcurrently<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  const results = await settleWithConcurrency(items, WRITE_CONCURRENCY, work);
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) throw failure.reason;
}

async function movePostings(created: string, ticketId: number, added: string[], removed: string[]): Promise<void> {
  const moves = [...added.map((term) => [term, 1] as const), ...removed.map((term) => [term, -1] as const)];
  await eachConcurrently(moves, ([term, change]) => movePosting(term, created, ticketId, change));
}

/**
 * indexTicketText: the ticket's subject and description as its postings now; terms that left them (and no public
 * message holds) lose their posting. An image older than the one already indexed changes nothing.
 */
export async function indexTicketText(ticket: IndexedTicket): Promise<void> {
  const current = await readTicketTerms(ticket.id);
  if (current && current.version >= ticket.version) return;
  const { created, terms: next } = textTerms(ticket);
  const before = current?.ticketTerms ?? new Set<string>();
  const messages = current?.messageTerms ?? new Set<string>();
  const added = [...next].filter((term) => !before.has(term) && !messages.has(term));
  const removed = [...before].filter((term) => !next.has(term) && !messages.has(term));
  await movePostings(created, ticket.id, added, removed);
  // The message terms stay: an update of the text's fields, and ticketTerms removed when the text has no terms.
  const fields = Object.entries(termListFields(created, ticket.version, next));
  const assignments = fields.map(([name]) => `${name} = :${name}`).join(', ');
  await dynamo().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: keys.ticketTerms(ticket.id),
      UpdateExpression: `SET ${assignments}${next.size > 0 ? '' : ' REMOVE ticketTerms'}`,
      ExpressionAttributeValues: Object.fromEntries(fields.map(([name, value]) => [`:${name}`, value])),
    }),
  );
}

/**
 * indexPublicMessage: the terms of a public message on the ticket (its customer's or a staff reply), added to the
 * ticket's postings. Messages are never edited, so their terms only ever join.
 */
export async function indexPublicMessage(ticket: Pick<IndexedTicket, 'id' | 'createdAt'>, text: string) {
  const current = await readTicketTerms(ticket.id);
  const known = new Set([...(current?.ticketTerms ?? []), ...(current?.messageTerms ?? [])]);
  const added = [...termSet(text)]
    .filter((term) => !known.has(term))
    .slice(0, Math.max(0, TICKET_TERMS_MAX - known.size));
  if (added.length === 0) return;
  const created = ticketIndexKeys.created(ticket.createdAt, ticket.id);
  await movePostings(created, ticket.id, added, []);
  await dynamo().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: keys.ticketTerms(ticket.id),
      UpdateExpression: 'SET created = :created ADD messageTerms :terms',
      ExpressionAttributeValues: { ':created': created, ':terms': new Set(added) },
    }),
  );
}

/**
 * The index items of tickets written in bulk (functions/data/ticket-import.ts), as the indexer would leave them: each
 * ticket's postings and term list, and how many of them hold each term (for addVocabularyCounts).
 */
export function bulkIndexItems(tickets: readonly IndexedTicket[]): {
  items: Record<string, unknown>[];
  counts: Map<string, number>;
} {
  const items: Record<string, unknown>[] = [];
  const counts = new Map<string, number>();
  for (const ticket of tickets) {
    const { created, terms } = textTerms(ticket);
    for (const term of terms) {
      items.push(postingItem(term, created, ticket.id));
      counts.set(term, (counts.get(term) ?? 0) + 1);
    }
    items.push({ ...keys.ticketTerms(ticket.id), ...termListFields(created, ticket.version, terms) });
  }
  return { items, counts };
}

/** ADD to the vocabulary counts of terms whose postings were written in bulk. */
export async function addVocabularyCounts(counts: ReadonlyMap<string, number>): Promise<void> {
  await eachConcurrently([...counts], ([term, n]) => addToVocabulary(term, n));
}

const BACKFILL_POSITION = keys.meta('SEARCH_BACKFILL');

/**
 * Tickets oldest first on byCollection, `limit` from where the backfill stopped last (docs/decisions/090); `next`
 * is where the one after them starts, or null at the end.
 */
export async function ticketsToBackfill(
  limit: number,
): Promise<{ tickets: TicketRecord[]; next: Record<string, unknown> | null; done: boolean }> {
  const TableName = config().tableName;
  const { Item } = await dynamo().send(new GetCommand({ TableName, Key: BACKFILL_POSITION, ConsistentRead: true }));
  if (Item?.done === true) return { tickets: [], next: null, done: true };
  const { Items = [], LastEvaluatedKey } = await dynamo().send(
    new QueryCommand({
      TableName,
      IndexName: INDEXES.byCollection.name,
      KeyConditionExpression: '#pk = :tickets',
      ExpressionAttributeNames: { '#pk': INDEXES.byCollection.pk },
      ExpressionAttributeValues: { ':tickets': COLLECTIONS.tickets },
      Limit: limit,
      ExclusiveStartKey: Item?.next as Record<string, unknown> | undefined,
    }),
  );
  return { tickets: Items.map(ticketFromItem), next: LastEvaluatedKey ?? null, done: !LastEvaluatedKey };
}

/** Records how far the backfill got: the key to start from next, or that it is done. */
export async function saveBackfillPosition(next: Record<string, unknown> | null): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: config().tableName,
      Item: { ...BACKFILL_POSITION, ...(next ? { next } : { done: true }), at: new Date().toISOString() },
    }),
  );
}
