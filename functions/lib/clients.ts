/**
 * The DynamoDB client. Each AWS client has a module of its own (cognito-client.ts, s3-client.ts), so a function loads
 * only the SDK clients its code calls (docs/decisions/100-function-bundles.md).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from './config.ts';

let ddb: DynamoDBDocumentClient | undefined;

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
