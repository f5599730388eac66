/**
 * The outbound constructs with one kind registered: the tests' `probe` kind, whose sender module is real
 * (tests/integration/support/probe-kind.ts), so the per-kind resources are checked before mail and webhooks add
 * theirs to QUEUE_KINDS.
 */
import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AttributeType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIFO_MAX_RECEIVE_COUNT, QUEUE_KINDS, type QueueKind } from '#functions/outbound/kinds.ts';
import { PROBE_SENDER_ENTRY } from '../tests/integration/support/probe-kind.ts';
import { AppSecret } from './constructs/app-secret.ts';
import {
  MAX_RECEIVE_COUNT,
  Outbound,
  OutboundQueues,
  SENDER_BATCH_SIZE,
  SENDER_MAX_CONCURRENCY,
  SENDER_TIMEOUT,
} from './constructs/outbound.ts';

const KINDS: Record<string, QueueKind> = { probe: { sender: PROBE_SENDER_ENTRY, description: 'test probes' } };

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };
type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };
const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

let stack: Stack;
let template: Template;
let table: Table;
let queues: OutboundQueues;
let outbound: Outbound;
let httpRole: Role;

const idOf = (construct: IConstruct) => stack.getLogicalId(construct.node.defaultChild as CfnElement);

/** Statements of the inline policies attached to a role. */
function statementsOf(role: IConstruct): Statement[] {
  const roleId = idOf(role);
  return (Object.values(template.findResources('AWS::IAM::Policy')) as Resource[])
    .filter((policy) => policy.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
}

beforeAll(() => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  stack = new Stack(app, 'OutboundTest', { env: { account: '123456789012', region: 'eu-west-1' } });
  table = new Table(stack, 'Table', {
    partitionKey: { name: 'pk', type: AttributeType.STRING },
    sortKey: { name: 'sk', type: AttributeType.STRING },
    stream: StreamViewType.NEW_AND_OLD_IMAGES,
  });
  queues = new OutboundQueues(stack, 'Queues', { kinds: KINDS });
  outbound = new Outbound(stack, 'Outbound', {
    table,
    queues,
    kinds: KINDS,
    appSecret: new AppSecret(stack, 'AppSecret'),
    environment: { TABLE_NAME: table.tableName, ...queues.environment },
  });
  // An HTTP function that retries parked jobs would be granted like this.
  httpRole = new Role(stack, 'HttpRole', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
  queues.grantEnqueue(httpRole, ['probe']);
  template = Template.fromStack(stack);
}, 60_000);

describe('a kind of delivery', () => {
  it('gets an encrypted queue that hands a message to its dead-letter queue after a few failed receives', () => {
    const { queue, deadLetterQueue } = queues.kinds.probe!;
    const resources = template.findResources('AWS::SQS::Queue');
    expect(resources[idOf(queue)]!.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
      VisibilityTimeout: SENDER_TIMEOUT.toSeconds() * 6,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [idOf(deadLetterQueue), 'Arn'] },
        maxReceiveCount: MAX_RECEIVE_COUNT,
      },
    });
    expect(resources[idOf(deadLetterQueue)]).toMatchObject({
      DeletionPolicy: 'Retain',
      Properties: { SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 },
    });
  });

  it('refuses plain HTTP to its queues', () => {
    const policies = Object.values(template.findResources('AWS::SQS::QueuePolicy')) as Resource[];
    const denied = policies.flatMap((p) =>
      (p.Properties.PolicyDocument.Statement as Array<Statement & { Condition?: unknown }>).filter(
        (s) => s.Effect === 'Deny' && JSON.stringify(s.Condition).includes('aws:SecureTransport'),
      ),
    );
    expect(denied.length).toBeGreaterThanOrEqual(2);
  });

  it('has a sender fed by its queue, reporting failed items, in bounded batches and concurrency', () => {
    const sender = outbound.senders.probe!;
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [idOf(queues.kinds.probe!.queue), 'Arn'] },
      FunctionName: { Ref: idOf(sender) },
      BatchSize: SENDER_BATCH_SIZE,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: SENDER_MAX_CONCURRENCY },
    });
    const fn = template.findResources('AWS::Lambda::Function')[idOf(sender)]!;
    expect(fn.Properties).toMatchObject({ Timeout: SENDER_TIMEOUT.toSeconds(), Runtime: 'nodejs22.x' });
  });

  it('tells every function where its queue is', () => {
    for (const fn of [outbound.dispatcherFunction, outbound.senders.probe!]) {
      const variables = template.findResources('AWS::Lambda::Function')[idOf(fn)]!.Properties.Environment.Variables;
      expect(variables.PROBE_QUEUE_URL).toEqual({ Ref: idOf(queues.kinds.probe!.queue) });
    }
  });
});

