import { kindEnvPrefix } from '#functions/outbound/kinds.ts';

/**
 * Credentials for the emulators. Neither checks them, but the SDK signs every request and DynamoDB Local
 * rejects access key ids that are not alphanumeric.
 */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

/** The staff user pool in cognito-local (infra/local/cognito.ts) as the functions are configured with it. */
export interface LocalUserPool {
  userPoolId: string;
  clientId: string;
  jwks: { keys: unknown[] };
}

/** The environment the function code reads (functions/lib/config.ts) when it runs against the emulators. */
export function functionEnv(o: {
  region: string;
  tableName: string;
  dynamoEndpoint: string;
  cognitoEndpoint: string;
  pool: LocalUserPool;
  wsManagementEndpoint?: string;
  /** The master secret the functions derive their signing and sealing keys from (functions/lib/secrets.ts). */
  appSecret: string;
  /** The embedded queue endpoint and each kind's queue URL there (infra/local/queues.ts). */
  queues?: { endpoint: string; urls: Record<string, string> };
  /** The mail domain, the SES emulator (infra/local/mail.ts) and the address links in e-mails point at. */
  mail?: { domain: string; sesEndpoint: string; publicBaseUrl: string };
  /** The S3 emulator (infra/local/storage.ts) and the attachments bucket in it; nothing scans there. */
  storage?: { endpoint: string; bucket: string };
}): Record<string, string> {
  return {
    AWS_REGION: o.region,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    TABLE_NAME: o.tableName,
    DYNAMODB_ENDPOINT: o.dynamoEndpoint,
    // Every request of the embedded runtime shares one client (functions/lib/config.ts dynamoMaxSockets). DynamoDB
    // Local runs one write at a time under a lock it gives up on after a while ("timed out ... waiting for a lock"):
    // beyond what the benchmark's 50 clients need, requests wait in this process rather than inside that lock.
    DYNAMODB_MAX_SOCKETS: '64',
    COGNITO_ENDPOINT: o.cognitoEndpoint,
    COGNITO_USER_POOL_ID: o.pool.userPoolId,
    COGNITO_CLIENT_ID: o.pool.clientId,
    COGNITO_JWKS: JSON.stringify(o.pool.jwks),
    ...(o.wsManagementEndpoint ? { WS_MANAGEMENT_ENDPOINT: o.wsManagementEndpoint } : {}),
    APP_SECRET: o.appSecret,
    // Webhook receivers of the embedded runtime (and its tests) run on this machine: http and 127.0.0.1 are allowed.
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    ...(o.queues ? { SQS_ENDPOINT: o.queues.endpoint } : {}),
    ...Object.fromEntries(
      Object.entries(o.queues?.urls ?? {}).map(([kind, url]) => [`${kindEnvPrefix(kind)}_QUEUE_URL`, url]),
    ),
    ...(o.mail
      ? { MAIL_DOMAIN: o.mail.domain, SES_ENDPOINT: o.mail.sesEndpoint, PUBLIC_BASE_URL: o.mail.publicBaseUrl }
      : {}),
    ...(o.storage ? { S3_ENDPOINT: o.storage.endpoint, ATTACHMENTS_BUCKET: o.storage.bucket } : {}),
    // Only cognito-local (aws-sdk v2) prints that end-of-support notice; no process given this env should.
    AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    // No CloudWatch here: the metrics' EMF lines would only crowd the console, and there is no X-Ray daemon
    // (docs/decisions/066-observability.md). The same code runs; only these settings differ.
    POWERTOOLS_METRICS_DISABLED: 'true',
    POWERTOOLS_TRACE_ENABLED: 'false',
  };
}
