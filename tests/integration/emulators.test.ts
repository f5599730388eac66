/**
 * The emulator behaviour the app relies on, checked against the running emulators (global-setup.ts).
 * Findings are recorded in docs/decisions/001-local-emulators.md.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache, type Jwks } from 'aws-jwt-verify/jwk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDEXES, KEYS, TABLE_SCHEMA } from '#functions/data/table.ts';
import { ensureUserPool, startCognitoLocal } from '#infra/local/cognito.ts';
import { startDynamoDbLocal } from '#infra/local/dynamodb.ts';
import { LOCAL_CREDENTIALS } from '#infra/local/env.ts';
import { ensureTable } from '#infra/local/table.ts';

const env = process.env as Record<string, string>;
const region = env.AWS_REGION!;
const tableName = env.TABLE_NAME!;

describe('DynamoDB Local', () => {
  const dynamo = new DynamoDBClient({ region, endpoint: env.DYNAMODB_ENDPOINT });
  const doc = DynamoDBDocumentClient.from(dynamo);
  afterAll(() => dynamo.destroy());

  it('has the table with every index of TABLE_SCHEMA (projecting all), a NEW_AND_OLD_IMAGES stream and TTL', async () => {
    const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
    const indexes = (Table?.GlobalSecondaryIndexes ?? []).map((index) => ({
      name: index.IndexName,
      keys: index.KeySchema?.map((key) => `${key.AttributeName}:${key.KeyType}`),
      projection: index.Projection?.ProjectionType,
    }));
    expect(indexes).toEqual(
      expect.arrayContaining(
        TABLE_SCHEMA.indexes.map((index) => ({
          name: index.name,
          keys: [`${index.pk}:HASH`, `${index.sk}:RANGE`],
          projection: 'ALL',
        })),
      ),
    );
    expect(indexes).toHaveLength(TABLE_SCHEMA.indexes.length);
    expect(Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
    expect(Table?.BillingModeSummary?.BillingMode).toBe('PAY_PER_REQUEST');

    const { TimeToLiveDescription } = await dynamo.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
    expect(TimeToLiveDescription).toEqual({ TimeToLiveStatus: 'ENABLED', AttributeName: KEYS.ttl });
  });

  it('reports an existing table as existing and leaves it as it is', async () => {
    const before = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
    expect(await ensureTable(dynamo, tableName)).toBe('exists');
    const after = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
    expect(after.Table?.LatestStreamArn).toBe(before.Table?.LatestStreamArn);
    expect(after.Table?.GlobalSecondaryIndexes).toHaveLength(TABLE_SCHEMA.indexes.length);
  });

  it('creates a table without a stream when asked to, with every index all the same', async () => {
    const bulkTable = `helpdesk-bulk-${randomUUID()}`;
    try {
      expect(await ensureTable(dynamo, bulkTable, { stream: false })).toBe('created');
      const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: bulkTable }));
      expect(Table?.StreamSpecification?.StreamEnabled ?? false).toBe(false);
      expect(Table?.LatestStreamArn).toBeUndefined();
      expect(Table?.GlobalSecondaryIndexes).toHaveLength(TABLE_SCHEMA.indexes.length);
    } finally {
      await dynamo.send(new DeleteTableCommand({ TableName: bulkTable }));
    }
  });

  it('adds the index an older table lacks, and TTL', async () => {
    const oldTable = `helpdesk-old-${randomUUID()}`;
    // As the table was before byDeadline existed. (DynamoDB Local takes about a second per index added.)
    const olderIndexes = TABLE_SCHEMA.indexes.filter((index) => index.name !== INDEXES.byDeadline.name);
    await dynamo.send(
      new CreateTableCommand({
        TableName: oldTable,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...new Set([KEYS.pk, KEYS.sk, ...olderIndexes.flatMap((i) => [i.pk, i.sk])])].map(
          (AttributeName) => ({ AttributeName, AttributeType: 'S' }),
        ),
        KeySchema: [
          { AttributeName: KEYS.pk, KeyType: 'HASH' },
          { AttributeName: KEYS.sk, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: olderIndexes.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.pk, KeyType: 'HASH' },
            { AttributeName: index.sk, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
    try {
      expect(await ensureTable(dynamo, oldTable)).toBe('exists');
      const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: oldTable }));
      expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName).sort()).toEqual(
        TABLE_SCHEMA.indexes.map((index) => index.name).sort(),
      );
      const { TimeToLiveDescription } = await dynamo.send(new DescribeTimeToLiveCommand({ TableName: oldTable }));
      expect(TimeToLiveDescription?.AttributeName).toBe(KEYS.ttl);
    } finally {
      await dynamo.send(new DeleteTableCommand({ TableName: oldTable }));
    }
  });

  it('keeps an item out of a sparse index unless it carries that index keys', async () => {
    const status = `STATUS#${randomUUID()}`;
    const { byStatus } = INDEXES;
    await doc.send(
      new PutCommand({
        TableName: tableName,
        Item: { pk: `T#${randomUUID()}`, sk: 'TICKET', [byStatus.pk]: status, [byStatus.sk]: '2026-01-01', n: 1 },
      }),
    );
    // Same partition value in an attribute that is not the index key, and the index partition key without its sort key.
    await doc.send(
      new PutCommand({ TableName: tableName, Item: { pk: `T#${randomUUID()}`, sk: 'TICKET', other: status } }),
    );
    await doc.send(
      new PutCommand({ TableName: tableName, Item: { pk: `T#${randomUUID()}`, sk: 'TICKET', [byStatus.pk]: status } }),
    );

    const { Items } = await doc.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: byStatus.name,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': byStatus.pk },
        ExpressionAttributeValues: { ':pk': status },
      }),
    );
    expect(Items?.map((item) => item.n)).toEqual([1]);
  });

  it('writes nothing from a transaction when one of its conditions fails', async () => {
    const fresh = { pk: `T#${randomUUID()}`, sk: 'TICKET' };
    const taken = { pk: `T#${randomUUID()}`, sk: 'TICKET' };
    await doc.send(new PutCommand({ TableName: tableName, Item: { ...taken, version: 1 } }));

    const attempt = doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName, Item: { ...fresh, version: 1 } } },
          {
            Put: {
              TableName: tableName,
              Item: { ...taken, version: 2 },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
    const error = await attempt.catch((err: unknown) => err);
    expect(error).toBeInstanceOf(TransactionCanceledException);
    expect((error as TransactionCanceledException).CancellationReasons?.map((reason) => reason.Code)).toEqual([
      'None',
      'ConditionalCheckFailed',
    ]);

    expect((await doc.send(new GetCommand({ TableName: tableName, Key: fresh }))).Item).toBeUndefined();
    expect((await doc.send(new GetCommand({ TableName: tableName, Key: taken }))).Item?.version).toBe(1);
  });

  it('shows a write in the table stream, with the old and the new image', async () => {
    const streams = new DynamoDBStreamsClient({ region, endpoint: env.DYNAMODB_ENDPOINT });
    try {
      const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
      const { StreamDescription } = await streams.send(
        new DescribeStreamCommand({ StreamArn: Table?.LatestStreamArn }),
      );
      const openShards = (StreamDescription?.Shards ?? []).filter((s) => !s.SequenceNumberRange?.EndingSequenceNumber);
      expect(openShards.length).toBeGreaterThan(0);
      let iterators = await Promise.all(
        openShards.map(async (shard) => {
          const { ShardIterator } = await streams.send(
            new GetShardIteratorCommand({
              StreamArn: Table?.LatestStreamArn,
              ShardId: shard.ShardId,
              ShardIteratorType: 'LATEST',
            }),
          );
          return ShardIterator;
        }),
      );

      const key = { pk: `T#${randomUUID()}`, sk: 'TICKET' };
      await doc.send(new PutCommand({ TableName: tableName, Item: { ...key, status: 'open' } }));
      await doc.send(new PutCommand({ TableName: tableName, Item: { ...key, status: 'resolved' } }));

      const seen: StreamRecord[] = [];
      const deadline = Date.now() + 10_000;
      const ours = () => seen.filter((record) => record.dynamodb?.Keys?.pk?.S === key.pk);
      while (ours().length < 2 && Date.now() < deadline) {
        const pages = await Promise.all(
          iterators.map((iterator) =>
            iterator ? streams.send(new GetRecordsCommand({ ShardIterator: iterator })) : Promise.resolve(undefined),
          ),
        );
        seen.push(...pages.flatMap((page) => page?.Records ?? []));
        iterators = pages.map((page) => page?.NextShardIterator);
        if (ours().length < 2) await new Promise((resolve) => setTimeout(resolve, 25));
      }

      expect(
        ours().map((record) => ({
          event: record.eventName,
          old: record.dynamodb?.OldImage?.status?.S,
          new: record.dynamodb?.NewImage?.status?.S,
        })),
      ).toEqual([
        { event: 'INSERT', old: undefined, new: 'open' },
        { event: 'MODIFY', old: 'open', new: 'resolved' },
      ]);
    } finally {
      streams.destroy();
    }
  });
});

describe('cognito-local', () => {
  const cognito = new CognitoIdentityProviderClient({ region, endpoint: env.COGNITO_ENDPOINT });
  const userPoolId = env.COGNITO_USER_POOL_ID!;
  const clientId = env.COGNITO_CLIENT_ID!;
  const jwks = JSON.parse(env.COGNITO_JWKS!) as Jwks;
  afterAll(() => cognito.destroy());

  const signIn = (email: string, password: string) =>
    cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
  const refresh = (refreshToken: string) =>
    cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
  /** A staff member as the app creates one: e-mail as the sign-in name, a permanent password set by an admin. */
  async function createStaff(password: string): Promise<string> {
    const email = `agent-${randomUUID()}@example.com`;
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    await cognito.send(
      new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }),
    );
    return email;
  }

  /** A verifier that would fail loudly if it tried to download the JWKS. */
  function offlineVerifier() {
    const downloads: string[] = [];
    const jwksCache = new SimpleJwksCache({
      fetcher: {
        fetch: async (uri: string) => {
          downloads.push(uri);
          throw new Error(`unexpected JWKS download from ${uri}`);
        },
      },
    });
    const verifier = CognitoJwtVerifier.create({ userPoolId, tokenUse: 'access', clientId }, { jwksCache });
    return { verifier, downloads };
  }

  let email: string;
  let tokens: { AccessToken?: string; IdToken?: string; RefreshToken?: string };
  beforeAll(async () => {
    email = await createStaff('first-secret');
    tokens = (await signIn(email, 'first-secret')).AuthenticationResult ?? {};
  });

  it('signs a user in with USER_PASSWORD_AUTH and returns access, id and refresh tokens', () => {
    expect(tokens.AccessToken).toMatch(/^ey/);
    expect(tokens.IdToken).toMatch(/^ey/);
    expect(tokens.RefreshToken).toEqual(expect.any(String));
  });

  it('issues access tokens that the unchanged CognitoJwtVerifier accepts with only the cached JWKS', async () => {
    const { verifier, downloads } = offlineVerifier();
    await expect(verifier.verify(tokens.AccessToken!)).rejects.toThrow(/unexpected JWKS download/);

    verifier.cacheJwks(jwks);
    const payload = await verifier.verify(tokens.AccessToken!);

    expect(payload).toMatchObject({
      token_use: 'access',
      client_id: clientId,
      iss: `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`,
    });
    expect(payload.exp - payload.iat).toBe(3600);
    expect(downloads).toHaveLength(1);
  });

  it('has the verifier refuse an id token and a token for another app client', async () => {
    const { verifier } = offlineVerifier();
    verifier.cacheJwks(jwks);
    await expect(verifier.verify(tokens.IdToken!)).rejects.toThrow(/token use/i);

    const otherClient = CognitoJwtVerifier.create({ userPoolId, tokenUse: 'access', clientId: 'another-client' });
    otherClient.cacheJwks(jwks);
    await expect(otherClient.verify(tokens.AccessToken!)).rejects.toThrow(/client id/i);
  });

  it('returns a new access token, and no new refresh token, for REFRESH_TOKEN_AUTH', async () => {
    const { AuthenticationResult } = await refresh(tokens.RefreshToken!);
    expect(AuthenticationResult?.AccessToken).toMatch(/^ey/);
    expect(AuthenticationResult?.AccessToken).not.toBe(tokens.AccessToken);
    expect(AuthenticationResult?.RefreshToken).toBeUndefined();

    const { verifier } = offlineVerifier();
    verifier.cacheJwks(jwks);
    expect((await verifier.verify(AuthenticationResult!.AccessToken!)).sub).toBe(
      (await verifier.verify(tokens.AccessToken!)).sub,
    );
  });

  it('answers a wrong password with InvalidPasswordException and an unknown user with NotAuthorizedException', async () => {
    await expect(signIn(email, 'not-the-password')).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    await expect(signIn(`nobody-${randomUUID()}@example.com`, 'whatever')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('treats the e-mail sign-in name as case-sensitive', async () => {
    await expect(signIn(email.toUpperCase(), 'first-secret')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('changes a password with ChangePassword: the old one stops working, the new one works', async () => {
    const user = await createStaff('before-change');
    const { AuthenticationResult } = await signIn(user, 'before-change');

    await cognito.send(
      new ChangePasswordCommand({
        AccessToken: AuthenticationResult!.AccessToken!,
        PreviousPassword: 'before-change',
        ProposedPassword: 'after-change',
      }),
    );

    await expect(signIn(user, 'before-change')).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    expect((await signIn(user, 'after-change')).AuthenticationResult?.AccessToken).toMatch(/^ey/);
  });

  it('revokes a refresh token with RevokeToken, after which refreshing with it is refused', async () => {
    const user = await createStaff('revoke-me');
    const { AuthenticationResult } = await signIn(user, 'revoke-me');
    const refreshToken = AuthenticationResult!.RefreshToken!;
    expect((await refresh(refreshToken)).AuthenticationResult?.AccessToken).toMatch(/^ey/);

    await cognito.send(new RevokeTokenCommand({ ClientId: clientId, Token: refreshToken }));

    await expect(refresh(refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('still signs in a disabled user, so the app must check who is active itself', async () => {
    const user = await createStaff('disabled-user');
    await cognito.send(new AdminDisableUserCommand({ UserPoolId: userPoolId, Username: user }));

    expect((await signIn(user, 'disabled-user')).AuthenticationResult?.AccessToken).toMatch(/^ey/);
  });

  it('does not implement global sign-out', async () => {
    await expect(
      cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: email })),
    ).rejects.toMatchObject({ name: 'Unsupported' });
  });
});

describe('emulator processes', () => {
  /** True while something answers HTTP on the endpoint (any status), false once the port refuses connections. */
  const answers = (endpoint: string) =>
    fetch(endpoint, { signal: AbortSignal.timeout(2_000) }).then(
      () => true,
      () => false,
    );
  async function waitUntilSilent(endpoint: string, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!(await answers(endpoint))) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  }

  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'helpdesk-emulators-'));
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it('keeps DynamoDB Local data in dbPath (created if missing) across a stop and a start', async () => {
    const dbPath = join(scratch, 'dynamo', 'nested');
    const key = { pk: { S: 'KEPT' }, sk: { S: 'ITEM' } };

    const first = await startDynamoDbLocal({ dbPath });
    const client = new DynamoDBClient({ region, endpoint: first.endpoint, credentials: LOCAL_CREDENTIALS });
    try {
      expect(await ensureTable(client, 'kept')).toBe('created');
      await client.send(new PutItemCommand({ TableName: 'kept', Item: { ...key, note: { S: 'still here' } } }));
    } finally {
      client.destroy();
      await first.stop();
    }
    expect(await answers(first.endpoint)).toBe(false);

    const second = await startDynamoDbLocal({ dbPath });
    const again = new DynamoDBClient({ region, endpoint: second.endpoint, credentials: LOCAL_CREDENTIALS });
    try {
      expect(await ensureTable(again, 'kept')).toBe('exists');
      const { Item } = await again.send(new GetItemCommand({ TableName: 'kept', Key: key }));
      expect(Item?.note?.S).toBe('still here');
    } finally {
      again.destroy();
      await second.stop();
    }
  });

  it('keeps the cognito-local pool, app client and users in dataDir across a stop and a start', async () => {
    const dataDir = join(scratch, 'cognito');
    await mkdir(dataDir);
    const email = `kept-${randomUUID()}@example.com`;

    const first = await startCognitoLocal({ dataDir, region });
    const pool = await ensureUserPool({ endpoint: first.endpoint, dataDir, region });
    const client = new CognitoIdentityProviderClient({
      region,
      endpoint: first.endpoint,
      credentials: LOCAL_CREDENTIALS,
    });
    try {
      expect(await ensureUserPool({ endpoint: first.endpoint, dataDir, region })).toEqual(pool);
      await client.send(
        new AdminCreateUserCommand({
          UserPoolId: pool.userPoolId,
          Username: email,
          MessageAction: 'SUPPRESS',
          UserAttributes: [{ Name: 'email', Value: email }],
        }),
      );
      await client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: pool.userPoolId,
          Username: email,
          Password: 'kept-secret',
          Permanent: true,
        }),
      );
    } finally {
      client.destroy();
      await first.stop();
    }

    const second = await startCognitoLocal({ dataDir, region });
    const again = new CognitoIdentityProviderClient({
      region,
      endpoint: second.endpoint,
      credentials: LOCAL_CREDENTIALS,
    });
    try {
      expect(await ensureUserPool({ endpoint: second.endpoint, dataDir, region })).toEqual(pool);
      const { AuthenticationResult } = await again.send(
        new InitiateAuthCommand({
          ClientId: pool.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: 'kept-secret' },
        }),
      );
      expect(AuthenticationResult?.AccessToken).toMatch(/^ey/);
    } finally {
      again.destroy();
      await second.stop();
    }
  });

  it('stops DynamoDB Local when the process that started it is killed with SIGKILL', async () => {
    const moduleUrl = new URL('../../infra/local/dynamodb.ts', import.meta.url).href;
    const script = [
      `const { startDynamoDbLocal } = await import(${JSON.stringify(moduleUrl)});`,
      'const emulator = await startDynamoDbLocal({});',
      'process.stdout.write(emulator.endpoint + "\\n");',
      'setInterval(() => {}, 60_000);',
    ].join('\n');
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const endpoint = await new Promise<string>((resolve, reject) => {
        let out = '';
        parent.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('\n')) resolve(out.trim());
        });
        parent.once('exit', (code) =>
          reject(new Error(`the parent exited (code ${code}) before starting DynamoDB Local`)),
        );
      });
      expect(await answers(endpoint)).toBe(true);

      parent.kill('SIGKILL');

      expect(await waitUntilSilent(endpoint, 10_000)).toBe(true);
    } finally {
      parent.kill('SIGKILL');
    }
  });

  describe('without a usable Java', () => {
    const javaHome = process.env.JAVA_HOME;
    afterAll(() => {
      if (javaHome === undefined) delete process.env.JAVA_HOME;
      else process.env.JAVA_HOME = javaHome;
    });

    it('refuses to start DynamoDB Local with a message naming Java 17 when java cannot be run', async () => {
      process.env.JAVA_HOME = join(scratch, 'no-such-jdk');
      await expect(startDynamoDbLocal({})).rejects.toThrow(
        /needs Java 17 or newer, and ".*no-such-jdk\/bin\/java" could not be started/,
      );
    });

    it('refuses to start DynamoDB Local with a message naming Java 17 when java is too old', async () => {
      // Prints what a Java 11 runtime prints for a class file built for Java 17, and fails the same way.
      const oldJdk = join(scratch, 'old-jdk');
      await mkdir(join(oldJdk, 'bin'), { recursive: true });
      await writeFile(
        join(oldJdk, 'bin', 'java'),
        '#!/bin/sh\necho "java.lang.UnsupportedClassVersionError: class file version 61.0, this runtime only recognizes up to 55.0" >&2\nexit 1\n',
      );
      await chmod(join(oldJdk, 'bin', 'java'), 0o755);
      process.env.JAVA_HOME = oldJdk;
      await expect(startDynamoDbLocal({})).rejects.toThrow(/needs Java 17 or newer; ".*old-jdk\/bin\/java" is older/);
    });
  });
});
