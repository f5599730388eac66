import { CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket } from 'aws-cdk-lib/aws-s3';
import {
  ConfigurationSet,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  ReceiptRuleSet,
  SuppressionReasons,
  TlsPolicy,
} from 'aws-cdk-lib/aws-ses';
import { Lambda as LambdaAction, LambdaInvocationType, S3 as S3Action } from 'aws-cdk-lib/aws-ses-actions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { JOB_HANDLERS } from '#functions/api/routes.ts';
import type { AppSecret } from './app-secret.ts';
import { HandlerFunction } from './function.ts';
import { grantFunction } from './grants.ts';

/** Inbound mail is kept this long (it is on the ticket by then, or was refused and counted). */
export const INBOUND_RETENTION_DAYS = 30;
/** Where the receipt rule writes messages in the bucket; the inbound function reads `<prefix><SES message id>`. */
export const INBOUND_PREFIX = 'inbound/';
/** Lambda's own retries of an inbound message whose handling failed (the table unreachable), then the DLQ. */
const INBOUND_RETRY_ATTEMPTS = 2;

export interface MailProps {
  /** The mail domain (CDK context `mailDomain`): `support@` and `reply+…@` it receive, `support@` it sends. */
  domain: string;
  /** Where the inbound bucket's server access logs go (the site's log bucket). */
  accessLogBucket: IBucket;
}

export interface MailFunctionsProps {
  table: ITable;
  appSecret: AppSecret;
  /** Every function's configuration, this construct's `environment` included. */
  environment: Record<string, string>;
}

/**
 * E-mail on SES (docs/decisions/080-mail.md): the domain identity with Easy DKIM, the configuration set whose bounce
 * and complaint events reach the mail-events function through EventBridge, and the receipt rule set that stores
 * every message for the domain in an encrypted bucket and hands it to the inbound function. The rule set must be
 * made active by hand (one per account and region); docs/deploy.md lists what ops do. The identity, configuration
 * set and bucket come first, because every function's configuration names them (`environment`); the functions and
 * the rules that feed them are added once that configuration exists (`addFunctions`).
 */
export class Mail extends Construct {
  readonly domain: string;
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  readonly inboundBucket: Bucket;
  ruleSet!: ReceiptRuleSet;
  inboundFunction!: HandlerFunction;
  eventsFunction!: HandlerFunction;
  /** Inbound messages Lambda gave up on after its retries: for operators, with the S3 object still there. */
  inboundFailures!: Queue;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    const { domain } = props;
    this.domain = domain;

    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      // SES's account-level suppression list keeps addresses that bounced or complained; our own record is kept
      // too (the ticket view shows it), from the events the configuration set sends.
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
    });
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: Identity.domain(domain),
      configurationSet: this.configurationSet,
      dkimSigning: true,
    });
    this.inboundBucket = new Bucket(this, 'InboundBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.accessLogBucket,
      serverAccessLogsPrefix: 'inbound-mail-bucket/',
      lifecycleRules: [{ expiration: Duration.days(INBOUND_RETENTION_DAYS) }],
      // Customer mail: it expires by the rule above, and a stack replacement must not take it along early.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    new CfnOutput(this, 'MailDomain', { value: domain, description: 'The domain help desk mail is sent from and to' });
    for (const n of [1, 2, 3] as const) {
      new CfnOutput(this, `DkimRecord${n}`, {
        value: `${this.identity[`dkimDnsTokenName${n}`]} CNAME ${this.identity[`dkimDnsTokenValue${n}`]}`,
        description: `DKIM record ${n} of 3 to publish in the mail domain's DNS`,
      });
    }
  }

  /** `MAIL_DOMAIN` and `SES_CONFIGURATION_SET` for the functions' environment. */
  get environment(): Record<string, string> {
    return { MAIL_DOMAIN: this.domain, SES_CONFIGURATION_SET: this.configurationSet.configurationSetName };
  }

  /** The inbound and mail-events functions, and the rules that feed them: SES's receipt rule and EventBridge's. */
  addFunctions(props: MailFunctionsProps): void {
    const { table, environment } = props;

    this.eventsFunction = new HandlerFunction(this, 'EventsFunction', {
      entry: JOB_HANDLERS.mailEvents,
      description: 'Help desk job: mark customer addresses SES reports as bouncing or complaining',
      environment,
    });
    grantFunction('mailEventsJob', this.eventsFunction, { table });
    this.configurationSet.addEventDestination('ToEventBridge', {
      destination: EventDestination.eventBus(EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
    new Rule(this, 'BouncesAndComplaints', {
      description: "Sends SES's bounce and complaint events of the help desk's mail to the mail-events function",
      eventPattern: {
        source: ['aws.ses'],
        detailType: ['Email Bounced', 'Email Complaint Received'],
        detail: { mail: { tags: { 'ses:configuration-set': [this.configurationSet.configurationSetName] } } },
      },
      targets: [new LambdaTarget(this.eventsFunction, { retryAttempts: 8, maxEventAge: Duration.hours(24) })],
    });

    this.inboundFailures = new Queue(this, 'InboundFailures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.inboundFunction = new HandlerFunction(this, 'InboundFunction', {
      entry: JOB_HANDLERS.inboundMail,
      description: 'Help desk job: take in mail SES received (replies to tickets, new tickets)',
      environment: {
        ...environment,
        INBOUND_MAIL_BUCKET: this.inboundBucket.bucketName,
        INBOUND_MAIL_PREFIX: INBOUND_PREFIX,
      },
      timeout: Duration.seconds(60),
    });
    this.inboundFunction.configureAsyncInvoke({
      retryAttempts: INBOUND_RETRY_ATTEMPTS,
      onFailure: new SqsDestination(this.inboundFailures),
    });
    grantFunction('inboundMailJob', this.inboundFunction, { table, appSecret: props.appSecret });
    // The stored messages and nothing else: no listing, no writing.
    this.inboundFunction.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [this.inboundBucket.arnForObjects(`${INBOUND_PREFIX}*`)],
      }),
    );

    this.ruleSet = new ReceiptRuleSet(this, 'ReceiptRuleSet', {
      rules: [
        {
          // SES matches whole addresses or whole domains: the domain is the recipient, and the inbound function
          // refuses (and counts) anything that is neither `support@` nor a `reply+…@` address.
          recipients: [this.domain],
          scanEnabled: true,
          tlsPolicy: TlsPolicy.OPTIONAL,
          actions: [
            new S3Action({ bucket: this.inboundBucket, objectKeyPrefix: INBOUND_PREFIX }),
            new LambdaAction({ function: this.inboundFunction, invocationType: LambdaInvocationType.EVENT }),
          ],
        },
      ],
    });
    new CfnOutput(this, 'ReceiptRuleSetName', {
      value: this.ruleSet.receiptRuleSetName,
      description: 'Activate it once: aws ses set-active-receipt-rule-set --rule-set-name <this>',
    });
  }

  /**
   * Lets `grantee` send as the domain through the configuration set: SES v2 SendEmail checks the identity and the
   * configuration set, and nothing else may be sent from.
   */
  grantSend(grantee: IGrantable): void {
    const { account, region, partition } = Stack.of(this);
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [
          `arn:${partition}:ses:${region}:${account}:identity/${this.identity.emailIdentityName}`,
          `arn:${partition}:ses:${region}:${account}:configuration-set/${this.configurationSet.configurationSetName}`,
        ],
      }),
    );
  }
}
