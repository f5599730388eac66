/**
 * Bulk import of finished tickets, for seeding and benchmarks: far faster than one transaction per change, and
 * leaves the same items, indexes and aggregate counters the ticket transactions would. Not for request paths:
 * it is not atomic, and it assumes nobody else writes the same tickets meanwhile.
 */
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import { aggregateDeltas, type AggregateDelta } from '../domain/metrics.ts';
import type { TicketRecord } from '../domain/tickets.ts';
import { dynamo } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { addVocabularyCounts, bulkIndexItems } from './search-index.ts';
import { aggregateUpdates } from './stats.ts';
import { keys } from './table.ts';
import { ticketItem } from './tickets/item.ts';

const BATCH_SIZE = 25;
const MAX_BATCH_ATTEMPTS = 8;
const PARALLEL_BATCHES = 8;

async function writeBatch(items: Record<string, unknown>[]): Promise<void> {
  const TableName = config().tableName;
  let pending = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 1; pending.length > 0; attempt++) {
    if (attempt > MAX_BATCH_ATTEMPTS)
      throw new Error(`${pending.length} items still unprocessed after ${MAX_BATCH_ATTEMPTS} attempts`);
    const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [TableName]: pending } }));
    pending = (UnprocessedItems?.[TableName] ?? []) as typeof pending;
    if (pending.length > 0) await sleep(Math.random() * 50 * 2 ** attempt);
  }
}

/**
 * importTickets: the tickets' items and their search index items (postings and term lists, as the indexer would
 * write them: docs/decisions/090-search-by-term-index.md) by BatchWrite, then one ADD per aggregate item, per
 * category and per vocabulary term with the summed contributions (a ticket counts its current state as reached on its
 * creation day).
 */
export async function importTickets(tickets: readonly TicketRecord[]): Promise<void> {
  const index = bulkIndexItems(tickets);
  // The index items first: the indexer, meeting a ticket whose term list is already written, leaves it alone.
  const items = [...index.items, ...tickets.map(ticketItem)];
  let taken = 0;
  const nextBatch = () => {
    const batch = items.slice(taken, taken + BATCH_SIZE);
    taken += batch.length;
    return batch;
  };
  await Promise.all(
    Array.from({ length: PARALLEL_BATCHES }, async () => {
      for (let batch = nextBatch(); batch.length > 0; batch = nextBatch()) await writeBatch(batch);
    }),
  );

  const sums = new Map<string, AggregateDelta>();
  const usage = new Map<string, number>();
  for (const ticket of tickets) {
    for (const delta of aggregateDeltas(null, ticket, new Date(ticket.createdAt))) {
      const id = JSON.stringify(delta.ref);
      const sum = sums.get(id) ?? { ref: delta.ref, counters: {} };
      for (const [name, n] of Object.entries(delta.counters)) sum.counters[name] = (sum.counters[name] ?? 0) + n;
      sums.set(id, sum);
    }
    usage.set(ticket.categoryId, (usage.get(ticket.categoryId) ?? 0) + 1);
  }
  await addVocabularyCounts(index.counts);
  const at = new Date().toISOString();
  for (const { item } of aggregateUpdates([...sums.values()], at)) await dynamo().send(new UpdateCommand(item.Update!));
  for (const [categoryId, n] of usage) {
    await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: keys.category(categoryId),
        UpdateExpression: 'ADD usageCount :n',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':n': n },
      }),
    );
  }
}
