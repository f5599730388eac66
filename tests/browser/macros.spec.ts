import { englishText } from '../english.ts';
import { apiAs, createTicket, DEMO_EMAIL, expect, seriousViolations, signIn, staffId, test } from './fixtures.ts';

const SCREENS = 'test-results/browser/screens';
const uniqueToken = () => `zq${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a manager writes a shared macro in two languages; an agent sends it from / in the composer, in the customer’s language', async ({
  page,
  browser,
}) => {
  const token = uniqueToken();
  const title = `Withdrawal on its way ${token}`;

  // The manager writes the macro on the Macros screen: English, German, and a status to set.
  await signIn(page, 'manager');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Macros' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Macros' })).toBeVisible();
  await page.getByRole('button', { name: englishText('macros.createTitle') }).click();
  const form = page.getByRole('dialog', { name: englishText('macros.createTitle') });
  await form.getByLabel(englishText('macros.title')).fill(title);
  // A placeholder the desk does not know is refused with its name, and nothing is lost.
  await form.getByRole('textbox', { name: 'Text (English)' }).fill('Hello {{customer.name}}');
  await form.getByRole('button', { name: englishText('macros.createTitle') }).click();
  await expect(form.getByText('{{customer.name}} is not a placeholder')).toBeVisible();
  await form
    .getByRole('textbox', { name: 'Text (English)' })
    .fill('Hello {{customer.email}}, your withdrawal for {{ticket.code}} is on its way. {{agent.firstName}}');
  await form.getByRole('tab', { name: 'Deutsch' }).click();
  await form
    .getByRole('textbox', { name: 'Text (Deutsch)' })
    .fill('Hallo {{customer.email}}, Ihre Auszahlung zu {{ticket.code}} ist unterwegs. {{agent.firstName}}');
  await form.getByLabel(englishText('ticketForm.status')).selectOption('resolved');
  await form.getByText(englishText('macros.shareWithTeam')).click();
  await page.screenshot({ path: `${SCREENS}/macro-form.png` });
  await form.getByRole('button', { name: englishText('macros.createTitle') }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Shared');
  await expect(row).toContainText('English, Deutsch');
  await expect(row).toContainText('Status: Resolved');

  // A German customer's ticket, assigned to the agent.
  const admin = await apiAs(DEMO_EMAIL.admin);
  const ticket = await createTicket(admin, {
    customerEmail: `kunde-${token}@example.de`,
    subject: `Auszahlung fehlt ${token}`,
    customerLanguage: 'de',
    assignedToId: await staffId(admin, DEMO_EMAIL.agent),
  });
  await admin.dispose();

  const context = await browser.newContext();
  const agent = await context.newPage();
  await signIn(agent, 'agent');
  await agent.goto(`/agent/tickets/${ticket.ticketId}`);
  const main = agent.getByRole('main');
  const reply = main.getByRole('textbox', { name: englishText('mail.replyLabel') });
  await reply.click();
  await agent.keyboard.press('/');
  const search = agent.getByRole('combobox', { name: englishText('macros.search') });
  await expect(search).toBeFocused();
  await agent.keyboard.type(token);
  await expect(agent.getByRole('option', { name: new RegExp(title) })).toHaveAttribute('aria-selected', 'true');
  await agent.keyboard.press('Enter');

  // The German text, every placeholder filled, lands in the composer to edit; what it will change is shown.
  await expect(reply).toHaveValue(
    `Hallo kunde-${token}@example.de, Ihre Auszahlung zu ${ticket.ticketId} ist unterwegs. Sam`,
  );
  await expect(reply).toBeFocused();
  const chosen = main.getByTestId('chosen-macro');
  await expect(chosen).toContainText(`Macro: ${title}`);
  await expect(chosen).toContainText('When sent: Status: Resolved');
  await agent.screenshot({ path: `${SCREENS}/macro-in-composer.png`, fullPage: true });
  expect(await seriousViolations(agent)).toEqual([]);

  await reply.press('End');
  await agent.keyboard.type(' Viele Grüße');
  await main.getByRole('button', { name: englishText('mail.replyButton') }).click();
  await expect(main.getByRole('listitem').filter({ hasText: 'Viele Grüße' })).toBeVisible();
  await expect(chosen).toBeHidden();
  const details = main.getByRole('complementary', { name: englishText('ticketPage.details') });
  // The status badge says Resolved, and the resolution time appears among the fields.
  await expect(details.getByText('Resolved', { exact: true })).toHaveCount(2);

  // The Macros screen counts the use; the agent may use the shared macro but not change it.
  await agent.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Macros' }).click();
  const agentRow = agent.getByRole('row').filter({ hasText: title });
  await expect(agentRow.getByRole('cell').nth(3)).toHaveText('1');
  await expect(agentRow).toContainText(englishText('macros.managedByManagers'));
  expect(await seriousViolations(agent)).toEqual([]);
  await context.close();
});
