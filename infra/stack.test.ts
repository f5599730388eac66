import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { INDEXES, KEYS } from '#functions/data/table.ts';
import { HTTP_GROUPS, HTTP_ROUTES, JOB_HANDLERS, WS_HANDLERS, httpEntry } from '#functions/api/routes.ts';
import { routeKeyOf } from '#functions/http/route-key.ts';
import { QUEUE_KINDS } from '#functions/outbound/kinds.ts';
import { REPO_ROOT } from './constructs/function.ts';
import { COGNITO_GRANTS } from './constructs/grants.ts';
import { STREAM_READ_ACTIONS } from './constructs/table-stream.ts';
import { FORWARDED_HOST_FUNCTION, SPA_ROUTING_FUNCTION } from './constructs/web.ts';
import { HelpdeskStack, settingsFromContext } from './stack.ts';
import { TEST_MAIL_DOMAIN } from './testing.ts';

const ENTRIES = [
  ...HTTP_GROUPS.map(httpEntry),
  ...Object.values(WS_HANDLERS),
  ...Object.values(JOB_HANDLERS),
  ...Object.values(QUEUE_KINDS).map((kind) => kind.sender),
];
// NodejsFunction insists that its entry file exists even when bundling is skipped.
const missingEntries = ENTRIES.filter((entry) => !existsSync(join(REPO_ROOT, entry)));

// A synth takes a few seconds on an idle machine; the default 10 s hook limit is too tight under load.
const SYNTH_TIMEOUT_MS = 60_000;

const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };

/** Synthesizes the stack as `cdk synth` would (cdk.json context), minus esbuild, over a one-file web build. */
function synthesize(context: Record<string, unknown> = {}): { stack: HelpdeskStack; template: Template } {
  const webAssetPath = mkdtempSync(join(tmpdir(), 'helpdesk-web-'));
  writeFileSync(join(webAssetPath, 'index.html'), '<!doctype html><title>Help desk</title>');
  const app = new App({
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], mailDomain: TEST_MAIL_DOMAIN, ...context },
  });
  // The template is held in memory once synthesized; the cloud assembly on disk (~20 MB of assets) is not needed.
  try {
    const stack = new HelpdeskStack(app, 'Helpdesk', {
      env: { account: '123456789012', region: 'eu-west-1' },
      settings: settingsFromContext(app.node),
      webAssetPath,
    });
    return { stack, template: Template.fromStack(stack) };
  } finally {
    rmSync(app.outdir, { recursive: true, force: true });
    rmSync(webAssetPath, { recursive: true, force: true });
  }
}

type Resource = { Type: string; Properties: Record<string, any> };
type Statement = { Effect: string; Action: string | string[]; Resource: unknown };

const logicalId = (stack: HelpdeskStack, construct: IConstruct): string =>
  stack.getLogicalId(construct.node.defaultChild as CfnElement);

