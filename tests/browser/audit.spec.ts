import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import en from '#shared/i18n/catalogs/en.json' with { type: 'json' };
import { apiAs, createTicket, DEMO_EMAIL, expect, signIn, test } from './fixtures.ts';

test('an admin reads the audit log, filters it through the URL, and exports the filtered entries as CSV', async ({
  page,
}) => {
  // An administrative action to find: a category made through the API as the admin.
  const admin = await apiAs(DEMO_EMAIL.admin);
  const name = `audit_check_${Date.now()}`;
  expect((await admin.post('/api/categories', { data: { name, displayName: 'Audit check' } })).status()).toBe(201);

  await signIn(page, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(
    table.getByRole('row').filter({ hasText: 'Created category' }).filter({ hasText: 'Audit check' }),
  ).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Signed in' }).first()).toContainText(DEMO_EMAIL.admin);
  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: 'test-results/browser/screens/admin-audit.png', fullPage: true });

  await page.getByLabel('Action').selectOption({ label: 'Signed in' });
  await expect(page).toHaveURL(/[?&]action=sign_in/);
  await expect(table.getByRole('row').filter({ hasText: 'Created category' })).toHaveCount(0);
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From').fill(today);
  await expect(page).toHaveURL(new RegExp(`[?&]from=${today}`));
  await page.reload();
  await expect(page.getByLabel('Action')).toHaveValue('sign_in');
  await expect(page.getByLabel('From')).toHaveValue(today);
  await expect(table.getByRole('row').filter({ hasText: 'Signed in' }).first()).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`audit-log_sign_in_from-${today}_${today}.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  // Every field quoted (web/src/features/audit/csv.ts).
  expect(lines[0]).toBe(
    '"Time (UTC)","Action","Actor","Actor type","Actor id","Target","Target type","Target id","Details","Client address"',
  );
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines.slice(1)) expect(line).toMatch(new RegExp(`^"${today}T[^"]*","Signed in",`));
  expect(csv).toContain(DEMO_EMAIL.admin);
  expect(csv).not.toContain('Created category');

  // Back returns to the previous filters, as on the tickets lists.
  await page.goBack();
  await expect(page).toHaveURL(/[?&]action=sign_in/);
});

test('the audit log is for admins only', async ({ page }) => {
  await signIn(page, 'manager');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
  await page.goto('/manager/audit');
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
});

test('the ticket view shows wallet addresses and transaction ids in monospace, each with a copy button', async ({
  page,
  context,
}) => {
  const address = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e';
  const tx = '9f2c6a1b3e5d7f9012345678901234567890abcdefabcdefabcdef1234567890';
  const subject = `Deposit not credited ${Date.now()}`;
  const admin = await apiAs(DEMO_EMAIL.admin);
  await createTicket(admin, {
    customerEmail: 'hodler@example.com',
    subject,
    description: `I sent 0.5 ETH to ${address} yesterday.\nTransaction: ${tx}. My card 4111 1111 1111 1111 was not used.`,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await signIn(page, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Tickets' }).click();
  await page.getByPlaceholder(en['ticketFilters.searchPlaceholder']).fill(subject);
  const row = page.getByRole('row').filter({ hasText: subject });
  await row.getByRole('button', { name: /^View ticket/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(subject)).toBeVisible();

  const shownAddress = dialog.locator('code', { hasText: address });
  await expect(shownAddress).toBeVisible();
  expect(await shownAddress.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono/i);
  await expect(dialog.locator('code', { hasText: tx })).toBeVisible();
  // The card number never reached the table: the server replaced it before storing.
  await expect(dialog.getByText(/\[redacted card number\]/)).toBeVisible();
  await expect(dialog.getByText('4111 1111 1111 1111')).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Copy address 0x742d35…38f44e' }).click();
  await expect(page.getByText(en['identifier.copied'])).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await dialog.getByRole('button', { name: 'Copy transaction id 9f2c6a1b…567890' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(tx);
  await page.screenshot({ path: 'test-results/browser/screens/ticket-identifiers.png' });
});
