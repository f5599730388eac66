/**
 * The emulator behaviour the app relies on, checked against the running emulators (global-setup.ts).
 * Findings are recorded in docs/decisions/001-local-emulators.md.
 */
import { randomUUID } from 'node:crypto';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
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

  it('adds the indexes an older table lacks, and TTL', async () => {
    const oldTable = `helpdesk-old-${randomUUID()}`;
    const { byCollection } = INDEXES;
    await dynamo.send(
      new CreateTableCommand({
        TableName: oldTable,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [KEYS.pk, KEYS.sk, byCollection.pk, byCollection.sk].map((AttributeName) => ({
          AttributeName,
          AttributeType: 'S',
        })),
        KeySchema: [
          { AttributeName: KEYS.pk, KeyType: 'HASH' },
          { AttributeName: KEYS.sk, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: byCollection.name,
            KeySchema: [
              { AttributeName: byCollection.pk, KeyType: 'HASH' },
              { AttributeName: byCollection.sk, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
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
    await doc.send(new PutCommand({ TableName: tableName, Item: { pk: `T#${randomUUID()}`, sk: 'TICKET', other: status } }));
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
      const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: Table?.LatestStreamArn }));
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
