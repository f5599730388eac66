/**
 * The embedded gateway sends the site's security headers on every answer it gives, as CloudFront's response
 * headers policy does in AWS, and its Content-Security-Policy allows the shell's inline script by hash only.
 */
import { createHash } from 'node:crypto';
import { utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '#infra/local/gateway.ts';
import { MAX_API_BODY_BYTES } from '#infra/local/request-body.ts';
import { type Site, startSite } from './support/site.ts';

const INLINE_SCRIPT = "document.documentElement.dataset.started = 'yes';";
const shell = (script: string) =>
  `<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div><script>${script}</script></body></html>`;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

let site: Site;
let webDir: string;
let gateway: Gateway;

beforeAll(async () => {
  site = await startSite(shell(INLINE_SCRIPT));
  ({ webDir, gateway } = site);
});
afterAll(() => site.close());

const get = (path: string, init?: RequestInit) => fetch(new URL(path, gateway.url), init);

function expectSecurityHeaders(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/(^|; )script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
}

describe('security headers of the embedded gateway', () => {
  it('allows the shell’s inline script by its SHA-256 and nothing else inline', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expectSecurityHeaders(res);
    const scriptSrc = res.headers
      .get('content-security-policy')!
      .split('; ')
      .find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' ${sha256(INLINE_SCRIPT)}`);
  });

  it.each([
    ['the SPA fallback for a client-side route', '/admin/tickets', 200],
    ['a built asset', '/assets/app.js', 200],
    ['a missing file', '/assets/missing.js', 404],
    ['an API answer', '/api/auth/user', 401],
    ['an unknown API route', '/api/nothing-here', 404],
  ])('sends them on %s', async (_what, path, status) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expectSecurityHeaders(res);
  });

  it('sends them on a 413', async () => {
    const res = await get('/api/tickets', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(MAX_API_BODY_BYTES + 1) },
      body: new Uint8Array(MAX_API_BODY_BYTES + 1),
    });
    expect(res.status).toBe(413);
    expectSecurityHeaders(res);
  });

  it('follows a rebuilt shell: the new inline script’s hash replaces the old one', async () => {
    const rebuilt = "document.documentElement.dataset.started = 'again';";
    await writeFile(join(webDir, 'index.html'), shell(rebuilt));
    const later = new Date(Date.now() + 5_000);
    await utimes(join(webDir, 'index.html'), later, later);
    // The shell's file is looked at once a second at most.
    await new Promise((r) => setTimeout(r, 1_100));
    const res = await get('/');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain(sha256(rebuilt));
    expect(csp).not.toContain(sha256(INLINE_SCRIPT));
    expect((await get('/api/auth/user')).headers.get('content-security-policy')).toBe(csp);
  });
});
