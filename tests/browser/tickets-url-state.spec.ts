import type { Page } from '@playwright/test';
import { englishText } from '../english.ts';
import { apiAs, createTicket, DEMO_EMAIL, expect, signIn, test } from './fixtures.ts';

/** A word no demo ticket contains, so searches find only what this test created. */
const uniqueToken = () => `zq${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const bodyRows = (page: Page) => page.getByRole('table', { name: 'All tickets' }).locator('tbody tr');
const searchBox = (page: Page) => page.getByPlaceholder(englishText('ticketFilters.searchPlaceholder'));
const statusFilter = (page: Page) => page.getByLabel('Filter by status');
const priorityFilter = (page: Page) => page.getByLabel('Filter by priority');

/** The search params of the page's URL, as a plain object. */
const searchParams = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** The rows' subjects, in the order shown (the third cell: after the selection checkbox and the code). */
async function subjects(page: Page): Promise<string[]> {
  return bodyRows(page).locator('td:nth-child(3)').allInnerTexts();
}

test('the All Tickets filters live in the URL: reload, back and a shared link show the same list', async ({ page }) => {
  const token = uniqueToken();
  const admin = await apiAs(DEMO_EMAIL.admin);
  await createTicket(admin, {
    customerEmail: `a-${token}@example.com`,
    subject: `Card frozen ${token}`,
    priority: 'high',
  });
  await createTicket(admin, {
    customerEmail: `b-${token}@example.com`,
    subject: `Fee refund ${token}`,
    priority: 'low',
  });
  const working = await createTicket(admin, {
    customerEmail: `c-${token}@example.com`,
    subject: `Wire returned ${token}`,
    priority: 'high',
  });
  expect((await admin.patch(`/api/tickets/${working.id}`, { data: { status: 'in_progress' } })).ok()).toBe(true);
  await admin.dispose();

  await signIn(page, 'admin');
  // Pointing at the link is enough for the list to be read (the route's loader runs on intent).
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^All Tickets/ });
  const listRead = page.waitForRequest((request) => {
    const url = new URL(request.url());
    return url.pathname === '/api/tickets' && url.searchParams.get('limit') === '100';
  });
  await link.hover();
  await listRead;
  await link.click();
  await expect(bodyRows(page).first()).toBeVisible();
  expect(searchParams(page)).toEqual({});

  // Typing writes the URL whenever it pauses: the search's first pause adds one history entry and the later ones
  // replace it (not an entry per pause), and nothing typed meanwhile is lost when the URL catches up.
  const entries = await page.evaluate(() => history.length);
  const half = Math.ceil(token.length / 2);
  await searchBox(page).pressSequentially(token.slice(0, half), { delay: 450 });
  await searchBox(page).pressSequentially(token.slice(half), { delay: 20 });
  await expect(searchBox(page)).toHaveValue(token);
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === token);
  await expect(bodyRows(page)).toHaveCount(3);
  await expect(searchBox(page)).toHaveValue(token);
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);

  await statusFilter(page).selectOption('open');
  await expect(page).toHaveURL((url) => url.searchParams.get('status') === 'open');
  await expect(bodyRows(page)).toHaveCount(2);
  await priorityFilter(page).selectOption('high');
  await expect(page).toHaveURL((url) => url.searchParams.get('priority') === 'high');
  await expect(bodyRows(page)).toHaveCount(1);
  expect(searchParams(page)).toEqual({ q: token, status: 'open', priority: 'high' });
  expect(await subjects(page)).toEqual([`Card frozen ${token}`]);

  // A reload keeps the filters, in the URL and in the controls, and the rows they select.
  await page.reload();
  await expect(bodyRows(page)).toHaveCount(1);
  expect(await subjects(page)).toEqual([`Card frozen ${token}`]);
  await expect(searchBox(page)).toHaveValue(token);
  await expect(statusFilter(page)).toHaveValue('open');
  await expect(priorityFilter(page)).toHaveValue('high');

  // Back returns to the filters before the priority was chosen, and their rows.
  await page.goBack();
  await expect(page).toHaveURL((url) => !url.searchParams.has('priority'));
  expect(searchParams(page)).toEqual({ q: token, status: 'open' });
  await expect(priorityFilter(page)).toHaveValue('');
  await expect(statusFilter(page)).toHaveValue('open');
  await expect(bodyRows(page)).toHaveCount(2);
  expect((await subjects(page)).sort()).toEqual([`Card frozen ${token}`, `Fee refund ${token}`]);

  // "All Status" removes the filter from the URL.
  await statusFilter(page).selectOption('');
  await expect(page).toHaveURL((url) => !url.searchParams.has('status'));
  expect(searchParams(page)).toEqual({ q: token });
  await expect(bodyRows(page)).toHaveCount(3);

  // A link with filters, opened directly, shows the filtered list with its filters in the controls.
  await page.goto(`/admin/tickets?q=${token}&status=in_progress&priority=high`);
  await expect(bodyRows(page)).toHaveCount(1);
  expect(await subjects(page)).toEqual([`Wire returned ${token}`]);
  await expect(searchBox(page)).toHaveValue(token);
  await expect(statusFilter(page)).toHaveValue('in_progress');
  await expect(priorityFilter(page)).toHaveValue('high');

  // A link with a value the list does not know drops that value, not the page.
  await page.goto(`/admin/tickets?q=${token}&status=lost&priority=high`);
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(statusFilter(page)).toHaveValue('');
  await expect(priorityFilter(page)).toHaveValue('high');
  expect(searchParams(page)).toEqual({ q: token, priority: 'high' });
});

test('Back after a search undoes the search and keeps the status chosen before it', async ({ page }) => {
  const token = uniqueToken();
  const admin = await apiAs(DEMO_EMAIL.admin);
  await createTicket(admin, { customerEmail: `a-${token}@example.com`, subject: `Margin call ${token}` });
  await createTicket(admin, { customerEmail: `b-${token}@example.com`, subject: `Stuck deposit ${token}` });
  await admin.dispose();

  await signIn(page, 'admin');
  await page.goto('/admin/tickets');
  await expect(bodyRows(page).first()).toBeVisible();
  await statusFilter(page).selectOption('open');
  await expect(page).toHaveURL((url) => url.searchParams.get('status') === 'open');
  const entries = await page.evaluate(() => history.length);

  // Two pauses in the typing, one history entry.
  const half = Math.ceil(token.length / 2);
  await searchBox(page).pressSequentially(token.slice(0, half), { delay: 20 });
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === token.slice(0, half));
  await searchBox(page).pressSequentially(token.slice(half), { delay: 20 });
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === token);
  await expect(bodyRows(page)).toHaveCount(2);
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);

  await page.goBack();
  await expect(page).toHaveURL((url) => !url.searchParams.has('q'));
  expect(searchParams(page)).toEqual({ status: 'open' });
  await expect(searchBox(page)).toHaveValue('');
  await expect(statusFilter(page)).toHaveValue('open');

  // Forward brings the search back; a search typed after Back is a new one, with its own entry.
  await page.goForward();
  await expect(searchBox(page)).toHaveValue(token);
  expect(searchParams(page)).toEqual({ status: 'open', q: token });
  await expect(bodyRows(page)).toHaveCount(2);
});
