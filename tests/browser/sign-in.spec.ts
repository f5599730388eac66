import type { Browser, Page } from '@playwright/test';
import { englishText } from '../english.ts';
import { SIGNED_IN_HINT_COOKIE } from '#shared/signed-in-hint.ts';
import { DEMO_EMAIL, demoPassword, expect, openSignInPage, signIn, test } from './fixtures.ts';

// The sidebar of docs/product.md §2, written out independently of the app's own table.
const SIDEBAR = {
  admin: [
    'Dashboard',
    'All Tickets',
    'Direct Tickets',
    'Macros',
    'Agent Management',
    'Category Management',
    'AI Analytics',
    'Integrations',
    'Audit Log',
    'Email Delivery',
    'Desk Settings',
    'Settings',
    'Pending Approvals',
  ],
  manager: ['Dashboard', 'All Tickets', 'Direct Tickets', 'Macros', 'Agent Management', 'AI Analytics', 'Settings'],
  agent: ['Dashboard', 'All Tickets', 'Direct Tickets', 'Macros', 'Settings'],
} as const;

for (const role of ['admin', 'manager', 'agent'] as const) {
  test(`a demo ${role} signs in, lands on /${role} and sees exactly the ${role} sidebar`, async ({ page }) => {
    await signIn(page, role);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveCount(SIDEBAR[role].length);
    const labels = (await nav.getByRole('link').allInnerTexts()).map((t) => t.replace(/\s+[\d,]+$/, '').trim());
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
  await expect(page.getByRole('alert')).toContainText(englishText('error.auth.invalidCredentials'));
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
  // The notice stands for REDIRECT_AFTER_DENIAL_MS (half a second) only: hold the sign-in it starts until it is read.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/login*', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/admin/tickets');
  await expect(page.getByText(englishText('session.signedOutPage'))).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/login-selection$/);
});

test('an agent opening the admin area is sent to their own', async ({ page }) => {
  await signIn(page, 'agent');
  await page.goto('/admin/categories');
  await expect(page).toHaveURL(/\/agent(\/.*)?$/);
});

test('an unknown path shows Page Not Found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: englishText('notFound.title') })).toBeVisible();
});

// The sign-in pages are pre-rendered into index.html and hydrated by the app (web/prerender-plugin.ts, ADR 041, 042).

/** Holds the app's entry script until the returned function is called: until then only the pre-rendered page is up. */
async function holdTheAppBack(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Errors the page throws, React's reports of a failed hydration among them (they go to the page's reportError). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Types the credentials as a person (or a password manager) does: into the focused field, key by key, then Enter. */
async function typeAndSubmit(page: Page, email: string, password: string, keyDelayMs = 0): Promise<void> {
  await page.getByLabel('Email').click();
  await page.keyboard.type(email, { delay: keyDelayMs });
  await page.keyboard.press('Tab');
  await page.keyboard.type(password, { delay: keyDelayMs });
  await page.keyboard.press('Enter');
}

/** Every request to the API the page makes from now on, as path and query string, in order. */
function askedOfTheApi(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
  });
  return asked;
}

/** Signed in: the app shell of the role's area is up at the login page's own URL. */
async function expectDashboard(page: Page, path: string): Promise<void> {
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Runs `visit` in a new browser context (no cookies: signed out); `round` names it when the page threw an error. */
async function inFreshPage(browser: Browser, round: number, visit: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ baseURL: process.env.HELPDESK_URL! });
  try {
    const page = await context.newPage();
    const errors = pageErrors(page);
    await visit(page);
    expect(errors, `round ${round}`).toEqual([]);
  } finally {
    await context.close();
  }
}

/** The seeded demo accounts, each with the login page of its role; the race tests go round them. */
const ACCOUNTS = [
  { email: DEMO_EMAIL.admin, path: '/admin' },
  { email: DEMO_EMAIL.manager, path: '/manager' },
  { email: DEMO_EMAIL.agent, path: '/agent' },
  { email: 'agent2@demo.local', path: '/agent' },
  { email: 'agent3@demo.local', path: '/agent' },
] as const;

