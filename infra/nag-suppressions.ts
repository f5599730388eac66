/**
 * Every finding of the cdk-nag AWS Solutions checks that the help desk accepts, each with the reason it is accepted.
 * Everything else the checks find fails `cdk synth`, `cdk deploy` and infra/nag.test.ts. Kept in one place so that a
 * review sees the whole list; a suppression names the construct it concerns, never a whole stack.
 */
import type { Stack } from 'aws-cdk-lib';
import { NagSuppressions } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import type { HelpdeskStack } from './stack.ts';

/** The singleton Lambda that BucketDeployment adds to the stack (CDK's own code, not ours). */
function bucketDeploymentHandlers(stack: Stack): IConstruct[] {
  return stack.node.children.filter((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
}

/** Acknowledges the accepted findings on the main stack (the edge stack has none). */
export function applyNagSuppressions(main: HelpdeskStack): void {
  const { jobs, gateways, web, identity, outbound, appSecret, mail, realtime, attachments } = main;

  const ourFunctions = Object.values(main.functions);
  NagSuppressions.addResourceSuppressions(ourFunctions, [
    {
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 is the line the bundles are built for (esbuild target node22) and the tests run against; ' +
        'moving every function to a newer runtime is a deliberate upgrade with its own test run, not a drift.',
    },
  ]);

  NagSuppressions.addResourceSuppressions(
    gateways.httpApi,
    [
      {
        id: 'AwsSolutions-APIG4',
        reason:
          'Each function authenticates every request itself (session cookies verified with aws-jwt-verify plus the ' +
          'directory, or an API key with per-route scopes, functions/http/handler.ts); an API Gateway authorizer cannot ' +
          'express "cookie or key", and sign-in and the OpenAPI document are public by design.',
      },
    ],
    true,
  );
  NagSuppressions.addResourceSuppressions(
    gateways.webSocketApi,
    [
      {
        id: 'AwsSolutions-APIG4',
        reason:
          'API Gateway allows an authorizer on $connect only, which has one (the session-cookie Lambda); ' +
          '$default and $disconnect run on a connection that authorizer already admitted.',
      },
    ],
    true,
  );
  NagSuppressions.addResourceSuppressions(
    gateways,
    [
      {
        id: 'AwsSolutions-IAM4',
        reason:
          'AmazonAPIGatewayPushToCloudWatchLogs is the policy AWS documents for the account-level role through ' +
          'which WebSocket stages write their access logs; it allows log writes only.',
        appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs'],
      },
    ],
    true,
  );

  NagSuppressions.addResourceSuppressions(
    jobs.notifierFunction.role!,
    [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'PostToConnection and DeleteConnection address sockets by connection id, unknown until a client ' +
          'connects; the grant is limited to the ws stage of this WebSocket API.',
        appliesTo: [{ regex: '/^Resource::arn:[^:]+:execute-api:.*\\/ws\\/\\*\\/@connections\\/\\*$/' }],
      },
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "The stream's ARN carries a label known only once the table exists; the wildcard covers this table's " +
          'streams only, which the event source mapping reads.',
        appliesTo: [{ regex: '/^Resource::<DataTable[0-9A-F]+\\.Arn>\\/stream\\/\\*$/' }],
      },
    ],
    true,
  );

  // The presence handlers post each person on a ticket their list (docs/product.md §7 "WebSocket").
  for (const fn of [realtime.defaultFunction, realtime.disconnectFunction]) {
    NagSuppressions.addResourceSuppressions(
      fn.role!,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'PostToConnection addresses sockets by connection id, unknown until a client connects; the grant is ' +
            'limited to the ws stage of this WebSocket API.',
          appliesTo: [{ regex: '/^Resource::arn:[^:]+:execute-api:.*\\/ws\\/\\*\\/@connections\\/\\*$/' }],
        },
      ],
      true,
    );
  }

  for (const [consumer, fn] of [
    ['dispatcher', outbound.dispatcherFunction],
    ['indexer', jobs.indexerFunction],
  ] as const) {
    NagSuppressions.addResourceSuppressions(
      fn.role!,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            "The stream's ARN carries a label known only once the table exists; the wildcard covers this table's " +
            `streams only, which the ${consumer}'s event source mapping reads.`,
          appliesTo: [{ regex: '/^Resource::<DataTable[0-9A-F]+\\.Arn>\\/stream\\/\\*$/' }],
        },
      ],
      true,
    );
  }
  NagSuppressions.addResourceSuppressions(
    jobs.routerFunction.role!,
    [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "The stream's ARN carries a label known only once the table exists; the wildcard covers this table's " +
          "streams only, which the router's event source mapping reads.",
        appliesTo: [{ regex: '/^Resource::<DataTable[0-9A-F]+\\.Arn>\\/stream\\/\\*$/' }],
      },
    ],
    true,
  );
  NagSuppressions.addResourceSuppressions(
    outbound.dispatcherFunction.role!,
    [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "The stream's ARN carries a label known only once the table exists; the wildcard covers this table's " +
          "streams only, which the dispatcher's event source mapping reads.",
        appliesTo: [{ regex: '/^Resource::<DataTable[0-9A-F]+\\.Arn>\\/stream\\/\\*$/' }],
      },
    ],
    true,
  );
  // Active tracing (docs/decisions/066-observability.md): X-Ray's two write actions have no resource-level permissions.
  NagSuppressions.addResourceSuppressions(
    ourFunctions.map((fn) => fn.role!),
    [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions; Lambda adds ' +
          'them on "*" for active tracing, and they only write this account\'s traces.',
        appliesTo: ['Resource::*'],
      },
    ],
    true,
  );
  NagSuppressions.addResourceSuppressions(jobs.notifierFailures, [
    {
      id: 'AwsSolutions-SQS3',
      reason:
        "The notifier's on-failure destination: it holds the positions of the stream records the notifier gave up " +
        'on, for ops to inspect (docs/operations.md); it is the last stop, not a work queue.',
    },
  ]);
  NagSuppressions.addResourceSuppressions(appSecret.secret, [
    {
      id: 'AwsSolutions-SMG4',
      reason:
        'Every reply address, rating link and sealed webhook secret in circulation is keyed from this secret ' +
        '(functions/lib/secrets.ts); rotating it on a schedule would void them all at once. Rotation needs a key ' +
        'ring (old keys kept for verification) first, which is recorded as follow-up work in docs/deploy.md.',
    },
  ]);
  NagSuppressions.addResourceSuppressions(outbound.dispatchFailures, [
    {
      id: 'AwsSolutions-SQS3',
      reason:
        "The dispatcher's on-failure destination: it holds the stream records the dispatcher gave up on, for ops to " +
        'inspect and replay; it is itself the last stop, so a dead-letter queue behind it would only move them again.',
    },
  ]);

  NagSuppressions.addResourceSuppressions(mail.inboundFailures, [
    {
      id: 'AwsSolutions-SQS3',
      reason:
        "The inbound mail function's on-failure destination: it holds the SES events Lambda gave up on (the message " +
        'itself stays in the inbound bucket) for ops to inspect and replay; it is the last stop, not a work queue.',
    },
  ]);
  NagSuppressions.addResourceSuppressions(
    mail.inboundFunction.role!,
    [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'SES names each stored message by its own message id, unknown in advance; the grant is GetObject on the ' +
          "inbound bucket's inbound/ prefix only (no listing, no writing).",
        appliesTo: [{ regex: '/^Resource::<MailInboundBucket[0-9A-F]+\\.Arn>\\/inbound\\/\\*$/' }],
      },
    ],
    true,
  );

  // Attachments (docs/decisions/094-attachments.md).
  NagSuppressions.addResourceSuppressions(attachments.scanResultFailures, [
    {
      id: 'AwsSolutions-SQS3',
      reason:
        "The scan-results function's dead-letter queue: GuardDuty verdicts it could not record after EventBridge's " +
        'retries, for ops to inspect and replay (docs/operations.md); it is the last stop, not a work queue.',
    },
  ]);
  NagSuppressions.addResourceSuppressions(
    attachments.node.findChild('MalwareScanRole'),
    [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'The permissions GuardDuty Malware Protection for S3 documents for its role: it creates its own ' +
          'EventBridge rule, named DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3… with a suffix of its choosing, ' +
          'and scans and tags each new file under the bucket’s tickets/ prefix, whose names are ids made at upload.',
        appliesTo: [
          {
            regex: '/^Resource::arn:[^:]+:events:\\*:.+:rule\\/DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3\\*$/',
          },
          { regex: '/^Resource::<AttachmentsBucket[0-9A-F]+\\.Arn>\\/tickets\\/\\*$/' },
        ],
      },
    ],
    true,
  );
  NagSuppressions.addResourceSuppressions(
    attachments.grantees.map((grantee) => grantee.role!),
    [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'Files are named by ids made at upload (uploads/<ticket>/<id>, tickets/<ticket>/<id>); the grants are the ' +
          "object actions each function's code makes under those prefixes of the attachments bucket only " +
          '(ATTACHMENT_GRANTS in infra/constructs/grants.ts).',
        appliesTo: [{ regex: '/^Resource::<AttachmentsBucket[0-9A-F]+\\.Arn>\\/(uploads|tickets)\\/\\*$/' }],
      },
    ],
    true,
  );

  NagSuppressions.addResourceSuppressions(
    bucketDeploymentHandlers(main),
    [
      {
        id: 'AwsSolutions-L1',
        reason: "CDK's BucketDeployment handler: its runtime is chosen and updated by aws-cdk-lib, not by this code.",
      },
      {
        id: 'AwsSolutions-IAM4',
        reason: "CDK's BucketDeployment handler logs through AWSLambdaBasicExecutionRole; it runs only at deploy time.",
        appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
      },
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "CDK's BucketDeployment copies the build from the CDK asset bucket into the site bucket and invalidates " +
          'the distribution: object wildcards on those two buckets and CloudFront invalidation (which has no ' +
          'resource-level permissions) are what that copy needs.',
      },
    ],
    true,
  );

  NagSuppressions.addResourceSuppressions(web.distribution, [
    {
      id: 'AwsSolutions-CFR1',
      reason:
        'Staff and upstream systems connect from wherever the company operates; no country list is given, and ' +
        'the WAF web ACL is where one would be added.',
    },
    ...(web.customDomain
      ? []
      : [
          {
            id: 'AwsSolutions-CFR4',
            reason:
              'Without a custom domain CloudFront serves its own *.cloudfront.net certificate, whose minimum is fixed at TLSv1; setting domainName and certificateArn switches to TLSv1.2_2021 (docs/deploy.md).',
          },
        ]),
  ]);

  NagSuppressions.addResourceSuppressions(identity.userPool, [
    {
      id: 'AwsSolutions-COG1',
      reason:
        "The pool's password policy restates the product's rule (shared/constants.ts PASSWORD_MIN_LENGTH, which the " +
        'forms and the API validate); a stricter pool would refuse passwords the app accepts. Strengthening it is ' +
        'a product decision made in both places at once.',
    },
    {
      id: 'AwsSolutions-COG2',
      reason:
        "The app's own sign-in form (USER_PASSWORD_AUTH) has no MFA step yet; organizations that need MFA enforce " +
        'it in their identity provider through organization sign-in.',
    },
    {
      id: 'AwsSolutions-COG8',
      reason:
        "Cognito's Plus tier (threat protection) is replaced by the WAF rate rule on /api/auth/* (infra/edge-stack.ts) " +
        "and the app's own sign-in throttling (ADR 071), which also works in the embedded runtime.",
    },
  ]);
}
