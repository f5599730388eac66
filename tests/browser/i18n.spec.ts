/**
 * The interface in six languages (docs/decisions/081-one-message-registry-and-lingui.md): a person switches language in
 * Settings and every screen follows at once, without a reload; a signed-out visitor gets the sign-in page in their
 * browser's language at first paint. Expected texts come from the catalogs themselves, formatted as the app does.
 */
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Browser, Page } from '@playwright/test';
import { LANGUAGES } from '#shared/constants.ts';
import de from '#shared/i18n/catalogs/de.json' with { type: 'json' };
import en from '#shared/i18n/catalogs/en.json' with { type: 'json' };
import es from '#shared/i18n/catalogs/es.json' with { type: 'json' };
import fr from '#shared/i18n/catalogs/fr.json' with { type: 'json' };
import ja from '#shared/i18n/catalogs/ja.json' with { type: 'json' };
import zh from '#shared/i18n/catalogs/zh.json' with { type: 'json' };
import type { MessageKey, MessageParams } from '#shared/i18n/messages.ts';
import { apiAs, createTicket, DEMO_EMAIL, expect, signIn, test } from './fixtures.ts';

type Language = (typeof LANGUAGES)[number];

const i18n = setupI18n({ messages: { en, es, fr, de, zh, ja } });
i18n.setMessagesCompiler(compileMessage);

/** A catalog's text in one language, its ICU arguments filled in. */
function text(language: Language, key: MessageKey, params?: MessageParams): string {
  i18n.activate(language);
  return i18n._(key, params);
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a deadline badge of a ticket still open reads in `language`: "{duration} left" with any duration. */
const timeLeft = (language: Language) =>
  new RegExp(escapeRegExp(text(language, 'deadline.left', { duration: '\u0000' })).replace('\u0000', '.+'));

/** A manager of this test's own, so that their language never changes what another spec sees. */
async function freshManager(browser: Browser, baseURL: string) {
  const stamp = Date.now();
  const account = { email: `i18n.${stamp}@example.com`, password: `Pw-${stamp}` };
  const admin = await browser.newContext({ baseURL });
  try {
    const page = await admin.newPage();
    await signIn(page, 'admin');
    const response = await page.request.post('/api/users', {
      data: { ...account, firstName: 'Lena', lastName: `Guas${stamp}`, role: 'manager' },
      headers: { Origin: baseURL },
    });
    expect(response.status()).toBe(201);
  } finally {
    await admin.close();
  }
  return account;
}

/** Settings → Preferences → Language, saved; the page is the one the person is on (no navigation by URL). */
async function switchLanguage(page: Page, from: Language, to: Language) {
  const nav = page.getByRole('navigation', { name: text(from, 'shell.mainNavigation') });
  await nav.getByRole('link', { name: text(from, 'nav.settings') }).click();
  await page.getByRole('tab', { name: text(from, 'settings.tab.preferences') }).click();
  const preferences = page.getByRole('tabpanel', { name: text(from, 'settings.tab.preferences') });
  await preferences.getByLabel(text(from, 'settings.language')).selectOption(to);
  await preferences.getByRole('button', { name: text(from, 'settings.save') }).click();
  // The confirmation toast is already in the new language.
  await expect(page.getByText(text(to, 'settings.saved'))).toBeVisible();
}

test('a person switches to each language: sidebar, dashboard, dialog, validation, toast and deadline badge follow without a reload', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { email, password } = await freshManager(browser, baseURL!);
  const api = await apiAs(DEMO_EMAIL.manager);
  const subject = `Languages ${Date.now()}`;
  const ticket = await createTicket(api, { subject, priority: 'low', customerEmail: 'lang@example.com' });
  await api.dispose();

  await signIn(page, 'manager', email, password);
  // A mark on the window survives only as long as the document: a reload would drop it.
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });

  let current: Language = 'en';
  for (const language of [...LANGUAGES.filter((each) => each !== 'en'), 'en'] as Language[]) {
    await switchLanguage(page, current, language);
    current = language;
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

    // The sidebar.
    const nav = page.getByRole('navigation', { name: text(language, 'shell.mainNavigation') });
    await expect(nav.getByRole('link', { name: text(language, 'nav.tickets') })).toBeVisible();

    // The dashboard, kept as a screenshot per language.
    await nav.getByRole('link', { name: text(language, 'nav.dashboard') }).click();
    await expect(page.getByRole('heading', { level: 1, name: text(language, 'nav.dashboard') })).toBeVisible();
    await expect(page.getByText(text(language, 'metrics.totalTickets'), { exact: true })).toBeVisible();
    await page.screenshot({ path: `test-results/browser/i18n/dashboard-${language}.png`, fullPage: true });

    // A ticket's dialog and its deadline badge.
    await nav.getByRole('link', { name: text(language, 'nav.tickets') }).click();
    await page.getByPlaceholder(text(language, 'ticketFilters.searchPlaceholder')).fill(subject);
    await page.getByRole('button', { name: text(language, 'ticketTable.view', { code: ticket.ticketId }) }).click();
    const details = page.getByRole('dialog', { name: ticket.ticketId });
    await expect(details.getByText(timeLeft(language)).first()).toBeVisible();
    await details.getByRole('button', { name: text(language, 'ticketDetail.close') }).click();
    await expect(details).toBeHidden();

    // A form dialog and a validation message in it.
    await page.getByRole('button', { name: text(language, 'tickets.create'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: text(language, 'createTicket.title') });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: text(language, 'tickets.create'), exact: true }).click();
    await expect(dialog.getByText(text(language, 'validation.subject.tooShort', { min: 5 }))).toBeVisible();
    await dialog.getByRole('button', { name: text(language, 'common.cancel') }).click();
    await expect(dialog).toBeHidden();
  }

  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('a signed-out visitor whose browser prefers Japanese gets the sign-in page in Japanese at first paint', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'ja-JP' });
  try {
    const page = await context.newPage();
    // What the document shows before the app's own code has run: the pre-rendered page the inline script chose.
    await page.route(/\/assets\/index-.*\.js$/, (route) => route.abort());
    await page.goto('/agent');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('button', { name: text('ja', 'signIn.submit') })).toBeVisible();
    await expect(page.getByLabel(text('ja', 'signIn.email'))).toBeVisible();
    await page.unroute(/\/assets\/index-.*\.js$/);

    // Once the app runs it keeps the page in Japanese, and signing in works from it.
    await page.reload();
    await expect(page.getByRole('button', { name: text('ja', 'signIn.submit') })).toBeVisible();
    await page.getByLabel(text('ja', 'signIn.email')).fill('nobody@example.com');
    await page.getByLabel(text('ja', 'signIn.password')).fill('wrong-password-1');
    await page.getByRole('button', { name: text('ja', 'signIn.submit') }).click();
    await expect(page.getByText(text('ja', 'error.auth.invalidCredentials'))).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a browser preferring no supported language gets English', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR' });
  try {
    const page = await context.newPage();
    await page.goto('/agent');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: text('en', 'signIn.submit') })).toBeVisible();
  } finally {
    await context.close();
  }
});