const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** Statements of the inline policies attached to a function's role. */
function statementsOf(template: Template, stack: HelpdeskStack, fn: { role?: IConstruct }): Statement[] {
  const roleId = logicalId(stack, fn.role!);
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as Resource[];
  return policies
    .filter((policy) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
}

const actionsOf = (statements: Statement[]): string[] => statements.flatMap((s) => asList(s.Action));

/** Runs CloudFront Function source the way the JS runtime does: a global `handler(event)`. */
type EdgeRequest = { uri: string; headers: Record<string, { value: string }> };
const runEdgeFunction = (source: string, request: EdgeRequest): EdgeRequest =>
  new Function(`${source}\nreturn handler;`)()({ request });

it('has an entry module for every function the stack bundles', () => {
  expect(missingEntries, 'handler entry files the route table names but the repository lacks').toEqual([]);
});

describe.skipIf(missingEntries.length > 0)('Helpdesk stack', () => {
  let stack: HelpdeskStack;
  let template: Template;
  beforeAll(() => {
    ({ stack, template } = synthesize());
  }, SYNTH_TIMEOUT_MS);

  describe('table', () => {
    it('keys items on string pk/sk, bills on demand, keeps PITR, streams both images and expires items on TTL', () => {
      template.hasResourceProperties('AWS::DynamoDB::Table', {
        KeySchema: [
          { AttributeName: KEYS.pk, KeyType: 'HASH' },
          { AttributeName: KEYS.sk, KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
        TimeToLiveSpecification: { AttributeName: KEYS.ttl, Enabled: true },
      });
    });

    it.each(Object.values(INDEXES))('has the $name index on string keys, projecting every attribute', (index) => {
      // Each key attribute is defined once, whichever index names it first (byCustomer shares byCollection's sort key).
      for (const attribute of [index.pk, index.sk]) {
        template.hasResourceProperties('AWS::DynamoDB::Table', {
          AttributeDefinitions: Match.arrayWith([{ AttributeName: attribute, AttributeType: 'S' }]),
        });
      }
      template.hasResourceProperties('AWS::DynamoDB::Table', {
        GlobalSecondaryIndexes: Match.arrayWith([
          {
            IndexName: index.name,
            KeySchema: [
              { AttributeName: index.pk, KeyType: 'HASH' },
              { AttributeName: index.sk, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ]),
      });
    });

    it('has no index beyond those the data layer names', () => {
      const [table] = Object.values(template.findResources('AWS::DynamoDB::Table')) as Resource[];
      expect(table!.Properties.GlobalSecondaryIndexes).toHaveLength(Object.keys(INDEXES).length);
    });

    it('survives deletion of the stack', () => {
      template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    });
  });

  describe('functions', () => {
    const appFunctions = () => Object.values(stack.functions);

    it('names every function that runs our code in the one list the alarms and the nag suppressions read', () => {
      // Ours are Node 22 on arm64; CDK's own helpers (auto-delete, log retention, the Python bucket deployment) are not.
      const ours = Object.entries(template.findResources('AWS::Lambda::Function'))
        .filter(([, fn]) => fn.Properties.Runtime === 'nodejs22.x' && fn.Properties.Architectures?.[0] === 'arm64')
        .map(([id]) => id);
      expect(ours.sort()).toEqual(
        appFunctions()
          .map((fn) => logicalId(stack, fn))
          .sort(),
      );
    });

    it.each(HTTP_GROUPS)('runs the %s group in its own Node 22 arm64 function', (group) => {
      const resources = template.findResources('AWS::Lambda::Function');
      const fn = resources[logicalId(stack, stack.http.functions[group])] as Resource;
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
      });
    });

    it('runs every WebSocket and job handler on Node 22 arm64 as well', () => {
      const resources = template.findResources('AWS::Lambda::Function');
      for (const fn of appFunctions()) {
        expect(resources[logicalId(stack, fn)]!.Properties).toMatchObject({
          Runtime: 'nodejs22.x',
          Architectures: ['arm64'],
        });
      }
    });

    it('hands every function the configuration contract', () => {
      const resources = template.findResources('AWS::Lambda::Function');
      for (const fn of appFunctions()) {
        const variables = resources[logicalId(stack, fn)]!.Properties.Environment.Variables;
        expect(variables).toMatchObject({
          TABLE_NAME: { Ref: logicalId(stack, stack.data.table) },
          COGNITO_USER_POOL_ID: { Ref: logicalId(stack, stack.identity.userPool) },
          COGNITO_CLIENT_ID: { Ref: logicalId(stack, stack.identity.client) },
          API_KEY_RATE_LIMIT: '600',
          POWERTOOLS_SERVICE_NAME: 'helpdesk',
          LOG_LEVEL: 'INFO',
        });
        // Source maps ship in the asset but are not read at start-up (docs/decisions/100-function-bundles.md).
        expect(variables.NODE_OPTIONS).toBeUndefined();
        expect(variables.COGNITO_HOSTED_UI_DOMAIN).toEqual({
          'Fn::Join': [
            '',
            ['https://', { Ref: logicalId(stack, stack.identity.domain) }, '.auth.eu-west-1.amazoncognito.com'],
          ],
        });
        expect(variables.WS_MANAGEMENT_ENDPOINT).toEqual({
          'Fn::Join': [
            '',
            [
              'https://',
              { Ref: logicalId(stack, stack.gateways.webSocketApi) },
              '.execute-api.eu-west-1.',
              { Ref: 'AWS::URLSuffix' },
              '/ws',
            ],
          ],
        });
      }
    });
  });

  describe('HTTP API', () => {
    const httpRoutes = () =>
      (Object.values(template.findResources('AWS::ApiGatewayV2::Route')) as Resource[]).filter(
        (route) => route.Properties.ApiId.Ref === logicalId(stack, stack.gateways.httpApi),
      );

    it.each(HTTP_ROUTES.map((route) => [routeKeyOf(route), route.group] as const))(
      'routes %s to the %s function with payload format 2.0',
      (routeKey, group) => {
        const route = httpRoutes().find((r) => r.Properties.RouteKey === routeKey);
        expect(route, `no route ${routeKey}`).toBeDefined();
        const integrationId = (route!.Properties.Target['Fn::Join'][1] as unknown[])[1] as { Ref: string };
        const integration = template.findResources('AWS::ApiGatewayV2::Integration')[integrationId.Ref] as Resource;
        expect(integration.Properties).toMatchObject({
          IntegrationType: 'AWS_PROXY',
          PayloadFormatVersion: '2.0',
          IntegrationUri: { 'Fn::GetAtt': [logicalId(stack, stack.http.functions[group]), 'Arn'] },
        });
      },
    );

    it('serves no route the route table does not list', () => {
      expect(
        httpRoutes()
          .map((r) => r.Properties.RouteKey)
          .sort(),
      ).toEqual(HTTP_ROUTES.map(routeKeyOf).sort());
    });

    it('leaves authentication to the functions (no API Gateway authorizer on HTTP routes)', () => {
      for (const route of httpRoutes()) {
        expect(route.Properties.AuthorizerId).toBeUndefined();
        expect(route.Properties.AuthorizationType ?? 'NONE').toBe('NONE');
      }
    });
  });

  describe('WebSocket API', () => {
    const wsRoute = (routeKey: string) =>
      (Object.values(template.findResources('AWS::ApiGatewayV2::Route')) as Resource[]).find(
        (route) =>
          route.Properties.ApiId.Ref === logicalId(stack, stack.gateways.webSocketApi) &&
          route.Properties.RouteKey === routeKey,
      );

    it('authorises $connect with the cookie authorizer Lambda', () => {
      const authorizers = template.findResources('AWS::ApiGatewayV2::Authorizer');
      const [authorizerId, authorizer] = Object.entries(authorizers)[0] as [string, Resource];
      expect(Object.keys(authorizers)).toHaveLength(1);
      expect(authorizer.Properties).toMatchObject({
        AuthorizerType: 'REQUEST',
        IdentitySource: ['route.request.header.Cookie'],
      });
      expect(JSON.stringify(authorizer.Properties.AuthorizerUri)).toContain(
        logicalId(stack, stack.realtime.authorizerFunction),
      );
      expect(wsRoute('$connect')!.Properties).toMatchObject({
        AuthorizationType: 'CUSTOM',
        AuthorizerId: { Ref: authorizerId },
      });
    });

    it.each([
      ['$connect', 'connectFunction'],
      ['$disconnect', 'disconnectFunction'],
      ['$default', 'defaultFunction'],
    ] as const)('routes %s to its own function', (routeKey, fn) => {
      const route = wsRoute(routeKey);
      expect(route, `no route ${routeKey}`).toBeDefined();
      const integrationId = (route!.Properties.Target['Fn::Join'][1] as unknown[])[1] as { Ref: string };
      const integration = template.findResources('AWS::ApiGatewayV2::Integration')[integrationId.Ref] as Resource;
      expect(JSON.stringify(integration.Properties.IntegrationUri)).toContain(logicalId(stack, stack.realtime[fn]));
    });

    it('leaves $disconnect and $default without an authorizer (API Gateway allows one on $connect only)', () => {
      expect(wsRoute('$disconnect')!.Properties.AuthorizerId).toBeUndefined();
      expect(wsRoute('$default')!.Properties.AuthorizerId).toBeUndefined();
    });

    it('publishes the socket on an auto-deployed stage named ws, matching the CloudFront path', () => {
      template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        ApiId: { Ref: logicalId(stack, stack.gateways.webSocketApi) },
        StageName: 'ws',
        AutoDeploy: true,
      });
    });
  });

  describe('CloudFront', () => {
    const distributionConfig = () =>
      (Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as Resource).Properties
        .DistributionConfig;
    const behaviour = (pathPattern: string) =>
      (distributionConfig().CacheBehaviors as Array<Record<string, any>>).find((b) => b.PathPattern === pathPattern);
    const originDomain = (originId: string) =>
      JSON.stringify(
        (distributionConfig().Origins as Array<Record<string, any>>).find((o) => o.Id === originId)!.DomainName,
      );

    it.each(['/api/*', '/ws'])('sends %s to API Gateway uncached, forwarding all but Host', (pathPattern) => {
      expect(behaviour(pathPattern)).toMatchObject({
        CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
        OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
        ViewerProtocolPolicy: 'https-only',
      });
    });

    it('routes /api/* to the HTTP API with every method and the forwarded-host function', () => {
      const api = behaviour('/api/*')!;
      expect(originDomain(api.TargetOriginId)).toContain(logicalId(stack, stack.gateways.httpApi));
      expect(api.AllowedMethods).toEqual(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']);
      expect(api.FunctionAssociations).toEqual([
        {
          EventType: 'viewer-request',
          FunctionARN: {
            'Fn::GetAtt': [logicalId(stack, stack.web.forwardedHostFunction), 'FunctionARN'],
          },
        },
      ]);
    });

    it('routes /ws to the WebSocket API with the forwarded-host function for the origin check', () => {
      const ws = behaviour('/ws')!;
      expect(originDomain(ws.TargetOriginId)).toContain(logicalId(stack, stack.gateways.webSocketApi));
      expect(ws.FunctionAssociations).toEqual([
        {
          EventType: 'viewer-request',
          FunctionARN: { 'Fn::GetAtt': [logicalId(stack, stack.web.forwardedHostFunction), 'FunctionARN'] },
        },
      ]);
    });

    it('serves the SPA from the private bucket through origin access control', () => {
      const config = distributionConfig();
      const s3Origin = (config.Origins as Array<Record<string, any>>).find(
        (o) => o.Id === config.DefaultCacheBehavior.TargetOriginId,
      )!;
      expect(s3Origin.OriginAccessControlId).toBeDefined();
      expect(JSON.stringify(s3Origin.DomainName)).toContain(logicalId(stack, stack.web.bucket));
      expect(config.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);
    });

    it('never rewrites error responses, so API 404s reach the caller as they are', () => {
      expect(distributionConfig().CustomErrorResponses).toBeUndefined();
    });

    it('keeps the bucket private and refuses plain HTTP to it', () => {
      template.hasResourceProperties('AWS::S3::Bucket', {
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
      });
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    });

    it('deploys the web build and invalidates the distribution', () => {
      template.hasResourceProperties('Custom::CDKBucketDeployment', {
        DestinationBucketName: { Ref: logicalId(stack, stack.web.bucket) },
        DistributionPaths: ['/*'],
        Prune: false,
      });
    });

    it('publishes the edge functions the tests below exercise', () => {
      const codes = (Object.values(template.findResources('AWS::CloudFront::Function')) as Resource[]).map(
        (fn) => fn.Properties.FunctionCode,
      );
      expect(codes.sort()).toEqual([FORWARDED_HOST_FUNCTION, SPA_ROUTING_FUNCTION].sort());
    });
  });

  describe('jobs', () => {
    it('runs the overdue sweep every minute', () => {
      template.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: 'rate(1 minute)',
        State: 'ENABLED',
        Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [logicalId(stack, stack.jobs.overdueFunction), 'Arn'] } })],
      });
    });

    it('feeds the table stream to the notifier in batches, bisecting and reporting failed items', () => {
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        EventSourceArn: { 'Fn::GetAtt': [logicalId(stack, stack.data.table), 'StreamArn'] },
        FunctionName: { Ref: logicalId(stack, stack.jobs.notifierFunction) },
        BatchSize: 100,
        BisectBatchOnFunctionError: true,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        MaximumRetryAttempts: 3,
      });
    });

    it('feeds the table stream to the dispatcher on a mapping of its own, sending records it gives up on to a queue', () => {
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        EventSourceArn: { 'Fn::GetAtt': [logicalId(stack, stack.data.table), 'StreamArn'] },
        FunctionName: { Ref: logicalId(stack, stack.outbound.dispatcherFunction) },
        StartingPosition: 'LATEST',
        BatchSize: 100,
        BisectBatchOnFunctionError: true,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        MaximumRetryAttempts: 10,
        DestinationConfig: {
          OnFailure: { Destination: { 'Fn::GetAtt': [logicalId(stack, stack.outbound.dispatchFailures), 'Arn'] } },
        },
      });
      const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')) as Resource[];
      const dispatcher = mappings.find(
        (m) => m.Properties.FunctionName.Ref === logicalId(stack, stack.outbound.dispatcherFunction),
      );
      // No age limit: a mail or webhook is owed as long as the stream keeps the record.
      expect(dispatcher!.Properties.MaximumRecordAgeInSeconds).toBeUndefined();
    });

    it('keeps the records the dispatcher gave up on in an encrypted queue that outlives the stack', () => {
      const queue = template.findResources('AWS::SQS::Queue')[logicalId(stack, stack.outbound.dispatchFailures)];
      expect(queue).toMatchObject({
        DeletionPolicy: 'Retain',
        Properties: { SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 },
      });
    });

    it('lets the notifier read the stream of this table only', () => {
      const streamRead = statementsOf(template, stack, stack.jobs.notifierFunction).filter((s) =>
        asList(s.Action).includes('dynamodb:DescribeStream'),
      );
      expect(streamRead).toHaveLength(1);
      expect([...asList(streamRead[0]!.Action)].sort()).toEqual([
        'dynamodb:DescribeStream',
        'dynamodb:GetRecords',
        'dynamodb:GetShardIterator',
        'dynamodb:ListStreams',
      ]);
      expect(streamRead[0]!.Resource).toEqual({
        'Fn::Join': ['', [{ 'Fn::GetAtt': [logicalId(stack, stack.data.table), 'Arn'] }, '/stream/*']],
      });
    });
  });

  describe('identity', () => {
    it('lets only admins create accounts, signs in by e-mail and asks passwords for 6 characters only', () => {
      template.hasResourceProperties('AWS::Cognito::UserPool', {
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        UsernameAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: 6,
            RequireLowercase: false,
            RequireUppercase: false,
            RequireNumbers: false,
            RequireSymbols: false,
          },
        },
      });
    });

    it('gives the web app a secretless client with password and refresh sign-in and the code flow', () => {
      template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        GenerateSecret: false,
        ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
        AllowedOAuthFlows: ['code'],
        AllowedOAuthFlowsUserPoolClient: true,
        SupportedIdentityProviders: ['COGNITO'],
      });
    });

    it('returns organization sign-in to the CloudFront site', () => {
      const [client] = Object.values(template.findResources('AWS::Cognito::UserPoolClient')) as Resource[];
      const distributionId = logicalId(stack, stack.web.distribution);
      expect(client!.Properties.CallbackURLs).toEqual([
        { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }, '/api/auth/callback']] },
      ]);
      expect(client!.Properties.LogoutURLs).toEqual([
        { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }, '/']] },
      ]);
    });

    it('hosts the sign-in UI under an account-specific prefix unless one is configured', () => {
      template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'helpdesk-123456789012' });
    });
  });

  describe('permissions', () => {
    it('lets the notifier manage connections on the ws stage of the WebSocket API only', () => {
      const statements = statementsOf(template, stack, stack.jobs.notifierFunction);
      const manage = statements.filter((s) => asList(s.Action).includes('execute-api:ManageConnections'));
      expect(manage).toHaveLength(1);
      const resource = JSON.stringify(manage[0]!.Resource);
      expect(resource).toContain(logicalId(stack, stack.gateways.webSocketApi));
      expect(resource).toContain('/ws/*/@connections/*');
    });

    it('lets the notifier read the table and delete connections, but write nothing else', () => {
      const actions = actionsOf(statementsOf(template, stack, stack.jobs.notifierFunction));
      expect(actions).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:DeleteItem']));
      expect(actions).not.toEqual(expect.arrayContaining(['dynamodb:PutItem']));
      expect(actions).not.toEqual(expect.arrayContaining(['dynamodb:UpdateItem']));
      expect(actions).not.toEqual(expect.arrayContaining(['dynamodb:BatchWriteItem']));
    });

    it('lets the dispatcher read the stream, the webhooks and the incidents (for their planners), and write nothing', () => {
      const actions = actionsOf(statementsOf(template, stack, stack.outbound.dispatcherFunction));
      expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetRecords', 'sqs:SendMessage']));
      const streamRead: readonly string[] = STREAM_READ_ACTIONS;
      const tableData = actions.filter((a) => a.startsWith('dynamodb:') && !streamRead.includes(a));
      expect(tableData.sort()).toEqual(['dynamodb:BatchGetItem', 'dynamodb:Query']);
    });

    it('lets the WebSocket authorizer read the table and nothing more', () => {
      const actions = actionsOf(statementsOf(template, stack, stack.realtime.authorizerFunction));
      expect(actions).toContain('dynamodb:GetItem');
      expect(actions.filter((a) => a.startsWith('dynamodb:') && /Put|Update|Delete|Write/.test(a))).toEqual([]);
    });

    it('grants the Cognito admin actions to the staff and approvals functions, and global sign-out to settings, on the user pool alone', () => {
      const staff = statementsOf(template, stack, stack.http.functions.staff).filter((s) =>
        asList(s.Action).some((a) => a.startsWith('cognito-idp:')),
      );
      expect(staff).toHaveLength(1);
      expect([...asList(staff[0]!.Action)].sort()).toEqual([...COGNITO_GRANTS.staff!].sort());
      expect(staff[0]!.Resource).toEqual({ 'Fn::GetAtt': [logicalId(stack, stack.identity.userPool), 'Arn'] });

      // A password change ends the user's other sessions, refresh tokens included (ADR 070).
      const settings = statementsOf(template, stack, stack.http.functions.settings).filter((s) =>
        asList(s.Action).some((a) => a.startsWith('cognito-idp:')),
      );
      expect(settings.map((s) => asList(s.Action))).toEqual([['cognito-idp:AdminUserGlobalSignOut']]);
      expect(settings[0]!.Resource).toEqual({ 'Fn::GetAtt': [logicalId(stack, stack.identity.userPool), 'Arn'] });

      // An approved new admin or password reset runs in the approvals function (ADR 095).
      const approvals = statementsOf(template, stack, stack.http.functions.approvals).filter((s) =>
        asList(s.Action).some((a) => a.startsWith('cognito-idp:')),
      );
      expect(approvals).toHaveLength(1);
      expect([...asList(approvals[0]!.Action)].sort()).toEqual([...COGNITO_GRANTS.approvals!].sort());
      expect(approvals[0]!.Resource).toEqual({ 'Fn::GetAtt': [logicalId(stack, stack.identity.userPool), 'Arn'] });

      for (const group of HTTP_GROUPS.filter((g) => g !== 'staff' && g !== 'settings' && g !== 'approvals')) {
        const actions = actionsOf(statementsOf(template, stack, stack.http.functions[group]));
        expect(
          actions.filter((a) => a.startsWith('cognito-idp:')),
          group,
        ).toEqual([]);
      }
    });

    it('never grants every action, nor DynamoDB access to every resource', () => {
      const statements = (Object.values(template.findResources('AWS::IAM::Policy')) as Resource[]).flatMap(
        (policy) => policy.Properties.PolicyDocument.Statement as Statement[],
      );
      expect(statements.length).toBeGreaterThan(0);
      for (const statement of statements) {
        expect(asList(statement.Action)).not.toContain('*');
        if (asList(statement.Action).some((a) => a.startsWith('dynamodb:'))) {
          expect(asList(statement.Resource)).not.toContain('*');
        }
      }
    });
  });

  describe('mail', () => {
    it('sends as the mail domain with Easy DKIM through a configuration set that keeps bounces and complaints', () => {
      template.hasResourceProperties('AWS::SES::EmailIdentity', {
        EmailIdentity: TEST_MAIL_DOMAIN,
        DkimAttributes: { SigningEnabled: true },
        ConfigurationSetAttributes: { ConfigurationSetName: { Ref: logicalId(stack, stack.mail.configurationSet) } },
      });
      template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
        EventDestination: Match.objectLike({
          Enabled: true,
          MatchingEventTypes: Match.arrayEquals(['bounce', 'complaint']),
          EventBridgeDestination: Match.anyValue(),
        }),
      });
    });

    it('routes bounce and complaint events of its configuration set to the mail-events function', () => {
      template.hasResourceProperties('AWS::Events::Rule', {
        EventPattern: {
          source: ['aws.ses'],
          'detail-type': ['Email Bounced', 'Email Complaint Received'],
          detail: Match.anyValue(),
        },
        Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [logicalId(stack, stack.mail.eventsFunction), 'Arn'] } })],
      });
    });

    it('stores every message for the domain in the encrypted inbound bucket, then invokes the inbound function', () => {
      template.hasResourceProperties('AWS::SES::ReceiptRule', {
        Rule: Match.objectLike({
          Enabled: true,
          Recipients: [TEST_MAIL_DOMAIN],
          ScanEnabled: true,
          Actions: [
            { S3Action: Match.objectLike({ BucketName: { Ref: logicalId(stack, stack.mail.inboundBucket) } }) },
            {
              LambdaAction: Match.objectLike({
                FunctionArn: { 'Fn::GetAtt': [logicalId(stack, stack.mail.inboundFunction), 'Arn'] },
                InvocationType: 'Event',
              }),
            },
          ],
        }),
      });
      const bucket = template.toJSON().Resources[logicalId(stack, stack.mail.inboundBucket)];
      expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0]).toEqual({
        ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' },
      });
      expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual([
        expect.objectContaining({ ExpirationInDays: 30, Status: 'Enabled' }),
      ]);
    });

    it('gives every function the mail domain, the configuration set and the public base URL of rating links', () => {
      const fn = template.toJSON().Resources[logicalId(stack, stack.mail.inboundFunction)];
      expect(fn.Properties.Environment.Variables).toMatchObject({
        MAIL_DOMAIN: TEST_MAIL_DOMAIN,
        SES_CONFIGURATION_SET: { Ref: logicalId(stack, stack.mail.configurationSet) },
        PUBLIC_BASE_URL: expect.anything(),
        INBOUND_MAIL_BUCKET: { Ref: logicalId(stack, stack.mail.inboundBucket) },
      });
    });
  });

  describe('outputs', () => {
    it.each(['SiteUrl', 'HttpApiUrl', 'WebSocketUrl', 'UserPoolId', 'UserPoolClientId', 'TableName'])(
      'reports %s',
      (name) => {
        expect(template.findOutputs(name)).toHaveProperty(name);
      },
    );
  });
});

