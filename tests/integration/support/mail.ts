/**
 * The mail channel on real parts, in the test process: a table of the test's own, its stream read by the embedded
 * poller and handed to the dispatcher with the real planners, the `mail` and `incident` queues on the embedded SQS
 * endpoint feeding the real senders, the SES emulator as the mailbox (read through its `GET /store`), the SMTP listener for mail coming
 * in (spoken to over a real SMTP conversation with nodemailer), and the gateway for the HTTP routes.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import nodemailer from 'nodemailer';
import { MAX_INBOUND_BYTES } from '#functions/domain/inbound-mail.ts';
import { createDispatcher } from '#functions/jobs/outbox.ts';
import { PLANNERS } from '#functions/outbound/planners.ts';
import { resetConfigForTests } from '#functions/lib/config.ts';
import { logger } from '#functions/lib/logger.ts';
import { FIFO_MAX_RECEIVE_COUNT, QUEUE_KINDS } from '#functions/outbound/kinds.ts';
import { loadHandler } from '#infra/local/handlers.ts';
import { type LocalMailServer, startMailbox, startSmtpListener } from '#infra/local/mail.ts';
import { type LocalQueues, startQueues } from '#infra/local/queues.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import type { StreamPoller } from '#infra/local/stream-poller.ts';
import { createTestCategory, type SignedIn, signedIn } from '../tickets-support.ts';
import { startApi } from './api.ts';
import { pollTableStream } from './stream.ts';
import { eventually } from './waiting.ts';

export { eventually };

export const MAIL_DOMAIN = 'helpdesk.test';
/** FIFO, as in AWS (QUEUE_KINDS.mail.fifo); the queues' own helpers also find it as `helpdesk-mail`. */
const MAIL_QUEUE = 'helpdesk-mail.fifo';
/** The incident fan-out's queue: resolving or answering an incident ends in e-mails to its children's customers. */
const INCIDENT_QUEUE = 'helpdesk-incident';

/** A message as the SES emulator keeps it (`GET /store`). */
export interface StoredMail {
  messageId: string;
  from: string;
  replyTo: string[];
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
}

export interface MailHarness {
  gateway: Gateway;
  mailbox: LocalMailServer;
  smtp: LocalMailServer;
  queues: LocalQueues;
  /** Every stream batch the dispatcher was handed. */
  streamBatches: DynamoDBStreamEvent[];
  /** The dispatcher itself, to hand a record over again. */
  dispatch: ReturnType<typeof createDispatcher>;
  /** Everything the mailbox holds now. */
  sent(): Promise<StoredMail[]>;
  /** The messages to one address. */
  sentTo(address: string): Promise<StoredMail[]>;
  stop(): Promise<void>;
}

/**
 * Starts every part on the test's own table (made with useDedicatedTable, and dropped by `stop()`), with fast retries
 * so that a failing send is parked within seconds.
 */
