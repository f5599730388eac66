import { englishText } from '../english.ts';
import { apiAs, createTicket, DEMO_EMAIL, expect, seriousViolations, signIn, test } from './fixtures.ts';

const SCREENS = 'test-results/browser/screens';
const uniqueToken = () => `zq${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The incident queue answers and resolves the linked tickets a moment after the incident (docs/product.md §2). */
const QUEUE_TIMEOUT = 30_000;

test('an admin links two tickets to an incident, replies to all of them, and resolving the incident resolves them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = uniqueToken();
  const admin = await apiAs(DEMO_EMAIL.admin);
  const incident = await createTicket(admin, {
    customerEmail: `incident-${token}@example.com`,
    subject: `BTC withdrawals delayed ${token}`,
  });
  const first = await createTicket(admin, {
    customerEmail: `first-${token}@example.com`,
    subject: `My withdrawal is pending ${token}`,
  });
  const second = await createTicket(admin, {
    customerEmail: `second-${token}@example.com`,
    subject: `Bitcoin not arrived ${token}`,
  });
  await admin.dispose();

  await signIn(page, 'admin');
  const main = page.getByRole('main');

  // Each customer's ticket is linked from its page, through the dialog; the page then names its incident.
  for (const child of [first, second]) {
    await page.goto(`/admin/tickets/${child.ticketId}`);
    await main.getByRole('button', { name: englishText('incident.link') }).click();
    const dialog = page.getByRole('dialog', { name: englishText('incident.linkTitle', { code: child.ticketId }) });
    await dialog.getByLabel(englishText('incident.parentField')).fill(incident.ticketId);
    await expect(dialog.getByText(`“BTC withdrawals delayed ${token}”`, { exact: false })).toBeVisible();
    if (child === first) expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
    await dialog.getByRole('button', { name: englishText('incident.linkSubmit') }).click();
    await expect(
      page.getByText(englishText('incident.linked', { code: child.ticketId, parent: incident.ticketId })),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    const panel = main.getByRole('region', { name: englishText('incident.title'), exact: true });
    await expect(panel.getByRole('link', { name: incident.ticketId })).toHaveAttribute(
      'href',
      `/admin/tickets/${incident.ticketId}`,
    );
    await expect(main.getByRole('button', { name: englishText('incident.move') })).toBeVisible();
  }

  // The incident's page lists both, open; the incident itself is linked to nothing.
  await page.goto(`/admin/tickets/${incident.ticketId}`);
  const panel = main.getByRole('region', { name: englishText('incident.title'), exact: true });
  await expect(panel.getByText(englishText('incident.summary', { count: 2, open: 2 }))).toBeVisible();
  for (const child of [first, second]) await expect(panel.getByRole('link', { name: child.ticketId })).toBeVisible();
  await expect(panel.getByText(`Bitcoin not arrived ${token}`)).toBeVisible();
  await expect(main.getByRole('button', { name: englishText('incident.link') })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // A reply to the incident and its open tickets.
  const alsoToChildrenText = englishText('incident.toChildren', { count: 2 });
  const alsoToChildren = main.getByRole('checkbox', { name: alsoToChildrenText });
  // The box a person clicks is drawn over the named, visually hidden input: its label is clicked.
  await main.getByText(alsoToChildrenText, { exact: true }).click();
  await expect(alsoToChildren).toBeChecked();
  const reply = `We found the cause and are fixing it ${token}`;
  await main.getByRole('textbox', { name: englishText('mail.replyLabel') }).fill(reply);
  await main.getByRole('button', { name: englishText('mail.replyButton') }).click();
  const sent = main.getByRole('listitem').filter({ hasText: reply });
  await expect(sent).toContainText(englishText('incident.sentToChildren'));
  await expect(alsoToChildren).not.toBeChecked();
  await page.screenshot({ path: `${SCREENS}/incident-page.png`, fullPage: true });

  // Resolving the incident.
  await main.getByRole('button', { name: 'Edit Ticket' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Ticket' });
  await edit.getByLabel('Status').selectOption('resolved');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(edit).toBeHidden();

  // Each linked ticket got the reply, marked as the incident's, and is resolved with it.
  for (const child of [first, second]) {
    await page.goto(`/admin/tickets/${child.ticketId}`);
    const details = main.getByRole('complementary', { name: englishText('ticketPage.details') });
    await expect(async () => {
      await page.reload();
      // The status badge (the 'Resolved' date's label joins it).
      await expect(details.getByText(englishText('status.resolved'), { exact: true }).first()).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: QUEUE_TIMEOUT });
    const passedOn = main.getByRole('listitem').filter({ hasText: reply });
    await expect(passedOn).toContainText(englishText('incident.fromIncident', { code: incident.ticketId }), {
      timeout: QUEUE_TIMEOUT,
    });
  }
  await page.screenshot({ path: `${SCREENS}/incident-linked-ticket.png`, fullPage: true });

  // The incident's panel follows: nothing is open any more.
  await page.goto(`/admin/tickets/${incident.ticketId}`);
  await expect(panel.getByText(englishText('incident.summary', { count: 2, open: 0 }))).toBeVisible();
});
