/**
 * The benchmark's own embedded runtime: in-memory DynamoDB Local, cognito-local and the gateway, in this process,
 * built from the same infra/local modules `npm start` uses. No stream poller and no schedule run, so nothing but
 * the measured work touches the table, and the tables have no stream, which nothing here would read (with one,
 * DynamoDB Local writes a stream record for every item: the api section's 20,000-ticket table took hours to seed).
 * With `bulk` (the scale section's half a million items), DynamoDB Local is also tuned for throughput.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureUserPool, startCognitoLocal } from '#infra/local/cognito.ts';
import { startDynamoDbLocal } from '#infra/local/dynamodb.ts';
import { functionEnv, LOCAL_CREDENTIALS } from '#infra/local/env.ts';
import { startGateway } from '#infra/local/gateway.ts';
import { ensureTable } from '#infra/local/table.ts';
import { resetConfigForTests } from '#functions/lib/config.ts';
import { dynamo } from '#functions/lib/clients.ts';
import { newAppSecret } from '#functions/lib/secrets.ts';

const REGION = 'us-east-1';

export interface BenchEnvironment {
  url: string;
  /**
   * Creates the table if needed and points the function code (and so the gateway's handlers) at it; returns the
   * environment a load-generating process needs to reach the same table.
   */
  switchTable(name: string): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

export async function startEnvironment({ bulk = false }: { bulk?: boolean } = {}): Promise<BenchEnvironment> {
  const cognitoDir = await mkdtemp(join(tmpdir(), 'helpdesk-bench-cognito-'));
  const stops: Array<() => Promise<unknown>> = [() => rm(cognitoDir, { recursive: true, force: true })];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch((error: unknown) => console.error(error));
  };
  try {
    const [dynamoLocal, cognitoLocal] = await Promise.all([
      startDynamoDbLocal({ tuned: bulk ? 'throughput' : 'startup' }),
      startCognitoLocal({ dataDir: cognitoDir, region: REGION }),
    ]);
    stops.push(dynamoLocal.stop, cognitoLocal.stop);
    const pool = await ensureUserPool({ endpoint: cognitoLocal.endpoint, dataDir: cognitoDir, region: REGION });
    const admin = new DynamoDBClient({
      region: REGION,
      endpoint: dynamoLocal.endpoint,
      credentials: LOCAL_CREDENTIALS,
    });
    stops.push(async () => admin.destroy());
    const gateway = await startGateway({ port: 0 });
    stops.push(() => gateway.close());

    const ensured = new Set<string>();
    const appSecret = newAppSecret();
    const switchTable = async (name: string) => {
      // Once per table: DescribeTable makes DynamoDB Local count the table, which would land on the measurements.
      if (!ensured.has(name)) await ensureTable(admin, name, { stream: false });
      ensured.add(name);
      const env = functionEnv({
        region: REGION,
        tableName: name,
        dynamoEndpoint: dynamoLocal.endpoint,
        cognitoEndpoint: cognitoLocal.endpoint,
        pool,
        wsManagementEndpoint: gateway.url,
        appSecret,
      });
      Object.assign(process.env, env);
      resetConfigForTests();
      return env;
    };
    return { url: gateway.url, switchTable, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface CallCount {
  calls: number;
  /** Read plus write capacity units DynamoDB reported for those calls. */
  capacity: number;
  byCommand: Record<string, number>;
}

/**
 * Counts every command the function code sends through its shared DynamoDB client (the gateway's handlers run in
 * this process and use the same one), and asks each for its consumed capacity.
 */
export function countDynamoCalls(): { take(): CallCount } {
  let current: CallCount = { calls: 0, capacity: 0, byCommand: {} };
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      current.calls++;
      current.byCommand[context.commandName ?? '?'] = (current.byCommand[context.commandName ?? '?'] ?? 0) + 1;
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity ??= 'TOTAL';
      const result = await next(args);
      const consumed = (
        result.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }
      ).ConsumedCapacity;
      for (const c of Array.isArray(consumed) ? consumed : consumed ? [consumed] : [])
        current.capacity += c.CapacityUnits ?? 0;
      return result;
    },
    { step: 'initialize', name: 'benchCallCounter' },
  );
  return {
    take() {
      const taken = current;
      current = { calls: 0, capacity: 0, byCommand: {} };
      return taken;
    },
  };
}
