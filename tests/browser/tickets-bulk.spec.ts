import type { Ticket } from '#shared/schemas/ticket.ts';
import { englishText } from '../english.ts';
import { apiAs, createTicket, DEMO_EMAIL, expect, seriousViolations, signIn, test } from './fixtures.ts';

const SCREENS = 'test-results/browser/screens';

/** A word no demo ticket contains, so the search finds only what this test created. */
const uniqueToken = () => `zb${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a manager selects three tickets and closes them together', async ({ page }) => {
  const token = uniqueToken();
  const api = await apiAs(DEMO_EMAIL.manager);
  const tickets: Ticket[] = [];
  for (const n of [1, 2, 3]) {
    tickets.push(
      await createTicket(api, {
        customerEmail: `bulk-${n}-${token}@example.com`,
        subject: `Deposit not credited ${n} ${token}`,
        priority: 'medium',
        type: 'direct',
      }),
    );
  }

  await signIn(page, 'manager');
  await page.goto('/manager/tickets');
  const table = page.getByRole('table', { name: 'All tickets' });
  await page.getByPlaceholder(englishText('ticketFilters.searchPlaceholder')).fill(token);
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Bulk changes' })).toBeHidden();

  // Each row by its own checkbox, the first two by mouse and the third from the keyboard. The box a person clicks is
  // drawn over the named (visually hidden) input: `force` clicks there without Playwright's check for it.
  for (const ticket of tickets.slice(0, 2)) {
    const box = page.getByRole('checkbox', { name: `Select ${ticket.ticketId}` });
    await box.click({ force: true });
    await expect(box).toBeChecked();
  }
  const third = page.getByRole('checkbox', { name: `Select ${tickets[2]!.ticketId}` });
  await third.focus();
  await page.keyboard.press('Space');
  await expect(third).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Select all tickets on this page' })).toBeChecked();

  const bar = page.getByRole('region', { name: 'Bulk changes' });
  await expect(bar.getByText('3 selected')).toBeVisible();
  await expect(bar.getByLabel('Assign to')).toBeVisible();
  expect(await seriousViolations(page, 'main')).toEqual([]);
  await page.screenshot({ path: `${SCREENS}/tickets-bulk-bar.png` });

  await bar.getByLabel('Set status').selectOption({ label: 'Closed' });
  await bar.getByRole('button', { name: 'Apply' }).click();

  await expect(page.getByText('3 tickets changed, 0 refused')).toBeVisible();
  await expect(bar).toBeHidden();
  for (const ticket of tickets) {
    const row = table.locator('tbody tr').filter({ hasText: ticket.ticketId });
    await expect(row.getByText('Closed')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: `Select ${ticket.ticketId}` })).not.toBeChecked();
    const stored = (await (await api.get(`/api/tickets/${ticket.id}`)).json()) as Ticket;
    expect(stored.status).toBe('closed');
  }
  await api.dispose();
});
