/**
 * What a reader of each language sees at 1280 px (docs/decisions/081-one-message-registry-and-lingui.md): the overdue
 * badges, Agent Management and Settings keep every badge and tab on one line, whole, in all six languages; and a
 * customer's e-mails as their mail program shows them. Each screen and e-mail is kept as a screenshot under
 * test-results/browser/languages/ for a native reader to review.
 */
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Locator, Page } from '@playwright/test';
import { CATALOGS } from '#functions/mail/templates/index.ts';
import { ratingPageHtml } from '#functions/mail/templates/rating-page.ts';
import { acknowledgementMail, replyMail, resolutionMail } from '#functions/mail/templates/render.ts';
import { type Language, LANGUAGES } from '#shared/constants.ts';
import de from '#shared/i18n/catalogs/de.json' with { type: 'json' };
import en from '#shared/i18n/catalogs/en.json' with { type: 'json' };
import es from '#shared/i18n/catalogs/es.json' with { type: 'json' };
import fr from '#shared/i18n/catalogs/fr.json' with { type: 'json' };
import ja from '#shared/i18n/catalogs/ja.json' with { type: 'json' };
import zh from '#shared/i18n/catalogs/zh.json' with { type: 'json' };
import type { MessageKey } from '#shared/i18n/messages.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { apiAs, DEMO_EMAIL, expect, test } from './fixtures.ts';

const SHOTS = 'test-results/browser/languages';

const i18n = setupI18n({ messages: { en, es, fr, de, zh, ja } });
i18n.setMessagesCompiler(compileMessage);

const text = (language: Language, key: MessageKey): string => {
  i18n.activate(language);
  return i18n._(key);
};

/** An administrator of this test's own, so that switching their language never changes what another spec sees. */
async function freshAdmin() {
  const stamp = Date.now();
  const account = { email: `layout.${stamp}@example.com`, password: `Pw-${stamp}` };
  const api = await apiAs(DEMO_EMAIL.admin);
  try {
    const response = await api.post('/api/users', {
      data: { ...account, firstName: 'Lena', lastName: `Layout${stamp}`, role: 'admin' },
    });
    expect(response.status()).toBe(201);
    return { ...account, id: ((await response.json()) as { id: string }).id };
  } finally {
    await api.dispose();
  }
}

/**
 * Deactivates a test's own admin, so that later specs find the desk with one active admin and their admin actions run
 * at once (docs/decisions/095-four-eyes-approval.md: with two, they would wait for a second admin).
 */
async function retireAdmin(id: string) {
  const api = await apiAs(DEMO_EMAIL.admin);
  try {
    expect((await api.delete(`/api/users/${id}`)).status()).toBe(200);
  } finally {
    await api.dispose();
  }
}

/** Signed in through the API in the page's own context (its cookies), then the app opened: no form to wait for. */
async function signedInAs(page: Page, baseURL: string, account: { email: string; password: string }) {
  const login = await page.request.post('/api/auth/agent-login', { data: account, headers: { Origin: baseURL } });
  expect(login.ok()).toBe(true);
  await page.goto('/admin');
  await expect(page.getByRole('navigation').first()).toBeVisible({ timeout: 30_000 });
}

/** The person's saved language, through the settings API, then the page loaded again in it. */
async function saveLanguage(page: Page, baseURL: string, language: Language) {
  const settings = await (await page.request.get('/api/user/settings')).json();
  const saved = await page.request.put('/api/user/settings', {
    data: { ...settings, language },
    headers: { Origin: baseURL },
  });
  expect(saved.status()).toBe(200);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', language, { timeout: 30_000 });
}

interface Fit {
  text: string;
  clipped: boolean;
  lines: number;
}

/**
 * How each badge and tab in `scope` fits: clipped when its content is wider than its box, and the number of lines its
 * text takes (text nodes whose tops differ by more than half a line).
 */
async function fits(scope: Locator): Promise<Fit[]> {
  return scope.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>('.chakra-badge, [role="tab"]')]
      .filter((element) => element.offsetParent !== null)
      .map((element) => {
        const tops: number[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) if (rect.width > 0) tops.push(rect.top);
        }
        const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight) || 16;
        const lines =
          tops.length === 0 ? 0 : 1 + Math.floor((Math.max(...tops) - Math.min(...tops)) / (lineHeight / 2));
        return {
          text: element.textContent ?? '',
          clipped: element.scrollWidth > element.clientWidth + 1,
          lines: Math.min(lines, 2),
        };
      }),
  );
}

