import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { S3Client } from '@aws-sdk/client-s3';
import { attachmentsConfig, config } from './config.ts';

let ddb: DynamoDBDocumentClient | undefined;
let cognito: CognitoIdentityProviderClient | undefined;
let s3: S3Client | undefined;

/** The document client for the one table, created once per process and reused across invocations. */
export function dynamo(): DynamoDBDocumentClient {
  if (!ddb) {
    const { region, dynamoEndpoint, dynamoMaxSockets } = config();
    const requestHandler = dynamoMaxSockets
      ? { httpAgent: { maxSockets: dynamoMaxSockets, keepAlive: true } }
      : undefined;
    ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ region, endpoint: dynamoEndpoint, requestHandler }), {
      marshallOptions: { removeUndefinedValues: true },
    });
  }
  return ddb;
}

/** The Cognito client, created once per process. */
export function cognitoClient(): CognitoIdentityProviderClient {
  if (!cognito) {
    const { region, cognito: c } = config();
    cognito = new CognitoIdentityProviderClient({ region, endpoint: c.endpoint });
  }
  return cognito;
}

/** The S3 client of the attachments bucket, once per process; the S3 emulator is addressed by path. */
export function s3Client(): S3Client {
  if (!s3) {
    const endpoint = attachmentsConfig().s3Endpoint;
    s3 = new S3Client({ region: config().region, ...(endpoint ? { endpoint, forcePathStyle: true } : {}) });
  }
  return s3;
}
