/**
 * Four-eyes approval in the browser (docs/decisions/095-four-eyes-approval.md): a second admin's API key waits on
 * Pending Approvals until the demo admin approves it there; the requester then reads its secret once. The extra admin
 * is deactivated at the end, so later specs find one active admin and act at once.
 */
import { apiAs, DEMO_EMAIL, demoPassword, expect, signIn, test } from './fixtures.ts';

test('a second admin approves a pending API key on Pending Approvals', async ({ page, baseURL }) => {
  const stamp = Date.now();
  const second = { email: `four.eyes.${stamp}@example.com`, password: `Pw-${stamp}` };
  const demo = await apiAs(DEMO_EMAIL.admin);
  const created = await demo.post('/api/users', {
    data: { ...second, firstName: 'Fay', lastName: `Foureyes${stamp}`, role: 'admin' },
  });
  // Run alone with one active admin, the new admin is made at once.
  expect(created.status()).toBe(201);
  const secondId = ((await created.json()) as { id: string }).id;
  try {
    const requester = await page.context().request;
    const login = await requester.post('/api/auth/agent-login', { data: second, headers: { Origin: baseURL! } });
    expect(login.ok()).toBe(true);
    const name = `Four eyes ${stamp}`;
    const held = await requester.post('/api/api-keys', {
      data: { name, scopes: ['tickets:read'] },
      headers: { Origin: baseURL! },
    });
    expect(held.status()).toBe(202);
    const { approvalId } = (await held.json()) as { approvalId: string };
    await requester.get('/api/logout');

    await signIn(page, 'admin', DEMO_EMAIL.admin, demoPassword());
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: /Pending Approvals/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pending Approvals' })).toBeVisible();
    const waiting = page.getByRole('table', { name: 'Waiting for a second admin' });
    const row = waiting.getByRole('row').filter({ hasText: `Create the API key ${name}` });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Approve: Create the API key ${name}` }).click();
    await expect(page.getByText('Approved: the action was carried out')).toBeVisible();
    const decided = page.getByRole('table', { name: 'Recently decided' }).getByRole('row').filter({ hasText: name });
    await expect(decided.getByText('Approved', { exact: true })).toBeVisible();
    await expect(waiting.getByRole('row').filter({ hasText: name })).toHaveCount(0);

    const keys = (await (await demo.get('/api/api-keys')).json()) as { name: string }[];
    expect(keys.filter((key) => key.name === name)).toHaveLength(1);
    const again = await apiAs(DEMO_EMAIL.admin);
    expect((await again.post(`/api/approvals/${approvalId}/approve`)).status()).toBe(409);
    await again.dispose();
  } finally {
    expect((await demo.delete(`/api/users/${secondId}`)).status()).toBe(200);
    await demo.dispose();
  }
});
