import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  ResourceInUseException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
  type DynamoDBClient,
  type GlobalSecondaryIndex,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import { TABLE_SCHEMA } from '#functions/data/table.ts';

const ACTIVE_TIMEOUT_MS = 30_000;

type Index = (typeof TABLE_SCHEMA.indexes)[number];

function indexDefinition(index: Index): GlobalSecondaryIndex {
  return {
    IndexName: index.name,
    KeySchema: [
      { AttributeName: index.pk, KeyType: 'HASH' },
      { AttributeName: index.sk, KeyType: 'RANGE' },
    ],
    Projection: { ProjectionType: 'ALL' },
  };
}

function attributeDefinitions(indexes: readonly Index[]): AttributeDefinition[] {
  const names = new Set<string>([TABLE_SCHEMA.partitionKey, TABLE_SCHEMA.sortKey]);
  for (const index of indexes) names.add(index.pk).add(index.sk);
  return [...names].map((AttributeName) => ({ AttributeName, AttributeType: 'S' }));
}

async function waitUntilActive(client: DynamoDBClient, tableName: string): Promise<TableDescription> {
  const deadline = Date.now() + ACTIVE_TIMEOUT_MS;
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const indexesActive = (Table?.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === 'ACTIVE');
    if (Table?.TableStatus === 'ACTIVE' && indexesActive) return Table;
    if (Date.now() > deadline)
      throw new Error(`Table ${tableName} did not become ACTIVE within ${ACTIVE_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Creates the table as functions/data/table.ts describes it (on-demand, every GSI projecting all attributes,
 * a NEW_AND_OLD_IMAGES stream, TTL on KEYS.ttl) and waits until it is ACTIVE. An existing table is kept,
 * gains any index added to the schema since it was created, and gets TTL if it lacks it.
 *
 * `stream: false` leaves the stream out of a new table, for a table nothing consumes (the benchmark's scale tables,
 * bench/environment.ts): DynamoDB Local spends about a third of a write on its stream record.
 */
export async function ensureTable(
  client: DynamoDBClient,
  tableName: string,
  { stream = true }: { stream?: boolean } = {},
): Promise<'created' | 'exists'> {
  let outcome: 'created' | 'exists' = 'created';
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: attributeDefinitions(TABLE_SCHEMA.indexes),
        KeySchema: [
          { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_SCHEMA.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: TABLE_SCHEMA.indexes.map(indexDefinition),
        ...(stream ? { StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } } : {}),
      }),
    );
  } catch (err) {
    if (!(err instanceof ResourceInUseException)) throw err;
    outcome = 'exists';
  }

  const table = await waitUntilActive(client, tableName);
  if (outcome === 'exists') await addMissingIndexes(client, tableName, table);
  await enableTtl(client, tableName);
  return outcome;
}

/** A kept local table (under .data/) would otherwise fail every query on an index added since it was created. */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, table: TableDescription): Promise<void> {
  const present = new Set((table.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  const missing = TABLE_SCHEMA.indexes.filter((index) => !present.has(index.name));
  // DynamoDB takes one index creation per UpdateTable call.
  for (const index of missing) {
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: attributeDefinitions([index]),
        GlobalSecondaryIndexUpdates: [{ Create: indexDefinition(index) }],
      }),
    );
    await waitUntilActive(client, tableName);
  }
}

async function enableTtl(client: DynamoDBClient, tableName: string): Promise<void> {
  const { TimeToLiveDescription: ttl } = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  const enabled = ttl?.TimeToLiveStatus === 'ENABLED' || ttl?.TimeToLiveStatus === 'ENABLING';
  if (enabled && ttl?.AttributeName === TABLE_SCHEMA.ttlAttribute) return;
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { Enabled: true, AttributeName: TABLE_SCHEMA.ttlAttribute },
    }),
  );
}