describe('permissions', () => {
  const sendsTo = (role: IConstruct) =>
    statementsOf(role)
      .filter((s) => asList(s.Action).includes('sqs:SendMessage'))
      .map((s) => s.Resource);

  it('lets the sender use its job items and logs, and queue its next attempts, and nothing more', () => {
    const statements = statementsOf(outbound.senders.probe!.role!);
    const table = statements
      .filter((s) => asList(s.Action).some((a) => a.startsWith('dynamodb:')))
      .map((s) => ({
        actions: asList(s.Action).sort(),
        partitions: (s.Condition as any)?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'],
      }));
    // A kind without reads of its own gets only its bookkeeping: its own kind's job items, and the delivery logs.
    expect(table).toEqual([
      { actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'], partitions: ['JOB#probe#*'] },
      { actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'], partitions: ['DELIVERY_LOG#*'] },
    ]);
    expect(sendsTo(outbound.senders.probe!.role!)).toEqual([
      { 'Fn::GetAtt': [idOf(queues.kinds.probe!.queue), 'Arn'] },
    ]);
    const consume = statements.filter((s) => asList(s.Action).includes('sqs:ReceiveMessage'));
    expect(consume.map((s) => s.Resource)).toEqual([{ 'Fn::GetAtt': [idOf(queues.kinds.probe!.queue), 'Arn'] }]);
  });

  it('lets the dispatcher queue jobs and report given-up records, and only read the webhooks and the incidents', () => {
    const role = outbound.dispatcherFunction.role!;
    expect(sendsTo(role)).toEqual(
      expect.arrayContaining([
        { 'Fn::GetAtt': [idOf(queues.kinds.probe!.queue), 'Arn'] },
        { 'Fn::GetAtt': [idOf(outbound.dispatchFailures), 'Arn'] },
      ]),
    );
    expect(sendsTo(role)).toHaveLength(2);
    const actions = statementsOf(role).flatMap((s) => asList(s.Action));
    expect(
      actions.filter(
        (a) =>
          /^dynamodb:(Get|Put|Update|Delete|Query|Scan|Batch)/.test(a) &&
          a !== 'dynamodb:GetRecords' &&
          a !== 'dynamodb:GetShardIterator',
      ),
    ).toEqual(['dynamodb:Query', 'dynamodb:BatchGetItem']);
    const query = statementsOf(role).find((s) => asList(s.Action).includes('dynamodb:Query'));
    expect(query?.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['WEBHOOKS'] } });
    // The incident planner's read of which settled tickets have children (ADR 093).
    const batchGet = statementsOf(role).find((s) => asList(s.Action).includes('dynamodb:BatchGetItem'));
    expect(batchGet?.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['TICKET#*'] } });
  });

  it('grants queueing of the kinds asked for, on their queues only', () => {
    expect(sendsTo(httpRole)).toEqual([{ 'Fn::GetAtt': [idOf(queues.kinds.probe!.queue), 'Arn'] }]);
    expect(() => queues.grantEnqueue(httpRole, ['nosuchkind'])).toThrow('No queue for the delivery kind "nosuchkind"');
  });
});

describe('a kind whose deliveries keep their order (FIFO)', () => {
  let fifoStack: Stack;
  let fifoTemplate: Template;
  let fifoQueues: OutboundQueues;
  const fifoId = (construct: IConstruct) => fifoStack.getLogicalId(construct.node.defaultChild as CfnElement);

  beforeAll(() => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    fifoStack = new Stack(app, 'OutboundFifoTest', { env: { account: '123456789012', region: 'eu-west-1' } });
    const kinds: Record<string, QueueKind> = {
      ordered: { sender: PROBE_SENDER_ENTRY, description: 'ordered probes', fifo: true },
    };
    const fifoTable = new Table(fifoStack, 'Table', {
      partitionKey: { name: 'pk', type: AttributeType.STRING },
      sortKey: { name: 'sk', type: AttributeType.STRING },
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
    });
    fifoQueues = new OutboundQueues(fifoStack, 'Queues', { kinds });
    new Outbound(fifoStack, 'Outbound', {
      table: fifoTable,
      queues: fifoQueues,
      kinds,
      appSecret: new AppSecret(fifoStack, 'AppSecret'),
      environment: { TABLE_NAME: fifoTable.tableName, ...fifoQueues.environment },
    });
    fifoTemplate = Template.fromStack(fifoStack);
  }, 60_000);

  it('is the mail kind, so that e-mails about one ticket reach the customer in commit order', () => {
    expect(QUEUE_KINDS.mail?.fifo).toBe(true);
  });

  it('gets a FIFO queue and a FIFO dead-letter queue, each message naming its own deduplication id', () => {
    const { queue, deadLetterQueue } = fifoQueues.kinds.ordered!;
    const resources = fifoTemplate.findResources('AWS::SQS::Queue');
    expect(resources[fifoId(queue)]!.Properties).toMatchObject({
      FifoQueue: true,
      ContentBasedDeduplication: false,
      SqsManagedSseEnabled: true,
      VisibilityTimeout: SENDER_TIMEOUT.toSeconds() * 6,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [fifoId(deadLetterQueue), 'Arn'] },
        // Failed attempts are retried in place, each one a receive: more than the retry policy's attempts.
        maxReceiveCount: FIFO_MAX_RECEIVE_COUNT,
      },
    });
    expect(FIFO_MAX_RECEIVE_COUNT).toBeGreaterThan(40);
    expect(resources[fifoId(deadLetterQueue)]!.Properties).toMatchObject({ FifoQueue: true });
  });

  it('feeds its sender in batches that report failed items, so a failed message stays in its group', () => {
    fifoTemplate.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [fifoId(fifoQueues.kinds.ordered!.queue), 'Arn'] },
      BatchSize: SENDER_BATCH_SIZE,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });
});
