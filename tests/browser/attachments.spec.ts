/**
 * A screenshot pasted into the composer goes to the attachments bucket (another origin, docs/decisions/094-attachments.md)
 * straight from the browser, is sent with the reply, shows as a thumbnail loaded through the download route's redirect,
 * and downloads as the very bytes pasted; the Content-Security-Policy allows all of it.
 */
import { readFile } from 'node:fs/promises';
import { englishText } from '../english.ts';
import { png } from '../files.ts';
import { apiAs, createTicket, DEMO_EMAIL, expect, seriousViolations, signIn, test } from './fixtures.ts';

const uniqueToken = () => `zq${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a pasted screenshot is uploaded, sent with the reply, shown as a thumbnail and downloaded byte for byte', async ({
  page,
}) => {
  const token = uniqueToken();
  const admin = await apiAs(DEMO_EMAIL.admin);
  const ticket = await createTicket(admin, {
    customerEmail: `files-${token}@example.com`,
    subject: `Screenshot ${token}`,
  });
  await admin.dispose();

  // Every CSP violation the page reports, from before its first script runs.
  await page.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = found;
    document.addEventListener('securitypolicyviolation', (event) => {
      found.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  await signIn(page, 'admin');
  await page.goto(`/admin/tickets/${ticket.ticketId}`);
  const main = page.getByRole('main');
  const reply = main.getByRole('textbox', { name: englishText('mail.replyLabel') });
  await expect(reply).toBeVisible();

  // A screenshot as a browser's clipboard holds one: an image file named `image.png`.
  const pasted = png(48, 32, Date.now() % 1000);
  await reply.evaluate(
    (textarea, bytes) => {
      const file = new File([new Uint8Array(bytes)], 'image.png', { type: 'image/png' });
      const clipboard = new DataTransfer();
      clipboard.items.add(file);
      textarea.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }),
      );
    },
    [...pasted],
  );

  const chosen = main.getByRole('list', { name: englishText('attachment.composerFiles') }).getByRole('listitem');
  await expect(chosen).toHaveCount(1);
  await expect(chosen).toContainText(/screenshot-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.png/);
  await expect(chosen).toContainText(englishText('attachment.ready'));
  const filename = /screenshot-[\d-]+\.png/.exec((await chosen.textContent()) ?? '')![0];
  expect(await seriousViolations(page, 'form')).toEqual([]);

  await reply.fill(`The screen you asked for ${token}`);
  await main.getByRole('button', { name: englishText('mail.replyButton') }).click();
  await expect(main.getByRole('list', { name: englishText('attachment.composerFiles') })).toHaveCount(0);

  // In the thread: the file, its size, that nothing scanned it, and its thumbnail loaded from the bucket.
  const message = main
    .getByRole('list', { name: englishText('mail.conversationLabel') })
    .getByRole('listitem')
    .filter({ hasText: `The screen you asked for ${token}` });
  const files = message.getByRole('list', { name: englishText('attachment.filesLabel') });
  await expect(files.getByRole('link', { name: filename })).toBeVisible();
  await expect(files).toContainText(englishText('attachment.notScanned'));
  const thumbnail = files.locator('img');
  await thumbnail.scrollIntoViewIfNeeded();
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBe(48);
  expect(await seriousViolations(page, `ul[aria-label="${englishText('attachment.filesLabel')}"]`)).toEqual([]);

  // Clicking the name downloads the very bytes pasted.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    files.getByRole('link', { name: filename }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(filename);
  const downloaded = await readFile((await download.path())!);
  expect(Buffer.compare(downloaded, pasted)).toBe(0);

  expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
});

test('a file over 25 MB dropped on the composer is refused there, before anything is uploaded', async ({ page }) => {
  const token = uniqueToken();
  const admin = await apiAs(DEMO_EMAIL.admin);
  const ticket = await createTicket(admin, { customerEmail: `big-${token}@example.com`, subject: `Big file ${token}` });
  await admin.dispose();

  await signIn(page, 'admin');
  await page.goto(`/admin/tickets/${ticket.ticketId}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('textbox', { name: englishText('mail.replyLabel') })).toBeVisible();
  let announced = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/attachments')) announced += 1;
  });
  const form = main.getByRole('form', { name: englishText('ticketDetail.addCommentForm') });
  // The file is made in the page: 25 MB and one byte, dragged in and dropped.
  const files = await form.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(25 * 1024 * 1024 + 1)], 'recording.pdf', { type: 'application/pdf' }));
    return transfer;
  });
  await form.dispatchEvent('dragenter', { dataTransfer: files });
  await expect(form.getByText(englishText('attachment.dropHere'))).toBeVisible();
  await form.dispatchEvent('dragover', { dataTransfer: files });
  await form.dispatchEvent('drop', { dataTransfer: files });
  await expect(form.getByText(englishText('attachment.dropHere'))).toHaveCount(0);
  await expect(main.getByRole('alert').filter({ hasText: 'recording.pdf' })).toHaveText(
    englishText('error.attachment.tooLarge', { filename: 'recording.pdf', max: 25 }),
  );
  await expect(main.getByRole('button', { name: englishText('mail.replyButton') })).toBeDisabled();
  expect(announced).toBe(0);
});
