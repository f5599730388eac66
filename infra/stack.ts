import { resolve } from 'node:path';
import { CfnOutput, Lazy, Stack, type StackProps } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { Construct, Node } from 'constructs';
import * as z from 'zod';
import { QUEUE_KINDS } from '#functions/outbound/kinds.ts';
import { Data } from './constructs/data.ts';
import { type HandlerFunction, REPO_ROOT } from './constructs/function.ts';
import { Gateways } from './constructs/gateways.ts';
import { HttpRoutes } from './constructs/http-routes.ts';
import { Identity, type SsoProvider } from './constructs/identity.ts';
import { Jobs } from './constructs/jobs.ts';
import { Outbound, OutboundQueues } from './constructs/outbound.ts';
import { AppSecret } from './constructs/app-secret.ts';
import { Attachments } from './constructs/attachments.ts';
import { Mail } from './constructs/mail.ts';
import { Realtime } from './constructs/realtime.ts';
import { ALARM_THRESHOLDS, Observability } from './constructs/observability.ts';
import { Web } from './constructs/web.ts';

/** `webhook` → `Webhook`, for construct ids. */
const idOf = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** Deployment settings, read from CDK context (cdk.json or `-c key=value`). */
export interface HelpdeskSettings {
  /** Custom domain of the site; needs `certificateArn`. */
  domainName?: string;
  /** ACM certificate in us-east-1 covering `domainName`. */
  certificateArn?: string;
  /** Hosted-UI prefix (`prefix.auth.region.amazoncognito.com`); defaults to `helpdesk-<account>`. */
  cognitoDomainPrefix?: string;
  ssoProvider?: SsoProvider;
  /** Requests per minute allowed to one API key. */
  apiKeyRateLimit: string;
  /** Requests to the sign-in routes one client IP may make per five minutes before WAF answers 429. */
  authRateLimit: number;
  /** The domain help desk mail is sent from and received at (SES identity, `support@`, `reply+…@`). */
  mailDomain: string;
  /** Where CloudWatch alarms are mailed (docs/operations.md); without it the alarm topic has no subscription. */
  alarmEmail?: string;
}

export interface HelpdeskStackProps extends StackProps {
  settings: HelpdeskSettings;
  /** Built SPA folder, absolute or relative to the repository root; `web/dist` by default. */
  webAssetPath?: string;
  /** The CLOUDFRONT-scope web ACL to attach to the distribution (the edge stack's, infra/edge-stack.ts). */
  webAclArn?: string;
}

const providerName = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]{1,30}[A-Za-z0-9]$/, 'letters, digits and hyphens, 3 to 32 characters');

const ssoProviderSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('saml'),
    name: providerName,
    metadataUrl: z.url({ protocol: /^https$/ }),
    emailAttribute: z.string().min(1).optional(),
  }),
  z.object({
    type: z.literal('oidc'),
    name: providerName,
    issuerUrl: z.url({ protocol: /^https$/ }),
    clientId: z.string().min(1),
    clientSecretName: z.string().min(1),
  }),
]);

/** `-c key=value` hands objects over as JSON text; cdk.json hands them over parsed. */
const jsonText = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

const settingsSchema = z
  .object({
    domainName: z.hostname().optional(),
    certificateArn: z
      .string()
      .regex(/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/.+$/, 'an ACM certificate in us-east-1 (CloudFront)')
      .optional(),
    cognitoDomainPrefix: z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'lowercase letters, digits and hyphens')
      .refine((prefix) => !/aws|amazon|cognito/.test(prefix), 'Cognito refuses prefixes with aws, amazon or cognito')
      .optional(),
    ssoProvider: z.preprocess(jsonText, ssoProviderSchema.optional()),
    apiKeyRateLimit: z.coerce.number().int().positive().default(600).transform(String),
    // WAF's rate-based rules accept 10 and more.
    authRateLimit: z.coerce.number().int().min(10).max(2_000_000_000).default(100),
    mailDomain: z.hostname({ error: 'mailDomain must be a domain name (mail is sent from support@ it)' }).optional(),
    alarmEmail: z.email({ error: 'alarmEmail must be an e-mail address (the alarms are mailed there)' }).optional(),
  })
  .refine((s) => Boolean(s.domainName) === Boolean(s.certificateArn), {
    message: 'domainName and certificateArn go together: set both or neither',
  })
  // Without a mail domain of its own the help desk sends and receives as the site's domain.
  .transform(({ mailDomain, ...rest }) => ({ ...rest, mailDomain: (mailDomain ?? rest.domainName)?.toLowerCase() }))
  .refine((s) => Boolean(s.mailDomain), {
    message:
      'mailDomain is required (the domain mail is sent from and to), unless domainName is set: ' +
      '-c mailDomain=support.example.com, or in cdk.json (docs/deploy.md)',
    path: ['mailDomain'],
  });

