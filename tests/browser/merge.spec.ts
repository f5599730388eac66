import { englishText } from '../english.ts';
import { apiAs, createTicket, DEMO_EMAIL, expect, seriousViolations, signIn, test } from './fixtures.ts';

const uniqueToken = () => `zq${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a manager merges a ticket into another from its page: warned first, the target shown, the thread moved', async ({
  page,
}) => {
  const token = uniqueToken();
  const admin = await apiAs(DEMO_EMAIL.admin);
  const email = `merge-${token}@example.com`;
  const source = await createTicket(admin, { customerEmail: email, subject: `Deposit missing ${token}` });
  const target = await createTicket(admin, { customerEmail: email, subject: `Deposit still missing ${token}` });
  const note = await admin.post(`/api/tickets/${source.id}/comments`, {
    data: { content: `Checked the chain ${token}`, isInternal: true },
  });
  expect(note.status()).toBe(201);
  await admin.dispose();

  await signIn(page, 'manager');
  await page.goto(`/manager/tickets/${source.ticketId}`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: englishText('merge.open') }).click();
  const dialog = page.getByRole('dialog', { name: englishText('merge.title', { code: source.ticketId }) });
  await expect(dialog.getByText(englishText('merge.cannotUndo', { code: source.ticketId }))).toBeVisible();
  const submit = dialog.getByRole('button', { name: englishText('merge.submit') });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel(englishText('merge.into')).fill('nonsense');
  await expect(dialog.getByText(englishText('merge.notACode'))).toBeVisible();
  await dialog.getByLabel(englishText('merge.into')).fill(target.ticketId);
  await expect(dialog.getByText(`“Deposit still missing ${token}” from ${email}`)).toBeVisible();
  expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
  await submit.click();

  // The target's page opens, with the source's note on its thread.
  await expect(page).toHaveURL(new RegExp(`/manager/tickets/${target.ticketId}$`));
  await expect(
    page.getByText(englishText('merge.done', { source: source.ticketId, target: target.ticketId })),
  ).toBeVisible();
  const moved = main.getByRole('listitem').filter({ hasText: `Checked the chain ${token}` });
  await expect(moved).toContainText(englishText('merge.fromTicket', { code: source.ticketId }));

  // The source says where it went, and links there.
  await page.goto(`/manager/tickets/${source.ticketId}`);
  const notice = main.getByText(englishText('merge.mergedInto'));
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: target.ticketId })).toHaveAttribute(
    'href',
    `/manager/tickets/${target.ticketId}`,
  );
  await expect(main.getByRole('button', { name: englishText('merge.open') })).toHaveCount(0);
});