describe.skipIf(missingEntries.length > 0)('Helpdesk stack on a custom domain with organization sign-in', () => {
  const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0d4c1f7e-1111-2222-3333-444455556666';
  let stack: HelpdeskStack;
  let template: Template;
  beforeAll(() => {
    ({ stack, template } = synthesize({
      domainName: 'help.example.com',
      certificateArn,
      cognitoDomainPrefix: 'example-helpdesk',
      // As `-c ssoProvider='{...}'` passes it: JSON text.
      ssoProvider: JSON.stringify({
        type: 'saml',
        name: 'ExampleCorp',
        metadataUrl: 'https://idp.example.com/metadata',
      }),
    }));
  }, SYNTH_TIMEOUT_MS);

  it('answers on the custom domain with its certificate and TLS 1.2 at least', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['help.example.com'],
        ViewerCertificate: Match.objectLike({
          AcmCertificateArn: certificateArn,
          MinimumProtocolVersion: 'TLSv1.2_2021',
        }),
      }),
    });
  });

  it('sends organization sign-in back to the custom domain', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      CallbackURLs: ['https://help.example.com/api/auth/callback'],
      LogoutURLs: ['https://help.example.com/'],
    });
  });

  it('offers the organization provider next to Cognito on the app client', () => {
    const providerId = logicalId(stack, stack.identity.node.findChild('SamlProvider'));
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      SupportedIdentityProviders: ['COGNITO', { Ref: providerId }],
    });
  });

  it('federates the SAML provider from its metadata URL, mapping the e-mail claim', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'ExampleCorp',
      ProviderType: 'SAML',
      ProviderDetails: Match.objectLike({ MetadataURL: 'https://idp.example.com/metadata' }),
      AttributeMapping: { email: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress' },
    });
  });

  it('uses the configured hosted-UI prefix', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'example-helpdesk' });
  });
});

