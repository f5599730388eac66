import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { metrics as dashboardMetrics } from '../dashboard/test-data.ts';
import { renderApp, staffUser } from '../../test/render-app.tsx';

const metrics = { status: 200, body: dashboardMetrics };

function setViewportWidth(width: number) {
  // happy-dom evaluates media queries, so Chakra's responsive styles apply as in a browser of this width.
  (window as unknown as { happyDOM: { setViewport(size: { width: number }): void } }).happyDOM.setViewport({ width });
}

async function findSidebar() {
  return within(await screen.findByRole('navigation', { name: 'Main' }));
}

describe('sidebar', () => {
  it.each([
    [
      'admin',
      [
        ['Dashboard', '/admin'],
        ['All Tickets', '/admin/tickets'],
        ['Direct Tickets', '/admin/direct-tickets'],
        ['Macros', '/admin/macros'],
        ['Agent Management', '/admin/agents'],
        ['Category Management', '/admin/categories'],
        ['AI Analytics', '/admin/analytics'],
        ['Integrations', '/admin/integrations'],
        ['Audit Log', '/admin/audit'],
        ['Email Delivery', '/admin/mail'],
        ['Desk Settings', '/admin/desk-settings'],
        ['Settings', '/admin/settings'],
        ['Pending Approvals', '/admin/approvals'],
      ],
    ],
    [
      'manager',
      [
        ['Dashboard', '/manager'],
        ['All Tickets', '/manager/tickets'],
        ['Direct Tickets', '/manager/direct-tickets'],
        ['Macros', '/manager/macros'],
        ['Agent Management', '/manager/agents'],
        ['AI Analytics', '/manager/analytics'],
        ['Settings', '/manager/settings'],
      ],
    ],
    [
      'agent',
      [
        ['Dashboard', '/agent'],
        ['All Tickets', '/agent/tickets'],
        ['Direct Tickets', '/agent/direct-tickets'],
        ['Macros', '/agent/macros'],
        ['Settings', '/agent/settings'],
      ],
    ],
  ] as const)('shows a signed-in %s exactly their items under their base', async (role, expected) => {
    // A failing metrics call keeps badges out of the link texts compared here.
    renderApp(`/${role}`, {
      'GET /api/auth/user': { status: 200, body: staffUser(role) },
      'GET /api/dashboard/metrics': { status: 500 },
    });

    const sidebar = await findSidebar();
    const links = sidebar.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(expected);
  });

  it('badges All Tickets with the total and Direct Tickets with the open count', async () => {
    renderApp('/manager', {
      'GET /api/auth/user': { status: 200, body: staffUser('manager') },
      'GET /api/dashboard/metrics': metrics,
    });

    const sidebar = await findSidebar();
    await waitFor(() => expect(sidebar.getByRole('link', { name: /All Tickets/ }).textContent).toBe('All Tickets42'));
    expect(sidebar.getByRole('link', { name: /Direct Tickets/ }).textContent).toBe('Direct Tickets7');
  });

  it('hides the badges when the metrics are not available yet (404)', async () => {
    const { requests } = renderApp('/agent', {
      'GET /api/auth/user': { status: 200, body: staffUser('agent') },
    });

    const sidebar = await findSidebar();
    await waitFor(() => expect(requests.some((request) => request.path === '/api/dashboard/metrics')).toBe(true));
    expect(sidebar.getByRole('link', { name: /All Tickets/ }).textContent).toBe('All Tickets');
    expect(sidebar.getByRole('link', { name: /Direct Tickets/ }).textContent).toBe('Direct Tickets');
  });

  it('marks the current page, and only the dashboard on the dashboard', async () => {
    const { user } = renderApp('/admin', {
      'GET /api/auth/user': { status: 200, body: staffUser('admin') },
      'GET /api/dashboard/metrics': metrics,
    });

    const sidebar = await findSidebar();
    const current = () => sidebar.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current().map((link) => link.textContent)).toEqual(['Dashboard']);

    await user.click(sidebar.getByRole('link', { name: 'Settings' }));

    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(current().map((link) => link.textContent)).toEqual(['Settings']);
  });

  it.each([
    [{ firstName: 'Dana', lastName: 'Reyes' }, 'DR', 'Dana Reyes'],
    [{ firstName: '', lastName: '', email: 'ops@example.com' }, 'O', 'ops@example.com'],
  ])('shows the user card for %o', async (names, initials, name) => {
    renderApp('/manager', {
      'GET /api/auth/user': { status: 200, body: staffUser('manager', names) },
      'GET /api/dashboard/metrics': metrics,
    });

    await findSidebar();
    expect(screen.getByText(initials)).toBeTruthy();
    expect(screen.getByText(name)).toBeTruthy();
    expect(screen.getByText('Manager')).toBeTruthy();
  });

  it('signs out through /api/logout', async () => {
    const { user, session } = renderApp('/agent', {
      'GET /api/auth/user': { status: 200, body: staffUser('agent') },
      'GET /api/dashboard/metrics': metrics,
    });

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(session.signOut).toHaveBeenCalledOnce();
  });

  it('opens the navigation in a drawer from the menu button on a phone, and closes it on navigation', async () => {
    setViewportWidth(375);
    onTestFinished(() => setViewportWidth(1024));
    const { user } = renderApp('/agent', {
      'GET /api/auth/user': { status: 200, body: staffUser('agent') },
      'GET /api/dashboard/metrics': metrics,
    });

    // Below 768 px the fixed sidebar is hidden and the menu button takes its place.
    const menuButton = await screen.findByRole('button', { name: 'Open navigation' });
    expect(screen.queryAllByRole('navigation', { name: 'Main' })).toHaveLength(0);
    await user.click(menuButton);
    const drawer = within(await screen.findByRole('dialog', { name: 'Navigation' }));
    await user.click(drawer.getByRole('link', { name: 'Settings' }));

    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
