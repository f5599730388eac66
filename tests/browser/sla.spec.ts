import { englishText } from '../english.ts';
import { apiAs, createTicket, DEMO_EMAIL, expect, signIn, staffId, test } from './fixtures.ts';

test('an admin sets a priority on business hours in Settings → SLA policy, and the policy is kept', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: englishText('settings.tab.slaPolicy') }).click();
  const panel = page.getByRole('tabpanel', { name: englishText('settings.tab.slaPolicy') });
  const firstResponse = panel.getByLabel('First response target of Low, in minutes');
  await expect(firstResponse).toHaveValue('480');
  await firstResponse.fill('500');
  await panel.getByLabel('Clock of Low').selectOption({ label: englishText('slaPolicy.clock.business') });
  await panel.getByRole('button', { name: englishText('slaPolicy.save') }).click();
  await expect(page.getByText(englishText('slaPolicy.saved'))).toBeVisible();

  const api = await apiAs(DEMO_EMAIL.admin);
  const policy = await (await api.get('/api/sla-policy')).json();
  expect(policy.targets.low).toEqual({ firstResponseMinutes: 500, resolutionMinutes: 4320, clock: 'business' });
  // Back to the defaults for the other specs.
  policy.targets.low = { firstResponseMinutes: 480, resolutionMinutes: 4320, clock: '24x7' };
  expect((await api.put('/api/sla-policy', { data: policy })).status()).toBe(200);
  await api.dispose();
});

test('staff stop the resolution clock with Waiting on customer and start it again', async ({ page }) => {
  const token = `wait-${Date.now()}`;
  const manager = await apiAs(DEMO_EMAIL.manager);
  const ticket = await createTicket(manager, {
    customerEmail: `${token}@example.com`,
    subject: `Deposit missing ${token}`,
    assignedToId: await staffId(manager, DEMO_EMAIL.manager),
    priority: 'high',
    type: 'direct',
  });
  await manager.dispose();

  await signIn(page, 'manager');
  await page.goto(`/manager/tickets?q=${token}`);
  await page.getByRole('button', { name: `View ticket ${ticket.ticketId}` }).click();
  const detail = page.getByRole('dialog', { name: ticket.ticketId });
  await expect(detail.getByText(englishText('sla.firstResponse')).first()).toBeVisible();
  await detail.getByRole('button', { name: englishText('sla.markWaiting') }).click();
  await expect(detail.getByRole('button', { name: englishText('sla.resumeClock') })).toBeVisible();
  await expect(detail.getByText(englishText('sla.waitingOnCustomer')).first()).toBeVisible();
  await detail.getByRole('button', { name: englishText('sla.resumeClock') }).click();
  await expect(detail.getByRole('button', { name: englishText('sla.markWaiting') })).toBeVisible();
});
