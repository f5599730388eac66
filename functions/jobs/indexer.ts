/**
 * The table's stream → the term index of word search (docs/decisions/090-search-by-term-index.md). Records are
 * indexed in stream order; from the first one that fails, that record and those after it are reported in
 * `batchItemFailures` (functions/lib/batch.ts), so the stream's retry starts there. Every index write is safe to
 * repeat, so a record indexed twice changes nothing more.
 */
import middy from '@middy/core';
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { inStreamOrder } from '../lib/batch.ts';
import { logger } from '../lib/logger.ts';
import { observed } from '../lib/observability.ts';
import { streamChange } from '../outbound/stream-change.ts';
import { indexChange } from '../use-cases/tickets/index-for-search.ts';

async function indexBatch(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const now = new Date();
  return inStreamOrder(event, async (record) => {
    const change = streamChange(record, now);
    if (!change) return;
    try {
      await indexChange(change);
    } catch (error) {
      logger.error('Indexing failed; the stream will retry from this record', {
        error: error as Error,
        eventId: change.eventId,
      });
      throw error;
    }
  });
}

export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse, Error, Context>()
  .use(observed())
  .handler((event) => indexBatch(event));
