import type { Page } from '@playwright/test';
import type { Role } from '#shared/constants.ts';
import { apiAs, DEMO_EMAIL, expect, seriousViolations, signIn, staffId, test } from './fixtures.ts';

/** Signs in and waits for the signed-in shell. */
async function signInFully(page: Page, role: Role) {
  await signIn(page, role);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

test('an agent sets their availability in the sidebar, and a manager sees it on Agent Management', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInFully(page, 'agent');
  const availability = page.getByLabel('Availability');
  await expect(availability).toHaveValue('available');
  await availability.selectOption('away');
  await expect(availability).toHaveValue('away');
  await page.reload();
  await expect(page.getByLabel('Availability')).toHaveValue('away');

  const managerContext = await browser.newContext({ baseURL });
  try {
    const managerPage = await managerContext.newPage();
    await signInFully(managerPage, 'manager');
    await managerPage.goto('/manager/agents');
    const row = managerPage.getByRole('row').filter({ hasText: DEMO_EMAIL.agent });
    await expect(row.getByText('Away', { exact: true })).toBeVisible();
  } finally {
    await managerContext.close();
  }
  await page.getByLabel('Availability').selectOption('available');
  await expect(page.getByLabel('Availability')).toHaveValue('available');
});

test('a manager sets an agent’s capacity and skills on the routing screen', async ({ page }) => {
  await signInFully(page, 'manager');
  await page.goto('/manager/agents');
  await expect(page.getByRole('heading', { level: 2, name: 'Waiting for an agent' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: DEMO_EMAIL.agent });
  await row.getByRole('button', { name: /^Routing for/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Capacity and skills' });
  await dialog.getByLabel('Maximum open tickets').fill('40');
  await dialog.getByText('Deutsch').click();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Routing saved')).toBeVisible();
  await expect(row.getByText(/of 40/)).toBeVisible();

  const api = await apiAs(DEMO_EMAIL.manager);
  try {
    const id = await staffId(api, DEMO_EMAIL.agent);
    const agents = (await (await api.get('/api/agents')).json()) as Array<{ id: string; routing: unknown }>;
    expect(agents.find((agent) => agent.id === id)?.routing).toEqual({
      maxOpenTickets: 40,
      categories: [],
      languages: ['de'],
    });
    // Back as it was, for the other flows.
    expect(
      (
        await api.put(`/api/agents/${id}/routing`, { data: { maxOpenTickets: null, categories: [], languages: [] } })
      ).status(),
    ).toBe(200);
  } finally {
    await api.dispose();
  }
});

test('an admin turns auto-away on in Desk Settings, which the audit log records', async ({ page }) => {
  await signInFully(page, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Desk Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Desk Settings' })).toBeVisible();
  const autoAway = page.getByRole('checkbox', { name: /Auto-away/ });
  await expect(autoAway).not.toBeChecked();
  await expect(page.getByLabel('New tickets per sender per hour')).toHaveValue('5');
  expect(await seriousViolations(page)).toEqual([]);
  // Saved the moment it is switched.
  await page.getByText('Auto-away', { exact: true }).click();
  await expect(page.getByText('Desk settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /Auto-away/ })).toBeChecked();

  const api = await apiAs(DEMO_EMAIL.admin);
  try {
    const audit = await (await api.get('/api/audit?action=desk_settings_changed')).json();
    expect(audit.entries[0].details).toContain('autoAway: false → true');
    // Back as it was, for the other flows.
    const settings = await (await api.get('/api/desk-settings')).json();
    await api.put('/api/desk-settings', { data: { ...settings, routing: { autoAway: false } } });
  } finally {
    await api.dispose();
  }
});
