/**
 * The table's stream → the term index of word search (docs/decisions/090-search-by-term-index.md). Records are
 * indexed in stream order; at the first one that fails the batch stops and reports it in `batchItemFailures`, so the
 * stream's retry starts there. Every index write is safe to repeat, so a record indexed twice changes nothing more.
 */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../lib/logger.ts';
import { streamChange } from '../lib/stream-change.ts';
import { indexChange } from '../use-cases/tickets/index-for-search.ts';

async function indexBatch(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const now = new Date();
  for (const record of event.Records) {
    const change = streamChange(record, now);
    if (!change) continue;
    try {
      await indexChange(change);
    } catch (error) {
      logger.error('Indexing failed; the stream will retry from this record', {
        error: error as Error,
        eventId: change.eventId,
      });
      const sequenceNumber = record.dynamodb?.SequenceNumber;
      if (!sequenceNumber) throw error;
      return { batchItemFailures: [{ itemIdentifier: sequenceNumber }] };
    }
  }
  return { batchItemFailures: [] };
}

export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse, Error, Context>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler((event) => indexBatch(event));
