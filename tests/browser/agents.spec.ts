import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { englishText } from '../english.ts';
import type { Role } from '#shared/constants.ts';
import { DEMO_EMAIL, expect, signIn, test } from './fixtures.ts';

/**
 * Signs in and waits for the signed-in shell: the login page and the dashboard share the role's URL, so the URL
 * alone does not prove the session is there before the test navigates on.
 */
async function signInFully(page: Page, role: Role, email?: string, password?: string) {
  await signIn(page, role, email, password);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/** Violations axe rates serious or critical, as `rule: target` lines (empty when there are none). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/** Agent Management has its figures and its table. */
async function agentsReady(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Agent Management' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Response Time' })).not.toContainText('…');
}

function rowOf(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

test('an admin creates a user, who then signs in, and deactivates them after confirming', async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = Date.now();
  const email = `new.agent.${stamp}@example.com`;
  const password = `Pw-${stamp}`;

  await signInFully(page, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agent Management' }).click();
  await agentsReady(page);
  // The real mean response time, formatted as the dashboard does: never the original's fixed figure.
  await expect(page.getByRole('group', { name: 'Response Time' })).toContainText(/(\d+m|\d+\.\dh|N\/A)/);
  await expect(rowOf(page, DEMO_EMAIL.manager).getByText('Manager', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/browser/screens/admin-agents.png', fullPage: true });

  await page.getByRole('button', { name: 'Create User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create User' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('First Name').fill('Nova');
  await dialog.getByLabel('Last Name').fill(`Tester${stamp}`);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByLabel('Role').selectOption('agent');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/browser/screens/admin-create-user.png' });
  await dialog.getByRole('button', { name: 'Create User' }).click();

  await expect(page.getByText(englishText('createUser.success'))).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = rowOf(page, email);
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row.getByText('Agent', { exact: true })).toBeVisible();

  const newcomer = await browser.newContext({ baseURL });
  try {
    const theirPage = await newcomer.newPage();
    await signInFully(theirPage, 'agent', email, password);
    // The sidebar's user card names them.
    await expect(theirPage.getByText(`Nova Tester${stamp}`)).toBeVisible();
  } finally {
    await newcomer.close();
  }

  await row.getByRole('button', { name: `Actions for Nova Tester${stamp}` }).click();
  await page.getByRole('menuitem', { name: 'Deactivate User' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(englishText('deactivateUser.confirm', { name: `Nova Tester${stamp}` }));
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText(englishText('deactivateUser.success'))).toBeVisible();
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
});

test('creating a user with an e-mail already in use shows why', async ({ page }) => {
  await signInFully(page, 'admin');
  await page.goto('/admin/agents');
  await agentsReady(page);

  await page.getByRole('button', { name: 'Create User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create User' });
  await dialog.getByLabel('Email').fill(DEMO_EMAIL.agent);
  await dialog.getByLabel('First Name').fill('Dup');
  await dialog.getByLabel('Last Name').fill('Licate');
  await dialog.getByLabel('Password').fill('secret-1');
  await dialog.getByRole('button', { name: 'Create User' }).click();

  await expect(dialog.getByRole('alert')).toContainText('already exists');
  await expect(page.getByText(englishText('createUser.failed'))).toBeVisible();
});

test('a manager sees Agent Management without the admin actions, and each agent links to their tickets', async ({
  page,
}) => {
  await signInFully(page, 'manager');
  await page.goto('/manager/agents');
  await agentsReady(page);

  await expect(page.getByRole('button', { name: 'Create User' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
  const link = rowOf(page, DEMO_EMAIL.agent).getByRole('link', { name: /^View tickets of / });
  await expect(link).toHaveAttribute('href', /^\/manager\/tickets\?assignedToId=/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/browser/screens/manager-agents.png', fullPage: true });

  // On a 768 px tablet the table scrolls inside its card; the page itself does not scroll sideways.
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(page.getByRole('table')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/browser/screens/manager-agents-tablet.png', fullPage: true });

  await link.click();
  await expect(page).toHaveURL(/\/manager\/tickets\?assignedToId=/);
});

test("an agent opening a manager's Agent Management is sent to their own base", async ({ page }) => {
  await signInFully(page, 'agent');
  await page.goto('/manager/agents');
  await expect(page).toHaveURL(/\/agent$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agent Management' }),
  ).toHaveCount(0);
});
