/**
 * Configuration, read from the environment once. Both runtimes run this same code; only these values differ
 * (the embedded runtime adds local endpoints and the emulator's JWKS).
 */
export interface Config {
  region: string;
  tableName: string;
  /** Set only where DynamoDB is not AWS's own endpoint (DynamoDB Local). */
  dynamoEndpoint?: string;
  /**
   * Sockets the DynamoDB client may open at once. A Lambda instance serves one request at a time, so the SDK's
   * default (50) is plenty there; the embedded runtime serves every request from one process and needs more.
   */
  dynamoMaxSockets?: number;
  cognito: {
    userPoolId: string;
    clientId: string;
    endpoint?: string;
    /** A JWKS handed to the verifier up front, so that no key fetch is made (the emulator's keys). */
    jwks?: { keys: unknown[] };
    /** Hosted UI base URL for organization sign-in; absent where there is none (the embedded runtime). */
    hostedUiDomain?: string;
  };
  wsManagementEndpoint?: string;
  /** The master secret itself (embedded runtime), base64url; see functions/lib/secrets.ts. */
  appSecret?: string;
  /** Where the master secret lives in Secrets Manager (AWS). */
  appSecretArn?: string;
  apiKeyRateLimitPerMinute: number;
  /** The rate-limit window: a minute, except in tests that must see a window end without waiting a minute. */
  apiKeyRateWindowSeconds: number;
}

const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`Missing required environment variable ${name}`);
  return value;
};

const optional = (name: string): string | undefined => process.env[name] || undefined;

let cached: Config | undefined;

/** The configuration of this process, parsed on first use. */
export function config(): Config {
  if (cached) return cached;
  const jwks = optional('COGNITO_JWKS');
  cached = {
    region: process.env.AWS_REGION ?? 'us-east-1',
    tableName: required('TABLE_NAME'),
    dynamoEndpoint: optional('DYNAMODB_ENDPOINT'),
    dynamoMaxSockets: optional('DYNAMODB_MAX_SOCKETS') ? Number(process.env.DYNAMODB_MAX_SOCKETS) : undefined,
    cognito: {
      userPoolId: required('COGNITO_USER_POOL_ID'),
      clientId: required('COGNITO_CLIENT_ID'),
      endpoint: optional('COGNITO_ENDPOINT'),
      jwks: jwks ? (JSON.parse(jwks) as { keys: unknown[] }) : undefined,
      hostedUiDomain: optional('COGNITO_HOSTED_UI_DOMAIN'),
    },
    wsManagementEndpoint: optional('WS_MANAGEMENT_ENDPOINT'),
    appSecret: optional('APP_SECRET'),
    appSecretArn: optional('APP_SECRET_ARN'),
    apiKeyRateLimitPerMinute: Number(process.env.API_KEY_RATE_LIMIT ?? 600),
    apiKeyRateWindowSeconds: Number(process.env.API_KEY_RATE_WINDOW_SECONDS ?? 60),
  };
  return cached;
}

/** Tests that change the environment between files call this; production code never does. */
export function resetConfigForTests(): void {
  cached = undefined;
}
