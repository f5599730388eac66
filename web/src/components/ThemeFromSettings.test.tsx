import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, staffUser } from '../test/render-app.tsx';

afterEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
});

describe('the theme setting', () => {
  it.each([
    ['dark', 'light'],
    ['light', 'dark'],
  ] as const)('paints the signed-in app %s, replacing the %s remembered in this browser', async (theme, remembered) => {
    localStorage.setItem('theme', remembered);
    renderApp('/manager', {
      'GET /api/auth/user': { status: 200, body: staffUser('manager') },
      'GET /api/user/settings': { status: 200, body: { theme, timezone: 'UTC' } },
    });

    await waitFor(() => expect(document.documentElement.classList.contains(theme)).toBe(true));
    expect(document.documentElement.classList.contains(remembered)).toBe(false);
  });

  it('follows a saved change without a reload', async () => {
    let theme = 'light';
    const { queryClient } = renderApp('/manager', {
      'GET /api/auth/user': { status: 200, body: staffUser('manager') },
      'GET /api/user/settings': () => ({ status: 200, body: { theme, timezone: 'UTC' } }),
    });
    await waitFor(() => expect(document.documentElement.classList.contains('light')).toBe(true));

    theme = 'dark';
    await queryClient.invalidateQueries();

    await waitFor(() => expect(document.documentElement.classList.contains('dark')).toBe(true));
    expect(document.documentElement.classList.contains('light')).toBe(false);
  });
});