const SETTING_KEYS = [
  'domainName',
  'certificateArn',
  'cognitoDomainPrefix',
  'ssoProvider',
  'apiKeyRateLimit',
  'authRateLimit',
  'mailDomain',
  'alarmEmail',
] as const;

/** Reads and validates the deployment settings from CDK context; throws one message listing every problem. */
export function settingsFromContext(node: Node): HelpdeskSettings {
  const raw = Object.fromEntries(
    SETTING_KEYS.map((key) => [key, node.tryGetContext(key)]).filter(([, value]) => value != null && value !== ''),
  );
  const parsed = settingsSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`Invalid CDK context for the Helpdesk stack:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data as HelpdeskSettings;
}

/** The whole help desk on AWS: one table, one user pool, the APIs and their functions, and CloudFront. */
export class HelpdeskStack extends Stack {
  readonly data: Data;
  readonly gateways: Gateways;
  readonly web: Web;
  readonly identity: Identity;
  readonly http: HttpRoutes;
  readonly realtime: Realtime;
  readonly jobs: Jobs;
  readonly outboundQueues: OutboundQueues;
  readonly outbound: Outbound;
  readonly appSecret: AppSecret;
  readonly mail: Mail;
  readonly attachments: Attachments;
  readonly observability: Observability;
  /**
   * Every function that runs our code, by the name its alarms and dashboard widgets show: the one list the
   * observability, the cdk-nag suppressions and the infra tests read.
   */
  readonly functions: Readonly<Record<string, HandlerFunction>>;

  constructor(scope: Construct, id: string, props: HelpdeskStackProps) {
    super(scope, id, {
      description: 'Help desk: SPA on CloudFront, HTTP and WebSocket APIs on Lambda, DynamoDB, Cognito, SQS, SES',
      ...props,
    });
    const { settings } = props;

    this.data = new Data(this, 'Data');
    this.gateways = new Gateways(this, 'Gateways');
    const { data, gateways } = this;

    this.web = new Web(this, 'Web', {
      httpApiDomain: gateways.httpApiDomain,
      webSocketApiDomain: gateways.webSocketApiDomain,
      webAssetPath: resolve(REPO_ROOT, props.webAssetPath ?? 'web/dist'),
      // The bucket is made after the site (its CORS rule names the site's origin); its origin is known at synth.
      attachmentOrigins: [Lazy.string({ produce: () => this.attachments.origin })],
      ...(props.webAclArn ? { webAclArn: props.webAclArn } : {}),
      ...(settings.domainName && settings.certificateArn
        ? {
            customDomain: {
              domainName: settings.domainName,
              certificate: Certificate.fromCertificateArn(this, 'SiteCertificate', settings.certificateArn),
            },
          }
        : {}),
    });

    this.identity = new Identity(this, 'Identity', {
      siteUrl: this.web.siteUrl,
      cognitoDomainPrefix: settings.cognitoDomainPrefix ?? `helpdesk-${this.account}`,
      ...(settings.ssoProvider ? { ssoProvider: settings.ssoProvider } : {}),
    });
    const { web, identity } = this;
    this.outboundQueues = new OutboundQueues(this, 'OutboundQueues', { kinds: QUEUE_KINDS });
    this.appSecret = new AppSecret(this, 'AppSecret');
    const { appSecret } = this;
    this.mail = new Mail(this, 'Mail', { domain: settings.mailDomain, accessLogBucket: web.logBucket });
    const { mail } = this;
    this.attachments = new Attachments(this, 'Attachments', { siteUrl: web.siteUrl, accessLogBucket: web.logBucket });
    const { attachments } = this;

    // The functions' whole configuration contract; both runtimes read exactly these names.
    const environment: Record<string, string> = {
      TABLE_NAME: data.table.tableName,
      COGNITO_USER_POOL_ID: identity.userPool.userPoolId,
      COGNITO_CLIENT_ID: identity.client.userPoolClientId,
      COGNITO_HOSTED_UI_DOMAIN: identity.hostedUiUrl,
      WS_MANAGEMENT_ENDPOINT: gateways.webSocketStage.callbackUrl,
      API_KEY_RATE_LIMIT: settings.apiKeyRateLimit,
      ...this.outboundQueues.environment,
      ...appSecret.environment,
      ...mail.environment,
      ...attachments.environment,
      // Rating links in customer e-mails and ticket links in staff e-mails point at the site.
      PUBLIC_BASE_URL: web.siteUrl,
      POWERTOOLS_SERVICE_NAME: 'helpdesk',
      LOG_LEVEL: 'INFO',
      // No NODE_OPTIONS=--enable-source-maps: Node would read each bundle's source map on every cold start, a quarter
      // of the import time. The map ships beside the bundle for mapping a trace (docs/decisions/100-function-bundles.md).
    };

    this.http = new HttpRoutes(this, 'Http', {
      httpApi: gateways.httpApi,
      table: data.table,
      userPool: identity.userPool,
      appSecret,
      environment,
    });
    this.realtime = new Realtime(this, 'Realtime', {
      webSocketApi: gateways.webSocketApi,
      webSocketStage: gateways.webSocketStage,
      table: data.table,
      appSecret,
      environment,
    });
    this.jobs = new Jobs(this, 'Jobs', { table: data.table, webSocketStage: gateways.webSocketStage, environment });
    this.outbound = new Outbound(this, 'Outbound', {
      table: data.table,
      queues: this.outboundQueues,
      kinds: QUEUE_KINDS,
      appSecret,
      environment,
    });

    mail.addFunctions({ table: data.table, appSecret, environment });
    attachments.addFunctions({ table: data.table, environment });
    attachments.grant('tickets', this.http.functions.tickets!);
    attachments.grant('inboundMailJob', mail.inboundFunction);
    attachments.grant('rating', this.http.functions.rating!);
    attachments.grant('approvals', this.http.functions.approvals!);
    attachments.grant('mailSender', this.outbound.senders.mail!);
    mail.grantSend(this.outbound.senders.mail!);
    // An admin's retry of a failed e-mail queues it again.
    this.outboundQueues.grantEnqueue(this.http.functions.mail, ['mail']);

    const { http, realtime, jobs, outbound } = this;
    this.functions = {
      ...Object.fromEntries(Object.entries(http.functions).map(([group, fn]) => [`Http${idOf(group)}`, fn])),
      WsAuthorizer: realtime.authorizerFunction,
      WsConnect: realtime.connectFunction,
      WsDisconnect: realtime.disconnectFunction,
      WsDefault: realtime.defaultFunction,
      Overdue: jobs.overdueFunction,
      Notifier: jobs.notifierFunction,
      Indexer: jobs.indexerFunction,
      AutoAway: jobs.autoAwayFunction,
      Router: jobs.routerFunction,
      Dispatcher: outbound.dispatcherFunction,
      ...Object.fromEntries(Object.entries(outbound.senders).map(([kind, fn]) => [`${idOf(kind)}Sender`, fn])),
      InboundMail: mail.inboundFunction,
      MailEvents: mail.eventsFunction,
      ScanResults: attachments.scanResultsFunction,
    };
    this.observability = new Observability(this, 'Observability', {
      httpApi: gateways.httpApi,
      functions: this.functions,
      streamConsumers: [
        { name: 'Notifier', fn: jobs.notifierFunction, maxIteratorAgeMs: ALARM_THRESHOLDS.notifierIteratorAgeMs },
        {
          name: 'Dispatcher',
          fn: outbound.dispatcherFunction,
          maxIteratorAgeMs: ALARM_THRESHOLDS.dispatcherIteratorAgeMs,
        },
        { name: 'Indexer', fn: jobs.indexerFunction, maxIteratorAgeMs: ALARM_THRESHOLDS.indexerIteratorAgeMs },
        { name: 'Router', fn: jobs.routerFunction, maxIteratorAgeMs: ALARM_THRESHOLDS.routerIteratorAgeMs },
      ],
      deadLetterQueues: {
        NotifierFailures: jobs.notifierFailures,
        DispatchFailures: outbound.dispatchFailures,
        ...Object.fromEntries(
          Object.entries(this.outboundQueues.kinds).map(([kind, { deadLetterQueue }]) => [
            `${idOf(kind)}DeadLetters`,
            deadLetterQueue,
          ]),
        ),
        InboundMailFailures: mail.inboundFailures,
        ScanResultFailures: attachments.scanResultFailures,
      },
      configurationSetName: mail.configurationSet.configurationSetName,
      ...(settings.alarmEmail ? { alarmEmail: settings.alarmEmail } : {}),
    });

    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.observability.topic.topicArn,
      description: 'CloudWatch alarms go here (subscribe more addresses or a chat integration: docs/operations.md)',
    });
    new CfnOutput(this, 'SiteUrl', { value: web.siteUrl, description: 'The help desk, as staff open it' });
    new CfnOutput(this, 'DistributionDomainName', {
      value: web.distribution.distributionDomainName,
      description: 'Point the custom domain (CNAME or alias) here',
    });
    new CfnOutput(this, 'HttpApiUrl', { value: gateways.httpApi.apiEndpoint });
    new CfnOutput(this, 'WebSocketUrl', { value: gateways.webSocketStage.url });
    new CfnOutput(this, 'UserPoolId', { value: identity.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: identity.client.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: data.table.tableName });
  }
}
