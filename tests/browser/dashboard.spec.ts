import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { englishText } from '../english.ts';
import type { Role } from '#shared/constants.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { expect, signIn, test } from './fixtures.ts';

const ROLES = ['admin', 'manager', 'agent'] as const satisfies readonly Role[];

/** The dashboard has loaded its headline figures and its panels have settled. */
async function dashboardReady(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(englishText('dashboard.loading'))).toHaveCount(0);
  await expect(page.getByText('Total Tickets')).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
}

/** Violations axe rates serious or critical, as `rule: target` lines (empty when there are none). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

test('the overdue panel lists an overdue ticket with its countdown badge', async ({ page }) => {
  await signIn(page, 'manager');
  await dashboardReady(page);
  // The demo data holds overdue tickets; which ones depends on when it was seeded, so ask the server.
  const overdue = (await (await page.request.get('/api/tickets/overdue')).json()) as Ticket[];
  expect(overdue.length).toBeGreaterThan(0);
  const first = overdue[0]!;

  const panel = page.getByRole('region', { name: 'Overdue Tickets' });
  await expect(panel.getByText(englishText('overdue.deadlinesHint'))).toBeVisible();
  const row = panel.getByRole('listitem').filter({ hasText: first.ticketId });
  await expect(row).toBeVisible();
  await expect(row.getByText(/^(\d+d \d+h|\d+h \d+m|\d+m) overdue$/)).toBeVisible();
  await expect(row).toContainText(first.customerEmail);
  await expect(row).toContainText(first.assignedTo?.email ?? englishText('common.unassigned'));

  const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/tickets/overdue'));
  await panel.getByRole('button', { name: 'Refresh' }).click();
  expect((await refreshed).status()).toBe(200);
});

test('the period selector asks for that many days and the chart is drawn', async ({ page }) => {
  await signIn(page, 'admin');
  await dashboardReady(page);
  const panel = page.getByRole('region', { name: 'Ticket Volume' });
  await expect(panel.locator('.recharts-area-curve').first()).toBeVisible();
  await expect(panel.getByRole('table', { name: /last 7 days$/ }).getByRole('row')).toHaveCount(1 + 7);

  const request = page.waitForRequest((r) => r.url().endsWith('/api/dashboard/volume-data?days=30'));
  await panel.getByRole('combobox', { name: 'Volume period' }).selectOption({ label: 'Last 30 days' });
  await request;

  await expect(panel.getByRole('table', { name: /last 30 days$/ }).getByRole('row')).toHaveCount(1 + 30);
  await expect(panel.getByText(/resolved in the last 30 days$/)).toBeVisible();
});

test('on a phone the chart is drawn when its place scrolls into view, and its code loads only then', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.setViewportSize({ width: 390, height: 640 });
  const chartCode: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/VolumeChart-[^/]+\.js$/.test(request.url())) chartCode.push(request.url());
  });
  await page.reload();
  await dashboardReady(page);
  const panel = page.getByRole('region', { name: 'Ticket Volume' });
  // The figures are there at once, in the summary and in the table for screen readers; the drawing is not.
  await expect(panel.getByText(/resolved in the last 7 days$/)).toBeVisible();
  await expect(panel.getByRole('table', { name: /last 7 days$/ }).getByRole('row')).toHaveCount(1 + 7);
  await expect(panel.locator('.recharts-surface')).toHaveCount(0);
  expect(chartCode).toEqual([]);

  await panel.getByText(/resolved in the last 7 days$/).scrollIntoViewIfNeeded();
  await expect(panel.locator('.recharts-area-curve').first()).toBeVisible();
  expect(chartCode).toHaveLength(1);
});

test("an admin's View All goes to Agent Management", async ({ page }) => {
  await signIn(page, 'admin');
  await dashboardReady(page);
  await page.getByRole('region', { name: 'Top Performing Agents' }).getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/admin\/agents$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Agent Management' })).toBeVisible();
});

test('an agent sees no analytics panels and the browser never asks for analytics', async ({ page }) => {
  const analyticsCalls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/analytics') || pathname.startsWith('/api/agents')) analyticsCalls.push(pathname);
  });
  await signIn(page, 'agent');
  await dashboardReady(page);

  await expect(page.getByRole('region', { name: 'Overdue Tickets' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Top Performing Agents' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'AI Analytics Insights' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Assign Ticket', exact: true })).toHaveCount(0);
  expect(analyticsCalls).toEqual([]);
});

test('the header buttons open the Create and Assign dialogs, and Escape closes them', async ({ page }) => {
  await signIn(page, 'manager');
  await dashboardReady(page);

  await page.getByRole('button', { name: 'Create Ticket', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'Create New Ticket' });
  await expect(create).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(create).toHaveCount(0);

  await page.getByRole('button', { name: 'Assign Ticket', exact: true }).click();
  const assign = page.getByRole('dialog', { name: 'Assign Ticket' });
  await expect(assign).toBeVisible();
  // Opened without a ticket, the dialog first asks which one.
  await expect(assign.getByRole('combobox', { name: 'Ticket', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(assign).toHaveCount(0);
});

for (const role of ROLES) {
  test(`the ${role} dashboard has no serious accessibility violations`, async ({ page }) => {
    await signIn(page, role);
    await dashboardReady(page);
    // The pointer rests where the sign-in button was, over the chart: move it off so no tooltip hides the figures.
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `test-results/browser/screens/dashboard-${role}.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const role of ['admin', 'manager'] as const) {
  test(`the ${role} AI Analytics page shows its panels with no serious accessibility violations`, async ({ page }) => {
    await signIn(page, role);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AI Analytics' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'AI Analytics' })).toBeVisible();
    for (const title of ['AI Analytics Insights', 'Category Usage', 'Ticket Volume', 'Agent Performance']) {
      await expect(page.getByRole('region', { name: title, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('status')).toHaveCount(0);
    await expect(
      page
        .getByRole('region', { name: 'Category Usage' })
        .getByText(/^\d+ tickets \(\d+\.\d%\)$/)
        .first(),
    ).toBeVisible();
    await page.screenshot({ path: `test-results/browser/screens/analytics-${role}.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('at tablet width the dashboard keeps to the screen', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await signIn(page, 'admin');
  await dashboardReady(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/browser/screens/dashboard-admin-tablet.png', fullPage: true });
});
