import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { JOB_HANDLERS } from '#functions/api/routes.ts';
import { HandlerFunction } from './function.ts';
import { consumeTableStream } from './table-stream.ts';
import { grantFunction } from './grants.ts';

export interface JobsProps {
  table: ITable;
  webSocketStage: WebSocketStage;
  environment: Record<string, string>;
}

/**
 * Background work: the minutely overdue and auto-away sweeps, and the stream consumers that push alarms to sockets,
 * keep word search's term index (docs/decisions/090-search-by-term-index.md) and drain the routing queue
 * (docs/decisions/006).
 */
export class Jobs extends Construct {
  readonly overdueFunction: HandlerFunction;
  readonly notifierFunction: HandlerFunction;
  readonly autoAwayFunction: HandlerFunction;
  readonly routerFunction: HandlerFunction;
  /** Where the stream mapping sends the records it gave up on (their position in the stream, not the records). */
  readonly notifierFailures: Queue;
  readonly indexerFunction: HandlerFunction;

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);
    const { table, webSocketStage, environment } = props;

    this.overdueFunction = new HandlerFunction(this, 'OverdueFunction', {
      entry: JOB_HANDLERS.overdue,
      description: 'Help desk job: mark tickets past their deadline as overdue',
      environment,
      timeout: Duration.seconds(50),
    });
    grantFunction('overdueJob', this.overdueFunction, { table });
    // The next tick a minute later redoes the sweep, so a failed run is not retried into the next one.
    new Rule(this, 'OverdueSchedule', {
      description: 'Runs the overdue sweep every minute',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(this.overdueFunction, { retryAttempts: 0 })],
    });

    this.notifierFunction = new HandlerFunction(this, 'NotifierFunction', {
      entry: JOB_HANDLERS.notifier,
      description: 'Help desk job: turn table changes into real-time alarms',
      environment,
      timeout: Duration.seconds(60),
    });
    grantFunction('notifierJob', this.notifierFunction, { table });
    // execute-api:ManageConnections: POST sends the frames, DELETE closes the sockets of ended sessions (ADR 070).
    webSocketStage.grantManagementApiAccess(this.notifierFunction);

    this.notifierFailures = new Queue(this, 'NotifierFailures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    consumeTableStream(this.notifierFunction, table, 'TableStream', {
      batchSize: 100,
      bisectBatchOnError: true,
      reportBatchItemFailures: true,
      // An alarm is only worth something while it is fresh: retry a poison record a few times, then move on, and
      // leave its position in the stream on the failure queue for ops (docs/operations.md).
      retryAttempts: 3,
      maxRecordAge: Duration.hours(1),
      onFailure: new SqsDlq(this.notifierFailures),
    });

    this.indexerFunction = new HandlerFunction(this, 'IndexerFunction', {
      entry: JOB_HANDLERS.indexer,
      description: 'Help desk job: keep the term index of word search in step with the tickets',
      environment,
      timeout: Duration.seconds(60),
    });
    grantFunction('indexerJob', this.indexerFunction, { table });
    consumeTableStream(this.indexerFunction, table, 'TableStream', {
      batchSize: 100,
      bisectBatchOnError: true,
      reportBatchItemFailures: true,
      // The index must not miss a change: retry for as long as the stream keeps the record (24 hours).
      retryAttempts: -1,
    });

    this.autoAwayFunction = new HandlerFunction(this, 'AutoAwayFunction', {
      entry: JOB_HANDLERS.autoAway,
      description: 'Help desk job: make agents away after minutes without an open socket, when the desk wants it',
      environment,
      timeout: Duration.seconds(50),
    });
    grantFunction('autoAwayJob', this.autoAwayFunction, { table });
    new Rule(this, 'AutoAwaySchedule', {
      description: 'Runs the auto-away sweep every minute',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(this.autoAwayFunction, { retryAttempts: 0 })],
    });

    this.routerFunction = new HandlerFunction(this, 'RouterFunction', {
      entry: JOB_HANDLERS.router,
      description: 'Help desk job: assign waiting tickets when an agent can take more',
      environment,
      timeout: Duration.seconds(120),
    });
    grantFunction('routerJob', this.routerFunction, { table });
    consumeTableStream(this.routerFunction, table, 'RouterStream', {
      batchSize: 100,
      // A drain that failed is run again by the retry; a waiting ticket is also drained by the next change.
      retryAttempts: 5,
      maxRecordAge: Duration.hours(1),
    });
  }
}
