import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { t } from '../../i18n/i18n.ts';
import { renderApp, signedOut } from '../../test/render-app.tsx';
import { SIGNED_OUT_PAGES } from '../../test/signed-out-pages.ts';
import { system } from './system.ts';
import * as rest from './theme-rest.ts';

/**
 * The design system in two parts (ADR 101): no signed-out page asks the system for a recipe of the second part, which
 * the first page's JavaScript does not carry; such a component would render unstyled until someone signs in.
 */
const asked = new Set<string>();
const { getRecipeFn, getSlotRecipeFn } = system;

beforeEach(() => {
  asked.clear();
  vi.spyOn(system, 'getRecipeFn').mockImplementation((key, fallback) => {
    asked.add(key);
    return getRecipeFn(key, fallback);
  });
  vi.spyOn(system, 'getSlotRecipeFn').mockImplementation((key, fallback) => {
    asked.add(key);
    return getSlotRecipeFn(key, fallback);
  });
});

afterEach(() => {
  const later = [...Object.keys(rest.recipes), ...Object.keys(rest.slotRecipes)];
  expect([...asked].filter((key) => later.includes(key))).toEqual([]);
});

describe("the first page's recipes", () => {
  it.each(SIGNED_OUT_PAGES)('style the page at %s', async (path, shown) => {
    renderApp(path, { 'GET /api/auth/user': signedOut });
    expect((await screen.findAllByText(t(shown))).length).toBeGreaterThan(0);
    expect(asked.size).toBeGreaterThan(0);
  });

  it("style the sign-in form's problems and a refusal", { timeout: 20_000 }, async () => {
    const { user } = renderApp('/admin', {
      'GET /api/auth/user': signedOut,
      'POST /api/auth/agent-login': {
        status: 401,
        body: { message: 'Invalid credentials. Please try again.', code: 'error.auth.invalidCredentials' },
      },
    });
    const submit = await screen.findByRole('button', { name: t('signIn.submit') });
    await user.click(submit);
    await user.type(screen.getByLabelText(t('signIn.email')), 'someone@example.com');
    await user.type(screen.getByLabelText(t('signIn.password')), 'Wrong-1234');
    await user.click(submit);

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(t('error.auth.invalidCredentials')));
    expect(asked).toContain('alert');
  });
});
