import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { type MetricName, METRICS_NAMESPACE, METRICS_SERVICE } from '#functions/lib/metrics.ts';

/**
 * The thresholds of the alarms; docs/decisions/066-observability.md says why each is where it is, and
 * docs/operations.md what to do when one goes off.
 */
export const ALARM_THRESHOLDS = {
  /** Per cent of HTTP API requests answered 5xx in five minutes, two five-minute periods out of three. */
  api5xxRatePercent: 5,
  /** Requests in five minutes below which the 5xx rate is not judged (one error in three requests is no outage). */
  api5xxMinRequests: 20,
  /** p99 of the HTTP API's latency over five minutes, three periods running. */
  apiP99LatencyMs: 3_000,
  /**
   * The oldest record a stream consumer reads, per consumer: alarms are stale after a minute, mail is not, and a
   * ticket's words not yet searchable after five minutes mean the indexer is stuck (it retries a record until it
   * leaves the stream, docs/decisions/090-search-by-term-index.md).
   */
  notifierIteratorAgeMs: 60_000,
  dispatcherIteratorAgeMs: 300_000,
  indexerIteratorAgeMs: 300_000,
  /** A waiting ticket is assigned within seconds of an agent freeing up; a minute behind means routing stalls. */
  routerIteratorAgeMs: 60_000,
  /** SES's bounce rate of the configuration set; SES reviews an account at 5 %. */
  bounceRate: 0.04,
} as const;

const FIVE_MINUTES = Duration.minutes(5);

export interface ObservabilityProps {
  httpApi: HttpApi;
  /** Every function of the stack, by a name the alarms and the dashboard show. */
  functions: Readonly<Record<string, IFunction>>;
  /** The table-stream consumers and how old their oldest record may get. */
  streamConsumers: ReadonlyArray<{ name: string; fn: IFunction; maxIteratorAgeMs: number }>;
  /** Every dead-letter and failure queue, by a name the alarms show. */
  deadLetterQueues: Readonly<Record<string, IQueue>>;
  /** The SES configuration set whose bounce rate is watched. */
  configurationSetName: string;
  /** Where the alarms are mailed (CDK context `alarmEmail`); without it the topic has no subscription. */
  alarmEmail?: string;
}

/**
 * What tells ops that something broke (docs/operations.md): CloudWatch alarms on the API's 5xx rate and p99 latency,
 * throttled functions, stream consumers falling behind, anything in a dead-letter queue, and SES's bounce rate, all
 * sent to one SNS topic; and one dashboard with the API, the functions, the consumers, the queues and the business
 * counts the functions write (functions/lib/metrics.ts).
 */
