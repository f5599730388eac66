import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
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
async function signInFully(page: Page, role: Role) {
  await signIn(page, role);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

test('an admin creates a category with a palette colour, switches it off, and deletes it', async ({ page }) => {
  const name = `qa_check_${Date.now()}`;
  const displayName = `Qa Check ${name.split('_').at(-1)}`;

  await signInFully(page, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Category Management' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Category Management' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  // The seeded categories: every one has a usage figure in the product wording.
  await expect(page.getByRole('row').filter({ hasText: 'general_enquiry' })).toContainText(/\d+ tickets?/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/browser/screens/admin-categories.png', fullPage: true });

  await page.getByRole('button', { name: 'Create Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Category' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await expect(dialog.getByLabel('Display Name')).toHaveValue(displayName);
  await dialog.getByLabel('Description').fill('Created by the browser test');
  // Keyboard only: Tab lands on the chosen swatch (the default blue), the arrows move along the palette.
  await dialog.getByLabel('Description').press('Tab');
  await expect(dialog.getByRole('radio', { name: 'Blue (#3b82f6)' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Violet (#8b5cf6)' })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/browser/screens/admin-create-category.png' });
  await dialog.getByRole('button', { name: 'Create Category' }).click();

  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(displayName);
  await expect(row).toContainText('Created by the browser test');
  await expect(row).toContainText('0 tickets');
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Edit ${displayName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Category' });
  await expect(edit.getByRole('radio', { name: 'Violet (#8b5cf6)' })).toBeChecked();
  await edit.getByText('Active (offered when tickets are created)').click();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
  // Inactive categories are not offered to new tickets.
  const offered = (await (await page.request.get('/api/categories?active=true')).json()) as Array<{ name: string }>;
  expect(offered.map((category) => category.name)).not.toContain(name);

  await row.getByRole('button', { name: `Delete ${displayName}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(englishText('categories.deleteConfirm'));
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
});

test('a manager opening /manager/categories gets the 404 page', async ({ page }) => {
  await signInFully(page, 'manager');
  await page.goto('/manager/categories');
  await expect(page.getByRole('heading', { name: englishText('notFound.title') })).toBeVisible();
});
