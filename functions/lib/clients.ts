import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { config } from './config.ts';

let ddb: DynamoDBDocumentClient | undefined;
let cognito: CognitoIdentityProviderClient | undefined;

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