/** Every badge and tab whole and on one line: the list of those that are not (empty when all fit). */
const misfits = (found: Fit[]) =>
  found
    .filter((fit) => fit.clipped || fit.lines > 1)
    .map((fit) => `${fit.text} (${fit.clipped ? 'clipped' : 'wrapped'})`);

test('the overdue badges, Agent Management and Settings fit on one line at 1280 px in every language', async ({
  page,
  baseURL,
}) => {
  // Six languages, three screens each, on a shared two-core machine.
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const admin = await freshAdmin();
  try {
    await checkLayouts(page, baseURL!, admin);
  } finally {
    await retireAdmin(admin.id);
  }
});

async function checkLayouts(page: Page, baseURL: string, admin: { email: string; password: string }) {
  await signedInAs(page, baseURL, admin);
  // The demo data holds overdue tickets; which ones depends on when it was seeded, so ask the server.
  const overdue = (await (await page.request.get('/api/tickets/overdue')).json()) as Ticket[];
  expect(overdue.length).toBeGreaterThan(0);

  for (const language of LANGUAGES) {
    await saveLanguage(page, baseURL, language);
    const nav = page.getByRole('navigation', { name: text(language, 'shell.mainNavigation') });

    await nav.getByRole('link', { name: text(language, 'nav.dashboard') }).click();
    const panel = page.getByRole('region', { name: text(language, 'overdue.title') });
    await expect(panel.getByRole('listitem').filter({ hasText: overdue[0]!.ticketId })).toBeVisible({
      timeout: 30_000,
    });
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: `${SHOTS}/overdue-${language}.png` });
    const badges = await fits(panel);
    expect(badges.length, 'badges found').toBeGreaterThan(0);
    expect(misfits(badges), `${language}: dashboard`).toEqual([]);

    await nav.getByRole('link', { name: text(language, 'nav.agents') }).click();
    await expect(page.getByRole('heading', { level: 1, name: text(language, 'nav.agents') })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/agents-${language}.png`, fullPage: true });
    expect(misfits(await fits(page.getByRole('main'))), `${language}: Agent Management`).toEqual([]);

    await nav.getByRole('link', { name: text(language, 'nav.settings'), exact: true }).click();
    await expect(page.getByRole('tab', { name: text(language, 'settings.tab.preferences') })).toBeVisible();
    // The tab whose name was the page's own in German; every tab's name is checked with it.
    await page.getByRole('tab', { name: text(language, 'settings.tab.preferences') }).click();
    await expect(page.getByRole('tabpanel', { name: text(language, 'settings.tab.preferences') })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/settings-${language}.png` });
    expect(misfits(await fits(page.getByRole('main'))), `${language}: Settings`).toEqual([]);
  }
  await saveLanguage(page, baseURL, 'en');
}

test('a customer’s e-mails and rating page in each language, kept as images for review', async ({ page }) => {
  // Twenty-four documents rendered and shot on a shared two-core machine.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 720, height: 900 });
  const ticket = { code: 'TKT-000042', subject: 'Withdrawal stuck: card [redacted:cardNumber] charged twice' };
  for (const language of LANGUAGES) {
    const catalog = CATALOGS[language];
    const mails = {
      acknowledgement: acknowledgementMail(catalog, ticket).html,
      reply: replyMail(catalog, ticket, {
        content:
          'Thank you. Please never send your recovery words: [redacted:seedPhrase]. The withdrawal to 0x742d35Cc6634C0532925a3b844Bc454e4438f44e is on its way.',
        authorFirstName: 'Maria',
      }).html,
      resolution: resolutionMail(catalog, ticket, { url: 'https://desk.example/r/42.token', validDays: 7 }).html,
      rating: ratingPageHtml(catalog, { kind: 'form', ticket }),
    };
    for (const [kind, html] of Object.entries(mails)) {
      await page.setContent(html);
      await expect(page.locator('html')).toHaveAttribute('lang', catalog.tag);
      // The markers read in the customer's language, never as the stored kind (a reply's body holds no subject).
      const marker = kind === 'reply' ? catalog.redacted.seedPhrase : catalog.redacted.cardNumber;
      await expect(page.locator('body')).toContainText(marker);
      await expect(page.locator('body')).not.toContainText('[redacted:');
      await page.screenshot({ path: `${SHOTS}/mail-${kind}-${language}.png`, fullPage: true });
    }
  }
});
