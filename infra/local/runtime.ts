/**
 * The embedded runtime: the AWS stack's parts on one machine, running the same handler modules.
 * Used by `npm start`, by the browser tests and by the benchmark.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { MAX_INBOUND_BYTES } from '#functions/domain/inbound-mail.ts';
import { JOB_HANDLERS, QUEUE_KINDS } from '#functions/routes.ts';
import { startCognitoLocal, ensureUserPool } from './cognito.ts';
import { startDynamoDbLocal } from './dynamodb.ts';
import { loadOrCreateAppSecret } from './app-secret.ts';
import { functionEnv, LOCAL_CREDENTIALS } from './env.ts';
import { startGateway } from './gateway.ts';
import { startMailbox, startSmtpListener } from './mail.ts';
import { loadHandler } from './handlers.ts';
import { startQueues } from './queues.ts';
import { everyMinute } from './scheduler.ts';
import { startStreamPoller } from './stream-poller.ts';
import { ensureTable } from './table.ts';

export const REGION = 'us-east-1';

const inboundMail = () => import('#functions/use-cases/mail/receive-mail.ts');
export const TABLE_NAME = 'helpdesk';

export interface RuntimeOptions {
  /** Where DynamoDB Local and cognito-local keep their data; survives restarts. */
  dataDir: string;
  port: number;
  /** The built SPA to serve. */
  webDir?: string;
  /** Persist DynamoDB data on disk (default) or keep it in memory (tests, benchmarks). */
  inMemory?: boolean;
  log?: (line: string) => void;
  /** Invoke the overdue job every minute (default true). */
  schedule?: boolean;
  /** The mail parts (infra/local/mail.ts); each port 0 or absent means a free one. */
  mail?: RuntimeMailOptions;
}

export interface RuntimeMailOptions {
  /** The SES emulator's port (`MAIL_PORT`). */
  port?: number;
  /** The SMTP listener's port (`SMTP_PORT`). */
  smtpPort?: number;
  /** The mail domain (`MAIL_DOMAIN`); DEFAULT_MAIL_DOMAIN when absent. */
  domain?: string;
  /** Where links in e-mails point (`PUBLIC_BASE_URL`); the gateway, as `http://localhost:<port>`, when absent. */
  publicBaseUrl?: string;
}

/** The mail domain of the embedded runtime unless MAIL_DOMAIN says otherwise: nothing outside resolves it. */
export const DEFAULT_MAIL_DOMAIN = 'helpdesk.localhost';

export interface Runtime {
  url: string;
  port: number;
  env: Record<string, string>;
  /** The SES emulator: its page is the mailbox, `GET /store` the sent mail as JSON. */
  mailbox: { url: string; port: number };
  /** The SMTP listener that takes mail for the help desk. */
  smtp: { url: string; port: number };
  mailDomain: string;
  stop(): Promise<void>;
}

/**
 * Starts the emulators, creates the table and the user pool if missing, points this process's environment at
 * them (the handlers run in-process and read their configuration from it), then starts the gateway, the queues, the
 * stream poller and the schedule. `stop()` ends all of it, children included.
 */
