/**
 * The embedded runtime: the AWS stack's parts on one machine, running the same handler modules.
 * Used by `npm start`, by the browser tests and by the benchmark.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { MAX_INBOUND_BYTES } from '#functions/domain/inbound-mail.ts';
import { JOB_HANDLERS } from '#functions/api/routes.ts';
import { FIFO_MAX_RECEIVE_COUNT, QUEUE_KINDS } from '#functions/outbound/kinds.ts';
import { loadOrCreateAppSecret } from './app-secret.ts';
import type { Unavailable } from './availability.ts';
import { startCognitoLocal, ensureUserPool, type CognitoLocal } from './cognito.ts';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb.ts';
import { functionEnv, LOCAL_CREDENTIALS } from './env.ts';
import { startGateway } from './gateway.ts';
import { freePort } from './ports.ts';
import { loadHandler } from './handlers.ts';
import { type LocalMailServer, startMailbox, startSmtpListener } from './mail.ts';
import { startQueues } from './queues.ts';
import { everyMinute } from './scheduler.ts';
import { type LocalStorageServer, startStorage } from './storage.ts';
import { startStreamPoller } from './stream-poller.ts';
import { Supervisor } from './supervisor.ts';
import { ensureTable } from './table.ts';

export const REGION = 'us-east-1';
export const TABLE_NAME = 'helpdesk';

/** Names of the supervised parts, as the runtime prints them. */
export const PARTS = {
  dynamodb: 'DynamoDB Local',
  cognito: 'cognito-local',
  mailbox: 'the SES emulator',
  smtp: 'the SMTP listener',
  storage: 'the S3 emulator',
} as const;

/** The attachments bucket in the S3 emulator. */
export const ATTACHMENTS_BUCKET = 'helpdesk-attachments';

/** The mail domain of the embedded runtime unless MAIL_DOMAIN says otherwise: nothing outside resolves it. */
export const DEFAULT_MAIL_DOMAIN = 'helpdesk.localhost';

const inboundMail = () => import('#functions/use-cases/mail/receive-mail.ts');

/** What clients are told to wait before trying again while the runtime is not ready. */
const RETRY_AFTER_SECONDS = 2;

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
  /**
   * Work to finish before the runtime serves (seeding demo data): the gateway listens at once but answers 503 with
   * Retry-After until it is done. It runs with the functions' environment in place.
   */
  prepare?: () => Promise<unknown>;
  /** Where the supervisor's one-line reports go (a part died, a part is back); the console by default. */
  report?: (line: string) => void;
  /** The mail parts (infra/local/mail.ts); each port 0 or absent means a free one. */
  mail?: RuntimeMailOptions;
  /** The S3 emulator's port (`S3_PORT`); 0 or absent means a free one. */
  storagePort?: number;
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

export interface Runtime {
  url: string;
  port: number;
  env: Record<string, string>;
  /** Settles when `prepare` has finished (at once without one); the runtime serves from then on. */
  ready: Promise<void>;
  /** The emulators under supervision (by the names in PARTS); another part can be registered here. */
  supervisor: Supervisor;
  /** The SES emulator: its page is the mailbox, `GET /store` the sent mail as JSON. */
  mailbox: { url: string; port: number };
  /** The SMTP listener that takes mail for the help desk. */
  smtp: { url: string; port: number };
  /** The S3 emulator holding the attachments bucket. */
  storage: { url: string; port: number; bucket: string };
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
  const supervisor = new Supervisor({ log: options.report });
  stops.push(() => supervisor.stop());
  let stopped: Promise<void> | undefined;
  // Stopping says nothing but that it stops: a part ending meanwhile is no outage to report or restart. Once only.
  const stopAll = () => {
    stopped ??= (async () => {
      supervisor.standDown();
      for (const stop of stops.reverse()) {
        try {
          await stop();
        } catch (error) {
          console.error(error);
        }
      }
    })();
    return stopped;
  };