describe('deployment settings', () => {
  const settingsOf = (context: Record<string, unknown>) => {
    const app = new App({ context });
    try {
      return settingsFromContext(app.node);
    } finally {
      rmSync(app.outdir, { recursive: true, force: true });
    }
  };

  it('defaults the API-key rate limit to 600 per minute and the sign-in rate limit to 100 per five minutes', () => {
    expect(settingsOf({ mailDomain: 'mail.example.com' })).toEqual({
      apiKeyRateLimit: '600',
      authRateLimit: 100,
      mailDomain: 'mail.example.com',
    });
  });

  it("sends and receives mail as the site's domain unless a mail domain is given, and needs one of the two", () => {
    const site = { domainName: 'Help.Example.com', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/a' };
    expect(settingsOf(site).mailDomain).toBe('help.example.com');
    expect(settingsOf({ ...site, mailDomain: 'support.example.com' }).mailDomain).toBe('support.example.com');
    expect(() => settingsOf({})).toThrow(/mailDomain is required .*-c mailDomain=/);
    expect(() => settingsOf({ mailDomain: 'not a domain' })).toThrow(/mailDomain must be a domain name/);
  });

  // Synthesis needs a mail domain like a deployment does, so that no template is made with a made-up one: the
  // documented commands must carry it, as a new user copies them.
  it.each(['README.md', 'docs/deploy.md'])('synthesizes with the settings the commands in %s give', (file) => {
    const commands = readFileSync(join(REPO_ROOT, file), 'utf8')
      .split('\n')
      .filter((line) => /^npm run (synth|deploy)\b/.test(line));
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) {
      const given = Object.fromEntries([...command.matchAll(/-c (\w+)=(\S+)/g)].map(([, key, value]) => [key, value]));
      expect(() => settingsOf({ ...cdkJson.context, ...given }), command).not.toThrow();
    }
  });

  it('refuses a sign-in rate limit below what WAF accepts', () => {
    expect(() => settingsOf({ authRateLimit: '5' })).toThrow(/authRateLimit/);
  });

  it('refuses a custom domain without its certificate', () => {
    expect(() => settingsOf({ domainName: 'help.example.com' })).toThrow(/domainName and certificateArn go together/);
  });

  it('refuses a certificate outside us-east-1, which CloudFront cannot use', () => {
    expect(() =>
      settingsOf({
        domainName: 'help.example.com',
        certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc',
      }),
    ).toThrow(/us-east-1/);
  });

  it('reads an OIDC provider given as an object in cdk.json', () => {
    const ssoProvider = {
      type: 'oidc',
      name: 'Entra',
      issuerUrl: 'https://login.example.com/v2.0',
      clientId: 'client-1',
      clientSecretName: 'helpdesk/oidc',
    };
    expect(settingsOf({ ssoProvider, mailDomain: 'mail.example.com' }).ssoProvider).toEqual(ssoProvider);
  });

  it('refuses an SSO provider whose metadata is not served over https', () => {
    expect(() =>
      settingsOf({ ssoProvider: { type: 'saml', name: 'Corp', metadataUrl: 'http://idp.example.com/m' } }),
    ).toThrow(/Invalid CDK context/);
  });

  it('refuses a hosted-UI prefix Cognito would reject', () => {
    expect(() => settingsOf({ cognitoDomainPrefix: 'my-cognito-login' })).toThrow(/with aws, amazon or cognito/);
  });
});

describe('CloudFront Functions', () => {
  it.each([
    ['/', '/index.html'],
    ['/tickets', '/index.html'],
    ['/tickets/42', '/index.html'],
    ['/agent/', '/index.html'],
    ['/assets/index-3f9a1c.js', '/assets/index-3f9a1c.js'],
    ['/favicon.ico', '/favicon.ico'],
  ])('serves %s from S3 as %s', (uri, expected) => {
    expect(runEdgeFunction(SPA_ROUTING_FUNCTION, { uri, headers: {} }).uri).toBe(expected);
  });

  it('hands the viewer Host to the API as x-forwarded-host and keeps Host itself', () => {
    const request = runEdgeFunction(FORWARDED_HOST_FUNCTION, {
      uri: '/api/tickets',
      headers: { host: { value: 'help.example.com' } },
    });
    expect(request.headers['x-forwarded-host']).toEqual({ value: 'help.example.com' });
    expect(request.headers.host).toEqual({ value: 'help.example.com' });
  });
});
