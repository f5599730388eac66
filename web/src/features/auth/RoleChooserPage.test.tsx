import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedOut, staffUser } from '../../test/render-app.tsx';

describe('role chooser', () => {
  it.each(['/', '/login-selection'])('offers the three role logins at %s when signed out', async (path) => {
    renderApp(path, { 'GET /api/auth/user': signedOut });

    expect(await screen.findByRole('heading', { name: 'Choose your role' })).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Administrator', '/admin'],
      ['Manager', '/manager'],
      ['Agent', '/agent'],
    ]);
  });

  it('opens the chosen role login screen', async () => {
    const { user } = renderApp('/', { 'GET /api/auth/user': signedOut });

    await user.click(await screen.findByRole('link', { name: 'Manager' }));

    expect(await screen.findByRole('heading', { name: 'Manager Login' })).toBeTruthy();
  });

  it.each([
    ['/', 'manager'],
    ['/login-selection', 'agent'],
    ['/staff', 'admin'],
    ['/agent-login', 'manager'],
    ['/admin-oauth', 'agent'],
  ] as const)('sends a signed-in %s visitor with role %s to their dashboard', async (path, role) => {
    const { router } = renderApp(path, { 'GET /api/auth/user': { status: 200, body: staffUser(role) } });

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${role}`));
  });
});
