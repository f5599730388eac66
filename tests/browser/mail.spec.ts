/**
 * The e-mail channel as staff see it: a public reply goes to the customer's mailbox (the SES emulator), the customer
 * answers it over SMTP, and the answer appears in the ticket view that is open, without a reload.
 */
import nodemailer from 'nodemailer';
import { englishText } from '../english.ts';
import { apiAs, createTicket, DEMO_EMAIL, expect, seriousViolations, signIn, staffId, test } from './fixtures.ts';

interface StoredMail {
  destination: { to: string[] };
  replyTo: string[];
  subject: string;
  body: { text?: string };
}

/** The messages the SES emulator holds for one address. */
async function mailTo(address: string): Promise<StoredMail[]> {
  const store = (await (await fetch(`${process.env.HELPDESK_MAILBOX_URL}/store`)).json()) as { emails: StoredMail[] };
  return store.emails.filter((mail) => mail.destination.to.some((to) => to.includes(address)));
}

/** The customer's mail server delivering to the help desk's SMTP listener. */
async function sendAsCustomer(message: { from: string; to: string; subject: string; text: string }) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: Number(process.env.HELPDESK_SMTP_PORT),
    secure: false,
    ignoreTLS: true,
  });
  try {
    await transport.sendMail(message);
  } finally {
    transport.close();
  }
}

test("a public reply reaches the customer, and the customer's e-mail answer appears in the open ticket", async ({
  page,
}) => {
  const token = Date.now().toString(36);
  const customer = `trader-${token}@example.com`;
  const api = await apiAs(DEMO_EMAIL.manager);
  const ticket = await createTicket(api, {
    customerEmail: customer,
    subject: `Withdrawal pending ${token}`,
    priority: 'high',
    type: 'api',
    assignedToId: await staffId(api, DEMO_EMAIL.agent),
  });
  await api.dispose();

  await signIn(page, 'agent');
  // The link a notification e-mail carries opens the ticket's page.
  await page.goto(`/agent/tickets/${ticket.ticketId}`);
  const detail = page.getByRole('main');
  await expect(detail.getByRole('heading', { level: 1, name: ticket.ticketId })).toBeVisible();
  await expect(detail.getByText(`Withdrawal pending ${token}`)).toBeVisible();

  await detail
    .getByRole('textbox', { name: englishText('mail.replyLabel') })
    .fill(`Your withdrawal ${token} is being released now.`);
  await detail.getByRole('button', { name: englishText('mail.replyButton') }).click();
  await expect(detail.getByRole('listitem').filter({ hasText: `withdrawal ${token} is being released` })).toBeVisible();

  // The reply is in the customer's mailbox, answerable at its ticket's reply address.
  let reply: StoredMail | undefined;
  await expect
    .poll(async () => {
      reply = (await mailTo(customer)).find((mail) => mail.subject.startsWith('Re: '));
      return reply?.body.text ?? '';
    })
    .toContain(`Your withdrawal ${token} is being released now.`);
  const replyTo = /<?([^<>\s]+@[^<>\s]+)>?/.exec(reply!.replyTo[0]!)![1]!;
  expect(replyTo).toMatch(/^reply\+/);

  await sendAsCustomer({
    from: customer,
    to: replyTo,
    subject: reply!.subject,
    text: `Received, thank you! ${token}\n\nOn Monday the help desk wrote:\n> Your withdrawal is being released now.`,
  });

  // No reload: the live hint refreshes the open conversation.
  const answer = detail.getByRole('listitem').filter({ hasText: `Received, thank you! ${token}` });
  await expect(answer).toBeVisible({ timeout: 20_000 });
  await expect(answer.getByText(englishText('mail.customerMessage'))).toBeVisible();
  await expect(answer.getByText(englishText('mail.byEmail'))).toBeVisible();
  await expect(answer).not.toContainText('Your withdrawal is being released now.');
});

test('an admin sees Email Delivery, with its two lists, and it passes an accessibility scan', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByRole('link', { name: 'Email Delivery' }).click();
  await expect(page.getByRole('heading', { name: 'Email Delivery' })).toBeVisible();
  await expect(page.getByRole('heading', { name: englishText('mail.failedTitle') })).toBeVisible();
  await expect(page.getByRole('heading', { name: englishText('mail.refusedTitle') })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
