/**
 * What tells ops that something broke, and what keeps the data (docs/operations.md, ADR 066): every alarm with its
 * metric, threshold and topic, the topic's subscription from `alarmEmail`, the dashboard, the dead-letter queue of
 * each stream consumer and queue, and the table's deletion protection and point-in-time recovery.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { HTTP_GROUPS } from '#functions/api/routes.ts';
import { FIFO_MAX_RECEIVE_COUNT, QUEUE_KINDS } from '#functions/outbound/kinds.ts';
import { ALARM_THRESHOLDS } from './constructs/observability.ts';
import { DISPATCH_RETRY_ATTEMPTS, MAX_RECEIVE_COUNT } from './constructs/outbound.ts';
import type { HelpdeskStack } from './stack.ts';
import { logicalIdOf, synthesizeApp } from './testing.ts';

type Resource = { Type: string; Properties: Record<string, any> };

let stack: HelpdeskStack;
let template: Template;

beforeAll(() => {
  ({ main: stack, mainTemplate: template } = synthesizeApp({
    account: '123456789012',
    region: 'eu-west-1',
    alarmEmail: 'ops@example.com',
  }));
}, 120_000);

const alarms = () => template.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>;
const alarmNamed = (id: string): Resource => {
  const found = Object.entries(alarms()).filter(([logicalId]) => logicalId.startsWith(`Observability${id}`));
  expect(
    found.map(([logicalId]) => logicalId),
    id,
  ).toHaveLength(1);
  return found[0]![1];
};
const ref = (construct: Parameters<typeof logicalIdOf>[1]) => ({ Ref: logicalIdOf(stack, construct) });
const ourFunctions = () => Object.values(stack.functions);
const topicRef = () => ref(stack.observability.topic);
const dimension = (alarm: Resource, name: string) =>
  (alarm.Properties.Dimensions as { Name: string; Value: unknown }[] | undefined)?.find((d) => d.Name === name)?.Value;

describe('alarms', () => {
  it('send every alarm, and its all-clear, to the one topic', () => {
    for (const [id, alarm] of Object.entries(alarms())) {
      expect(alarm.Properties.AlarmActions, id).toEqual([topicRef()]);
      expect(alarm.Properties.OKActions, id).toEqual([topicRef()]);
      expect(alarm.Properties.TreatMissingData, id).toBe('notBreaching');
      expect(alarm.Properties.AlarmDescription, id).toContain('docs/operations.md');
    }
  });

  it("watch the HTTP API's 5xx rate, judged only from enough requests", () => {
    const alarm = alarmNamed('Api5xxRate');
    expect(alarm.Properties.Threshold).toBe(ALARM_THRESHOLDS.api5xxRatePercent);
    const [expression, ...inputs] = alarm.Properties.Metrics as any[];
    expect(expression.Expression).toBe(
      `IF(requests >= ${ALARM_THRESHOLDS.api5xxMinRequests}, 100 * errors / requests, 0)`,
    );
    const byId = Object.fromEntries(inputs.map((m) => [m.Id, m.MetricStat.Metric]));
    expect(byId.errors.MetricName).toBe('5xx');
    expect(byId.requests.MetricName).toBe('Count');
    for (const metric of Object.values(byId) as any[]) {
      expect(metric.Namespace).toBe('AWS/ApiGateway');
      expect(metric.Dimensions).toEqual([{ Name: 'ApiId', Value: ref(stack.gateways.httpApi) }]);
    }
  });

  it("watch the HTTP API's p99 latency", () => {
    const alarm = alarmNamed('ApiP99Latency');
    expect(alarm.Properties).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: 'Latency',
      ExtendedStatistic: 'p99',
      Threshold: ALARM_THRESHOLDS.apiP99LatencyMs,
      ComparisonOperator: 'GreaterThanThreshold',
    });
    expect(dimension(alarm, 'ApiId')).toEqual(ref(stack.gateways.httpApi));
  });

  it('watch every function for throttles', () => {
    const functions = ourFunctions();
    const throttles = Object.values(alarms()).filter((a) => a.Properties.MetricName === 'Throttles');
    expect(throttles.map((a) => dimension(a, 'FunctionName')).sort(byRef)).toEqual(functions.map(ref).sort(byRef));
    expect(HTTP_GROUPS.length + Object.keys(QUEUE_KINDS).length + 13).toBe(functions.length);
    for (const alarm of throttles) expect(alarm.Properties).toMatchObject({ Threshold: 1, Statistic: 'Sum' });
  });

  it('watch how far each stream consumer is behind the stream', () => {
    for (const [id, fn, threshold] of [
      ['NotifierIteratorAge', stack.jobs.notifierFunction, ALARM_THRESHOLDS.notifierIteratorAgeMs],
      ['DispatcherIteratorAge', stack.outbound.dispatcherFunction, ALARM_THRESHOLDS.dispatcherIteratorAgeMs],
      ['IndexerIteratorAge', stack.jobs.indexerFunction, ALARM_THRESHOLDS.indexerIteratorAgeMs],
      ['RouterIteratorAge', stack.jobs.routerFunction, ALARM_THRESHOLDS.routerIteratorAgeMs],
    ] as const) {
      const alarm = alarmNamed(id);
      expect(alarm.Properties).toMatchObject({ MetricName: 'IteratorAge', Statistic: 'Maximum', Threshold: threshold });
      expect(dimension(alarm, 'FunctionName')).toEqual(ref(fn));
    }
  });

  it('watch every dead-letter queue for a single message', () => {
    const queues = [
      stack.jobs.notifierFailures,
      stack.outbound.dispatchFailures,
      ...Object.values(stack.outboundQueues.kinds).map((kind) => kind.deadLetterQueue),
      stack.mail.inboundFailures,
      stack.attachments.scanResultFailures,
    ];
    const depth = Object.values(alarms()).filter(
      (a) => a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible',
    );
    const queueName = (queue: (typeof queues)[number]) => ({ 'Fn::GetAtt': [logicalIdOf(stack, queue), 'QueueName'] });
    expect(depth.map((a) => dimension(a, 'QueueName')).sort(byRef)).toEqual(queues.map(queueName).sort(byRef));
    for (const alarm of depth) {
      expect(alarm.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    }
  });

  it("watch SES's bounce rate of the help desk's configuration set", () => {
    const alarm = alarmNamed('MailBounceRate');
    expect(alarm.Properties).toMatchObject({
      Namespace: 'AWS/SES',
      MetricName: 'Reputation.BounceRate',
      Threshold: ALARM_THRESHOLDS.bounceRate,
    });
    expect(dimension(alarm, 'ses:configuration-set')).toEqual(ref(stack.mail.configurationSet));
  });
});

describe('the alarm topic', () => {
  it('is encrypted with a key CloudWatch may use, refuses plain HTTP, and mails `alarmEmail`', () => {
    const topic = template.findResources('AWS::SNS::Topic')[logicalIdOf(stack, stack.observability.topic)] as Resource;
    expect(topic.Properties.KmsMasterKeyId).toBeDefined();
    const keys = Object.values(template.findResources('AWS::KMS::Key')) as Resource[];
    const statements = keys.flatMap((key) => key.Properties.KeyPolicy.Statement as any[]);
    expect(
      statements.some(
        (s) =>
          s.Principal?.Service === 'cloudwatch.amazonaws.com' &&
          ['kms:Decrypt', 'kms:GenerateDataKey*'].every((a) => [s.Action].flat().includes(a)),
      ),
    ).toBe(true);
    const topicPolicies = Object.values(template.findResources('AWS::SNS::TopicPolicy')) as Resource[];
    expect(JSON.stringify(topicPolicies)).toContain('aws:SecureTransport');
    const subscriptions = Object.values(template.findResources('AWS::SNS::Subscription')) as Resource[];
    expect(subscriptions.map((s) => s.Properties)).toEqual([
      expect.objectContaining({ Protocol: 'email', Endpoint: 'ops@example.com', TopicArn: topicRef() }),
    ]);
  });

  it('exists without a subscription when no `alarmEmail` is set', () => {
    const { mainTemplate } = synthesizeApp({ account: '123456789012', region: 'eu-west-1' });
    mainTemplate.resourceCountIs('AWS::SNS::Topic', 1);
    mainTemplate.resourceCountIs('AWS::SNS::Subscription', 0);
  }, 120_000);

  it('refuses an `alarmEmail` that is not an address', () => {
    expect(() => synthesizeApp({ alarmEmail: 'ops team' })).toThrow(/alarmEmail must be an e-mail address/);
  });
});

describe('the dashboard', () => {
  it('is one dashboard with the alarms, the API, the routes, the business counts, functions, streams and queues', () => {
    const dashboards = Object.values(template.findResources('AWS::CloudWatch::Dashboard')) as Resource[];
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]!.Properties.DashboardBody);
    for (const title of [
      'Alarms',
      'HTTP API: requests and 5xx',
      'HTTP API: latency (ms)',
      'Routes: p99 latency (ms)',
      'Routes: 5xx answers',
      'Tickets, assignments, alarms',
      'Mail and webhooks',
      'Functions: errors',
      'Functions: throttles',
      'Stream consumers: iterator age (ms)',
      'Dead-letter queues: messages',
    ]) {
      expect(body, title).toContain(`"title\\":\\"${title}\\"`);
    }
    for (const metric of ['TicketsCreated', 'AutoAssignments', 'AlarmsDelivered', 'MailsSent', 'MailsBounced']) {
      expect(body, metric).toContain(metric);
    }
    expect(body).toContain('WebhookFailures');
    expect(body).toContain('MetricName=\\\\\\"RouteLatency\\\\\\"');
  });
});

describe('stream consumers', () => {
  const mappings = () => Object.values(template.findResources('AWS::Lambda::EventSourceMapping')) as Resource[];
  const mappingOf = (fn: Parameters<typeof logicalIdOf>[1]) =>
    mappings().find((m) => m.Properties.FunctionName.Ref === logicalIdOf(stack, fn))!.Properties;
  const arnOf = (queue: Parameters<typeof logicalIdOf>[1]) => ({ 'Fn::GetAtt': [logicalIdOf(stack, queue), 'Arn'] });

  it('bisect a failing batch, report item failures, retry a bounded number of times, then go to their queue', () => {
    for (const [fn, queue, retries] of [
      [stack.jobs.notifierFunction, stack.jobs.notifierFailures, 3],
      [stack.outbound.dispatcherFunction, stack.outbound.dispatchFailures, DISPATCH_RETRY_ATTEMPTS],
    ] as const) {
      expect(mappingOf(fn)).toMatchObject({
        BisectBatchOnFunctionError: true,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        MaximumRetryAttempts: retries,
        DestinationConfig: { OnFailure: { Destination: arnOf(queue) } },
      });
    }
  });

  it('have queues whose messages go to a dead-letter queue after a bounded number of receives', () => {
    for (const [kind, { queue, deadLetterQueue }] of Object.entries(stack.outboundQueues.kinds)) {
      const props = (template.findResources('AWS::SQS::Queue')[logicalIdOf(stack, queue)] as Resource).Properties;
      expect(props.RedrivePolicy).toEqual({
        deadLetterTargetArn: arnOf(deadLetterQueue),
        // A FIFO kind's failed attempts are receives of the same message (docs/decisions/051, "Order").
        maxReceiveCount: QUEUE_KINDS[kind]?.fifo ? FIFO_MAX_RECEIVE_COUNT : MAX_RECEIVE_COUNT,
      });
    }
  });

  it('keep every dead-letter queue encrypted, for two weeks, and past a stack deletion', () => {
    const queues = template.findResources('AWS::SQS::Queue') as Record<string, Resource & { DeletionPolicy?: string }>;
    for (const queue of [
      stack.jobs.notifierFailures,
      stack.outbound.dispatchFailures,
      ...Object.values(stack.outboundQueues.kinds).map((kind) => kind.deadLetterQueue),
      stack.mail.inboundFailures,
    ]) {
      const resource = queues[logicalIdOf(stack, queue)]!;
      expect(resource.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
      expect(resource.DeletionPolicy).toBe('Retain');
    }
  });
});

describe('the table', () => {
  it('has deletion protection and point-in-time recovery, and outlives the stack', () => {
    const table = template.findResources('AWS::DynamoDB::Table')[logicalIdOf(stack, stack.data.table)] as Resource & {
      DeletionPolicy: string;
    };
    expect(table.Properties.DeletionProtectionEnabled).toBe(true);
    expect(table.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(table.DeletionPolicy).toBe('Retain');
  });
});

describe('tracing', () => {
  it('is active on every function of ours', () => {
    const resources = template.findResources('AWS::Lambda::Function') as Record<string, Resource>;
    for (const fn of ourFunctions()) {
      expect(resources[logicalIdOf(stack, fn)]!.Properties.TracingConfig, fn.node.path).toEqual({ Mode: 'Active' });
    }
  });
});

const byRef = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));
