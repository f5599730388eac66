import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  Function as EdgeFunction,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
  type ResponseSecurityHeadersBehavior,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { type SecurityHeaders, securityHeadersForBuild } from '../security-headers.ts';
import { WEBSOCKET_STAGE } from './gateways.ts';

/**
 * Viewer-request code for the SPA: a path whose last segment has no extension is a client-side route,
 * so S3 is asked for the shell. A distribution-wide 404→index.html error response would do the same but
 * would also turn the API's own 404 answers into HTML.
 */
export const SPA_ROUTING_FUNCTION = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * Viewer-request code for /api/*: API Gateway must receive its own Host, so the viewer's is handed on as
 * x-forwarded-host, which the functions' CSRF check compares with Origin.
 */
export const FORWARDED_HOST_FUNCTION = `function handler(event) {
  var request = event.request;
  request.headers['x-forwarded-host'] = { value: request.headers.host.value };
  return request;
}`;

export interface WebProps {
  httpApiDomain: string;
  webSocketApiDomain: string;
  /** Built SPA folder: index.html at its root, content-hashed files under assets/ (Vite's layout). */
  webAssetPath: string;
  /** Custom domain and its us-east-1 certificate; CloudFront's own domain otherwise. */
  customDomain?: { domainName: string; certificate: ICertificate };
  /** ARN of the CLOUDFRONT-scope WAF web ACL (created in us-east-1 by the edge stack, ADR 064). */
  webAclArn?: string;
  /** The attachments bucket's origin: uploads go there and thumbnails come from there (the CSP allows it). */
  attachmentOrigins?: readonly string[];
}

/** How long CloudFront's and the site bucket's access logs are kept. */
export const SITE_LOG_RETENTION_DAYS = 90;

