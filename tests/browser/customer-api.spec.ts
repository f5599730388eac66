/**
 * The customer's thread for upstream systems (docs/api.md): a trading system relays the customer's answer with a
 * `tickets:reply` key, and the agent who has the ticket open sees it arrive as the customer's, without a reload;
 * the thread the system reads back holds the public messages only.
 */
import { request as playwrightRequest } from '@playwright/test';
import { englishText } from '../english.ts';
import { apiAs, createTicket, DEMO_EMAIL, expect, signIn, staffId, test } from './fixtures.ts';

test("a customer's message posted with a tickets:reply key appears in the open ticket as the customer's", async ({
  page,
}) => {
  const token = Date.now().toString(36);
  const admin = await apiAs(DEMO_EMAIL.admin);
  const ticket = await createTicket(admin, {
    customerEmail: `relay-${token}@example.com`,
    subject: `Deposit not credited ${token}`,
    priority: 'medium',
    type: 'api',
    assignedToId: await staffId(admin, DEMO_EMAIL.agent),
  });
  const issued = await admin.post('/api/api-keys', {
    data: { name: `Trading app ${token}`, scopes: ['tickets:read', 'tickets:reply'] },
  });
  expect(issued.status()).toBe(201);
  const { secret } = (await issued.json()) as { secret: string };
  await admin.dispose();
  const upstream = await playwrightRequest.newContext({
    baseURL: process.env.HELPDESK_URL!,
    extraHTTPHeaders: { Authorization: `Bearer ${secret}` },
  });

  await signIn(page, 'agent');
  await page.goto(`/agent/tickets?ticket=${ticket.id}`);
  const detail = page.getByRole('dialog', { name: ticket.ticketId });
  await expect(detail.getByText(`Deposit not credited ${token}`)).toBeVisible();
  await detail.getByText(englishText('mail.internalNote'), { exact: true }).click();
  await detail.getByRole('textbox', { name: englishText('mail.noteLabel') }).fill(`Checked the ledger ${token}`);
  await detail.getByRole('button', { name: englishText('mail.noteButton') }).click();
  await expect(detail.getByRole('listitem').filter({ hasText: `Checked the ledger ${token}` })).toBeVisible();

  const posted = await upstream.post(`/api/tickets/${ticket.id}/messages`, {
    data: { content: `The deposit shows now, thanks ${token}` },
  });
  expect(posted.status()).toBe(201);

  // No reload: the live hint refreshes the open conversation, and the message is marked as the customer's.
  const message = detail.getByRole('listitem').filter({ hasText: `The deposit shows now, thanks ${token}` });
  await expect(message).toBeVisible({ timeout: 20_000 });
  await expect(message.getByText(englishText('mail.customerMessage'), { exact: true })).toBeVisible();
  await expect(message.getByText(englishText('mail.byApi'))).toBeVisible();

  // What the upstream system reads back: the customer's message, never the internal note.
  const thread = (await (await upstream.get(`/api/tickets/${ticket.id}/messages`)).json()) as {
    messages: Array<{ content: string; authorType: string }>;
  };
  expect(thread.messages.map((m) => [m.authorType, m.content])).toEqual([
    ['customer', `The deposit shows now, thanks ${token}`],
  ]);
  await upstream.dispose();
});
