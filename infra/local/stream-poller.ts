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
import { outageLog } from './outage-log.ts';

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
  /**
   * Where failures go. By default the poller prints one line when it starts failing and one when it works again
   * (an outage of DynamoDB Local would otherwise print a stack trace every poll).
   */
  onError?: (error: unknown) => void;
  /** While this returns true (the runtime knows DynamoDB Local is down), the poller waits instead of polling. */
  paused?: () => boolean;
}

export interface StreamPoller {
  stop(): Promise<void>;
}

/** Longest wait between polls while they keep failing. */
const MAX_BACKOFF_MS = 5_000;

/**
 * Starts polling from the stream's current end (what happened while stopped is not replayed). After a failure
 * (DynamoDB Local restarting, say) each shard is read again right after the last record delivered, so nothing is
 * delivered twice; a shard with nothing delivered yet is read from its end.
 */
export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const { dynamo, streams, tableName } = options;
  const intervalMs = options.intervalMs ?? 200;
  const batchSize = options.batchSize ?? 100;
  const maxRetries = options.maxRetries ?? 3;
  const outage = outageLog('Stream poller');
  const onError = options.onError ?? outage.failed;
  const paused = options.paused ?? (() => false);

  async function latestStreamArn(): Promise<string> {
    const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
    const arn = Table?.LatestStreamArn;
    if (!arn) throw new Error(`Table ${tableName} has no stream`);
    return arn;
  }
  let streamArn = await latestStreamArn();

  /** Iterators by shard id; a shard whose iterator runs out (closed) is dropped. */
  const iterators = new Map<string, string | undefined>();
  /** The last sequence number delivered (or skipped) per shard: where to resume after a failure. */
  const lastSequence = new Map<string, string>();
  const finished = new Set<string>();
  /** Shards seen so far; a shard not among them is new and is read from its start. */
  const known = new Set<string>();
  let firstDiscovery = true;

  async function discoverShards() {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      const id = shard.ShardId!;
      if (iterators.has(id) || finished.has(id)) continue;
      const after = lastSequence.get(id);
      // Shards that exist at start are read from their end; shards born later from their start; a shard read
      // before a failure from right after its last delivered record.
      const position = after
        ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER' as const, SequenceNumber: after }
        : { ShardIteratorType: firstDiscovery || known.has(id) ? ('LATEST' as const) : ('TRIM_HORIZON' as const) };
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: id, ...position }),
      );
      iterators.set(id, ShardIterator);
      known.add(id);
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
  let failures = 0;
  const loop = (async () => {
    while (running) {
      if (paused()) {
        await new Promise((r) => setTimeout(r, intervalMs));
        continue;
      }
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
          if (Records?.length) {
            await deliver(Records);
            const last = Records.at(-1)?.dynamodb?.SequenceNumber;
            if (last) lastSequence.set(shardId, last);
          }
        }
        failures = 0;
        outage.succeeded();
      } catch (error) {
        failures++;
        onError(error);
        discoveredAt = 0;
        iterators.clear();
        // A table re-created after a restart of an in-memory DynamoDB Local has a new stream.
        const arn = await latestStreamArn().catch(() => undefined);
        if (arn && arn !== streamArn) {
          streamArn = arn;
          lastSequence.clear();
          known.clear();
        }
      }
      const wait = failures ? Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** failures) : intervalMs;
      await new Promise((r) => setTimeout(r, wait));
    }
  })();

  return {
    async stop() {
      running = false;
      await loop;
    },
  };
}
