/**
 * Least privilege, as the synthesized template states it: each function's role allows exactly the actions its code
 * makes, on exactly the table, indexes and partitions it touches. The expectations are written out here on purpose
 * rather than read from infra/constructs/grants.ts, so that widening a grant is a change a reviewer sees twice.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HttpGroup } from '#functions/api/routes.ts';
import { logicalIdOf, synthesizeApp } from './testing.ts';
import type { HelpdeskStack } from './stack.ts';

type Resource = { Type: string; Properties: Record<string, any> };
type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };
const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** Reading the application secret (functions/lib/secrets.ts), and that secret alone. */
const SECRET = ['secretsmanager:DescribeSecret app-secret', 'secretsmanager:GetSecretValue app-secret'];
const AUTH = ['dynamodb:GetItem table', 'dynamodb:UpdateItem table [API_KEY#*,RATE#*]', ...SECRET];
const LOGS = ['logs:CreateLogStream own-log-group', 'logs:PutLogEvents own-log-group'];
/** Active tracing: X-Ray's actions have no resource-level permissions (docs/decisions/066-observability.md). */
const TRACES = ['xray:PutTelemetryRecords *', 'xray:PutTraceSegments *'];

/** Every permission each function has: `action resource [partitions]`. */

const EXPECTED: Record<
  | HttpGroup
  | 'wsAuthorizer'
  | 'wsConnect'
  | 'wsDisconnect'
  | 'wsDefault'
  | 'overdue'
  | 'notifier'
  | 'indexer'
  | 'autoAway'
  | 'router'
  | 'inboundMail'
  | 'mailEvents'
  | 'mailSender'
  | 'dispatcher'
  | 'webhookSender'
  | 'incidentSender'
  | 'scanResults',
  string[]
