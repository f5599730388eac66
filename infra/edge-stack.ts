/**
 * The WAF web ACL in front of CloudFront. A web ACL for CloudFront (scope CLOUDFRONT) can only be created in
 * us-east-1, whatever region the help desk runs in, so it lives in this small stack, deployed there; the main stack
 * refers to its ARN (across regions through CDK's cross-region references when the main stack is elsewhere).
 * docs/decisions/064-waf-edge-stack.md says why, docs/deploy.md what it means for operations.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/** Where CLOUDFRONT-scope WAF resources must be created. */
export const EDGE_REGION = 'us-east-1';

/** The paths the sign-in rate rule counts: every auth route but the session check. */
export const AUTH_PATH_PREFIX = '/api/auth/';
/**
 * The session check the app makes on every page load and before every alarm-socket reconnect. It guesses nothing
 * (it only reads the caller's own cookie), and a whole office behind one address makes many of them.
 */
export const SESSION_CHECK_PATH = '/api/auth/user';

/** WAF counts rate-based rules over this window; the limit is per client IP and window. */
export const AUTH_RATE_WINDOW_SECONDS = 300;

/**
 * Rules of AWS's common rule set that only count instead of blocking. They judge request bodies and query strings
 * by shape, and this API's bodies are support texts: ticket descriptions of up to 10,000 characters (over the
 * set's 8 KB body limit), customers' messages quoting HTML, file paths and URLs with addresses, list cursors of up
 * to 2,000 characters. The API validates and stores them as data and the SPA renders them escaped; blocking them
 * would refuse real tickets. Upstream systems are machines that may send no User-Agent.
 */
export const COUNTED_COMMON_RULES = [
  'SizeRestrictions_BODY',
  'SizeRestrictions_QUERYSTRING',
  'CrossSiteScripting_BODY',
  'GenericLFI_BODY',
  'GenericRFI_BODY',
  'EC2MetaDataSSRF_BODY',
  'NoUserAgent_HEADER',
] as const;

export const TOO_MANY_SIGN_INS = {
  message: 'Too many sign-in requests from your network; wait a few minutes and try again.',
};

export interface HelpdeskEdgeStackProps extends StackProps {
  /** Requests to the auth routes one client IP may make per five minutes before WAF answers 429. */
  authRateLimit: number;
}

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

export class HelpdeskEdgeStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: HelpdeskEdgeStackProps) {
    super(scope, id, {
      description: 'Help desk: WAF web ACL for the CloudFront distribution (us-east-1)',
      ...props,
    });
    if (!Stack.of(this).region || Stack.of(this).region !== EDGE_REGION) {
      throw new Error(`The edge stack must be deployed in ${EDGE_REGION} (CloudFront's WAF scope lives there).`);
    }

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: 'helpdesk-cloudfront',
      description: 'Help desk: sign-in rate limit per client IP and AWS common protections',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('helpdesk-web-acl'),
      customResponseBodies: {
        tooManySignIns: { contentType: 'APPLICATION_JSON', content: JSON.stringify(TOO_MANY_SIGN_INS) },
      },
      rules: [
        {
          name: 'auth-rate-per-ip',
          priority: 0,
          action: {
            block: {
              customResponse: {
                responseCode: 429,
                customResponseBodyKey: 'tooManySignIns',
                responseHeaders: [{ name: 'Retry-After', value: String(AUTH_RATE_WINDOW_SECONDS) }],
              },
            },
          },
          statement: {
            rateBasedStatement: {
              limit: props.authRateLimit,
              evaluationWindowSec: AUTH_RATE_WINDOW_SECONDS,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                andStatement: {
                  statements: [
                    {
                      byteMatchStatement: {
                        fieldToMatch: { uriPath: {} },
                        positionalConstraint: 'STARTS_WITH',
                        searchString: AUTH_PATH_PREFIX,
                        textTransformations: [{ priority: 0, type: 'NONE' }],
                      },
                    },
                    {
                      notStatement: {
                        statement: {
                          byteMatchStatement: {
                            fieldToMatch: { uriPath: {} },
                            positionalConstraint: 'EXACTLY',
                            searchString: SESSION_CHECK_PATH,
                            textTransformations: [{ priority: 0, type: 'NONE' }],
                          },
                        },
                      },
                    },
                  ],
                },
              },
            },
          },
          visibilityConfig: visibility('helpdesk-auth-rate'),
        },
        {
          name: 'aws-common-rule-set',
          priority: 1,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              ruleActionOverrides: COUNTED_COMMON_RULES.map((name) => ({ name, actionToUse: { count: {} } })),
            },
          },
          visibilityConfig: visibility('helpdesk-common-rules'),
        },
      ],
    });
  }

  get webAclArn(): string {
    return this.webAcl.attrArn;
  }
}