/** CloudFront, the one origin the browser sees: the SPA from S3, /api/* and /ws from API Gateway. */
export class Web extends Construct {
  readonly distribution: Distribution;
  readonly bucket: Bucket;
  /** CloudFront's standard logs and the site bucket's server access logs. */
  readonly logBucket: Bucket;
  /** The values every response headers policy of the distribution sets (infra/security-headers.ts). */
  readonly securityHeaders: SecurityHeaders;
  /** Security headers only, for the API and the socket, whose answers set their own Cache-Control. */
  readonly apiHeaders: ResponseHeadersPolicy;
  readonly spaRoutingFunction: EdgeFunction;
  readonly customDomain?: { domainName: string; certificate: ICertificate };
  readonly forwardedHostFunction: EdgeFunction;
  /** `https://host` of the site. */
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);

    if (!existsSync(join(props.webAssetPath, 'index.html'))) {
      throw new Error(`No index.html in ${props.webAssetPath}: build the web app before synthesizing the stack.`);
    }

    this.securityHeaders = securityHeadersForBuild(props.webAssetPath, {
      attachmentOrigins: props.attachmentOrigins ?? [],
    });
    if (props.customDomain) this.customDomain = props.customDomain;

    this.logBucket = new Bucket(this, 'AccessLogBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront's standard logging writes with object ACLs; S3 server access logs use the bucket policy.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(SITE_LOG_RETENTION_DAYS) }],
      // Who fetched what is evidence after an incident; it outlives the stack and expires by the rule above.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.bucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 'site-bucket/',
      // Only build output lives here; a fresh deploy recreates it.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    this.spaRoutingFunction = new EdgeFunction(this, 'SpaRoutingFunction', {
      code: FunctionCode.fromInline(SPA_ROUTING_FUNCTION),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serve index.html for client-side routes',
    });
    this.forwardedHostFunction = new EdgeFunction(this, 'ForwardedHostFunction', {
      code: FunctionCode.fromInline(FORWARDED_HOST_FUNCTION),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Pass the viewer Host to the API as x-forwarded-host',
    });

    this.apiHeaders = new ResponseHeadersPolicy(this, 'ApiHeaders', {
      comment: 'Help desk: security headers on API and socket answers',
      securityHeadersBehavior: cloudFrontSecurityHeaders(this.securityHeaders),
    });

    // Nothing behind API Gateway may be cached, and everything the viewer sent must arrive except Host
    // (API Gateway routes on its own host name). With caching disabled, the all-viewer policies are the
    // one way an origin request policy forwards Authorization, which API-key callers rely on.
    const apiBehaviour = {
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: this.apiHeaders,
    } satisfies Partial<BehaviorOptions>;

    // Browsers revalidate the shell on every load but keep content-hashed files for good. CloudFront's
    // own copies are refreshed by the invalidation each deployment makes, so its TTLs can stay long.
    const siteOrigin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    const httpApiOrigin = new HttpOrigin(props.httpApiDomain, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY });
    const shellHeaders = this.siteHeaders('ShellHeaders', 'no-cache');
    const assetHeaders = this.siteHeaders('AssetHeaders', 'public, max-age=31536000, immutable');

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Help desk',
      httpVersion: HttpVersion.HTTP2_AND_3,
      defaultRootObject: 'index.html',
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      ...(props.customDomain
        ? {
            domainNames: [props.customDomain.domainName],
            certificate: props.customDomain.certificate,
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: shellHeaders,
        functionAssociations: [{ function: this.spaRoutingFunction, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/assets/*': {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: assetHeaders,
        },
        '/api/*': {
          ...apiBehaviour,
          origin: httpApiOrigin,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          functionAssociations: [{ function: this.forwardedHostFunction, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        // The rating pages of resolution e-mails (functions/api/routes.ts): small HTML pages the HTTP API answers, with
        // the site's own security headers; the form posts back to the same page.
        '/r/*': {
          origin: httpApiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.apiHeaders,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          functionAssociations: [{ function: this.forwardedHostFunction, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        // The download links of files in reply e-mails (docs/decisions/094-attachments.md, "Files in e-mail"): a 302 to
        // the bucket, or a small page saying why not; never cached.
        '/f/*': {
          origin: httpApiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.apiHeaders,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          functionAssociations: [{ function: this.forwardedHostFunction, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        // The path is the stage name, so CloudFront forwards /ws unchanged and it lands on the stage.
        [`/${WEBSOCKET_STAGE}`]: {
          ...apiBehaviour,
          origin: new HttpOrigin(props.webSocketApiDomain, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          // The $connect authorizer refuses upgrades whose Origin is not the host the browser addressed.
          functionAssociations: [{ function: this.forwardedHostFunction, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });

    this.siteUrl = `https://${props.customDomain?.domainName ?? this.distribution.distributionDomainName}`;

    new BucketDeployment(this, 'DeploySite', {
      sources: [Source.asset(props.webAssetPath)],
      destinationBucket: this.bucket,
      // Files of the previous release stay, so a browser still running the old shell can load its chunks.
      prune: false,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
  }

  private siteHeaders(id: string, cacheControl: string): ResponseHeadersPolicy {
    return new ResponseHeadersPolicy(this, id, {
      comment: `Help desk: security headers, Cache-Control ${cacheControl}`,
      securityHeadersBehavior: cloudFrontSecurityHeaders(this.securityHeaders),
      customHeadersBehavior: {
        customHeaders: [{ header: 'Cache-Control', value: cacheControl, override: true }],
      },
    });
  }
}

const pick = <T extends string>(name: string, value: string, allowed: readonly T[]): T => {
  const found = allowed.find((candidate) => candidate === value);
  if (!found) throw new Error(`CloudFront cannot send ${name}: ${value}`);
  return found;
};

/**
 * The same header values, in CloudFront's terms; every header overrides what an origin sends. Throws for a header
 * it cannot express, so CloudFront and the embedded gateway cannot drift apart silently.
 */
export function cloudFrontSecurityHeaders(headers: SecurityHeaders): ResponseSecurityHeadersBehavior {
  const known = new Set([
    'content-security-policy',
    'strict-transport-security',
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'x-xss-protection',
  ]);
  const unknown = Object.keys(headers).filter((name) => !known.has(name));
  if (unknown.length) throw new Error(`No CloudFront security header setting for ${unknown.join(', ')}`);

  const hsts = /^max-age=(\d+)(; includeSubDomains)?(; preload)?$/.exec(headers['strict-transport-security'] ?? '');
  if (!hsts) throw new Error(`Unexpected Strict-Transport-Security: ${headers['strict-transport-security']}`);
  pick('X-Content-Type-Options', headers['x-content-type-options'] ?? '', ['nosniff']);
  pick('X-XSS-Protection', headers['x-xss-protection'] ?? '', ['0']);
  return {
    contentSecurityPolicy: { contentSecurityPolicy: headers['content-security-policy'] ?? '', override: true },
    contentTypeOptions: { override: true },
    frameOptions: {
      frameOption: pick('X-Frame-Options', headers['x-frame-options'] ?? '', [
        HeadersFrameOption.DENY,
        HeadersFrameOption.SAMEORIGIN,
      ]),
      override: true,
    },
    referrerPolicy: {
      referrerPolicy: pick('Referrer-Policy', headers['referrer-policy'] ?? '', Object.values(HeadersReferrerPolicy)),
      override: true,
    },
    strictTransportSecurity: {
      accessControlMaxAge: Duration.seconds(Number(hsts[1])),
      includeSubdomains: Boolean(hsts[2]),
      preload: Boolean(hsts[3]),
      override: true,
    },
    xssProtection: { protection: false, override: true },
  };
}