> = {
  auth: [
    ...AUTH,
    'dynamodb:UpdateItem table [USER#*]',
    'dynamodb:BatchGetItem table [THROTTLE#*]',
    'dynamodb:UpdateItem table [THROTTLE#*]',
    'dynamodb:DeleteItem table [THROTTLE#*]',
    'dynamodb:PutItem table [MFA_CHALLENGE#*]',
    'dynamodb:DeleteItem table [MFA_CHALLENGE#*]',
    'dynamodb:PutItem table [AUDIT]',
  ],
  meta: [...AUTH],
  dashboard: [...AUTH, 'dynamodb:Query table', 'dynamodb:Query index/byCollection'],
  analytics: [...AUTH, 'dynamodb:Query table', 'dynamodb:Query index/byCollection', 'dynamodb:BatchGetItem table'],
  staff: [
    ...AUTH,
    'dynamodb:Query index/byCollection',
    'dynamodb:Query index/byAssignee',
    'dynamodb:BatchGetItem table',
    'dynamodb:PutItem table',
    'dynamodb:UpdateItem table',
    'dynamodb:DeleteItem table [USER#*]',
    'cognito-idp:AdminCreateUser user-pool',
    'cognito-idp:AdminSetUserPassword user-pool',
    'cognito-idp:AdminDeleteUser user-pool',
    'cognito-idp:AdminDisableUser user-pool',
    'cognito-idp:AdminUserGlobalSignOut user-pool',
  ],
  categories: [
    ...AUTH,
    'dynamodb:Query index/byCollection',
    'dynamodb:PutItem table',
    'dynamodb:UpdateItem table',
    'dynamodb:DeleteItem table',
  ],
  settings: [
    ...AUTH,
    'dynamodb:PutItem table [USER#*]',
    'dynamodb:PutItem table [DESK]',
    'dynamodb:PutItem table [APPROVAL#*]',
    'dynamodb:UpdateItem table [USER#*]',
    'dynamodb:DeleteItem table [USER#*]',
    'dynamodb:BatchGetItem table [THROTTLE#*]',
    'dynamodb:UpdateItem table [THROTTLE#*]',
    'dynamodb:DeleteItem table [THROTTLE#*]',
    'dynamodb:PutItem table [AUDIT]',
    'cognito-idp:AdminUserGlobalSignOut user-pool',
  ],
  audit: [
    ...AUTH,
    'dynamodb:Query table',
    'dynamodb:Query index/byStatus',
    'dynamodb:Query index/byAssignee',
    'dynamodb:Query index/byType',
  ],
  apiKeys: [...AUTH, 'dynamodb:Query index/byCollection', 'dynamodb:PutItem table', 'dynamodb:UpdateItem table'],
  tickets: [
    ...AUTH,
    'dynamodb:Query table',
    'dynamodb:Query index/byCollection',
    'dynamodb:Query index/byStatus',
    'dynamodb:Query index/byAssignee',
    'dynamodb:Query index/byType',
    'dynamodb:Query index/byDeadline',
    'dynamodb:Query index/byCustomer',
    'dynamodb:Query index/byFirstResponse',
    'dynamodb:PutItem table',
    'dynamodb:UpdateItem table',
    'dynamodb:ConditionCheckItem table',
    'dynamodb:BatchGetItem table [TICKET#*,TICKET_TERMS#*]',
    'dynamodb:DeleteItem table [TICKET#*]',
    's3:PutObject attachments/uploads/*',
    's3:GetObject attachments/uploads/*',
    's3:GetObject attachments/tickets/*',
    's3:PutObject attachments/tickets/*',
    's3:DeleteObject attachments/uploads/*',
    's3:DeleteObject attachments/tickets/*',
    's3:ListBucket attachments',
  ],
  macros: [
    ...AUTH,
    'dynamodb:Query index/byCollection',
    'dynamodb:PutItem table [MACRO#*]',
    'dynamodb:UpdateItem table [MACRO#*]',
    'dynamodb:DeleteItem table [MACRO#*]',
  ],
  mail: [
    ...AUTH,
    'dynamodb:Query table',
    'dynamodb:Query index/byCollection',
    'dynamodb:UpdateItem table [JOB#mail#*]',
    'dynamodb:PutItem table',
    'dynamodb:UpdateItem table',
    'dynamodb:ConditionCheckItem table',
    'dynamodb:DeleteItem table [HELD_MAIL#*]',
    'dynamodb:PutItem table [AUDIT]',
    'sqs:SendMessage mail-queue',
    'sqs:GetQueueAttributes mail-queue',
    'sqs:GetQueueUrl mail-queue',
  ],
  rating: [
    ...AUTH,
    'dynamodb:PutItem table [AGENT#*,RATING_LINK#*,STATS,TICKET#*]',
    'dynamodb:UpdateItem table [AGENT#*,RATING_LINK#*,STATS,TICKET#*]',
    's3:GetObject attachments/tickets/*',
    's3:ListBucket attachments',
  ],
  compliance: [
    ...AUTH,
    'dynamodb:Query table',
    'dynamodb:Query index/byCollection',
    'dynamodb:PutItem table [AGENT#*,STATS,TICKET#*]',
    'dynamodb:UpdateItem table [AGENT#*,STATS,TICKET#*]',
    'dynamodb:ConditionCheckItem table [AGENT#*,STATS,TICKET#*]',
    'dynamodb:DeleteItem table [TICKET#*]',
    'dynamodb:PutItem table [DESK]',
    'dynamodb:PutItem table [AUDIT]',
  ],
  webhooks: [
    ...AUTH,
    'dynamodb:Query table [DELIVERY_LOG#*,WEBHOOKS]',
    'dynamodb:PutItem table [WEBHOOKS]',
    'dynamodb:UpdateItem table [WEBHOOKS]',
    'dynamodb:DeleteItem table [WEBHOOKS]',
    'dynamodb:PutItem table [APPROVAL#*]',
    'dynamodb:PutItem table [AUDIT]',
  ],
  approvals: [
    ...AUTH,
    'dynamodb:Query table',
    'dynamodb:Query index/byCollection',
    'dynamodb:PutItem table',
    'dynamodb:UpdateItem table',
    'dynamodb:DeleteItem table [USER#*]',
    'cognito-idp:AdminCreateUser user-pool',
    'cognito-idp:AdminSetUserPassword user-pool',
    'cognito-idp:AdminDeleteUser user-pool',
    'cognito-idp:AdminUserGlobalSignOut user-pool',
    's3:DeleteObject attachments/tickets/*',
  ],
  wsAuthorizer: ['dynamodb:GetItem table [DESK,USER#*]', ...SECRET],
  wsConnect: ['dynamodb:PutItem table [CONNECTION#*]'],
  wsDisconnect: [
    'dynamodb:DeleteItem table [CONNECTION#*]',
    'dynamodb:UpdateItem table [USER#*]',
    'dynamodb:Query table [PRESENCE#*]',
    'dynamodb:DeleteItem table [PRESENCE#*]',
    'execute-api:ManageConnections ws-connections',
  ],
  wsDefault: [
    'dynamodb:UpdateItem table [CONNECTION#*]',
    'dynamodb:Query table [PRESENCE#*]',
    'dynamodb:UpdateItem table [PRESENCE#*]',
    'dynamodb:DeleteItem table [PRESENCE#*]',
    'dynamodb:GetItem table [USER#*]',
    'execute-api:ManageConnections ws-connections',
  ],
  overdue: [
    'dynamodb:Query index/byDeadline',
    'dynamodb:Query index/byFirstResponse',
    'dynamodb:GetItem table',
    'dynamodb:PutItem table',
    'dynamodb:UpdateItem table',
    'dynamodb:ConditionCheckItem table',
  ],
  indexer: [
    'dynamodb:GetItem table [TICKET#*,TICKET_TERMS#*]',
    'dynamodb:PutItem table [TERM#*]',
    'dynamodb:DeleteItem table [TERM#*]',
    'dynamodb:UpdateItem table [TICKET_TERMS#*,VOCAB#*]',
    'dynamodb:DescribeStream table-streams',
    'dynamodb:GetRecords table-streams',
    'dynamodb:GetShardIterator table-streams',
    'dynamodb:ListStreams table-streams',
  ],
  notifier: [
    'dynamodb:Query index/byCollection',
    'dynamodb:Query index/byAssignee',
    'dynamodb:GetItem table',
    'dynamodb:DeleteItem table [CONNECTION#*]',
    'dynamodb:DescribeStream table-streams',
    'dynamodb:GetRecords table-streams',
    'dynamodb:GetShardIterator table-streams',
    'dynamodb:ListStreams table-streams',
    'execute-api:ManageConnections ws-connections',
    // The stream mapping's on-failure destination is written with the function's role.
    'sqs:SendMessage notifier-failures',
    'sqs:GetQueueAttributes notifier-failures',
    'sqs:GetQueueUrl notifier-failures',
  ],
  autoAway: [
    'dynamodb:GetItem table [DESK]',
    'dynamodb:Query index/byCollection',
    'dynamodb:Query index/byAssignee',
    'dynamodb:UpdateItem table [USER#*]',
  ],
  router: [
    'dynamodb:Query index/byCollection',
    'dynamodb:Query index/byAssignee',
    'dynamodb:GetItem table',
    'dynamodb:PutItem table',
    'dynamodb:UpdateItem table',
    'dynamodb:DescribeStream table-streams',
    'dynamodb:GetRecords table-streams',
    'dynamodb:GetShardIterator table-streams',
    'dynamodb:ListStreams table-streams',
  ],
  inboundMail: [
    'dynamodb:GetItem table',
    'dynamodb:Query index/byCollection',
    'dynamodb:PutItem table',
    'dynamodb:UpdateItem table',
    'dynamodb:ConditionCheckItem table',
    'dynamodb:DeleteItem table [MAIL_ADDRESS#*]',
    's3:GetObject inbound-mail/inbound/*',
    'sqs:SendMessage inbound-failures',
    'sqs:GetQueueAttributes inbound-failures',
    'sqs:GetQueueUrl inbound-failures',
    ...SECRET,
    's3:PutObject attachments/tickets/*',
    's3:DeleteObject attachments/tickets/*',
  ],
  mailEvents: ['dynamodb:PutItem table [MAIL_ADDRESS#*]'],
  // A sender's bookkeeping (ADR 051), what sending mail reads and writes, and sending through SES as the domain alone.
  mailSender: [
    'dynamodb:GetItem table [JOB#mail#*]',
    'dynamodb:UpdateItem table [JOB#mail#*]',
    'dynamodb:PutItem table [DELIVERY_LOG#*]',
    'dynamodb:UpdateItem table [DELIVERY_LOG#*]',
    'dynamodb:GetItem table',
    'dynamodb:Query index/byCollection',
    'dynamodb:Query index/byAssignee',
    'dynamodb:PutItem table [NOTIFY#*]',
    'dynamodb:UpdateItem table [NOTIFY#*]',
    'dynamodb:PutItem table [TICKET#*]',
    'dynamodb:UpdateItem table [MAIL_ACK#*]',
    'ses:SendEmail ses-identity',
    'ses:SendEmail ses-configuration-set',
    'ses:SendRawEmail ses-identity',
    'ses:SendRawEmail ses-configuration-set',
    ...[
      'ChangeMessageVisibility',
      'DeleteMessage',
      'GetQueueAttributes',
      'GetQueueUrl',
      'ReceiveMessage',
      'SendMessage',
    ].map((a) => `sqs:${a} mail-queue`),
    ...SECRET,
    's3:GetObject attachments/tickets/*',
    's3:ListBucket attachments',
  ],
  dispatcher: [
    ...SECRET,
    'dynamodb:Query table [WEBHOOKS]',
    'dynamodb:BatchGetItem table [TICKET#*]',
    'dynamodb:DescribeStream table-streams',
    'dynamodb:GetRecords table-streams',
    'dynamodb:GetShardIterator table-streams',
    'dynamodb:ListStreams table-streams',
    'sqs:GetQueueAttributes webhook-queue',
    'sqs:GetQueueUrl webhook-queue',
    'sqs:SendMessage webhook-queue',
    'sqs:GetQueueAttributes mail-queue',
    'sqs:GetQueueUrl mail-queue',
    'sqs:SendMessage mail-queue',
    'sqs:GetQueueAttributes incident-queue',
    'sqs:GetQueueUrl incident-queue',
    'sqs:SendMessage incident-queue',
    'sqs:SendMessage dispatch-failures',
    'sqs:GetQueueAttributes dispatch-failures',
    'sqs:GetQueueUrl dispatch-failures',
  ],
  webhookSender: [
    'dynamodb:GetItem table [JOB#webhook#*]',
    'dynamodb:UpdateItem table [JOB#webhook#*]',
    'dynamodb:PutItem table [DELIVERY_LOG#*]',
    'dynamodb:UpdateItem table [DELIVERY_LOG#*]',
    'dynamodb:GetItem table [TICKET#*,WEBHOOKS]',
    'dynamodb:UpdateItem table [WEBHOOKS]',
    'sqs:GetQueueAttributes webhook-queue',
    'sqs:GetQueueUrl webhook-queue',
    'sqs:SendMessage webhook-queue',
    'sqs:ChangeMessageVisibility webhook-queue',
    'sqs:DeleteMessage webhook-queue',
    'sqs:ReceiveMessage webhook-queue',
    ...SECRET,
  ],
  // A sender's bookkeeping, and each child's ticket write as its incident makes it (ADR 093).
  incidentSender: [
    'dynamodb:GetItem table [JOB#incident#*]',
    'dynamodb:UpdateItem table [JOB#incident#*]',
    'dynamodb:PutItem table [DELIVERY_LOG#*]',
    'dynamodb:UpdateItem table [DELIVERY_LOG#*]',
    'dynamodb:GetItem table [MACRO#*,TICKET#*,USER#*]',
    'dynamodb:Query table [TICKET#*]',
    'dynamodb:PutItem table',
    'dynamodb:UpdateItem table',
    'dynamodb:ConditionCheckItem table',
    ...[
      'ChangeMessageVisibility',
      'DeleteMessage',
      'GetQueueAttributes',
      'GetQueueUrl',
      'ReceiveMessage',
      'SendMessage',
    ].map((a) => `sqs:${a} incident-queue`),
    ...SECRET,
  ],
  scanResults: [
    'dynamodb:GetItem table [AGENT#*,STATS,TICKET#*]',
    'dynamodb:PutItem table [AGENT#*,STATS,TICKET#*]',
    'dynamodb:UpdateItem table [AGENT#*,STATS,TICKET#*]',
    'dynamodb:ConditionCheckItem table [AGENT#*,STATS,TICKET#*]',
  ],
};

