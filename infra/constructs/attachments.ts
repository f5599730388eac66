import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import { CfnMalwareProtectionPlan } from 'aws-cdk-lib/aws-guardduty';
import { PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { JOB_HANDLERS } from '#functions/api/routes.ts';
import { HandlerFunction } from './function.ts';
import { ATTACHMENT_GRANTS, type FunctionName, grantFunction } from './grants.ts';

/** Where uploads land before a message takes them, and where attached files live (functions/lib/attachment-store.ts). */
export const UPLOADS_PREFIX = 'uploads/';
export const STORED_PREFIX = 'tickets/';
/** An upload no message took within a day is forgotten by the table (TTL); its bytes go a day later. */
const ABANDONED_UPLOAD_DAYS = 2;
/** GuardDuty's EventBridge detail type for the verdict on one object. */
export const SCAN_RESULT_DETAIL_TYPE = 'GuardDuty Malware Protection Object Scan Result';

export interface AttachmentsProps {
  /** The site's origin (`https://…`): the browser uploads to the bucket from it and loads thumbnails from it. */
  siteUrl: string;
  /** Where the bucket's server access logs go (the site's log bucket). */
  accessLogBucket: IBucket;
}

export interface AttachmentsFunctionsProps {
  table: ITable;
  environment: Record<string, string>;
}

/**
 * Attachments' storage (docs/decisions/094-attachments.md): one private bucket (S3-managed encryption, public access
 * blocked, TLS only, access logged), whose only lifecycle rule deletes abandoned uploads, with a CORS rule for the
 * site's own origin so that the browser can POST uploads and follow download links. GuardDuty Malware Protection for
 * S3 scans every file stored under `tickets/` and tags it; its verdicts reach the scan-results function through
 * EventBridge, which marks each file clean or infected (functions/use-cases/tickets/scan-results.ts).
 */
export class Attachments extends Construct {
  readonly bucket: Bucket;
  readonly malwareProtectionPlan: CfnMalwareProtectionPlan;
  /** The bucket's origin as the browser sees it in presigned URLs (virtual-hosted, regional). */
  readonly origin: string;
  scanResultsFunction!: HandlerFunction;
  /** Scan results the function failed to record after EventBridge's retries: for operators (docs/operations.md). */
  scanResultFailures!: Queue;

  constructor(scope: Construct, id: string, props: AttachmentsProps) {
    super(scope, id);
    const { account, region, partition, stackName, urlSuffix } = Stack.of(this);
    // Named from the stack, account and region rather than generated: the site's Content-Security-Policy names the
    // bucket's origin, while the bucket's CORS rule names the site's, and a generated name would make that a cycle.
    const bucketName = `${stackName.toLowerCase()}-attachments-${account}-${region}`;
    this.bucket = new Bucket(this, 'Bucket', {
      bucketName,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.accessLogBucket,
      serverAccessLogsPrefix: 'attachments-bucket/',
      lifecycleRules: [
        { prefix: UPLOADS_PREFIX, expiration: Duration.days(ABANDONED_UPLOAD_DAYS) },
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      cors: [
        {
          allowedOrigins: [props.siteUrl],
          allowedMethods: [HttpMethods.POST, HttpMethods.GET],
          allowedHeaders: ['*'],
          maxAge: 3600,
        },
      ],
      // Customers' documents: a stack replacement must not take them along.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.origin = `https://${bucketName}.s3.${region}.${urlSuffix}`;

    // The role GuardDuty assumes to scan and tag the bucket's new objects (its documented permissions, this bucket only).
    const scanRole = new Role(this, 'MalwareScanRole', {
      assumedBy: new ServicePrincipal('malware-protection-plan.guardduty.amazonaws.com'),
      description: 'GuardDuty Malware Protection for S3: scan and tag the attachments bucket',
      inlinePolicies: {
        scan: new PolicyDocument({
          statements: [
            new PolicyStatement({
              sid: 'ManageTheScanTriggerRule',
              actions: ['events:PutRule', 'events:DeleteRule', 'events:PutTargets', 'events:RemoveTargets'],
              resources: [
                `arn:${partition}:events:*:${account}:rule/DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3*`,
              ],
              conditions: { StringLike: { 'events:ManagedBy': 'malware-protection-plan.guardduty.amazonaws.com' } },
            }),
            new PolicyStatement({
              sid: 'ReadTheScanTriggerRule',
              actions: ['events:DescribeRule', 'events:ListTargetsByRule'],
              resources: [
                `arn:${partition}:events:*:${account}:rule/DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3*`,
              ],
            }),
            new PolicyStatement({
              sid: 'EnableBucketEvents',
              actions: ['s3:PutBucketNotification', 's3:GetBucketNotification', 's3:ListBucket'],
              resources: [this.bucket.bucketArn],
            }),
            new PolicyStatement({
              sid: 'ValidateTheBucket',
              actions: ['s3:PutObject'],
              resources: [this.bucket.arnForObjects('malware-protection-resource-validation-object')],
            }),
            new PolicyStatement({
              sid: 'ScanAndTagObjects',
              actions: [
                's3:GetObject',
                's3:GetObjectVersion',
                's3:GetObjectTagging',
                's3:GetObjectVersionTagging',
                's3:PutObjectTagging',
                's3:PutObjectVersionTagging',
              ],
              resources: [this.bucket.arnForObjects(`${STORED_PREFIX}*`)],
            }),
          ],
        }),
      },
    });
    this.malwareProtectionPlan = new CfnMalwareProtectionPlan(this, 'MalwareProtectionPlan', {
      role: scanRole.roleArn,
      protectedResource: {
        s3Bucket: { bucketName: this.bucket.bucketName, objectPrefixes: [STORED_PREFIX] },
      },
      actions: { tagging: { status: 'ENABLED' } },
    });
    this.malwareProtectionPlan.node.addDependency(scanRole);
  }

  /** `ATTACHMENTS_BUCKET` and `MALWARE_SCANNING` for the functions' environment (functions/lib/config.ts). */
  get environment(): Record<string, string> {
    return { ATTACHMENTS_BUCKET: this.bucket.bucketName, MALWARE_SCANNING: 'guardduty' };
  }

  /** The functions granted access to the bucket, each with its object actions under its prefixes. */
  readonly grantees: HandlerFunction[] = [];

  /** Lets one function make the bucket calls its code makes (infra/constructs/grants.ts ATTACHMENT_GRANTS). */
  grant(name: FunctionName | 'mailSender', grantee: HandlerFunction): void {
    this.grantees.push(grantee);
    const access = ATTACHMENT_GRANTS[name];
    if (!access?.length) throw new Error(`${name} has no grant on the attachments bucket`);
    for (const { actions, prefixes } of access) {
      grantee.grantPrincipal.addToPrincipalPolicy(
        new PolicyStatement({
          actions: actions.map((action) => `s3:${action}`),
          resources: prefixes.map((prefix) => this.bucket.arnForObjects(`${prefix}*`)),
        }),
      );
    }
    // Without ListBucket a missing object answers 403 instead of 404, and "not uploaded yet" would be a 500.
    if (access.some((grant) => grant.actions.includes('GetObject'))) {
      grantee.grantPrincipal.addToPrincipalPolicy(
        new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.bucket.bucketArn] }),
      );
    }
  }

  /** The scan-results function and the EventBridge rule that feeds it this bucket's verdicts. */
  addFunctions(props: AttachmentsFunctionsProps): void {
    this.scanResultFailures = new Queue(this, 'ScanResultFailures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.scanResultsFunction = new HandlerFunction(this, 'ScanResultsFunction', {
      entry: JOB_HANDLERS.scanResults,
      description: "Help desk job: record GuardDuty's malware verdict on each attached file",
      environment: props.environment,
    });
    grantFunction('scanResultsJob', this.scanResultsFunction, { table: props.table });
    new Rule(this, 'ScanResults', {
      description: "Sends GuardDuty's malware scan results for the attachments bucket to the scan-results function",
      eventPattern: {
        source: ['aws.guardduty'],
        detailType: [SCAN_RESULT_DETAIL_TYPE],
        detail: { s3ObjectDetails: { bucketName: [this.bucket.bucketName] } },
      },
      targets: [
        new LambdaTarget(this.scanResultsFunction, {
          retryAttempts: 8,
          maxEventAge: Duration.hours(24),
          deadLetterQueue: this.scanResultFailures,
        }),
      ],
    });
  }
}
