/**
 * The attachments bucket and its malware scanning as the synthesized template states them (docs/decisions/
 * 094-attachments.md): private, encrypted, TLS only, logged, kept; only abandoned uploads expire; CORS for the site
 * alone; GuardDuty scanning what is served, with a role limited to this bucket; its verdicts routed to the
 * scan-results function, retried and then dead-lettered; every function told where the bucket is.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { logicalIdOf, synthesizeApp } from './testing.ts';
import type { HelpdeskStack } from './stack.ts';

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };
const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

let stack: HelpdeskStack;
let template: Template;
beforeAll(() => {
  ({ main: stack, mainTemplate: template } = synthesizeApp({ account: '123456789012', region: 'eu-west-1' }));
}, 120_000);

const resource = (construct: Parameters<typeof logicalIdOf>[1]) =>
  template.toJSON().Resources[logicalIdOf(stack, construct)] as Resource;
const ofType = (type: string) => Object.values(template.findResources(type)) as Resource[];

describe('the attachments bucket', () => {
  it('is private, encrypted, logged, named for the stack and kept when the stack goes', () => {
    const bucket = resource(stack.attachments.bucket);
    expect(bucket.Properties.BucketName).toBe('helpdesk-attachments-123456789012-eu-west-1');
    expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration).toEqual([
      { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
    ]);
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties.LoggingConfiguration).toEqual({
      DestinationBucketName: { Ref: logicalIdOf(stack, stack.web.logBucket) },
      LogFilePrefix: 'attachments-bucket/',
    });
    expect(bucket.DeletionPolicy).toBe('Retain');
  });

  it('refuses every request that is not over TLS', () => {
    const bucketId = logicalIdOf(stack, stack.attachments.bucket);
    const policy = ofType('AWS::S3::BucketPolicy').find((p) => p.Properties.Bucket.Ref === bucketId)!;
    expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 's3:*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
  });

  it('lets only abandoned uploads and unfinished multipart uploads expire, never attached files', () => {
    const rules = resource(stack.attachments.bucket).Properties.LifecycleConfiguration.Rules;
    expect(rules).toEqual([
      { Prefix: 'uploads/', ExpirationInDays: 2, Status: 'Enabled' },
      { AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' },
    ]);
  });

  it("admits the site's origin alone to POST uploads and GET files from the browser", () => {
    const [rule] = resource(stack.attachments.bucket).Properties.CorsConfiguration.CorsRules;
    expect(rule.AllowedMethods.sort()).toEqual(['GET', 'POST']);
    expect(rule.AllowedOrigins).toHaveLength(1);
    expect(JSON.stringify(rule.AllowedOrigins[0])).toContain(logicalIdOf(stack, stack.web.distribution));
  });

  it('is named to every function, with malware scanning on', () => {
    for (const fn of ofType('AWS::Lambda::Function').filter((f) => f.Properties.Environment?.Variables?.TABLE_NAME)) {
      expect(fn.Properties.Environment.Variables).toMatchObject({
        ATTACHMENTS_BUCKET: { Ref: logicalIdOf(stack, stack.attachments.bucket) },
        MALWARE_SCANNING: 'guardduty',
      });
    }
  });
});

describe('malware scanning', () => {
  it('has GuardDuty scan and tag what is attached (tickets/), not the uploads waiting for a message', () => {
    const [plan] = ofType('AWS::GuardDuty::MalwareProtectionPlan');
    expect(plan!.Properties.ProtectedResource).toEqual({
      S3Bucket: { BucketName: { Ref: logicalIdOf(stack, stack.attachments.bucket) }, ObjectPrefixes: ['tickets/'] },
    });
    expect(plan!.Properties.Actions).toEqual({ Tagging: { Status: 'ENABLED' } });
  });

  it("gives GuardDuty's role the scanning permissions on this bucket alone", () => {
    const [plan] = ofType('AWS::GuardDuty::MalwareProtectionPlan');
    const roleId = plan!.Properties.Role['Fn::GetAtt'][0] as string;
    const role = template.toJSON().Resources[roleId] as Resource;
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({
        Effect: 'Allow',
        Principal: { Service: 'malware-protection-plan.guardduty.amazonaws.com' },
      }),
    ]);
    const bucketId = logicalIdOf(stack, stack.attachments.bucket);
    const statements = role.Properties.Policies[0].PolicyDocument.Statement as Array<Record<string, any>>;
    for (const statement of statements.filter((s) => asList(s.Action).some((a: string) => a.startsWith('s3:')))) {
      expect(JSON.stringify(statement.Resource), statement.Sid).toContain(bucketId);
    }
    const tagging = statements.find((s) => s.Sid === 'ScanAndTagObjects')!;
    expect(JSON.stringify(tagging.Resource)).toContain('/tickets/*');
  });

  it("sends this bucket's scan results to the scan-results function, retried for a day, then dead-lettered", () => {
    const fnId = logicalIdOf(stack, stack.attachments.scanResultsFunction);
    const rule = ofType('AWS::Events::Rule').find((r) =>
      r.Properties.Targets?.some((t: any) => t.Arn?.['Fn::GetAtt']?.[0] === fnId),
    )!;
    expect(rule.Properties.EventPattern).toEqual({
      source: ['aws.guardduty'],
      'detail-type': ['GuardDuty Malware Protection Object Scan Result'],
      detail: { s3ObjectDetails: { bucketName: [{ Ref: logicalIdOf(stack, stack.attachments.bucket) }] } },
    });
    expect(rule.Properties.Targets[0]).toMatchObject({
      RetryPolicy: { MaximumRetryAttempts: 8, MaximumEventAgeInSeconds: 86_400 },
      DeadLetterConfig: { Arn: { 'Fn::GetAtt': [logicalIdOf(stack, stack.attachments.scanResultFailures), 'Arn'] } },
    });
  });
});