export async function startMailHarness(
  table: { tableName: string; restore(): Promise<void> },
  retry = { baseMs: 200, capMs: 1_000, maxAttempts: 3 },
): Promise<MailHarness> {
  const stops: Array<() => Promise<unknown>> = [() => table.restore()];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch((error: unknown) => console.error(error));
  };
  try {
    const gateway = await startApi();
    stops.push(() => gateway.close());
    const mailbox = await startMailbox({ port: 0 });
    stops.push(() => mailbox.stop());
    const inbound = () => import('#functions/use-cases/mail/receive-mail.ts');
    const smtp = await startSmtpListener({
      port: 0,
      domain: MAIL_DOMAIN,
      maxBytes: MAX_INBOUND_BYTES,
      receive: async (raw, envelope) => (await inbound()).receiveMail(raw, envelope),
      refuseOversized: async (bytes, envelope) => (await inbound()).refuseOversized(bytes, envelope),
    });
    stops.push(() => smtp.stop());
    const queues = await startQueues({
      queues: [
        {
          name: MAIL_QUEUE,
          handler: () => loadHandler(QUEUE_KINDS.mail!.sender),
          functionName: 'helpdesk-mail-sender',
          visibilityTimeoutSeconds: 2,
          // Each failed attempt is a receive of the same message on a FIFO queue, as in AWS.
          maxReceiveCount: FIFO_MAX_RECEIVE_COUNT,
        },
        {
          name: INCIDENT_QUEUE,
          handler: () => loadHandler(QUEUE_KINDS.incident!.sender),
          functionName: 'helpdesk-incident-sender',
          visibilityTimeoutSeconds: 2,
        },
      ],
    });
    stops.push(() => queues.stop());
    const env: Record<string, string> = {
      MAIL_DOMAIN,
      SES_ENDPOINT: mailbox.url,
      PUBLIC_BASE_URL: gateway.url,
      SQS_ENDPOINT: queues.endpoint,
      MAIL_QUEUE_URL: queues.queueUrl(MAIL_QUEUE),
      MAIL_RETRY_BASE_MS: String(retry.baseMs),
      MAIL_RETRY_CAP_MS: String(retry.capMs),
      MAIL_RETRY_MAX_ATTEMPTS: String(retry.maxAttempts),
      INCIDENT_QUEUE_URL: queues.queueUrl(INCIDENT_QUEUE),
      INCIDENT_RETRY_BASE_MS: String(retry.baseMs),
      INCIDENT_RETRY_CAP_MS: String(retry.capMs),
      INCIDENT_RETRY_MAX_ATTEMPTS: String(retry.maxAttempts),
    };
    const previous = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
    Object.assign(process.env, env);
    stops.push(async () => {
      for (const [name, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetConfigForTests();
    });
    resetConfigForTests();
    const streamBatches: DynamoDBStreamEvent[] = [];
    const dispatch = createDispatcher(PLANNERS);
    const poller: StreamPoller = await pollTableStream(table.tableName, [
      {
        functionName: 'helpdesk-outbox',
        handler: async () => async (event: DynamoDBStreamEvent) => {
          streamBatches.push(event);
          return dispatch(event);
        },
      },
    ]);
    stops.push(() => poller.stop());
    const sent = async (): Promise<StoredMail[]> => {
      const response = await fetch(`${mailbox.url}/store`);
      return ((await response.json()) as { emails: StoredMail[] }).emails;
    };
    return {
      gateway,
      mailbox,
      smtp,
      queues,
      streamBatches,
      dispatch,
      sent,
      sentTo: async (address) =>
        (await sent()).filter((mail) => mail.destination.to.some((to) => to.includes(address))),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The address of a `Reply-To` as the emulator stores it (`"Name" <a@b>` or `a@b`). */
/** Lets the stream and the mail queue drain, so that an e-mail that should not exist would have arrived by now. */
export async function mailSettled(harness: MailHarness, timeoutMs = 15_000): Promise<void> {
  await eventually(() => harness.queues.depth('helpdesk-mail') === 0, 'the mail queue to drain', timeoutMs);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await eventually(() => harness.queues.depth('helpdesk-mail') === 0, 'the mail queue to drain again', timeoutMs);
}

export const bareAddress = (text: string): string => (/<([^>]+)>/.exec(text)?.[1] ?? text).trim();

export interface SmtpMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
  /** MAIL FROM, when it should differ from `from` (`''` for the null sender of bounces). */
  envelopeFrom?: string;
  /** An HTML part beside the text (inline images refer to their `cid`). */
  html?: string;
  /** Files, as a mail client attaches them (an inline image has a `cid`). */
  attachments?: { filename?: string; content: Buffer; contentType: string; cid?: string }[];
}

/** Sends a message to the SMTP listener over a real SMTP conversation; resolves with the server's answer. */
export async function sendSmtp(smtp: LocalMailServer, message: SmtpMessage): Promise<string> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true });
  try {
    const info = await transport.sendMail({
      from: message.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      headers: message.headers,
      ...(message.html !== undefined ? { html: message.html } : {}),
      ...(message.attachments ? { attachments: message.attachments } : {}),
      ...(message.envelopeFrom !== undefined ? { envelope: { from: message.envelopeFrom || '', to: message.to } } : {}),
    });
    return info.response;
  } finally {
    transport.close();
  }
}

export interface InboundMailTest {
  mail: MailHarness;
  admin: SignedIn;
  agent: SignedIn;
  /** Stops the harness and gives the logs their level back. */
  stop(): Promise<void>;
}

/**
 * What a test file of inbound mail starts with: the harness on the file's own table (useDedicatedTable), an admin and
 * an agent signed in, and the category e-mail tickets go under. Refusals are logged as warnings on purpose; the logs
 * keep to errors until `stop`, as the assertions say what matters.
 */
export async function startInboundMailTest(table: Parameters<typeof startMailHarness>[0]): Promise<InboundMailTest> {
  const previousLogLevel = logger.getLevelName();
  logger.setLogLevel('ERROR');
  const mail = await startMailHarness(table);
  const [admin, agent] = await Promise.all([signedIn(mail.gateway.url, 'admin'), signedIn(mail.gateway.url, 'agent')]);
  await createTestCategory({ name: 'general_enquiry', displayName: 'General enquiry' });
  return {
    mail,
    admin,
    agent,
    async stop() {
      await mail.stop();
      logger.setLogLevel(previousLogLevel);
    },
  };
}