export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const log = options.log ?? (() => undefined);
  const dataDir = resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  const stops: Array<() => Promise<void> | void> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (error) {
        console.error(error);
      }
    }
  };

  try {
    // Both settle before a failure of either is acted on, so nothing is left starting behind a thrown error.
    const [dynamoStarted, cognitoStarted] = await Promise.allSettled([
      startDynamoDbLocal(options.inMemory ? {} : { dbPath: join(dataDir, 'dynamodb') }),
      startCognitoLocal({ dataDir: join(dataDir, 'cognito'), region: REGION }),
    ]);
    for (const started of [dynamoStarted, cognitoStarted]) {
      if (started.status === 'fulfilled') stops.push(() => started.value.stop());
    }
    if (dynamoStarted.status === 'rejected') throw dynamoStarted.reason;
    if (cognitoStarted.status === 'rejected') throw cognitoStarted.reason;
    const dynamoLocal = dynamoStarted.value;
    const cognitoLocal = cognitoStarted.value;
    log(`DynamoDB Local on ${dynamoLocal.endpoint}, cognito-local on ${cognitoLocal.endpoint}`);

    const dynamo = new DynamoDBClient({
      region: REGION,
      endpoint: dynamoLocal.endpoint,
      credentials: LOCAL_CREDENTIALS,
    });
    const [tableState, pool] = await Promise.all([
      ensureTable(dynamo, TABLE_NAME),
      ensureUserPool({ endpoint: cognitoLocal.endpoint, dataDir: join(dataDir, 'cognito'), region: REGION }),
    ]);
    log(`Table ${TABLE_NAME}: ${tableState}; user pool ${pool.userPoolId}`);

    // The gateway's port must be known before the env is written: the notifier posts to its @connections.
    const gateway = await startGateway({ port: options.port, staticDir: options.webDir, log });
    stops.push(() => gateway.close());
    const mailDomain = (options.mail?.domain ?? DEFAULT_MAIL_DOMAIN).toLowerCase();
    const mailbox = await startMailbox({ port: options.mail?.port ?? 0 });
    stops.push(() => mailbox.close());
    const smtp = await startSmtpListener({
      port: options.mail?.smtpPort ?? 0,
      domain: mailDomain,
      maxBytes: MAX_INBOUND_BYTES,
      // The same use case SES's receipt rule feeds in AWS, loaded once the functions' environment is in place.
      receive: async (raw, envelope) => (await inboundMail()).receiveMail(raw, envelope),
      refuseOversized: async (bytes, envelope) => (await inboundMail()).refuseOversized(bytes, envelope),
      log,
    });
    stops.push(() => smtp.close());
    // One queue per kind of outbound delivery, feeding that kind's sender as the SQS event source does in AWS.
    const kinds = Object.entries(QUEUE_KINDS);
    const queues = await startQueues({
      queues: kinds.map(([kind, { sender }]) => ({
        name: `helpdesk-${kind}`,
        handler: () => loadHandler(sender),
        functionName: `helpdesk-${kind}-sender`,
      })),
      region: REGION,
      ...(options.inMemory ? {} : { stateFile: join(dataDir, 'queues.json') }),
    });
    stops.push(() => queues.stop());
    const env = functionEnv({
      region: REGION,
      tableName: TABLE_NAME,
      dynamoEndpoint: dynamoLocal.endpoint,
      cognitoEndpoint: cognitoLocal.endpoint,
      pool,
      wsManagementEndpoint: gateway.url,
      appSecret: await loadOrCreateAppSecret(dataDir),
      queues: {
        endpoint: queues.endpoint,
        urls: Object.fromEntries(kinds.map(([kind]) => [kind, queues.queueUrl(`helpdesk-${kind}`)])),
      },
      mail: {
        domain: mailDomain,
        sesEndpoint: mailbox.url,
        publicBaseUrl: options.mail?.publicBaseUrl ?? gateway.url.replace('127.0.0.1', 'localhost'),
      },
    });
    Object.assign(process.env, env);
    log(`Queues on ${queues.endpoint}: ${kinds.map(([kind]) => kind).join(', ') || 'none'}`);

    const poller = await startStreamPoller({
      dynamo,
      streams: new DynamoDBStreamsClient({
        region: REGION,
        endpoint: dynamoLocal.endpoint,
        credentials: LOCAL_CREDENTIALS,
      }),
      tableName: TABLE_NAME,
      // Two event source mappings on one stream, as in AWS: alarms, and the outbound jobs.
      consumers: [
        { handler: () => loadHandler(JOB_HANDLERS.notifier), functionName: 'helpdesk-notifier' },
        { handler: () => loadHandler(JOB_HANDLERS.outbox), functionName: 'helpdesk-outbox' },
      ],
    });
    stops.push(() => poller.stop());

    if (options.schedule !== false) {
      const schedule = everyMinute(() => loadHandler(JOB_HANDLERS.overdue), { functionName: 'helpdesk-overdue' });
      stops.push(() => schedule.stop());
    }

    return {
      url: gateway.url,
      port: gateway.port,
      env,
      mailbox: { url: mailbox.url, port: mailbox.port },
      smtp: { url: smtp.url, port: smtp.port },
      mailDomain,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
