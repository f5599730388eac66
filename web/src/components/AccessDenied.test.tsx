import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { t } from '../i18n/i18n.ts';
import { REDIRECT_AFTER_DENIAL_MS } from '#shared/constants.ts';
import { AccessDenied } from './AccessDenied.tsx';
import { Provider } from './ui/Provider.tsx';

/** A two-page router: the refusal at /denied, and / to be sent to. */
function renderDenied(message?: string) {
  const root = createRootRoute({ component: Outlet });
  const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <p>Home</p> });
  const denied = createRoute({
    getParentRoute: () => root,
    path: '/denied',
    component: () => <AccessDenied message={message} />,
  });
  const router = createRouter({
    routeTree: root.addChildren([home, denied]),
    history: createMemoryHistory({ initialEntries: ['/denied'] }),
  });
  render(
    <Provider>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

/** Lets the router and React settle while the clock is frozen. */
const settle = () => act(async () => {});

describe('AccessDenied', () => {
  it('says access is denied, then after 500 ms sends the user to /', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const router = renderDenied();
    await settle();

    expect(screen.getByRole('heading', { name: t('accessDenied.title') })).toBeTruthy();
    expect(screen.getByText(t('accessDenied.body'))).toBeTruthy();

    await act(async () => vi.advanceTimersByTime(REDIRECT_AFTER_DENIAL_MS - 1));
    expect(router.state.location.pathname).toBe('/denied');
    await act(async () => vi.advanceTimersByTime(1));
    await settle();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Home')).toBeTruthy();
  });

  it("shows a page's own refusal instead of the generic text", async () => {
    renderDenied(t('accessDenied.categories'));

    expect(await screen.findByRole('heading', { name: t('accessDenied.categories') })).toBeTruthy();
    expect(screen.queryByText(t('accessDenied.body'))).toBeNull();
  });
});
