/**
 * The Integrations page (docs/decisions/052-webhooks.md): an admin creates a webhook pointing at a real receiver on 127.0.0.1, sees its
 * secret once and copies it, sends a test, and sees the delivery; the receiver checks the signature with that secret.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import en from '#shared/i18n/catalogs/en.json' with { type: 'json' };
import { expect, signIn, test } from './fixtures.ts';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 that answers 204 and keeps what it got. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/helpdesk-events`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('an admin creates a webhook, sees its secret once, sends a test and sees it delivered', async ({
  page,
  context,
}) => {
  const receiver = await startReceiver();
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'admin');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Integrations' }).click();
    await expect(page).toHaveURL(/\/admin\/integrations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    await expect(page.getByRole('heading', { name: en['integrations.apiKeysTitle'] })).toBeVisible();

    await page.getByRole('button', { name: en['integrations.createWebhook'] }).click();
    const dialog = page.getByRole('dialog', { name: en['integrations.createWebhook'] });
    await dialog.getByLabel(en['integrations.webhookUrl']).fill(receiver.url);
    await dialog.getByLabel(en['integrations.webhookDescription']).fill('Browser test receiver');
    // Keyboard: the event checkboxes toggle with Space.
    await dialog.getByRole('checkbox', { name: /ticket\.rated/ }).focus();
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('checkbox', { name: /ticket\.rated/ })).not.toBeChecked();
    await dialog.getByRole('button', { name: en['integrations.createWebhook'] }).click();

    const created = page.getByRole('dialog', { name: en['integrations.webhookCreated'] });
    const secret = (await created.getByTestId('revealed-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await created.getByRole('button', { name: /copy signing secret/i }).click();
    await expect(created.getByRole('button', { name: /copied signing secret/i })).toContainText(
      en['integrations.copied'],
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const violations = (await new AxeBuilder({ page }).analyze()).violations.filter((v) =>
      ['serious', 'critical'].includes(v.impact ?? ''),
    );
    expect(violations.map((v) => v.id)).toEqual([]);
    await page.screenshot({ path: 'test-results/browser/screens/admin-webhook-secret.png' });
    await created.getByRole('button', { name: en['integrations.done'] }).click();
    await expect(created).toBeHidden();

    // Shown once: the list never shows it again.
    const row = page.getByRole('row').filter({ hasText: receiver.url });
    await expect(row).toContainText(en['integrations.active']);
    await expect(page.getByText(secret)).toHaveCount(0);

    await row.getByRole('button', { name: `${en['integrations.deliveries']} of ${receiver.url}` }).click();
    const deliveries = page.getByRole('dialog', { name: en['integrations.deliveriesTitle'] });
    await expect(deliveries.getByText(en['integrations.noDeliveries'])).toBeVisible();
    await deliveries.getByRole('button', { name: en['integrations.sendTest'] }).click();
    const delivered = deliveries.getByRole('row').filter({ hasText: 'ping' });
    await expect(delivered).toContainText('Delivered', { timeout: 15_000 });
    await expect(delivered).toContainText('HTTP 204');
    await page.screenshot({ path: 'test-results/browser/screens/admin-webhook-deliveries.png' });

    // The receiver got one signed ping, verifiable with the secret the page showed.
    expect(receiver.received).toHaveLength(1);
    const [ping] = receiver.received;
    const [t, v1] = String(ping!.headers['helpdesk-signature'])
      .split(',')
      .map((part) => part.split('=')[1]);
    expect(createHmac('sha256', secret).update(`${t}.${ping!.body}`).digest('hex')).toBe(v1);
    expect(JSON.parse(ping!.body)).toMatchObject({ type: 'ping', data: { webhook: { url: receiver.url } } });
    await deliveries.getByRole('button', { name: en['integrations.done'] }).click();

    // Deleted after confirmation.
    await row.getByRole('button', { name: `${en['integrations.deleteWebhook']} ${receiver.url}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(en['integrations.deleteWebhookConfirm']);
    await confirm.getByRole('button', { name: en['integrations.deleteWebhook'] }).click();
    await expect(page.getByRole('row').filter({ hasText: receiver.url })).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