let stack: HelpdeskStack;
let template: Template;

beforeAll(() => {
  ({ main: stack, mainTemplate: template } = synthesizeApp({ account: '123456789012', region: 'eu-west-1' }));
}, 120_000);

/** A resource of the template in words: which of ours it is. */
function describeResource(resource: unknown, fn: LambdaFunction): string {
  const json = JSON.stringify(resource);
  const table = logicalIdOf(stack, stack.data.table);
  const index = /"\/index\/(\w+)"/.exec(json);
  if (index && json.includes(table)) return `index/${index[1]}`;
  if (json.includes(table) && json.includes('/stream/*')) return 'table-streams';
  if (json === JSON.stringify({ 'Fn::GetAtt': [table, 'Arn'] })) return 'table';
  if (json === JSON.stringify({ 'Fn::GetAtt': [logicalIdOf(stack, stack.identity.userPool), 'Arn'] })) {
    return 'user-pool';
  }
  if (json.includes(logicalIdOf(stack, stack.gateways.webSocketApi)) && json.includes('/ws/*/@connections/*')) {
    return 'ws-connections';
  }
  if (json === JSON.stringify({ Ref: logicalIdOf(stack, stack.appSecret.secret) })) return 'app-secret';
  if (json.includes(table) && json.includes('"/index/*"')) return 'index/*';
  if (json.includes(logicalIdOf(stack, stack.mail.inboundBucket)) && json.includes('/inbound/*')) {
    return 'inbound-mail/inbound/*';
  }
  if (json === JSON.stringify({ 'Fn::GetAtt': [logicalIdOf(stack, stack.mail.inboundFailures), 'Arn'] })) {
    return 'inbound-failures';
  }
  if (json.includes(':identity/') && json.includes(logicalIdOf(stack, stack.mail.identity))) return 'ses-identity';
  if (json.includes(':configuration-set/') && json.includes(logicalIdOf(stack, stack.mail.configurationSet))) {
    return 'ses-configuration-set';
  }
  if (json === JSON.stringify({ 'Fn::GetAtt': [logicalIdOf(stack, stack.outboundQueues.kinds.mail!.queue), 'Arn'] })) {
    return 'mail-queue';
  }
  if (json === JSON.stringify({ 'Fn::GetAtt': [logicalIdOf(stack, fn.logGroup), 'Arn'] })) {
    return 'own-log-group';
  }
  const webhookQueue = stack.outboundQueues.kinds.webhook!.queue;
  if (json === JSON.stringify({ 'Fn::GetAtt': [logicalIdOf(stack, webhookQueue), 'Arn'] })) return 'webhook-queue';
  const incidentQueue = stack.outboundQueues.kinds.incident!.queue;
  if (json === JSON.stringify({ 'Fn::GetAtt': [logicalIdOf(stack, incidentQueue), 'Arn'] })) return 'incident-queue';
  if (json === JSON.stringify({ 'Fn::GetAtt': [logicalIdOf(stack, stack.outbound.dispatchFailures), 'Arn'] })) {
    return 'dispatch-failures';
  }
  if (json === JSON.stringify({ 'Fn::GetAtt': [logicalIdOf(stack, stack.jobs.notifierFailures), 'Arn'] })) {
    return 'notifier-failures';
  }
  const attachmentsBucket = logicalIdOf(stack, stack.attachments.bucket);
  if (json === JSON.stringify({ 'Fn::GetAtt': [attachmentsBucket, 'Arn'] })) return 'attachments';
  const attachmentsPrefix = /"\/((?:uploads|tickets)\/\*)"/.exec(json);
  if (json.includes(attachmentsBucket) && attachmentsPrefix) return `attachments/${attachmentsPrefix[1]}`;
  if (resource === '*') return '*';
  return json;
}

