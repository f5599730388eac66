/**
 * What protects and records the edge: the WAF web ACL (its own stack in us-east-1) attached to the distribution,
 * access logs of both API stages, and the site's access logs.
 */
import { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { COUNTED_COMMON_RULES, HelpdeskEdgeStack, TOO_MANY_SIGN_INS } from './edge-stack.ts';
import { logicalIdOf, synthesizeApp } from './testing.ts';

const SYNTH_TIMEOUT_MS = 120_000;
type Config = Record<string, any>;

describe('WAF web ACL', () => {
  it.each(['eu-west-1', 'us-east-1'])(
    'lives in us-east-1 with CloudFront scope and is attached to the distribution of a help desk in %s',
    (region) => {
      const { edge, main, mainTemplate, edgeTemplate } = synthesizeApp({ account: '123456789012', region });
      expect(edge.region).toBe('us-east-1');
      expect(main.region).toBe(region);
      edgeTemplate.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
      // CloudFormation reads the ARN from the edge stack's output in us-east-1 when it deploys the main stack.
      const distribution = Object.values(mainTemplate.findResources('AWS::CloudFront::Distribution'))[0] as Config;
      const reference = distribution.Properties.DistributionConfig.WebACLId['Fn::GetStackOutput'];
      expect(reference).toMatchObject({ StackName: 'HelpdeskEdge', Region: 'us-east-1' });
      expect(edgeTemplate.findOutputs(reference.OutputName)[reference.OutputName]?.Value).toEqual({
        'Fn::GetAtt': [edge.getLogicalId(edge.webAcl), 'Arn'],
      });
      expect(main.dependencies).toContain(edge);
    },
    SYNTH_TIMEOUT_MS,
  );

  it(
    'answers 429 with Retry-After and a JSON message to one address making too many sign-in requests',
    () => {
      const { edgeTemplate } = synthesizeApp({ account: '123456789012', region: 'eu-west-1', authRateLimit: '50' });
      const acl = Object.values(edgeTemplate.findResources('AWS::WAFv2::WebACL'))[0] as Config;
      const rule = acl.Properties.Rules.find((r: Config) => r.Name === 'auth-rate-per-ip');
      expect(rule.Action.Block.CustomResponse).toEqual({
        ResponseCode: 429,
        CustomResponseBodyKey: 'tooManySignIns',
        ResponseHeaders: [{ Name: 'Retry-After', Value: '300' }],
      });
      expect(JSON.parse(acl.Properties.CustomResponseBodies.tooManySignIns.Content)).toEqual(TOO_MANY_SIGN_INS);
      expect(acl.Properties.CustomResponseBodies.tooManySignIns.ContentType).toBe('APPLICATION_JSON');
      const rate = rule.Statement.RateBasedStatement;
      expect(rate).toMatchObject({ Limit: 50, EvaluationWindowSec: 300, AggregateKeyType: 'IP' });
      // Counted: every /api/auth/ path but the session check the app makes on each load and socket reconnect.
      const [auth, notSession] = rate.ScopeDownStatement.AndStatement.Statements;
      expect(auth.ByteMatchStatement).toMatchObject({
        FieldToMatch: { UriPath: {} },
        PositionalConstraint: 'STARTS_WITH',
        SearchString: '/api/auth/',
      });
      expect(notSession.NotStatement.Statement.ByteMatchStatement).toMatchObject({
        PositionalConstraint: 'EXACTLY',
        SearchString: '/api/auth/user',
      });
    },
    SYNTH_TIMEOUT_MS,
  );

  it(
    "runs AWS's common rule set after the rate rule, counting only the rules that would refuse real support texts",
    () => {
      const { edgeTemplate } = synthesizeApp({ account: '123456789012', region: 'eu-west-1' });
      const acl = Object.values(edgeTemplate.findResources('AWS::WAFv2::WebACL'))[0] as Config;
      const common = acl.Properties.Rules.find((r: Config) => r.Name === 'aws-common-rule-set');
      expect(common.Priority).toBeGreaterThan(0);
      expect(common.OverrideAction).toEqual({ None: {} });
      expect(common.Statement.ManagedRuleGroupStatement).toMatchObject({
        VendorName: 'AWS',
        Name: 'AWSManagedRulesCommonRuleSet',
      });
      const counted = common.Statement.ManagedRuleGroupStatement.RuleActionOverrides.map((o: Config) => {
        expect(o.ActionToUse).toEqual({ Count: {} });
        return o.Name;
      });
      expect(counted.sort()).toEqual([...COUNTED_COMMON_RULES].sort());
    },
    SYNTH_TIMEOUT_MS,
  );

  it('refuses to put the web ACL anywhere but us-east-1', () => {
    const app = new App();
    expect(() => new HelpdeskEdgeStack(app, 'Edge', { env: { region: 'eu-west-1' }, authRateLimit: 100 })).toThrow(
      /us-east-1/,
    );
  });
});

describe('access logs', () => {
  it(
    'logs every request of both API stages to log groups kept three months, and the site to the log bucket',
    () => {
      const { main, mainTemplate } = synthesizeApp({ account: '123456789012', region: 'eu-west-1' });
      const { gateways, web } = main;
      const destination = (group: typeof gateways.httpAccessLogs) => ({
        'Fn::GetAtt': [logicalIdOf(main, group), 'Arn'],
      });
      mainTemplate.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        AccessLogSettings: {
          DestinationArn: destination(gateways.httpAccessLogs),
          Format: Match.stringLikeRegexp('"requestId":"\\$context.requestId".*"status":"\\$context.status"'),
        },
      });
      mainTemplate.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: 'ws',
        AccessLogSettings: {
          DestinationArn: destination(gateways.webSocketAccessLogs),
          Format: Match.stringLikeRegexp('"eventType":"\\$context.eventType".*"authorizerError"'),
        },
      });
      for (const group of [gateways.httpAccessLogs, gateways.webSocketAccessLogs]) {
        const resource = mainTemplate.findResources('AWS::Logs::LogGroup')[logicalIdOf(main, group)] as Config;
        expect(resource.Properties.RetentionInDays).toBe(90);
        expect(resource.DeletionPolicy).toBe('Retain');
      }
      // WebSocket stages log through the account's API Gateway role, set before the stage.
      mainTemplate.hasResourceProperties('AWS::ApiGateway::Account', { CloudWatchRoleArn: Match.anyValue() });

      const distribution = Object.values(mainTemplate.findResources('AWS::CloudFront::Distribution'))[0] as Config;
      expect(distribution.Properties.DistributionConfig.Logging).toMatchObject({
        Bucket: { 'Fn::GetAtt': [logicalIdOf(main, web.logBucket), 'RegionalDomainName'] },
        Prefix: 'cloudfront/',
      });
      const buckets = mainTemplate.findResources('AWS::S3::Bucket');
      expect((buckets[logicalIdOf(main, web.bucket)] as Config).Properties.LoggingConfiguration).toEqual({
        DestinationBucketName: { Ref: logicalIdOf(main, web.logBucket) },
        LogFilePrefix: 'site-bucket/',
      });
      const logBucket = buckets[logicalIdOf(main, web.logBucket)] as Config;
      expect(logBucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(logBucket.Properties.LifecycleConfiguration.Rules[0].ExpirationInDays).toBe(90);
    },
    SYNTH_TIMEOUT_MS,
  );
});
