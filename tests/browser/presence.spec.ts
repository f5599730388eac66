/**
 * Who else is on a ticket, and the reply that would cross a newer message (docs/product.md §2 "Ticket page", "Ticket
 * detail"): two staff members on one ticket page see each other viewing and replying; a reply sent after the customer
 * wrote again is held for a question, and "Send anyway" sends it.
 */
import { request as playwrightRequest } from '@playwright/test';
import { englishText } from '../english.ts';
import type { Agent } from '#shared/schemas/user.ts';
import { apiAs, createTicket, DEMO_EMAIL, expect, seriousViolations, signIn, staffId, test } from './fixtures.ts';

/** A demo staff member's name as the presence line shows it. */
async function nameOf(email: string): Promise<string> {
  const admin = await apiAs(DEMO_EMAIL.admin);
  const staff = (await (await admin.get('/api/agents')).json()) as Agent[];
  await admin.dispose();
  const member = staff.find((s) => s.email === email)!;
  return `${member.firstName} ${member.lastName}`;
}

test('an agent and a manager on one ticket page see each other viewing, and replying while one types', async ({
  browser,
}) => {
  // Two sign-ins and an accessibility scan.
  test.setTimeout(120_000);
  const token = Date.now().toString(36);
  const admin = await apiAs(DEMO_EMAIL.admin);
  const ticket = await createTicket(admin, {
    customerEmail: `presence-${token}@example.com`,
    subject: `Two on one ticket ${token}`,
    priority: 'medium',
    type: 'direct',
    assignedToId: await staffId(admin, DEMO_EMAIL.agent),
  });
  await admin.dispose();
  const [agentName, managerName] = [await nameOf(DEMO_EMAIL.agent), await nameOf(DEMO_EMAIL.manager)];

  const agentContext = await browser.newContext();
  const managerContext = await browser.newContext();
  const agent = await agentContext.newPage();
  const manager = await managerContext.newPage();
  await signIn(agent, 'agent');
  await signIn(manager, 'manager');
  await agent.goto(`/agent/tickets/${ticket.ticketId}`);
  await manager.goto(`/manager/tickets/${ticket.ticketId}`);

  const agentLine = agent.getByTestId('presence');
  const managerLine = manager.getByTestId('presence');
  await expect(agentLine).toHaveText(englishText('presence.viewing', { names: managerName, count: 1 }), {
    timeout: 15_000,
  });
  await expect(managerLine).toHaveText(englishText('presence.viewing', { names: agentName, count: 1 }), {
    timeout: 15_000,
  });
  await expect(agentLine).toHaveAttribute('aria-live', 'polite');

  await agent.getByRole('textbox', { name: englishText('mail.replyLabel') }).pressSequentially('Checking the ledger');
  await expect(managerLine).toHaveText(englishText('presence.replying', { names: agentName, count: 1 }));

  // Emptied, the composer is back to viewing.
  await agent.getByRole('textbox', { name: englishText('mail.replyLabel') }).fill('');
  await expect(managerLine).toHaveText(englishText('presence.viewing', { names: agentName, count: 1 }));

  expect(await seriousViolations(manager)).toEqual([]);

  // The agent leaves the ticket: the manager is alone on it.
  await agent.goto('/agent/tickets');
  await expect(managerLine).toHaveText('');

  await agentContext.close();
  await managerContext.close();
});

test('a reply sent after the customer wrote again asks first, and "Send anyway" sends it', async ({ page }) => {
  const token = Date.now().toString(36);
  const admin = await apiAs(DEMO_EMAIL.admin);
  const ticket = await createTicket(admin, {
    customerEmail: `crossing-${token}@example.com`,
    subject: `Crossing messages ${token}`,
    priority: 'medium',
    type: 'api',
    assignedToId: await staffId(admin, DEMO_EMAIL.agent),
  });
  const issued = await admin.post('/api/api-keys', {
    data: { name: `Trading app ${token}`, scopes: ['tickets:reply'] },
  });
  expect(issued.status()).toBe(201);
  const { secret } = (await issued.json()) as { secret: string };
  await admin.dispose();
  const upstream = await playwrightRequest.newContext({
    baseURL: process.env.HELPDESK_URL!,
    extraHTTPHeaders: { Authorization: `Bearer ${secret}` },
  });
  const customerWrites = async (content: string) =>
    expect((await upstream.post(`/api/tickets/${ticket.id}/messages`, { data: { content } })).status()).toBe(201);
  await customerWrites(`Where is my deposit? ${token}`);

  // The live notice of the customer's second message is held back until the reply has gone out, as when the two cross
  // in the real world; without that, the notice could refresh the thread before the click and nothing would cross.
  let holding = false;
  const held: Array<string | Buffer> = [];
  let toPage: ((message: string | Buffer) => void) | undefined;
  await page.routeWebSocket('**/ws', (ws) => {
    const server = ws.connectToServer();
    toPage = (message) => ws.send(message);
    server.onMessage((message) => (holding ? held.push(message) : ws.send(message)));
  });

  await signIn(page, 'agent');
  await page.goto(`/agent/tickets/${ticket.ticketId}`);
  await expect(page.getByRole('listitem').filter({ hasText: `Where is my deposit? ${token}` })).toBeVisible();
  const reply = `Please send us the transaction hash ${token}`;
  await page.getByRole('textbox', { name: englishText('mail.replyLabel') }).fill(reply);

  // The customer writes while the reply is being finished; it is sent before the page has heard of it.
  holding = true;
  await customerWrites(`Never mind, it arrived ${token}`);
  await page.getByRole('button', { name: englishText('mail.replyButton') }).click();

  await expect(page.getByText(englishText('mail.newerMessageQuestion'))).toBeVisible();
  holding = false;
  for (const message of held.splice(0)) toPage?.(message);
  await expect(page.getByRole('listitem').filter({ hasText: `Never mind, it arrived ${token}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: englishText('mail.replyLabel') })).toHaveValue(reply);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: englishText('mail.sendAnyway') }).click();
  await expect(page.getByRole('listitem').filter({ hasText: reply })).toBeVisible();
  await expect(page.getByText(englishText('mail.newerMessageQuestion'))).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: englishText('mail.replyLabel') })).toHaveValue('');
  await upstream.dispose();
});
