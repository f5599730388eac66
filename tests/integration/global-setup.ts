import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { TestProject } from 'vitest/node';
import { ensureUserPool, startCognitoLocal } from '#infra/local/cognito.ts';
import { startDynamoDbLocal } from '#infra/local/dynamodb.ts';
import { LOCAL_CREDENTIALS, functionEnv } from '#infra/local/env.ts';
import { ensureTable } from '#infra/local/table.ts';
import { newAppSecret } from '#functions/lib/secrets.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** What functionEnv() gives for the emulators of this run; setup-env.ts copies it into process.env. */
    functionEnv: Record<string, string>;
  }
}

// The pinned AWS SDK runs fine on Node 20 here; its notice that later releases will need Node 22 would
// otherwise be printed once by this process and once by every test worker (they inherit this environment).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const REGION = 'us-east-1';
const TABLE_NAME = 'helpdesk-test';

async function timed<T>(start: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const began = performance.now();
  const value = await start();
  return { value, ms: Math.round(performance.now() - began) };
}

/** Starts one in-memory DynamoDB Local and one cognito-local for the whole run; the returned teardown stops both. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cognitoDir = await mkdtemp(join(tmpdir(), 'helpdesk-cognito-'));
  const dynamoStarting = timed(() => startDynamoDbLocal({}));
  const cognitoStarting = timed(() => startCognitoLocal({ dataDir: cognitoDir, region: REGION }));
  // Settle both before acting on a failure of either, so that nothing is left starting behind a thrown error.
  await Promise.allSettled([dynamoStarting, cognitoStarting]);
  const teardown = async () => {
    await Promise.allSettled([dynamoStarting, cognitoStarting].map((starting) => starting.then((s) => s.value.stop())));
    await rm(cognitoDir, { recursive: true, force: true });
  };

  try {
    const { value: dynamo, ms: dynamoMs } = await dynamoStarting;
    const { value: cognito, ms: cognitoMs } = await cognitoStarting;
    const client = new DynamoDBClient({ endpoint: dynamo.endpoint, region: REGION, credentials: LOCAL_CREDENTIALS });
    await ensureTable(client, TABLE_NAME);
    client.destroy();
    const pool = await ensureUserPool({ endpoint: cognito.endpoint, dataDir: cognitoDir, region: REGION });
    project.provide(
      'functionEnv',
      functionEnv({
        region: REGION,
        tableName: TABLE_NAME,
        dynamoEndpoint: dynamo.endpoint,
        cognitoEndpoint: cognito.endpoint,
        pool,
        appSecret: newAppSecret(),
      }),
    );
    console.info(`emulators up (started in parallel): DynamoDB Local ${dynamoMs} ms, cognito-local ${cognitoMs} ms`);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
