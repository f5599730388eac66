import { apiAs, createTicket, expect, signIn, staffId, test } from './fixtures.ts';

test('a manager assigns a ticket: the agent sees the alarm and the ticket joins their list without a reload', async ({
  browser,
  baseURL,
}) => {
  const manager = await apiAs('manager@demo.local');
  const agentId = await staffId(manager, 'agent2@demo.local');
  const otherId = await staffId(manager, 'agent3@demo.local');
  const subject = `Live assignment ${Date.now().toString(36)}`;
  const ticket = await createTicket(manager, {
    customerEmail: 'live.alarm@example.com',
    subject,
    priority: 'medium',
    type: 'api',
    assignedToId: otherId,
  });

  // The agent watches their own tickets in another browser.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, 'agent', 'agent2@demo.local');
  await page.goto(`/agent/tickets?assignedToId=${agentId}`);
  await expect(page.getByRole('heading', { name: 'All Tickets' })).toBeVisible();
  await expect(page.getByText(subject)).toHaveCount(0);
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });

  const assigned = await manager.post(`/api/tickets/${ticket.id}/assign`, { data: { agentId } });
  expect(assigned.status()).toBe(200);

  await expect(page.getByText('New Ticket Assigned')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('row', { name: new RegExp(subject) })).toBeVisible({ timeout: 10_000 });
  await page.screenshot({ path: 'test-results/browser/screens/live-alarm-agent.png' });
  expect(navigations).toEqual([]);
  await context.close();
  await manager.dispose();
});