test.describe('the pre-rendered sign-in page', () => {
  test('shows the role login page before any of the app’s JavaScript has run', async ({ page }) => {
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/manager');
    await expect(page.getByRole('heading', { name: 'Manager Login' })).toBeVisible();
    await expect(page.getByPlaceholder('manager@company.com')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    // Only the page of this path; the others stay inert templates.
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });

  test('signs in when the credentials are typed and Enter pressed as soon as the page is there, 20 times in a row', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    for (let round = 1; round <= 20; round++) {
      const { email, path } = ACCOUNTS[round % 3]!;
      await inFreshPage(browser, round, async (page) => {
        // No waiting for the load event, let alone for the app; the typing pace varies, so that the keys land
        // before, during and after the app's start from one round to the next.
        await page.goto(path, { waitUntil: 'commit' });
        await typeAndSubmit(page, email, demoPassword(), (round % 4) * 10);
        await expectDashboard(page, path);
      });
    }
  });

  test('signs in with the right password typed at once after a failed attempt and a reload, 10 times in a row', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    for (let round = 1; round <= 10; round++) {
      const { email, path } = ACCOUNTS[round % ACCOUNTS.length]!;
      await inFreshPage(browser, round, async (page) => {
        await page.goto(path, { waitUntil: 'commit' });
        await typeAndSubmit(page, email, 'not-the-password');
        await expect(page.getByRole('alert')).toContainText(englishText('error.auth.invalidCredentials'));
        // The reload comes from the browser's cache: the app starts sooner, while the visitor is typing.
        await page.reload({ waitUntil: 'commit' });
        await typeAndSubmit(page, email, demoPassword());
        await expectDashboard(page, path);
      });
    }
  });

  test('keeps the very fields with what was typed, the focus and the caret when the app adopts the page', async ({
    page,
  }) => {
    const errors = pageErrors(page);
    const release = await holdTheAppBack(page);
    await page.goto('/admin', { waitUntil: 'commit' });
    await page.getByLabel('Email').click();
    await page.keyboard.type(DEMO_EMAIL.admin);
    await page.keyboard.press('Tab');
    await page.keyboard.type(demoPassword());
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    const caret = demoPassword().length - 2;
    // Marks the fields the visitor typed into (a property, not an attribute: the markup stays as rendered), to tell
    // afterwards whether the app kept them or put others in their place.
    const marked = () =>
      page.evaluate(() => [...document.querySelectorAll('input')].map((input) => 'typedBeforeTheApp' in input));
    await page.evaluate(() => {
      for (const input of document.querySelectorAll('input')) Object.assign(input, { typedBeforeTheApp: true });
    });

    release();
    // The mark of the pre-rendered page goes when the app has taken it over (hydrated, the form removes it).
    await expect(page.locator('[data-prerendered-sign-in]')).toHaveCount(0);

    expect(await marked()).toEqual([true, true]);
    await expect(page.getByLabel('Email')).toHaveValue(DEMO_EMAIL.admin);
    await expect(page.getByLabel('Password')).toHaveValue(demoPassword());
    await expect(page.getByLabel('Password')).toBeFocused();
    expect(
      await page
        .getByLabel('Password')
        .evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd]),
    ).toEqual([caret, caret]);
    // Typing goes on where it stopped: a key typed at the caret lands there, so the password is wrong until removed.
    await page.keyboard.type('x');
    await expect(page.getByLabel('Password')).toHaveValue(
      `${demoPassword().slice(0, caret)}x${demoPassword().slice(caret)}`,
    );
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    await expectDashboard(page, '/admin');
    expect(errors).toEqual([]);
  });

  test('sends a sign-in submitted while the app’s script was still on its way, and never as a GET', async ({
    page,
  }) => {
    const errors = pageErrors(page);
    const pageRequests: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) pageRequests.push(request.url());
    });
    const release = await holdTheAppBack(page);
    await page.goto('/agent', { waitUntil: 'commit' });
    await typeAndSubmit(page, DEMO_EMAIL.agent, demoPassword());
    await expect(page.getByLabel('Password')).toBeFocused();

    release();
    await expectDashboard(page, '/agent');
    // One navigation, the page itself: the form was never submitted natively (no password in a URL).
    expect(pageRequests.map((url) => new URL(url).pathname + new URL(url).search)).toEqual(['/agent']);
    expect(errors).toEqual([]);
  });

  test('keeps every key typed while the app starts in the middle of the typing', async ({ page }) => {
    const errors = pageErrors(page);
    // The entry script arrives a little after the page, while the keys are being typed.
    await page.route('**/assets/index-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await page.goto('/manager', { waitUntil: 'commit' });
    await typeAndSubmit(page, DEMO_EMAIL.manager, demoPassword(), 40);
    await expectDashboard(page, '/manager');
    expect(errors).toEqual([]);
  });

  test('is never shown to a visitor with a session', async ({ page }) => {
    await signIn(page, 'admin');
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/admin');
    await expect(page.locator('#root')).toBeEmpty();
  });

  test('gives way to the dashboard when a session exists that the hint cookie did not announce', async ({ page }) => {
    const errors = pageErrors(page);
    await signIn(page, 'manager');
    await page.context().clearCookies({ name: SIGNED_IN_HINT_COOKIE });
    await page.goto('/manager');
    await expectDashboard(page, '/manager');
    await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
    await expect(page.locator('[data-prerendered-sign-in]')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

// A signed-in visit paints the outline of the app's frame from index.html before the app has loaded (web/app-frame.ts,
// ADR 101).
test.describe('the signed-in outline', () => {
  const outline = (page: Page) => page.locator('#app-frame');

  test('is painted before any of the app’s JavaScript has run, hidden from assistive technology', async ({ page }) => {
    await signIn(page, 'agent');
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/agent/tickets');
    await expect(outline(page)).toBeVisible();
    await expect(outline(page)).toHaveAttribute('aria-hidden', 'true');
    await expect(outline(page).locator('aside')).toContainText('CryptoDesk Support');
    await expect(page.locator('#root')).toBeEmpty();
    // Nothing in it is announced or reachable: no navigation, no link, no button.
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('link')).toHaveCount(0);
  });

  test('gives way to the app’s own frame once the app is up, and only then', async ({ page }) => {
    const errors = pageErrors(page);
    await signIn(page, 'admin');
    const release = await holdTheAppBack(page);
    await page.goto('/admin', { waitUntil: 'commit' });
    await expect(outline(page)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    release();
    await expectDashboard(page, '/admin');
    await expect(outline(page)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('gives way to the sign-in page when the session behind the hint has ended', async ({ page }) => {
    await signIn(page, 'manager');
    const hint = (await page.context().cookies()).filter((cookie) => cookie.name === SIGNED_IN_HINT_COOKIE);
    await page.context().clearCookies();
    await page.context().addCookies(hint);
    const release = await holdTheAppBack(page);
    await page.goto('/manager', { waitUntil: 'commit' });
    await expect(outline(page)).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Manager Login' })).toBeVisible();
    await expect(outline(page)).toHaveCount(0);
  });

  test('comes with the dashboard’s reads on a reload of the dashboard, which the app then uses', async ({ page }) => {
    // The reads of docs/product.md §2 Dashboard Overview for an administrator, written out here.
    const reads = [
      '/api/dashboard/metrics',
      '/api/dashboard/priority-distribution',
      '/api/dashboard/volume-data?days=7',
      '/api/tickets/overdue',
      '/api/tickets?limit=10',
      '/api/analytics/insights',
      '/api/agents/performance?limit=5',
    ];
    await signIn(page, 'admin');
    const asked = askedOfTheApi(page);
    const release = await holdTheAppBack(page);
    await page.goto('/admin', { waitUntil: 'commit' });
    // Asked for while the app's entry is held back: by index.html's script.
    await expect.poll(() => reads.filter((url) => asked.includes(url))).toEqual(reads);
    release();
    await expectDashboard(page, '/admin');
    await expect(page.getByText('Total Tickets')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The app's own requests took those answers: each read went to the server once.
    expect(reads.map((url) => asked.filter((other) => other === url).length)).toEqual(reads.map(() => 1));
  });

  test('comes with no reads off the dashboard, nor with reads an agent would be refused', async ({ page }) => {
    await signIn(page, 'agent');
    const asked = askedOfTheApi(page);
    await holdTheAppBack(page);
    await page.goto('/agent', { waitUntil: 'commit' });
    await expect.poll(() => asked).toContain('/api/dashboard/metrics');
    expect(asked.filter((url) => url.startsWith('/api/analytics/') || url.startsWith('/api/agents/'))).toEqual([]);
    asked.length = 0;
    await page.goto('/agent/tickets', { waitUntil: 'commit' });
    await expect(outline(page)).toBeVisible();
    // The session's read comes from the same script, just before the dashboard's would.
    await expect.poll(() => asked).toContain('/api/auth/user');
    expect(asked.filter((url) => url.startsWith('/api/dashboard/'))).toEqual([]);
  });

  test('is not painted for a visitor without a session, nor outside the role areas', async ({ page }) => {
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Administrator Login' })).toBeVisible();
    await expect(outline(page)).toHaveCount(0);
    await page.unrouteAll();
    await signIn(page, 'admin');
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/nope');
    await expect(outline(page)).toHaveCount(0);
  });
});
