import type { Page } from '@playwright/test';
import { MESSAGES } from '#shared/messages.ts';
import { DEMO_EMAIL, demoPassword, expect, openSignInPage, signIn, test } from './fixtures.ts';

// The sidebar of docs/product.md §2, written out independently of the app's own table.
const SIDEBAR = {
  admin: [
    'Dashboard',
    'All Tickets',
    'Direct Tickets',
    'Agent Management',
    'Category Management',
    'AI Analytics',
    'Settings',
  ],
  manager: ['Dashboard', 'All Tickets', 'Direct Tickets', 'Agent Management', 'AI Analytics', 'Settings'],
  agent: ['Dashboard', 'All Tickets', 'Direct Tickets', 'Settings'],
} as const;

for (const role of ['admin', 'manager', 'agent'] as const) {
  test(`a demo ${role} signs in, lands on /${role} and sees exactly the ${role} sidebar`, async ({ page }) => {
    await signIn(page, role);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveCount(SIDEBAR[role].length);
    const labels = (await nav.getByRole('link').allInnerTexts()).map((t) => t.replace(/\s*\d+$/, '').trim());
    expect(labels).toEqual([...SIDEBAR[role]]);
    await expect(nav.getByRole('link', { name: /^Dashboard/ })).toHaveAttribute('aria-current', 'page');
    await page.screenshot({ path: `test-results/browser/screens/${role}-dashboard.png`, fullPage: true });
  });
}

test('a wrong password shows the product message and stays on the login page', async ({ page }) => {
  await openSignInPage(page, '/agent');
  await page.getByLabel('Email').fill(DEMO_EMAIL.agent);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toContainText(MESSAGES.invalidCredentials);
  await expect(page).toHaveURL(/\/agent$/);
});

test('signing out returns to sign-in and the session is gone', async ({ page }) => {
  await signIn(page, 'manager');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: /Administrator/ })).toBeVisible();
  const status = await page.evaluate(async () => (await fetch('/api/auth/user')).status);
  expect(status).toBe(401);
});

test('a signed-out visit to a signed-in page says so and goes to sign-in', async ({ page }) => {
  await page.goto('/admin/tickets');
  await expect(page.getByText(MESSAGES.unauthorizedPage)).toBeVisible();
  await expect(page).toHaveURL(/\/login-selection$/);
});

test('an agent opening the admin area is sent to their own', async ({ page }) => {
  await signIn(page, 'agent');
  await page.goto('/admin/categories');
  await expect(page).toHaveURL(/\/agent(\/.*)?$/);
});

test('an unknown path shows Page Not Found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: MESSAGES.pageNotFound })).toBeVisible();
});

// The sign-in screens are pre-rendered into index.html (web/prerender-plugin.ts, ADR 041).

/** Holds the app's entry script until the returned function is called: until then only the pre-rendered screen is up. */
async function holdTheAppBack(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('the pre-rendered sign-in screen', () => {
  test('shows the role login screen before any of the app’s JavaScript has run', async ({ page }) => {
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/manager');
    await expect(page.getByRole('heading', { name: 'Manager Login' })).toBeVisible();
    await expect(page.getByPlaceholder('manager@company.com')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    // Only the screen of this path; the others stay inert templates.
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });

  test('keeps what was typed and the press of Sign In from before the app started, then signs in', async ({ page }) => {
    // Hold the app back so that all of it happens on the pre-rendered screen.
    const release = await holdTheAppBack(page);
    await page.goto('/agent');
    await page.getByLabel('Email').fill(DEMO_EMAIL.agent);
    await page.getByLabel('Password').fill(demoPassword());
    await page.getByRole('button', { name: 'Sign In' }).click();
    // Nothing went anywhere yet: no navigation, and no password in a URL.
    await expect(page).toHaveURL(/\/agent$/);
    release();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page).toHaveURL(/\/agent$/);
  });

  test('leaves the focus in the field being typed in when the app takes over', async ({ page }) => {
    const release = await holdTheAppBack(page);
    await page.goto('/admin');
    await page.getByLabel('Email').pressSequentially('admin@de');
    release();
    // The app's own form, once it is there, has the text and the caret; typing simply goes on.
    await expect(page.locator('[data-prerendered-sign-in]')).toHaveCount(0);
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.type('mo.local');
    await expect(page.getByLabel('Email')).toHaveValue('admin@demo.local');
  });

  test('is never shown to a visitor with a session', async ({ page }) => {
    await signIn(page, 'admin');
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/admin');
    await expect(page.locator('#root')).toBeEmpty();
  });
});
