/**
 * The security headers of every answer the site gives, in both runtimes: the CloudFront response headers policies
 * (infra/constructs/web.ts) and the embedded gateway (infra/local/gateway-static.ts) both take their values from here.
 *
 * The policy is derived from the built `index.html`: its one inline script (the pre-rendered sign-in starter,
 * ADR 041) is allowed by its SHA-256 hash, so `'unsafe-inline'` is never needed for scripts. Styles keep
 * `'unsafe-inline'`: Emotion (Chakra UI) writes `<style>` elements at run time, and the pre-rendered screens carry
 * Emotion's server-rendered `<style data-emotion>` tags (ADR 060).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** How long browsers keep to HTTPS after one answer: a year. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** CloudFront refuses a response headers policy whose Content-Security-Policy is longer than this. */
export const CLOUDFRONT_CSP_MAX_LENGTH = 1783;

/** Whether a `<script>` with these attributes is one the browser runs (no `type`, a JavaScript type or a module). */
function isRunnable(attributes: string): boolean {
  const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(` ${attributes}`);
  if (!type) return true;
  const value = (type[1] ?? type[2] ?? type[3] ?? '').trim().toLowerCase();
  return value === '' || value === 'module' || /^(?:text|application)\/(?:x-)?(?:java|ecma)script$/.test(value);
}

/**
 * `'sha256-…'` sources for every inline `<script>` (no `src`) the browser would run, in document order, without
 * repeats. Data blocks (`type="application/json"`, which the pre-rendered pages carry) are left out.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\ssrc\s*=/i.test(` ${attributes}`) || !isRunnable(attributes)) continue;
    // Browsers hash the script's text exactly as it stands between the tags, as UTF-8.
    const hash = `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
    if (!hashes.includes(hash)) hashes.push(hash);
  }
  return hashes;
}

/** What the policy allows beyond the site's own origin. */
export interface PolicyOptions {
  /**
   * The attachments bucket's origins (`https://<bucket>.s3.<region>.amazonaws.com` in AWS, the S3 emulator's
   * `http://127.0.0.1:<port>` in the embedded runtime): the composer posts uploads there, and a thumbnail's download
   * route redirects there (docs/decisions/094-attachments.md). Each is an origin, nothing more: no path, no spaces,
   * no `;` or `,`, no quotes (a CDK token for the bucket's domain is fine).
   */
  attachmentOrigins?: readonly string[];
}

/** An origin fit to stand in a source list; anything that could end the directive or add another is refused. */
function checkedOrigin(origin: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^\s;,'"/]+$/i.test(origin) && !/^\$\{Token\[[^\]\s;,'"]+\]\}$/.test(origin)) {
    throw new Error(`Not an origin for the Content-Security-Policy: ${JSON.stringify(origin)}`);
  }
  return origin;
}

/**
 * What the SPA needs and nothing more: its own scripts (plus the hashed inline ones), its own styles and the ones
 * Emotion injects, images and fonts from itself (and `data:` URIs for the few inline icons CSS may use), API calls
 * and the alarm socket to the same origin, no plugins, no framing, forms posting only to itself. The attachments
 * bucket, another origin, is where uploads go and thumbnails come from: it joins `connect-src` and `img-src` only.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[], options: PolicyOptions = {}): string {
  const storage = [...new Set((options.attachmentOrigins ?? []).map(checkedOrigin))];
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...scriptHashes],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', ...storage],
    ['font-src', "'self'", 'data:'],
    // 'self' covers ws:/wss: to the same host as well (CSP Level 3), which is where /ws lives.
    ['connect-src', "'self'", ...storage],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/** Header name → value, lower-case names, as the embedded gateway sends them and CloudFront is set to. */
export type SecurityHeaders = Readonly<Record<string, string>>;

/**
 * The headers for a site whose shell is `indexHtml` (no inline script allowed when there is no shell); `options`
 * adds the attachments bucket's origin.
 */
export function securityHeaders(indexHtml?: string, options: PolicyOptions = {}): SecurityHeaders {
  const csp = contentSecurityPolicy(indexHtml ? inlineScriptHashes(indexHtml) : [], options);
  if (csp.length > CLOUDFRONT_CSP_MAX_LENGTH) {
    throw new Error(
      `The Content-Security-Policy is ${csp.length} characters; CloudFront accepts at most ${CLOUDFRONT_CSP_MAX_LENGTH}. ` +
        'Fewer inline scripts in index.html would shorten it.',
    );
  }
  return {
    'content-security-policy': csp,
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // The legacy XSS auditor is off: it is gone from current browsers and could be abused where it remains; the CSP
    // above is the protection.
    'x-xss-protection': '0',
  };
}

/**
 * The headers for the SPA built into `webDir` (its `index.html` must exist). CDK (infra/constructs/web.ts) passes the
 * attachments bucket's origin as `options.attachmentOrigins`.
 */
export function securityHeadersForBuild(webDir: string, options: PolicyOptions = {}): SecurityHeaders {
  return securityHeaders(readFileSync(join(webDir, 'index.html'), 'utf8'), options);
}
