import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp, signedOut } from '../test/render-app.tsx';
import { SIGNED_OUT_PAGES } from '../test/signed-out-pages.ts';
import { i18n, t } from './i18n.ts';
import { INTL_LOCALES, type Language } from './languages.ts';

/**
 * The initial catalogs (ADR 081, amendment of 2026-11-26): whatever a visitor sees before signing in is worded from
 * its language's first part alone, the part the sign-in page loads; a text outside it would show as its key.
 */
const SIGN_IN_CATALOGS: Record<Language, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import('virtual:i18n-catalog/en'),
  es: () => import('virtual:i18n-catalog/es'),
  fr: () => import('virtual:i18n-catalog/fr'),
  de: () => import('virtual:i18n-catalog/de'),
  zh: () => import('virtual:i18n-catalog/zh'),
  ja: () => import('virtual:i18n-catalog/ja'),
};

const missing: string[] = [];
let stopListening = () => {};

beforeEach(() => {
  missing.length = 0;
  stopListening = i18n.on('missing', ({ id }) => missing.push(id));
});
afterEach(() => stopListening());

/** Makes `language` the active one with only its sign-in texts, as a visitor's browser has it. */
async function withSignInTextsOnly(language: Language): Promise<void> {
  const { messages } = await SIGN_IN_CATALOGS[language]();
  i18n.loadAndActivate({ locale: language, locales: [INTL_LOCALES[language]], messages: messages as never });
}

describe.each(Object.keys(SIGN_IN_CATALOGS) as Language[])('the %s sign-in texts', (language) => {
  it.each(SIGNED_OUT_PAGES)('word the page at %s', async (path, shown) => {
    await withSignInTextsOnly(language);
    renderApp(path, { 'GET /api/auth/user': signedOut });

    // Testing Library reads the page with its whitespace collapsed, French no-break spaces included.
    expect((await screen.findAllByText(t(shown).replace(/\s+/g, ' '))).length).toBeGreaterThan(0);
    expect(t(shown)).not.toBe(shown);
    expect(missing).toEqual([]);
  });

  it("word the sign-in form's problems and a refusal", { timeout: 20_000 }, async () => {
    await withSignInTextsOnly(language);
    const { user } = renderApp('/admin', {
      'GET /api/auth/user': signedOut,
      'POST /api/auth/agent-login': {
        status: 401,
        body: { message: 'Invalid credentials. Please try again.', code: 'error.auth.invalidCredentials' },
      },
    });
    const submit = await screen.findByRole('button', { name: t('signIn.submit') });

    await user.click(submit);
    expect(await screen.findByText(t('validation.email'))).toBeTruthy();
    expect(screen.getByText(t('validation.password.required'))).toBeTruthy();
    await user.type(screen.getByLabelText(t('signIn.email')), 'someone@example.com');
    await user.type(screen.getByLabelText(t('signIn.password')), 'Wrong-1234');
    await user.click(submit);

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(t('error.auth.invalidCredentials')));
    expect(missing).toEqual([]);
  });
});
