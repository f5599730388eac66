import { createMemoryHistory } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { t } from '../i18n/i18n.ts';
import type { User } from '#shared/schemas/user.ts';
import { createAppRoot } from '../app-root.tsx';
import { currentUserQuery } from '../features/auth/current-user.ts';
import { fakeFetch, renderApp, signedOut, staffUser } from '../test/render-app.tsx';
import { HELD_SUBMIT_ATTRIBUTE, PRERENDERED_ATTRIBUTE, SIGN_IN_PATHS } from './sign-in-paths.ts';
import { showsSignInPage } from './takeover.ts';

/** The app's router loaded at `path`, the current user known (or, for 'unreadable', its read failing). */
async function routerLoadedAt(path: string, user: User | null | 'unreadable') {
  const { router, queryClient } = createAppRoot(createMemoryHistory({ initialEntries: [path] }));
  if (user === 'unreadable') vi.stubGlobal('fetch', fakeFetch({ 'GET /api/auth/user': { status: 500 } }).fetch);
  else queryClient.setQueryData(currentUserQuery().queryKey, user);
  await router.load();
  return router;
}

describe('whether the app adopts a pre-rendered sign-in page', () => {
  it.each(SIGN_IN_PATHS)('does at %s with nobody signed in, the state the page was rendered in', async (path) => {
    expect(showsSignInPage(await routerLoadedAt(path, null), path)).toBe(true);
  });

  it('does not when someone is signed in: their dashboard is at that path', async () => {
    expect(showsSignInPage(await routerLoadedAt('/admin', staffUser('admin')), '/admin')).toBe(false);
  });

  it('does not when the path sends a signed-in visitor elsewhere', async () => {
    expect(showsSignInPage(await routerLoadedAt('/staff', staffUser('agent')), '/staff')).toBe(false);
  });

  it('does not when the router shows another path than the page', async () => {
    expect(showsSignInPage(await routerLoadedAt('/manager', null), '/admin')).toBe(false);
  });

  it('does not when the current user could not be read (the route shows its error)', async () => {
    expect(showsSignInPage(await routerLoadedAt('/admin', 'unreadable'), '/admin')).toBe(false);
  });
});

describe('the login form on a pre-rendered page', () => {
  /** #root as index.html's script leaves it: the page showing, and maybe a submit held back. */
  function prerenderedRoot(submitted: boolean): HTMLElement {
    const root = document.createElement('div');
    root.id = 'root';
    root.setAttribute(PRERENDERED_ATTRIBUTE, '/agent');
    if (submitted) root.setAttribute(HELD_SUBMIT_ATTRIBUTE, '');
    document.body.append(root);
    return root;
  }

  afterEach(() => document.getElementById('root')?.remove());

  it('handles a submit the visitor made before the app could, without another press', async () => {
    const root = prerenderedRoot(true);
    renderApp('/agent', { 'GET /api/auth/user': signedOut });

    // The form was empty: the held submit is validated, as a press of Sign In is.
    expect(await screen.findByText(t('validation.email'))).toBeTruthy();
    expect(root.hasAttribute(HELD_SUBMIT_ATTRIBUTE)).toBe(false);
  });

  it('ends the page’s life on its own, so index.html no longer holds submits back', async () => {
    const root = prerenderedRoot(false);
    renderApp('/agent', { 'GET /api/auth/user': signedOut });

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    await waitFor(() => expect(root.hasAttribute(PRERENDERED_ATTRIBUTE)).toBe(false));
    expect(screen.queryByText(t('validation.email'))).toBeNull();
  });
});