  try {
    // A restart reuses the first start's port and data folder, so every client configured below keeps working.
    let dynamoPort: number | undefined;
    let cognitoPort: number | undefined;
    const dbPath = options.inMemory ? undefined : join(dataDir, 'dynamodb');
    const cognitoDir = join(dataDir, 'cognito');
    let dynamo: DynamoDBClient | undefined;
    // Both settle before a failure of either is acted on, so nothing is left starting behind a thrown error.
    const [dynamoStarted, cognitoStarted] = await Promise.allSettled([
      supervisor.add<DynamoDbLocal>({
        name: PARTS.dynamodb,
        start: async () => {
          const started = await startDynamoDbLocal({ dbPath, port: dynamoPort });
          dynamoPort = started.port;
          return started;
        },
        // Kept on disk, the table is there again; kept in memory, it comes back empty but usable.
        afterRestart: async () => {
          if (dynamo) await ensureTable(dynamo, TABLE_NAME);
        },
      }),
      supervisor.add<CognitoLocal>({
        name: PARTS.cognito,
        start: async () => {
          const started = await startCognitoLocal({ dataDir: cognitoDir, region: REGION, port: cognitoPort });
          cognitoPort = started.port;
          return started;
        },
      }),
    ]);
    if (dynamoStarted.status === 'rejected') throw dynamoStarted.reason;
    if (cognitoStarted.status === 'rejected') throw cognitoStarted.reason;
    const dynamoLocal = dynamoStarted.value.process;
    const cognitoLocal = cognitoStarted.value.process;
    log(`DynamoDB Local on ${dynamoLocal.endpoint}, cognito-local on ${cognitoLocal.endpoint}`);

    dynamo = new DynamoDBClient({
      region: REGION,
      endpoint: dynamoLocal.endpoint,
      credentials: LOCAL_CREDENTIALS,
    });
    const [tableState, pool] = await Promise.all([
      ensureTable(dynamo, TABLE_NAME),
      ensureUserPool({ endpoint: cognitoLocal.endpoint, dataDir: cognitoDir, region: REGION }),
    ]);
    log(`Table ${TABLE_NAME}: ${tableState}; user pool ${pool.userPoolId}`);

    let prepared = !options.prepare;
    const availability = (): Unavailable | undefined => {
      const down = supervisor.down();
      if (down.length) {
        return {
          message: `The help desk is restarting ${down.join(' and ')}; try again in a few seconds.`,
          retryAfterSeconds: RETRY_AFTER_SECONDS,
        };
      }
      if (!prepared) {
        return {
          message: 'The help desk is starting and preparing its demo data; try again in a few seconds.',
          retryAfterSeconds: RETRY_AFTER_SECONDS,
        };
      }
      return undefined;
    };
    const dynamoDown = () => supervisor.down().includes(PARTS.dynamodb);

    // The gateway's port must be known before the env is written: the notifier posts to its @connections. The S3
    // emulator's port must be known before the gateway starts: its CSP names the bucket's origin (ADR 094).
    const storagePort = options.storagePort || (await freePort());
    const gateway = await startGateway({
      port: options.port,
      staticDir: options.webDir,
      log,
      availability,
      attachmentOrigins: [`http://127.0.0.1:${storagePort}`],
    });
    stops.push(() => gateway.close());
    const mailDomain = (options.mail?.domain ?? DEFAULT_MAIL_DOMAIN).toLowerCase();
    const { mailbox, smtp } = await startMailParts(supervisor, mailDomain, options.mail, log);
    const publicBaseUrl = options.mail?.publicBaseUrl ?? gateway.url.replace('127.0.0.1', 'localhost');
    const storage = await startStoragePart(supervisor, {
      port: storagePort,
      directory: join(dataDir, 's3'),
      bucket: ATTACHMENTS_BUCKET,
      origins: [
        ...new Set([new URL(publicBaseUrl).origin, gateway.url, gateway.url.replace('127.0.0.1', 'localhost')]),
      ],
    });
    // One queue per kind of outbound delivery, feeding that kind's sender as the SQS event source does in AWS.
    // A FIFO kind's queue is named `….fifo`, as SQS requires, which is how the queue and the sender know it.
    const kinds = Object.entries(QUEUE_KINDS);
    const queueName = (kind: string) => `helpdesk-${kind}${QUEUE_KINDS[kind]?.fifo ? '.fifo' : ''}`;
    const queues = await startQueues({
      queues: kinds.map(([kind, { sender, fifo }]) => ({
        name: queueName(kind),
        handler: () => loadHandler(sender),
        functionName: `helpdesk-${kind}-sender`,
        ...(fifo ? { maxReceiveCount: FIFO_MAX_RECEIVE_COUNT } : {}),
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
        urls: Object.fromEntries(kinds.map(([kind]) => [kind, queues.queueUrl(queueName(kind))])),
      },
      mail: {
        domain: mailDomain,
        sesEndpoint: mailbox.url,
        publicBaseUrl,
      },
      storage: { endpoint: storage.url, bucket: ATTACHMENTS_BUCKET },
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
      // Four event source mappings on one stream, as in AWS: alarms, the outbound jobs, the search index and the
      // routing queue.
      consumers: [
        { handler: () => loadHandler(JOB_HANDLERS.notifier), functionName: 'helpdesk-notifier' },
        { handler: () => loadHandler(JOB_HANDLERS.outbox), functionName: 'helpdesk-outbox' },
        { handler: () => loadHandler(JOB_HANDLERS.indexer), functionName: 'helpdesk-indexer' },
        { handler: () => loadHandler(JOB_HANDLERS.router), functionName: 'helpdesk-router' },
      ],
      paused: dynamoDown,
    });
    stops.push(() => poller.stop());

    if (options.schedule !== false) {
      const schedule = everyMinute(() => loadHandler(JOB_HANDLERS.overdue), {
        functionName: 'helpdesk-overdue',
        paused: dynamoDown,
      });
      stops.push(() => schedule.stop());
      const autoAway = everyMinute(() => loadHandler(JOB_HANDLERS.autoAway), {
        functionName: 'helpdesk-auto-away',
        paused: dynamoDown,
      });
      stops.push(() => autoAway.stop());
    }

    const ready = (options.prepare?.() ?? Promise.resolve()).then(() => {
      prepared = true;
    });
    // A failed preparation leaves the runtime answering 503; whoever started it learns why from `ready`.
    ready.catch(() => undefined);
    return {
      url: gateway.url,
      port: gateway.port,
      env,
      ready,
      supervisor,
      mailbox: { url: mailbox.url, port: mailbox.port },
      smtp: { url: smtp.url, port: smtp.port },
      storage: { url: storage.url, port: storage.port, bucket: ATTACHMENTS_BUCKET },
      mailDomain,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * The SES emulator and the SMTP listener, under the supervisor like the emulators: a part that stops is started again
 * on the same port (so the functions' SES client and anyone sending mail keep working) and the gateway answers 503
 * meanwhile. The SMTP listener hands what it receives to the inbound use case SES's receipt rule feeds in AWS.
 */
async function startMailParts(
  supervisor: Supervisor,
  domain: string,
  options: RuntimeMailOptions = {},
  log: (line: string) => void,
): Promise<{ mailbox: LocalMailServer; smtp: LocalMailServer }> {
  let mailboxPort = options.port ?? 0;
  let smtpPort = options.smtpPort ?? 0;
  const mailbox = await supervisor.add<LocalMailServer>({
    name: PARTS.mailbox,
    start: async () => {
      const started = await startMailbox({ port: mailboxPort });
      mailboxPort = started.port;
      return started;
    },
  });
  const smtp = await supervisor.add<LocalMailServer>({
    name: PARTS.smtp,
    start: async () => {
      const started = await startSmtpListener({
        port: smtpPort,
        domain,
        maxBytes: MAX_INBOUND_BYTES,
        receive: async (raw, envelope) => (await inboundMail()).receiveMail(raw, envelope),
        refuseOversized: async (bytes, envelope) => (await inboundMail()).refuseOversized(bytes, envelope),
        log,
      });
      smtpPort = started.port;
      return started;
    },
  });
  return { mailbox: mailbox.process, smtp: smtp.process };
}

/**
 * The S3 emulator under the supervisor: restarted on the same port and data folder, so the functions' S3 client and
 * the upload forms the browser holds keep working; the bucket and its CORS rule are there again at every start.
 */
async function startStoragePart(
  supervisor: Supervisor,
  options: Parameters<typeof startStorage>[0],
): Promise<LocalStorageServer> {
  let port = options.port;
  const storage = await supervisor.add<LocalStorageServer>({
    name: PARTS.storage,
    start: async () => {
      const started = await startStorage({ ...options, port });
      port = started.port;
      return started;
    },
  });
  return storage.process;
}