export class Observability extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);

    // CloudWatch publishes to an encrypted topic only with a customer-managed key whose policy lets it.
    const key = new Key(this, 'AlarmTopicKey', {
      description: 'Help desk: encrypts the alarm topic',
      enableKeyRotation: true,
    });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'AlarmTopic', {
      displayName: 'Help desk alarms',
      masterKey: key,
      enforceSSL: true,
    });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const action = new SnsAction(this.topic);

    const alarm = (alarmId: string, description: string, options: ConstructorParameters<typeof Alarm>[2]) => {
      const made = new Alarm(this, alarmId, {
        alarmDescription: `${description} See docs/operations.md.`,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        ...options,
      });
      made.addAlarmAction(action);
      made.addOkAction(action);
      this.alarms.push(made);
      return made;
    };

    const { httpApi } = props;
    const requests = httpApi.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' });
    const serverErrors = httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' });
    const errorRate = new MathExpression({
      expression: `IF(requests >= ${ALARM_THRESHOLDS.api5xxMinRequests}, 100 * errors / requests, 0)`,
      usingMetrics: { requests, errors: serverErrors },
      label: '5xx rate (%)',
      period: FIVE_MINUTES,
    });
    alarm('Api5xxRate', 'The HTTP API answers too many requests with a 5xx.', {
      metric: errorRate,
      threshold: ALARM_THRESHOLDS.api5xxRatePercent,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });
    const p99 = httpApi.metricLatency({ period: FIVE_MINUTES, statistic: 'p99' });
    alarm('ApiP99Latency', 'The slowest 1 % of HTTP API requests take too long.', {
      metric: p99,
      threshold: ALARM_THRESHOLDS.apiP99LatencyMs,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
    });

    for (const [name, fn] of Object.entries(props.functions)) {
      alarm(`${name}Throttles`, `Lambda throttled invocations of the ${name} function.`, {
        metric: fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
      });
    }

    const iteratorAge = (fn: IFunction) => fn.metric('IteratorAge', { period: FIVE_MINUTES, statistic: 'Maximum' });
    for (const { name, fn, maxIteratorAgeMs } of props.streamConsumers) {
      alarm(`${name}IteratorAge`, `The ${name} function falls behind the table's stream.`, {
        metric: iteratorAge(fn),
        threshold: maxIteratorAgeMs,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 2,
      });
    }

    const depth = (queue: IQueue) =>
      queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' });
    for (const [name, queue] of Object.entries(props.deadLetterQueues)) {
      alarm(`${name}Depth`, `Messages wait in the ${name} dead-letter queue.`, {
        metric: depth(queue),
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
      });
    }

    const bounceRate = new Metric({
      namespace: 'AWS/SES',
      metricName: 'Reputation.BounceRate',
      dimensionsMap: { 'ses:configuration-set': props.configurationSetName },
      period: Duration.hours(1),
      statistic: 'Maximum',
    });
    alarm('MailBounceRate', "Too many of the help desk's e-mails bounce.", {
      metric: bounceRate,
      threshold: ALARM_THRESHOLDS.bounceRate,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
    });

    const business = (names: MetricName[]): IMetric[] =>
      names.map(
        (metricName) =>
          new Metric({
            namespace: METRICS_NAMESPACE,
            metricName,
            dimensionsMap: { service: METRICS_SERVICE },
            period: FIVE_MINUTES,
            statistic: 'Sum',
          }),
      );
    const perRoute = (metricName: MetricName, statistic: string, label: string) =>
      new MathExpression({
        expression: `SEARCH('{${METRICS_NAMESPACE},service,route} MetricName="${metricName}"', '${statistic}', 300)`,
        label,
        period: FIVE_MINUTES,
      });
    const functions = Object.entries(props.functions);
    const wide = { width: 12, height: 6 } as const;

    this.dashboard = new Dashboard(this, 'Dashboard', {
      defaultInterval: Duration.hours(3),
      widgets: [
        [new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 })],
        [
          new GraphWidget({
            title: 'HTTP API: requests and 5xx',
            left: [requests, serverErrors],
            right: [errorRate],
            ...wide,
          }),
          new GraphWidget({
            title: 'HTTP API: latency (ms)',
            left: [httpApi.metricLatency({ period: FIVE_MINUTES, statistic: 'p50' }), p99],
            ...wide,
          }),
        ],
        [
          new GraphWidget({
            title: 'Routes: p99 latency (ms)',
            left: [perRoute('RouteLatency', 'p99', 'p99')],
            ...wide,
          }),
          new GraphWidget({
            title: 'Routes: 5xx answers',
            left: [perRoute('RouteServerErrors', 'Sum', '5xx')],
            ...wide,
          }),
        ],
        [
          new GraphWidget({
            title: 'Tickets, assignments, alarms',
            left: business(['TicketsCreated', 'AutoAssignments', 'AlarmsDelivered']),
            ...wide,
          }),
          new GraphWidget({
            title: 'Mail and webhooks',
            left: business(['MailsSent', 'MailsBounced', 'WebhookFailures']),
            right: [bounceRate],
            ...wide,
          }),
        ],
        [
          new GraphWidget({
            title: 'Functions: errors',
            left: functions.map(([name, fn]) => fn.metricErrors({ period: FIVE_MINUTES, label: name })),
            ...wide,
          }),
          new GraphWidget({
            title: 'Functions: throttles',
            left: functions.map(([name, fn]) => fn.metricThrottles({ period: FIVE_MINUTES, label: name })),
            ...wide,
          }),
        ],
        [
          new GraphWidget({
            title: 'Stream consumers: iterator age (ms)',
            left: props.streamConsumers.map(({ fn }) => iteratorAge(fn)),
            ...wide,
          }),
          new GraphWidget({
            title: 'Dead-letter queues: messages',
            left: Object.entries(props.deadLetterQueues).map(([name, queue]) =>
              queue.metricApproximateNumberOfMessagesVisible({
                period: FIVE_MINUTES,
                statistic: 'Maximum',
                label: name,
              }),
            ),
            ...wide,
          }),
        ],
      ],
    });
  }
}