function permissionsOf(fn: LambdaFunction): string[] {
  const roleId = logicalIdOf(stack, fn.role!);
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as Resource[];
  const statements = policies
    .filter((policy) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
  const permissions = new Set<string>();
  for (const statement of statements) {
    expect(statement.Effect).toBe('Allow');
    const leading = (statement.Condition as any)?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] as
      | string[]
      | undefined;
    const suffix = leading ? ` [${[...leading].sort().join(',')}]` : '';
    for (const action of asList(statement.Action)) {
      for (const resource of asList(statement.Resource)) {
        permissions.add(`${action} ${describeResource(resource, fn)}${suffix}`);
      }
    }
  }
  return [...permissions].sort();
}

const functions = (): Record<keyof typeof EXPECTED, LambdaFunction> => ({
  ...stack.http.functions,
  wsAuthorizer: stack.realtime.authorizerFunction,
  wsConnect: stack.realtime.connectFunction,
  wsDisconnect: stack.realtime.disconnectFunction,
  wsDefault: stack.realtime.defaultFunction,
  overdue: stack.jobs.overdueFunction,
  notifier: stack.jobs.notifierFunction,
  indexer: stack.jobs.indexerFunction,
  autoAway: stack.jobs.autoAwayFunction,
  router: stack.jobs.routerFunction,
  inboundMail: stack.mail.inboundFunction,
  mailEvents: stack.mail.eventsFunction,
  mailSender: stack.outbound.senders.mail!,
  dispatcher: stack.outbound.dispatcherFunction,
  webhookSender: stack.outbound.senders.webhook!,
  incidentSender: stack.outbound.senders.incident!,
  scanResults: stack.attachments.scanResultsFunction,
});

