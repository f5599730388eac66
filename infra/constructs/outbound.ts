import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { kindEnvPrefix } from '#functions/outbound/kinds.ts';
import { JOB_HANDLERS } from '#functions/api/routes.ts';
import { FIFO_MAX_RECEIVE_COUNT, type QueueKind } from '#functions/outbound/kinds.ts';
import type { AppSecret } from './app-secret.ts';
import { HandlerFunction } from './function.ts';
import { grantFunction, grantTable, senderGrants } from './grants.ts';
import { consumeTableStream } from './table-stream.ts';

/** A sender handles one batch within this; its queue hides a received message six times as long (AWS's advice). */
export const SENDER_TIMEOUT = Duration.seconds(30);
/** Receives of one message (each a failed invocation, not a failed delivery) before it goes to the DLQ. */
export const MAX_RECEIVE_COUNT = 5;
/** Messages kept on a queue and its DLQ: longer than any retry schedule, SQS's maximum. */
const RETENTION = Duration.days(14);
export const SENDER_BATCH_SIZE = 10;
/** Sender invocations per kind at once: bounds the load on a receiver and on the table. */
export const SENDER_MAX_CONCURRENCY = 5;
/** Stream retries of a record whose jobs cannot be queued, before it goes to the dispatcher's failure queue. */
export const DISPATCH_RETRY_ATTEMPTS = 10;

/** `webhook` → `Webhook`, for construct ids. */
const idOf = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1);

export interface KindQueues {
  queue: Queue;
  deadLetterQueue: Queue;
}

export interface OutboundQueuesProps {
  kinds: Readonly<Record<string, QueueKind>>;
}

/**
 * One encrypted SQS queue per kind of outbound delivery, each with its dead-letter queue. Made before the functions,
 * because every function's configuration names the queues (`<KIND>_QUEUE_URL`): an admin's retry of a parked job is
 * an HTTP request that queues it again. A `fifo` kind (the mail) gets FIFO queues (named `….fifo` by CDK, which is how
 * its sender knows): the messages of one group, a ticket's customer e-mails, are delivered in the order they were
 * queued, and a failed one is retried in its place (docs/decisions/051-outbound-delivery.md, "Order"). Every message
 * names its deduplication id (a hash of the job), so the queue needs no content-based deduplication.
 */
export class OutboundQueues extends Construct {
  readonly kinds: Record<string, KindQueues> = {};
  /** `<KIND>_QUEUE_URL` for every kind: part of every function's configuration. */
  readonly environment: Record<string, string> = {};

  constructor(scope: Construct, id: string, props: OutboundQueuesProps) {
    super(scope, id);
    for (const [kind, definition] of Object.entries(props.kinds)) {
      const name = idOf(kind);
      const fifo = definition.fifo === true;
      const deadLetterQueue = new Queue(this, `${name}DeadLetterQueue`, {
        ...(fifo ? { fifo: true } : {}),
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: RETENTION,
        // Poison messages are evidence of a bug; a stack replacement must not throw them away.
        removalPolicy: RemovalPolicy.RETAIN,
      });
      const queue = new Queue(this, `${name}Queue`, {
        ...(fifo ? { fifo: true, contentBasedDeduplication: false } : {}),
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: RETENTION,
        visibilityTimeout: Duration.seconds(SENDER_TIMEOUT.toSeconds() * 6),
        // On a FIFO queue every failed attempt is a receive (it is retried in its place), so more are allowed there.
        deadLetterQueue: {
          queue: deadLetterQueue,
          maxReceiveCount: fifo ? FIFO_MAX_RECEIVE_COUNT : MAX_RECEIVE_COUNT,
        },
      });
      this.kinds[kind] = { queue, deadLetterQueue };
      this.environment[`${kindEnvPrefix(kind)}_QUEUE_URL`] = queue.queueUrl;
    }
  }

  /** Lets `grantee` queue jobs of `kinds` (every kind by default): SendMessage on those queues alone. */
  grantEnqueue(grantee: IGrantable, kinds: readonly string[] = Object.keys(this.kinds)): void {
    for (const kind of kinds) {
      const queues = this.kinds[kind];
      if (!queues) throw new Error(`No queue for the delivery kind "${kind}"`);
      queues.queue.grantSendMessages(grantee);
    }
  }
}

export interface OutboundProps {
  table: ITable;
  queues: OutboundQueues;
  kinds: Readonly<Record<string, QueueKind>>;
  /** The dispatcher and the senders sign links and reply addresses and unseal webhook secrets with it. */
  appSecret: AppSecret;
  environment: Record<string, string>;
}

/**
 * The functions of outbound delivery (docs/decisions/051-outbound-delivery.md): the dispatcher on the table's stream
 * (its own event source mapping, beside the notifier's), which queues jobs on each kind's queue, and per kind the
 * sender fed by that queue.
 */
export class Outbound extends Construct {
  readonly dispatcherFunction: HandlerFunction;
  /** Where the stream mapping sends records it gave up on (their position in the stream, not the records). */
  readonly dispatchFailures: Queue;
  readonly senders: Record<string, HandlerFunction> = {};

  constructor(scope: Construct, id: string, props: OutboundProps) {
    super(scope, id);
    const { table, queues, environment } = props;

    this.dispatcherFunction = new HandlerFunction(this, 'DispatcherFunction', {
      entry: JOB_HANDLERS.outbox,
      description: 'Help desk job: turn table changes into outbound delivery jobs',
      environment,
      timeout: Duration.seconds(60),
    });
    // Planners decide from the stream record, and the webhook planner from the webhooks too: it reads them, never writes.
    grantFunction('outboxJob', this.dispatcherFunction, { table });
    queues.grantEnqueue(this.dispatcherFunction);
    props.appSecret.grantRead(this.dispatcherFunction);
    this.dispatchFailures = new Queue(this, 'DispatchFailures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: RETENTION,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    consumeTableStream(this.dispatcherFunction, table, 'TableStream', {
      batchSize: 100,
      bisectBatchOnError: true,
      reportBatchItemFailures: true,
      // Unlike an alarm, a mail or a webhook is still owed later: retry for as long as the stream keeps the record
      // (no age limit), but let a record that keeps failing go to the failure queue rather than block its shard.
      retryAttempts: DISPATCH_RETRY_ATTEMPTS,
      onFailure: new SqsDlq(this.dispatchFailures),
    });

    for (const [kind, definition] of Object.entries(props.kinds)) {
      const kindQueues = queues.kinds[kind];
      if (!kindQueues) throw new Error(`No queue for the delivery kind "${kind}"`);
      const sender = new HandlerFunction(this, `${idOf(kind)}SenderFunction`, {
        entry: definition.sender,
        description: `Help desk job: send ${definition.description}`,
        environment,
        timeout: SENDER_TIMEOUT,
      });
      // Its own kind's job items and the delivery logs, and what its `send` needs; nothing is scanned or deleted.
      grantTable(sender, table, senderGrants(kind));
      // Senders leave the AWS network (webhook endpoints, mail): outside any VPC, a function has that egress itself.
      // A failed attempt queues the next one on the same queue (a FIFO kind's holds its message back instead:
      // ChangeMessageVisibility, which the event source's consume grant includes).
      kindQueues.queue.grantSendMessages(sender);
      props.appSecret.grantRead(sender);
      sender.addEventSource(
        new SqsEventSource(kindQueues.queue, {
          batchSize: SENDER_BATCH_SIZE,
          reportBatchItemFailures: true,
          maxConcurrency: SENDER_MAX_CONCURRENCY,
        }),
      );
      this.senders[kind] = sender;
    }
  }
}
