/**
 * The reply guard as staff meet it (docs/decisions/099-reply-guard.md): an agent's reply that could tip the customer
 * off is held, and the composer says so; a compliance user releases it on Held Replies, and only then does it reach
 * the customer's mailbox.
 */
import { englishText } from '../english.ts';
import { apiAs, createTicket, DEMO_EMAIL, expect, signIn, staffId, test } from './fixtures.ts';

test.setTimeout(150_000);

/** The texts of the messages the SES emulator holds for one address. */
async function mailTextsTo(address: string): Promise<string[]> {
  const store = (await (await fetch(`${process.env.HELPDESK_MAILBOX_URL}/store`)).json()) as {
    emails: { destination: { to: string[] }; body: { text?: string } }[];
  };
  return store.emails.filter((m) => m.destination.to.some((to) => to.includes(address))).map((m) => m.body.text ?? '');
}

test("an agent's reply is held for compliance, and a compliance user releases it to the customer", async ({ page }) => {
  const token = Date.now().toString(36);
  const customer = `held-${token}@example.com`;
  const admin = await apiAs(DEMO_EMAIL.admin);
  const managerId = await staffId(admin, DEMO_EMAIL.manager);
  const ticket = await createTicket(admin, {
    customerEmail: customer,
    subject: `Frozen deposit ${token}`,
    priority: 'high',
    type: 'api',
    assignedToId: await staffId(admin, DEMO_EMAIL.agent),
  });
  expect((await admin.put(`/api/users/${managerId}/permissions`, { data: { compliance: true } })).status()).toBe(200);
  try {
    await signIn(page, 'agent');
    await page.goto(`/agent/tickets/${ticket.ticketId}`);
    const detail = page.getByRole('main');
    const text = `Your account ${token} is part of a money laundering investigation.`;
    await detail.getByRole('textbox', { name: englishText('mail.replyLabel') }).fill(text);
    await detail.getByRole('button', { name: englishText('mail.replyButton') }).click();
    await expect(detail.getByText(englishText('guard.heldNotice'))).toBeVisible();
    const held = detail.getByRole('listitem').filter({ hasText: text });
    await expect(held.getByText(englishText('guard.state.held'))).toBeVisible();
    expect((await mailTextsTo(customer)).some((body) => body.includes(text))).toBe(false);

    await page.context().clearCookies();
    await signIn(page, 'manager');
    await page.getByRole('link', { name: englishText('nav.heldReplies') }).click();
    await expect(page.getByRole('heading', { name: englishText('nav.heldReplies') })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: text });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: englishText('guard.releaseLabel', { code: ticket.ticketId }) }).click();
    await expect(page.getByRole('row').filter({ hasText: text })).toHaveCount(0);

    await expect
      .poll(async () => (await mailTextsTo(customer)).filter((body) => body.includes(text)).length, { timeout: 30_000 })
      .toBe(1);
  } finally {
    await admin.put(`/api/users/${managerId}/permissions`, { data: { compliance: false } });
    await admin.dispose();
  }
});
