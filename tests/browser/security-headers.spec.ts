/**
 * The site's security headers, as the embedded gateway sends them (CloudFront's policy sends the same values), and
 * proof that the Content-Security-Policy lets the app do everything it does: no violation while signing in and
 * working through the main screens, with the pre-rendered sign-in screen's inline script allowed by its hash.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openSignInPage, signIn, test } from './fixtures.ts';

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

/** Records every CSP violation the page reports, from before its first script runs. */
async function recordViolations(page: Page): Promise<() => Promise<Violation[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const found: Array<{ directive: string; blocked: string; sample: string }> = [];
    (window as unknown as { __cspViolations: typeof found }).__cspViolations = found;
    document.addEventListener('securitypolicyviolation', (event) => {
      found.push({ directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample });
    });
  });
  return async () => {
    const reported = await page.evaluate(
      () => (window as unknown as { __cspViolations?: Violation[] }).__cspViolations ?? [],
    );
    return [...reported, ...console.map((text) => ({ directive: 'console', blocked: '', sample: text }))];
  };
}

/** The hashes of the shell's inline scripts (no `src`, no data-block `type`), computed here independently. */
const shellScriptHashes = (): string[] => {
  const html = readFileSync(resolve(import.meta.dirname, '../../web/dist/index.html'), 'utf8');
  const inline = [...html.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  expect(inline.length).toBeGreaterThan(0);
  return inline.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`);
};

function expectSiteHeaders(headers: Record<string, string>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security']).toBe('max-age=31536000');
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  const scriptSrc = /(?:^|;\s*)script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
  expect(scriptSrc.sort()).toEqual(["'self'", ...shellScriptHashes()].sort());
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
}

test('the HTML shell and API answers carry every security header', async ({ page, request }) => {
  const shell = await page.goto('/admin');
  expect(shell?.status()).toBe(200);
  expectSiteHeaders(shell!.headers());

  const api = await request.get('/api/auth/user');
  expect(api.status()).toBe(401);
  expectSiteHeaders(api.headers());
  expect(api.headers()['content-security-policy']).toBe(shell!.headers()['content-security-policy']);
});

test('signing in and opening the dashboard, tickets and settings reports no CSP violation', async ({ page }) => {
  const violations = await recordViolations(page);

  // The pre-rendered screen (the inline script at work), then the app taking it over.
  await openSignInPage(page, '/admin');
  await signIn(page, 'admin');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(page.getByRole('region', { name: 'Top Performing Agents' })).toBeVisible();

  await nav.getByRole('link', { name: /^All Tickets/ }).click();
  await expect(page).toHaveURL(/\/admin\/tickets/);
  await expect(page.getByRole('table').first()).toBeVisible();

  await nav.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Security' })).toBeVisible();
  await page.getByRole('tab', { name: 'Preferences' }).click();
  await expect(page.getByLabel('Theme')).toBeVisible();

  expect(await violations()).toEqual([]);
});

test('the pre-rendered sign-in screen shows without a violation when nobody is signed in', async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto('/manager');
  await expect(page.locator('[data-prerendered-sign-in], form').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('an injected inline script is refused and reported (the listener above does hear violations)', async ({
  page,
}) => {
  const violations = await recordViolations(page);
  await openSignInPage(page, '/admin');
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injectedRan = true;';
    document.head.append(script);
    return (window as unknown as { __injectedRan?: boolean }).__injectedRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(async () => (await violations()).some((v) => v.directive.startsWith('script-src'))).toBe(true);
});
