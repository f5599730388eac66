/**
 * What the DynamoDB stream → Lambda event source mapping is in AWS: reads the table's stream from DynamoDB Local
 * and hands batches to the same handler, as DynamoDBStreamEvent records. Like the mapping, a failed batch is
 * retried from the first reported failure (bounded), then skipped so the stream keeps moving.
 */
import {
  DescribeStreamCommand,
  type DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { lambdaContext } from './lambda-context.ts';

type StreamHandler = (
  event: DynamoDBStreamEvent,
  context: ReturnType<typeof lambdaContext>,
) => Promise<DynamoDBBatchResponse | undefined>;

export interface StreamPollerOptions {
  dynamo: DynamoDBClient;
  streams: DynamoDBStreamsClient;
  tableName: string;
  handler: () => Promise<StreamHandler>;
  functionName?: string;
  intervalMs?: number;
  batchSize?: number;
  maxRetries?: number;
  onError?: (error: unknown) => void;
}

export interface StreamPoller {
  stop(): Promise<void>;
}

/** Starts polling from the stream's current end (what happened while stopped is not replayed). */
export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const { dynamo, streams, tableName } = options;
  const intervalMs = options.intervalMs ?? 200;
  const batchSize = options.batchSize ?? 100;
  const maxRetries = options.maxRetries ?? 3;
  const onError = options.onError ?? ((error) => console.error('stream poller:', error));

  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`Table ${tableName} has no stream`);

  /** Iterators by shard id; a shard whose iterator runs out (closed) is dropped. */
  const iterators = new Map<string, string | undefined>();
  const finished = new Set<string>();
  let firstDiscovery = true;

  async function discoverShards() {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      const id = shard.ShardId!;
      if (iterators.has(id) || finished.has(id)) continue;
      // Shards that exist at start are read from their end; shards born later are read from their start.
      const type = firstDiscovery ? 'LATEST' : 'TRIM_HORIZON';
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: id, ShardIteratorType: type }),
      );
      iterators.set(id, ShardIterator);
    }
    firstDiscovery = false;
  }

  async function deliver(records: _Record[]) {
    let pending = records as unknown as DynamoDBRecord[];
    for (let attempt = 0; attempt <= maxRetries && pending.length; attempt++) {
      const handler = await options.handler();
      const withSource = pending.map((r) => ({ ...r, eventSourceARN: streamArn }));
      try {
        const result = await handler(
          { Records: withSource },
          lambdaContext(options.functionName ?? 'helpdesk-notifier'),
        );
        const failed = result?.batchItemFailures?.[0]?.itemIdentifier;
        if (!failed) return;
        const index = pending.findIndex((r) => r.dynamodb?.SequenceNumber === failed);
        pending = index >= 0 ? pending.slice(index) : [];
      } catch (error) {
        onError(error);
      }
    }
    if (pending.length) onError(new Error(`Skipped ${pending.length} stream records after ${maxRetries} retries`));
  }

  let running = true;
  let discoveredAt = 0;
  const loop = (async () => {
    while (running) {
      try {
        if (Date.now() - discoveredAt > 5_000) {
          await discoverShards();
          discoveredAt = Date.now();
        }
        for (const [shardId, iterator] of iterators) {
          if (!iterator) {
            iterators.delete(shardId);
            finished.add(shardId);
            continue;
          }
          const { Records, NextShardIterator } = await streams.send(
            new GetRecordsCommand({ ShardIterator: iterator, Limit: batchSize }),
          );
          iterators.set(shardId, NextShardIterator);
          if (Records?.length) await deliver(Records);
        }
      } catch (error) {
        onError(error);
        discoveredAt = 0;
        iterators.clear();
      }
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();

  return {
    async stop() {
      running = false;
      await loop;
    },
  };
}
