import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { englishText } from '../english.ts';
import type { Role } from '#shared/constants.ts';
import { expect, signIn, test } from './fixtures.ts';

/** Violations axe rates serious or critical, as `rule: target` lines (empty when there are none). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/** Signs in and waits for the signed-in shell (the login page and the dashboard share the role's URL). */
async function signInFully(page: Page, role: Role, email?: string, password?: string) {
  await signIn(page, role, email, password);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/**
 * A staff member of this test's own, made by the demo admin through the API: changing their settings cannot
 * change what any other spec sees.
 */
async function freshAgent(browser: Browser, baseURL: string) {
  const stamp = Date.now();
  const account = { email: `settings.${stamp}@example.com`, password: `Pw-${stamp}` };
  const admin = await browser.newContext({ baseURL });
  try {
    const page = await admin.newPage();
    await signInFully(page, 'admin');
    const response = await page.request.post('/api/users', {
      data: { ...account, firstName: 'Sette', lastName: `Tings${stamp}`, role: 'agent' },
      // Cookie-authenticated writes must come from the app's own origin (CSRF rule).
      headers: { Origin: baseURL },
    });
    expect(response.status()).toBe(201);
  } finally {
    await admin.close();
  }
  return account;
}

async function openSettingsTab(page: Page, tab: string) {
  await page.getByRole('tab', { name: tab }).click();
  return page.getByRole('tabpanel', { name: tab });
}

test('timezone and theme survive signing out and in again, on another browser too', async ({
  page,
  browser,
  baseURL,
}) => {
  const { email, password } = await freshAgent(browser, baseURL!);

  await signInFully(page, 'agent', email, password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');

  const preferences = await openSettingsTab(page, 'Preferences');
  await expect(preferences.getByLabel('Timezone')).toHaveValue('UTC');
  await preferences.getByLabel('Timezone').selectOption('Asia/Tokyo');
  await preferences.getByLabel('Theme').selectOption('dark');
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/user/settings') && response.request().method() === 'PUT',
  );
  await preferences.getByRole('button', { name: 'Save Settings' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/browser/screens/settings-preferences-dark.png', fullPage: true });

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: /Administrator/ })).toBeVisible();
  await signInFully(page, 'agent', email, password);
  await page.goto('/agent/settings');
  await expect((await openSettingsTab(page, 'Preferences')).getByLabel('Timezone')).toHaveValue('Asia/Tokyo');

  // A browser that never saw the change gets it from the server, not from this one's local memory.
  const elsewhere = await browser.newContext({ baseURL });
  try {
    const other = await elsewhere.newPage();
    await signInFully(other, 'agent', email, password);
    await expect(other.locator('html')).toHaveClass(/\bdark\b/);
    await other.goto('/agent/settings');
    const theirs = await openSettingsTab(other, 'Preferences');
    await expect(theirs.getByLabel('Timezone')).toHaveValue('Asia/Tokyo');
    await expect(theirs.getByLabel('Theme')).toHaveValue('dark');
  } finally {
    await elsewhere.close();
  }
});

test('the Security and Alarms tabs are usable and accessible', async ({ page }) => {
  await signInFully(page, 'manager');
  await page.goto('/manager/settings');

  const security = page.getByRole('tabpanel', { name: 'Security' });
  const change = security.getByRole('button', { name: 'Change Password' });
  await expect(change).toBeDisabled();
  await security.getByLabel('Current Password').fill('whatever-1');
  await security.getByLabel('New Password', { exact: true }).fill('abcdef');
  await security.getByLabel('Confirm New Password').fill('abcdeg');
  await expect(change).toBeEnabled();
  await change.click();
  await expect(security.getByText(englishText('form.newPasswordMismatch'))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/browser/screens/settings-security.png', fullPage: true });

  const alarms = await openSettingsTab(page, 'Alarms');
  const volume = alarms.getByRole('slider', { name: 'Volume' });
  await expect(volume).toHaveAttribute('aria-valuenow', '80');
  await volume.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(volume).toHaveAttribute('aria-valuenow', '79');
  await expect(alarms.getByRole('checkbox', { name: 'Ticket overdue' })).not.toBeChecked();
  // Scanned before the test alarm: its toast belongs to the alarm feature and is checked there.
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/browser/screens/settings-alarms.png', fullPage: true });

  await alarms.getByRole('button', { name: 'Test Alarm' }).click();
  await expect(page.getByText('TEST-001', { exact: false })).toBeVisible();
  await expect(alarms.getByRole('button', { name: 'Alarm Sent' })).toBeVisible();
  await expect(alarms.getByRole('button', { name: 'Test Alarm' })).toBeVisible({ timeout: 5_000 });
});
