/**
 * What the DynamoDB stream → Lambda event source mappings are in AWS: reads the table's stream from DynamoDB Local
 * and hands batches to the same handlers, as DynamoDBStreamEvent records. Each consumer is its own mapping: it reads
 * the stream with its own shard iterators and, like the mapping, retries a failed batch from the first reported
 * failure (bounded), then skips it so the stream keeps moving, whatever the other consumers do.
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

/** One event source mapping: a function fed the stream on its own. */
export interface StreamConsumer {
  handler: () => Promise<StreamHandler>;
  functionName: string;
  batchSize?: number;
  maxRetries?: number;
}

export interface StreamPollerOptions {
  dynamo: DynamoDBClient;
  streams: DynamoDBStreamsClient;
  tableName: string;
  consumers: readonly StreamConsumer[];
  intervalMs?: number;
  onError?: (error: unknown) => void;
}

export interface StreamPoller {
  stop(): Promise<void>;
}

/**
 * Starts one polling loop per consumer, each from the stream's end as it is when this resolves (what happened while
 * stopped is not replayed).
 */
export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const { dynamo, tableName } = options;
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`Table ${tableName} has no stream`);
  const mappings = await Promise.all(options.consumers.map((consumer) => startMapping(options, consumer, streamArn)));
  return {
    async stop() {
      await Promise.all(mappings.map((mapping) => mapping.stop()));
    },
  };
}

/** A stream record as Lambda hands it over: the creation time in epoch seconds, and the stream's ARN. */
function lambdaRecord(record: _Record, streamArn: string): DynamoDBRecord {
  const created = record.dynamodb?.ApproximateCreationDateTime;
  return {
    ...(record as unknown as DynamoDBRecord),
    eventSourceARN: streamArn,
    dynamodb: {
      ...(record.dynamodb as DynamoDBRecord['dynamodb']),
      ...(created instanceof Date ? { ApproximateCreationDateTime: Math.floor(created.getTime() / 1000) } : {}),
    },
  };
}

async function startMapping(
  options: StreamPollerOptions,
  consumer: StreamConsumer,
  streamArn: string,
): Promise<StreamPoller> {
  const { streams } = options;
  const intervalMs = options.intervalMs ?? 200;
  const batchSize = consumer.batchSize ?? 100;
  const maxRetries = consumer.maxRetries ?? 3;
  const onError = options.onError ?? ((error) => console.error(`stream poller (${consumer.functionName}):`, error));

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
    let pending = records.map((record) => lambdaRecord(record, streamArn));
    for (let attempt = 0; attempt <= maxRetries && pending.length; attempt++) {
      const handler = await consumer.handler();
      try {
        const result = await handler({ Records: pending }, lambdaContext(consumer.functionName));
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
  // The first shard iterators are taken before this resolves: a change made once the poller has started is fed to
  // the consumer, however soon the first read comes.
  await discoverShards();
  let running = true;
  let discoveredAt = Date.now();
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
