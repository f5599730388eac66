/**
 * The security headers: derived from the built shell (its inline script allowed by hash), and set by CloudFront on
 * every behaviour with exactly the values the embedded gateway sends.
 */
import { createHash } from 'node:crypto';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes, securityHeaders } from './security-headers.ts';
import type { HelpdeskStack } from './stack.ts';
import { logicalIdOf, synthesizeApp, TEST_SHELL, TEST_SHELL_SCRIPT } from './testing.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inline script hashes', () => {
  it('hashes the text between the tags of scripts without src, including those inside templates', () => {
    const html =
      '<script type="module" src="/assets/a.js"></script><script>one()</script>' +
      '<template><script>two()</script></template><script>one()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha256('one()'), sha256('two()')]);
  });

  it('leaves out data blocks the browser never runs, and keeps JavaScript and module types', () => {
    const html =
      '<script type="application/json">{"a":1}</script><script type=module>mod()</script>' +
      '<script type=\'text/javascript\'>classic()</script><script type="">empty()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha256('mod()'), sha256('classic()'), sha256('empty()')]);
  });

  it('hashes non-ASCII text as UTF-8, as browsers do', () => {
    expect(inlineScriptHashes('<script>say("déjà vu")</script>')).toEqual([sha256('say("déjà vu")')]);
  });

  it('allows no inline script and no eval without a shell, and keeps styles and framing as the SPA needs', () => {
    const csp = contentSecurityPolicy([]);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it("lets the page upload to and load images from the attachments bucket's origin, and nothing else from it", () => {
    const bucket = 'https://helpdesk-attachments.s3.eu-west-1.amazonaws.com';
    const csp = contentSecurityPolicy([], { attachmentOrigins: [bucket, bucket] });
    const directive = (name: string) => new RegExp(`(?:^|; )${name} ([^;]*)`).exec(csp)?.[1];
    expect(directive('connect-src')).toBe(`'self' ${bucket}`);
    expect(directive('img-src')).toBe(`'self' data: ${bucket}`);
    expect(csp.split(bucket)).toHaveLength(3);
    expect(directive('form-action')).toBe("'self'");
    expect(contentSecurityPolicy([])).toBe(contentSecurityPolicy([], { attachmentOrigins: [] }));
    expect(
      securityHeaders(TEST_SHELL, { attachmentOrigins: ['http://127.0.0.1:4569'] })['content-security-policy'],
    ).toContain("connect-src 'self' http://127.0.0.1:4569;");
  });

  it('refuses an attachments origin that could add to the policy or is no origin', () => {
    for (const bad of [
      "https://a.example; script-src 'unsafe-inline'",
      'https://a.example/path',
      "'unsafe-eval'",
      '*',
      '',
    ]) {
      expect(() => contentSecurityPolicy([], { attachmentOrigins: [bad] }), bad).toThrow(/Not an origin/);
    }
  });

  it('refuses a policy longer than CloudFront accepts', () => {
    const many = Array.from({ length: 40 }, (_, i) => `<script>f${i}()</script>`).join('');
    expect(() => securityHeaders(many)).toThrow(/CloudFront accepts at most/);
  });
});

describe('CloudFront response headers policies', () => {
  let stack: HelpdeskStack;
  let template: Template;
  beforeAll(() => {
    ({ main: stack, mainTemplate: template } = synthesizeApp({ account: '123456789012', region: 'eu-west-1' }));
  }, 120_000);

  type Config = Record<string, any>;
  const policies = () => template.findResources('AWS::CloudFront::ResponseHeadersPolicy');

  /** A value CloudFormation joins at deploy time, as it reads in the commercial partition (`amazonaws.com`). */
  const joined = (value: string | { 'Fn::Join': [string, Array<string | { Ref: string }>] }): string =>
    typeof value === 'string'
      ? value
      : value['Fn::Join'][1]
          .map((part) => (typeof part === 'string' ? part : part.Ref === 'AWS::URLSuffix' ? 'amazonaws.com' : '?'))
          .join(value['Fn::Join'][0]);

  /** What a policy makes CloudFront send, as header name → value (CloudFront's documented rendering). */
  function rendered(config: Config): Record<string, string> {
    const s = config.SecurityHeadersConfig;
    const hsts = s.StrictTransportSecurity;
    return {
      'content-security-policy': joined(s.ContentSecurityPolicy.ContentSecurityPolicy),
      'strict-transport-security': `max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}${hsts.Preload ? '; preload' : ''}`,
      'x-content-type-options': 'nosniff',
      'x-frame-options': s.FrameOptions.FrameOption,
      'referrer-policy': s.ReferrerPolicy.ReferrerPolicy,
      'x-xss-protection': s.XSSProtection.Protection ? '1' : '0',
    };
  }

  it('puts a response headers policy on every behaviour: the shell, assets, /api/*, the rating and file pages and /ws', () => {
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as Config;
    const config = distribution.Properties.DistributionConfig;
    const behaviours = [config.DefaultCacheBehavior, ...config.CacheBehaviors];
    expect(config.CacheBehaviors.map((b: Config) => b.PathPattern).sort()).toEqual([
      '/api/*',
      '/assets/*',
      '/f/*',
      '/r/*',
      '/ws',
    ]);
    const policyIds = new Set(Object.keys(policies()));
    for (const behaviour of behaviours) {
      expect(policyIds.has(behaviour.ResponseHeadersPolicyId?.Ref), behaviour.PathPattern ?? 'default').toBe(true);
    }
    const api = config.CacheBehaviors.filter((b: Config) => ['/api/*', '/r/*', '/f/*', '/ws'].includes(b.PathPattern));
    expect(new Set(api.map((b: Config) => b.ResponseHeadersPolicyId.Ref))).toEqual(
      new Set([logicalIdOf(stack, stack.web.apiHeaders)]),
    );
  });

  it('sends on every behaviour exactly the headers the embedded gateway sends for the same build, the bucket its own', () => {
    const bucket = 'https://helpdesk-attachments-123456789012-eu-west-1.s3.eu-west-1.amazonaws.com';
    const expected = securityHeaders(TEST_SHELL, { attachmentOrigins: [bucket] });
    for (const [id, policy] of Object.entries(policies())) {
      const config = (policy as Config).Properties.ResponseHeadersPolicyConfig;
      expect(rendered(config), id).toEqual(expected);
      for (const setting of Object.values(config.SecurityHeadersConfig) as Config[]) {
        expect(setting.Override, id).toBe(true);
      }
    }
  });

  it("allows the built shell's inline script by its hash", () => {
    for (const policy of Object.values(policies()) as Config[]) {
      const csp = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy;
      expect(joined(csp.ContentSecurityPolicy)).toContain(`script-src 'self' ${sha256(TEST_SHELL_SCRIPT)};`);
    }
  });

  it('leaves Cache-Control of API answers to the functions, and sets it for the shell and the hashed assets', () => {
    const cacheControl = (policyId: string) =>
      (policies()[policyId] as Config).Properties.ResponseHeadersPolicyConfig.CustomHeadersConfig?.Items?.find(
        (h: Config) => h.Header === 'Cache-Control',
      )?.Value;
    expect(cacheControl(logicalIdOf(stack, stack.web.apiHeaders))).toBeUndefined();
    const values = Object.keys(policies()).map(cacheControl).filter(Boolean).sort();
    expect(values).toEqual(['no-cache', 'public, max-age=31536000, immutable']);
  });
});
