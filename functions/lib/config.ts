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
  /** Set only where SQS is not AWS's own endpoint (the embedded runtime's queues). */
  sqsEndpoint?: string;
  apiKeyRateLimitPerMinute: number;
  /** The rate-limit window: a minute, except in tests that must see a window end without waiting a minute. */
  apiKeyRateWindowSeconds: number;
  /**
   * Webhooks may target `http://` and loopback addresses (127.0.0.1, ::1): the embedded runtime, whose receivers run
   * on the same machine. Off in AWS, where targets must be https and resolve to public addresses (ADR 052).
   */
  webhookAllowLoopback: boolean;
}

/** An environment variable that must be set. */
export const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`Missing required environment variable ${name}`);
  return value;
};

/** An environment variable, `undefined` when unset or empty. */
export const optional = (name: string): string | undefined => process.env[name] || undefined;

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
    sqsEndpoint: optional('SQS_ENDPOINT'),
    apiKeyRateLimitPerMinute: Number(process.env.API_KEY_RATE_LIMIT ?? 600),
    apiKeyRateWindowSeconds: Number(process.env.API_KEY_RATE_WINDOW_SECONDS ?? 60),
    webhookAllowLoopback: process.env.WEBHOOK_ALLOW_LOOPBACK === 'true',
  };
  return cached;
}

/** E-mail: where it is sent from and through, and the public links it carries (docs/decisions/080-mail.md). */
export interface MailConfig {
  /** The mail domain: the sender is `support@<domain>`, replies come to `reply+<token>@<domain>`. */
  domain: string;
  /** Set only where SES is not AWS's own endpoint (the embedded runtime's SES emulator). */
  sesEndpoint?: string;
  /** The SES configuration set whose event destination reports bounces and complaints (AWS). */
  configurationSet?: string;
  /** Where the customer's links (`/r/<token>`) and the staff's ticket links point: the site's public address. */
  publicBaseUrl: string;
  /** The bucket SES's receipt rule writes inbound mail to (AWS). */
  inboundBucket?: string;
  /** The key prefix of inbound mail in that bucket. */
  inboundPrefix: string;
}

let mailCached: MailConfig | undefined;

/** mailConfig: `MAIL_DOMAIN` and `PUBLIC_BASE_URL` (required), `SES_ENDPOINT`, `SES_CONFIGURATION_SET`, `INBOUND_MAIL_BUCKET`. */
export function mailConfig(): MailConfig {
  if (mailCached) return mailCached;
  const publicBaseUrl = required('PUBLIC_BASE_URL').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(publicBaseUrl))
    throw new Error(`PUBLIC_BASE_URL must be an http(s) URL, not "${publicBaseUrl}"`);
  mailCached = {
    domain: required('MAIL_DOMAIN').toLowerCase(),
    sesEndpoint: optional('SES_ENDPOINT'),
    configurationSet: optional('SES_CONFIGURATION_SET'),
    publicBaseUrl,
    inboundBucket: optional('INBOUND_MAIL_BUCKET'),
    inboundPrefix: process.env.INBOUND_MAIL_PREFIX ?? 'inbound/',
  };
  return mailCached;
}

/** Attachments (docs/decisions/094-attachments.md): the bucket, and whether anything scans it. */
export interface AttachmentsConfig {
  bucket: string;
  /** Set only where S3 is not AWS's own endpoint (the embedded runtime's S3 emulator); addressed by path there. */
  s3Endpoint?: string;
  /** GuardDuty Malware Protection scans the bucket (AWS): new files are `pending` until tagged, else `not_scanned`. */
  malwareScanning: boolean;
}

let attachmentsCached: AttachmentsConfig | undefined;

/** attachmentsConfig: `ATTACHMENTS_BUCKET` (required), `S3_ENDPOINT`, `MALWARE_SCANNING` (`guardduty` or absent). */
export function attachmentsConfig(): AttachmentsConfig {
  attachmentsCached ??= {
    bucket: required('ATTACHMENTS_BUCKET'),
    s3Endpoint: optional('S3_ENDPOINT'),
    malwareScanning: process.env.MALWARE_SCANNING === 'guardduty',
  };
  return attachmentsCached;
}

const resetHooks: (() => void)[] = [];

/** Configuration read elsewhere from the environment (functions/outbound/kinds.ts) is forgotten with this module's. */
export const onConfigReset = (reset: () => void): void => {
  resetHooks.push(reset);
};

/** Tests that change the environment between files call this; production code never does. */
export function resetConfigForTests(): void {
  cached = undefined;
  mailCached = undefined;
  attachmentsCached = undefined;
  for (const reset of resetHooks) reset();
}

/**
 * The desk's own hosts, which a reply may always link to (docs/decisions/099-reply-guard.md): the site's public
 * address (`PUBLIC_BASE_URL`, where rating and file links point) and the mail domain (`MAIL_DOMAIN`), where set.
 */
export function ownLinkHosts(): string[] {
  const hosts: string[] = [];
  const base = optional('PUBLIC_BASE_URL');
  if (base) {
    try {
      hosts.push(new URL(base).hostname);
    } catch {
      // mailConfig() refuses a malformed address where mail is sent; the guard then knows one host less.
    }
  }
  const domain = optional('MAIL_DOMAIN');
  if (domain) hosts.push(domain.toLowerCase());
  return hosts;
}
