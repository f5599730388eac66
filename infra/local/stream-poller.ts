/**
 * What the DynamoDB stream → Lambda event source mappings are in AWS: reads the table's stream from DynamoDB Local
 * and hands batches to the same handlers, as DynamoDBStreamEvent records. Each consumer is its own mapping: it reads
 * the stream with its own shard iterators and, like the mapping, retries a failed batch from the first reported
 * failure (bounded, `retryFrom`), then skips it so the stream keeps moving, whatever the other consumers do.
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
  /**
   * Where failures go. By default each consumer prints one line when it starts failing and one when it works again
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

async function latestStreamArn(dynamo: DynamoDBClient, tableName: string): Promise<string> {
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
  const arn = Table?.LatestStreamArn;
  if (!arn) throw new Error(`Table ${tableName} has no stream`);
  return arn;
}

/**
 * Starts one polling loop per consumer, each from the stream's end as it is when this resolves (what happened while
 * stopped is not replayed).
 */
export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const streamArn = await latestStreamArn(options.dynamo, options.tableName);
  const mappings = await Promise.all(options.consumers.map((consumer) => startMapping(options, consumer, streamArn)));
  return {
    async stop() {
      await Promise.all(mappings.map((mapping) => mapping.stop()));
    },
  };
}

type Attribute = Record<string, unknown>;

/**
 * An attribute value as Lambda's event carries it. The SDK's stream client hands an empty map over as `{}` (no type
 * at all), which `unmarshall` refuses; Lambda's JSON has `{"M":{}}`. Maps and lists are mended all the way down.
 */
function lambdaAttribute(value: Attribute): Attribute {
  if (Object.keys(value).length === 0) return { M: {} };
  if (value.M) return { M: lambdaImage(value.M as Record<string, Attribute>) };
  if (Array.isArray(value.L)) return { L: (value.L as Attribute[]).map(lambdaAttribute) };
  return value;
}

function lambdaImage(image: Record<string, Attribute> | undefined): Record<string, Attribute> | undefined {
  return image && Object.fromEntries(Object.entries(image).map(([name, value]) => [name, lambdaAttribute(value)]));
}

/** A stream record as Lambda hands it over: the creation time in epoch seconds, and the stream's ARN. */
function lambdaRecord(record: _Record, streamArn: string): DynamoDBRecord {
  const created = record.dynamodb?.ApproximateCreationDateTime;
  const images = record.dynamodb as { NewImage?: Record<string, Attribute>; OldImage?: Record<string, Attribute> };
  return {
    ...(record as unknown as DynamoDBRecord),
    eventSourceARN: streamArn,
    dynamodb: {
      ...(record.dynamodb as DynamoDBRecord['dynamodb']),
      ...(images?.NewImage ? { NewImage: lambdaImage(images.NewImage) } : {}),
      ...(images?.OldImage ? { OldImage: lambdaImage(images.OldImage) } : {}),
      ...(created instanceof Date ? { ApproximateCreationDateTime: Math.floor(created.getTime() / 1000) } : {}),
    },
  } as DynamoDBRecord;
}

/**
 * Where the retry of a batch starts, as the mapping decides from a partial batch response: at the failure reported
 * with the lowest sequence number (Powertools Batch reports the first failed record and every one after it). A
 * reported identifier that names no record of the batch fails the whole batch. Undefined when nothing failed.
 */
export function retryFrom(records: readonly DynamoDBRecord[], result: DynamoDBBatchResponse | undefined) {
  const failures = result?.batchItemFailures ?? [];
  if (!failures.length) return undefined;
  const positions = failures.map(({ itemIdentifier }) =>
    records.findIndex((record) => itemIdentifier && record.dynamodb?.SequenceNumber === itemIdentifier),
  );
  return positions.includes(-1) ? 0 : Math.min(...positions);
}

/**
 * One consumer's loop. After a failure (DynamoDB Local restarting, say) each shard is read again right after the
 * last record delivered, so nothing is delivered twice; a shard with nothing delivered yet is read from its end.
 */
async function startMapping(
  options: StreamPollerOptions,
  consumer: StreamConsumer,
  initialStreamArn: string,
): Promise<StreamPoller> {
  const { streams } = options;
  const intervalMs = options.intervalMs ?? 200;
  const batchSize = consumer.batchSize ?? 100;
  const maxRetries = consumer.maxRetries ?? 3;
  const outage = outageLog(`Stream poller (${consumer.functionName})`);
  const onError = options.onError ?? outage.failed;
  const paused = options.paused ?? (() => false);
  let streamArn = initialStreamArn;

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
    let pending = records.map((record) => lambdaRecord(record, streamArn));
    for (let attempt = 0; attempt <= maxRetries && pending.length; attempt++) {
      const handler = await consumer.handler();
      try {
        const result = await handler({ Records: pending }, lambdaContext(consumer.functionName));
        const from = retryFrom(pending, result);
        if (from === undefined) return;
        pending = pending.slice(from);
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
        const arn = await latestStreamArn(options.dynamo, options.tableName).catch(() => undefined);
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
