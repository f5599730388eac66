import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { t } from './i18n/i18n.ts';
import { REDIRECT_AFTER_DENIAL_MS } from '#shared/constants.ts';
import { metrics } from './features/dashboard/test-data.ts';
import { renderApp, signedOut, staffUser } from './test/render-app.tsx';

// The screens' lists answer empty: each page renders itself, not its route's error.
const signedInAs = (role: 'admin' | 'manager' | 'agent') => ({
  'GET /api/auth/user': { status: 200, body: staffUser(role) },
  'GET /api/dashboard/metrics': { status: 200, body: metrics },
  'GET /api/tickets': { status: 200, body: { tickets: [], nextCursor: null } },
  'GET /api/agents': { status: 200, body: [] },
  'GET /api/categories': { status: 200, body: [] },
});

describe('signed-in routes', () => {
  it.each([
    ['/admin/tickets', 'All Tickets'],
    ['/admin/direct-tickets', 'Direct Tickets'],
    ['/admin/agents', 'Agent Management'],
    ['/admin/categories', 'Category Management'],
    ['/admin/analytics', 'AI Analytics'],
    ['/admin/settings', 'Settings'],
  ])('renders %s as the %s page inside the layout', async (path, heading) => {
    renderApp(path, signedInAs('admin'));

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('main').contains(screen.getByRole('heading', { level: 1 }))).toBe(true);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it.each([
    ['agent', '/admin/tickets', '/agent'],
    ['manager', '/agent', '/manager'],
    ['admin', '/manager/settings', '/admin'],
  ] as const)("sends a signed-in %s opening another role's page %s to %s", async (role, path, destination) => {
    const { router } = renderApp(path, signedInAs(role));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(destination);
  });

  it.each([
    ['manager', '/manager/categories'],
    ['agent', '/agent/agents'],
    ['agent', '/agent/analytics'],
  ] as const)('has no %s page at %s', async (role, path) => {
    renderApp(path, signedInAs(role));

    expect(await screen.findByRole('heading', { name: t('notFound.title') })).toBeTruthy();
  });

  it('tells a signed-out visitor they are logged out and starts sign-in after the delay', async () => {
    const { session } = renderApp('/manager/settings', { 'GET /api/auth/user': signedOut });

    expect(await screen.findByText(t('session.signedOutPage'))).toBeTruthy();
    expect(session.signIn).not.toHaveBeenCalled();
    await waitFor(() => expect(session.signIn).toHaveBeenCalledOnce(), { timeout: REDIRECT_AFTER_DENIAL_MS + 500 });
  });

  it('announces an expired session when a call fails with 401, then starts sign-in', async () => {
    const { session } = renderApp('/agent', {
      'GET /api/auth/user': { status: 200, body: staffUser('agent') },
      'GET /api/dashboard/metrics': { status: 401, body: { message: 'Unauthorized' } },
    });

    expect(await screen.findByText(t('session.signedOutTitle'))).toBeTruthy();
    expect(screen.getByText(t('session.signedOutBody'))).toBeTruthy();
    await waitFor(() => expect(session.signIn).toHaveBeenCalledOnce(), { timeout: REDIRECT_AFTER_DENIAL_MS + 500 });
  });

  it('offers a retry when the session cannot be checked', async () => {
    // The router reports the failed load on the console; that noise is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/admin', { 'GET /api/auth/user': { status: 503, body: { message: 'Service Unavailable' } } });

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('503: Service Unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('signed-out routes', () => {
  it.each(['/nope', '/admin/nope/deeper', '/tickets'])('shows the 404 page at %s', async (path) => {
    renderApp(path, { 'GET /api/auth/user': signedOut });

    expect(await screen.findByRole('heading', { name: t('notFound.title') })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('continues with an organization account from /admin-oauth', async () => {
    const { user, session } = renderApp('/admin-oauth', { 'GET /api/auth/user': signedOut });

    expect(await screen.findByRole('heading', { name: 'Admin & Manager Login' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue with organization account' }));

    expect(session.signIn).toHaveBeenCalledOnce();
  });

  it('leads agents from /admin-oauth to the agent login form', async () => {
    const { user, router } = renderApp('/admin-oauth', { 'GET /api/auth/user': signedOut });

    await user.click(await screen.findByRole('link', { name: 'Agent? Click here to login' }));

    expect(await screen.findByRole('heading', { name: 'Agent Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agent-login');
  });

  it('lists the product features on /landing and signs in from there', async () => {
    const { user, session } = renderApp('/landing', { 'GET /api/auth/user': signedOut });

    const features = await screen.findAllByRole('heading', { level: 3 });
    expect(features.map((heading) => heading.textContent)).toEqual([
      'Multi-role sign-in',
      'Automatic round-robin assignment',
      'Real-time performance analytics',
      'AI-powered insights',
      'Direct ticket creation',
    ]);
    await user.click(screen.getByRole('button', { name: 'Sign In to Continue' }));

    expect(session.signIn).toHaveBeenCalledOnce();
  });
});