describe('function permissions', () => {
  it.each(Object.keys(EXPECTED) as Array<keyof typeof EXPECTED>)(
    'gives the %s function exactly the actions its code makes, and its own logs',
    (name) => {
      expect(permissionsOf(functions()[name])).toEqual([...EXPECTED[name], ...LOGS, ...TRACES].sort());
    },
  );

  it('keeps dashboard, analytics and meta read-only but for the API-key bookkeeping of authentication', () => {
    for (const name of ['dashboard', 'analytics', 'meta'] as const) {
      const writes = permissionsOf(functions()[name]).filter((p) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(p));
      expect(writes, name).toEqual(['dynamodb:UpdateItem table [API_KEY#*,RATE#*]']);
    }
  });

  it('lets no function Scan or write in bulk', () => {
    for (const [name, fn] of Object.entries(functions())) {
      expect(
        permissionsOf(fn).filter((p) => /dynamodb:(Scan|BatchWriteItem)/.test(p)),
        name,
      ).toEqual([]);
    }
  });

  it('attaches no AWS managed policy to a function role', () => {
    const roles = template.findResources('AWS::IAM::Role');
    for (const [name, fn] of Object.entries(functions())) {
      const role = roles[logicalIdOf(stack, fn.role!)] as Resource;
      expect(role.Properties.ManagedPolicyArns, name).toBeUndefined();
    }
  });
});
