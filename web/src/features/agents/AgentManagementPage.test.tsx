import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { t } from '../../i18n/i18n.ts';
import type { Role } from '#shared/constants.ts';
import type { StaffMember, WeekPerformance } from '#shared/schemas/user.ts';
import { type FakeRoutes, renderApp, staffUser } from '../../test/render-app.tsx';

function week(performanceScore: number, ticketsResolved: number): WeekPerformance {
  return {
    weekStarting: '2025-01-06',
    ticketsAssigned: ticketsResolved + 2,
    ticketsResolved,
    averageResponseTime: 30,
    averageResolutionTime: 120,
    customerRating: 4.5,
    performanceScore,
  };
}

function agent(id: string, role: Role, overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    ...staffUser(role, {
      id,
      email: `${id}@example.com`,
      firstName: id.charAt(0).toUpperCase() + id.slice(1),
      lastName: 'Stone',
    }),
    currentWeekPerformance: null,
    routing: { maxOpenTickets: null, categories: [], languages: [] },
    openTickets: 0,
    ...overrides,
  };
}

const admin = staffUser('admin', { id: 'admin-1' });
const manager = staffUser('manager', { id: 'manager-1' });

const STAFF: StaffMember[] = [
  agent('ada', 'admin', { createdAt: '2025-01-06T23:30:00.000Z' }),
  agent('max', 'manager'),
  agent('amy', 'agent'),
  agent('otto', 'agent', { isActive: false }),
];

/** The API of an admin (or `viewer`) on Agent Management; `extra` adds or overrides routes. */
function api(extra: FakeRoutes = {}, viewer = admin): FakeRoutes {
  return {
    'GET /api/auth/user': { status: 200, body: viewer },
    'GET /api/agents': { status: 200, body: STAFF },
    'GET /api/agents/performance': { status: 501, body: { message: 'Not implemented yet' } },
    'GET /api/dashboard/metrics': {
      status: 200,
      body: { overview: { totalTickets: 10, openTickets: 4 }, avgResponseTime: 95 },
    },
    'GET /api/user/settings': { status: 200, body: { timezone: 'Asia/Tokyo' } },
    'GET /api/routing/queue': { status: 200, body: [] },
    ...extra,
  };
}

async function findRow(name: RegExp) {
  const table = await screen.findByRole('table');
  return within(within(table).getByText(name).closest('tr') as HTMLElement);
}

/** Opens a row's action menu and chooses `action` with the keyboard (happy-dom has no pointer hover). */
async function openAction(user: ReturnType<typeof renderApp>['user'], who: string, action: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${who}` }));
  await screen.findByRole('menuitem', { name: action });
  for (let step = 0; step < 5; step++) {
    await user.keyboard('{ArrowDown}');
    if (screen.getByRole('menuitem', { name: action }).hasAttribute('data-highlighted')) break;
  }
  await user.keyboard('{Enter}');
  return within(await screen.findByRole(action === 'Deactivate User' ? 'alertdialog' : 'dialog'));
}

function card(label: string) {
  return screen.getByRole('group', { name: label }).textContent ?? '';
}

describe('Agent Management', () => {
  it('shows the counts, the rounded mean score of the ranked list and the real response time', async () => {
    renderApp(
      '/admin/agents',
      api({
        'GET /api/agents/performance': {
          status: 200,
          body: [
            agent('amy', 'agent', { currentWeekPerformance: week(91.6, 7) }),
            agent('max', 'manager', { currentWeekPerformance: week(70.2, 2) }),
          ],
        },
      }),
    );

    await findRow(/Amy Stone/);
    await waitFor(() => expect(card('Avg Performance')).toContain('81%'));
    expect(card('Total Agents')).toContain('4');
    expect(card('Active Agents')).toContain('3');
    // 95 minutes is over an hour: hours with one decimal, never the original's fixed '2.4h'.
    expect(card('Response Time')).toContain('1.6h');
    const amy = await findRow(/Amy Stone/);
    expect(amy.getByRole('progressbar', { name: 'Performance of Amy Stone' }).getAttribute('aria-valuenow')).toBe(
      '91.6',
    );
    expect(amy.getByText('92%')).toBeTruthy();
    expect(amy.getByText('7')).toBeTruthy();
  });

  it('falls back to the staff list when the ranking is not available (501)', async () => {
    renderApp('/admin/agents', api());

    const amy = await findRow(/Amy Stone/);
    expect(amy.getByText('No data yet')).toBeTruthy();
    // No tickets resolved, and none open (the routing counter).
    const table = screen.getByRole('table');
    const column = (name: string) =>
      within(table)
        .getAllByRole('columnheader')
        .findIndex((header) => header.textContent === name);
    const cells = amy.getAllByRole('cell');
    expect(cells[column(t('agents.column.resolved'))]!.textContent).toBe('0');
    // The open-tickets cell also holds the Routing button.
    expect(cells[column(t('agents.column.openTickets'))]!.textContent).toMatch(/^0\D/);
    expect(card('Avg Performance')).toContain('N/A');
  });

  it('labels roles, statuses, and the joining date in the user’s time zone', async () => {
    renderApp('/admin/agents', api());

    const ada = await findRow(/Ada Stone/);
    expect(ada.getByText('Administrator')).toBeTruthy();
    expect(ada.getByText('Active')).toBeTruthy();
    // Created 23:30 UTC on 6 January is 7 January in Tokyo.
    await waitFor(() => expect(ada.getByText('Jan 7, 2025')).toBeTruthy());
    expect((await findRow(/Otto Stone/)).getByText('Inactive')).toBeTruthy();
    expect((await findRow(/Max Stone/)).getByText('Manager')).toBeTruthy();
    expect((await findRow(/Amy Stone/)).getByText('Agent')).toBeTruthy();
  });

  it('says so when there are no agents', async () => {
    renderApp('/admin/agents', api({ 'GET /api/agents': { status: 200, body: [] } }));

    expect(await screen.findByText(t('agents.empty'))).toBeTruthy();
  });

  it('shows an error instead of the table when the list cannot be loaded', async () => {
    // React and the router report the failed read on the console; that noise is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/admin/agents', api({ 'GET /api/agents': { status: 500, body: { message: 'Internal server error' } } }));

    expect((await screen.findByRole('alert')).textContent).toContain('500: Internal server error');
  });

  it('gives a manager the list and the ticket links, but none of the admin actions', async () => {
    renderApp('/manager/agents', api({}, manager));

    const amy = await findRow(/Amy Stone/);
    expect(amy.getByRole('link', { name: 'View tickets of Amy Stone' }).getAttribute('href')).toBe(
      '/manager/tickets?assignedToId=amy',
    );
    expect(screen.queryByRole('button', { name: 'Create User' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
  });

  it('offers Deactivate only for active users other than the admin themself', async () => {
    const { user } = renderApp('/admin/agents', api({}, staffUser('admin', { id: 'ada' })));

    await user.click(await screen.findByRole('button', { name: 'Actions for Otto Stone' }));
    expect(await screen.findByRole('menuitem', { name: 'Update Role' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Deactivate User' })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Actions for Ada Stone' }));
    expect(await screen.findByRole('menuitem', { name: 'Reset Password' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Deactivate User' })).toBeNull();
  });

  describe('Create User', () => {
    it('checks the fields with the product messages before sending anything', async () => {
      const { user, requests } = renderApp('/admin/agents', api());

      await user.click(await screen.findByRole('button', { name: 'Create User' }));
      const dialog = within(await screen.findByRole('dialog'));
      await user.type(dialog.getByLabelText(/Email/), 'not-an-email');
      await user.type(dialog.getByLabelText(/Password/), '12345');
      await user.click(dialog.getByRole('button', { name: 'Create User' }));

      expect(await dialog.findByText(t('validation.email'))).toBeTruthy();
      expect(dialog.getByText(t('validation.firstName.required'))).toBeTruthy();
      expect(dialog.getByText(t('validation.lastName.required'))).toBeTruthy();
      expect(dialog.getByText(t('validation.password.tooShort', { min: 6 }))).toBeTruthy();
      expect(requests.some((request) => request.method === 'POST')).toBe(false);
    });

    it('creates the user, says so and refreshes the list', async () => {
      let created = false;
      const { user, requests } = renderApp(
        '/admin/agents',
        api({
          'GET /api/agents': () => ({ status: 200, body: created ? [...STAFF, agent('nia', 'manager')] : STAFF }),
          'POST /api/users': () => {
            created = true;
            return { status: 201, body: staffUser('manager', { id: 'nia' }) };
          },
        }),
      );

      await user.click(await screen.findByRole('button', { name: 'Create User' }));
      const dialog = within(await screen.findByRole('dialog'));
      await user.type(dialog.getByLabelText(/Email/), 'Nia@Example.com');
      await user.type(dialog.getByLabelText(/First Name/), 'Nia');
      await user.type(dialog.getByLabelText(/Last Name/), 'Stone');
      await user.type(dialog.getByLabelText(/Password/), 'secret1');
      await user.selectOptions(dialog.getByLabelText('Role'), 'manager');
      await user.click(dialog.getByRole('button', { name: 'Create User' }));

      expect(await screen.findByText(t('createUser.success'))).toBeTruthy();
      expect(requests.find((request) => request.path === '/api/users')?.body).toEqual({
        email: 'nia@example.com',
        firstName: 'Nia',
        lastName: 'Stone',
        password: 'secret1',
        role: 'manager',
      });
      expect(await findRow(/Nia Stone/)).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it("keeps the dialog open with the server's reason when the e-mail is taken (409)", async () => {
      const { user } = renderApp(
        '/admin/agents',
        api({ 'POST /api/users': { status: 409, body: { message: 'A user with this email already exists' } } }),
      );

      await user.click(await screen.findByRole('button', { name: 'Create User' }));
      const dialog = within(await screen.findByRole('dialog'));
      await user.type(dialog.getByLabelText(/Email/), 'amy@example.com');
      await user.type(dialog.getByLabelText(/First Name/), 'Amy');
      await user.type(dialog.getByLabelText(/Last Name/), 'Stone');
      await user.type(dialog.getByLabelText(/Password/), 'secret1');
      await user.click(dialog.getByRole('button', { name: 'Create User' }));

      expect((await dialog.findByRole('alert')).textContent).toBe('A user with this email already exists');
      expect(await screen.findByText(t('createUser.failed'))).toBeTruthy();
    });
  });

  describe('Reset Password', () => {
    it('reports a confirmation that does not match on the confirmation field', async () => {
      const { user, requests } = renderApp('/admin/agents', api());

      const dialog = await openAction(user, 'Amy Stone', 'Reset Password');
      await user.type(dialog.getByLabelText(/New Password/), 'secret1');
      await user.type(dialog.getByLabelText(/Confirm Password/), 'secret2');
      await user.click(dialog.getByRole('button', { name: 'Reset Password' }));

      expect(await dialog.findByText(t('form.passwordMismatch'))).toBeTruthy();
      expect(dialog.getByLabelText(/Confirm Password/).getAttribute('aria-invalid')).toBe('true');
      expect(requests.some((request) => request.method === 'PUT')).toBe(false);
    });

    it('sets the password and names the user in the confirmation', async () => {
      const { user, requests } = renderApp(
        '/admin/agents',
        api({ 'PUT /api/users/amy/password': { status: 200, body: STAFF[2] } }),
      );

      const dialog = await openAction(user, 'Amy Stone', 'Reset Password');
      await user.type(dialog.getByLabelText(/New Password/), 'secret1');
      await user.type(dialog.getByLabelText(/Confirm Password/), 'secret1');
      await user.click(dialog.getByRole('button', { name: 'Reset Password' }));

      expect(await screen.findByText(t('resetPassword.success', { email: 'amy@example.com' }))).toBeTruthy();
      expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ password: 'secret1' });
    });

    it('says when the reset failed', async () => {
      const { user } = renderApp('/admin/agents', api({ 'PUT /api/users/amy/password': { status: 500 } }));

      const dialog = await openAction(user, 'Amy Stone', 'Reset Password');
      await user.type(dialog.getByLabelText(/New Password/), 'secret1');
      await user.type(dialog.getByLabelText(/Confirm Password/), 'secret1');
      await user.click(dialog.getByRole('button', { name: 'Reset Password' }));

      expect(await screen.findByText(t('resetPassword.failed'))).toBeTruthy();
    });
  });

  describe('Update Role', () => {
    it('sends the chosen role and says so', async () => {
      const { user, requests } = renderApp(
        '/admin/agents',
        api({ 'PUT /api/users/amy/role': { status: 200, body: STAFF[2] } }),
      );

      const dialog = await openAction(user, 'Amy Stone', 'Update Role');
      expect((dialog.getByLabelText('Role') as HTMLSelectElement).value).toBe('agent');
      await user.selectOptions(dialog.getByLabelText('Role'), 'manager');
      await user.click(dialog.getByRole('button', { name: 'Update Role' }));

      expect(await screen.findByText(t('updateRole.success'))).toBeTruthy();
      expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ role: 'manager' });
    });

    it("says when it failed, with the server's reason", async () => {
      const { user } = renderApp(
        '/admin/agents',
        api({
          'PUT /api/users/ada/role': {
            status: 409,
            body: { message: 'The last active admin cannot be given another role' },
          },
        }),
      );

      const dialog = await openAction(user, 'Ada Stone', 'Update Role');
      await user.selectOptions(dialog.getByLabelText('Role'), 'agent');
      await user.click(dialog.getByRole('button', { name: 'Update Role' }));

      expect(await screen.findByText(t('updateRole.failed'))).toBeTruthy();
      expect(screen.getByText('The last active admin cannot be given another role')).toBeTruthy();
    });
  });

  describe('Deactivate User', () => {
    it('asks first, then deactivates', async () => {
      const { user, requests } = renderApp(
        '/admin/agents',
        api({ 'DELETE /api/users/amy': { status: 200, body: STAFF[2] } }),
      );

      const dialog = await openAction(user, 'Amy Stone', 'Deactivate User');
      expect(dialog.getByText(t('deactivateUser.confirm', { name: 'Amy Stone' }))).toBeTruthy();
      expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
      await user.click(dialog.getByRole('button', { name: 'Deactivate' }));

      expect(await screen.findByText(t('deactivateUser.success'))).toBeTruthy();
      expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
        '/api/users/amy',
      ]);
    });

    it('does nothing when cancelled', async () => {
      const { user, requests } = renderApp('/admin/agents', api());

      const dialog = await openAction(user, 'Amy Stone', 'Deactivate User');
      await user.click(dialog.getByRole('button', { name: 'Cancel' }));

      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    });

    it('says when it failed', async () => {
      const { user } = renderApp('/admin/agents', api({ 'DELETE /api/users/amy': { status: 500 } }));

      const dialog = await openAction(user, 'Amy Stone', 'Deactivate User');
      await user.click(dialog.getByRole('button', { name: 'Deactivate' }));

      expect(await screen.findByText(t('deactivateUser.failed'))).toBeTruthy();
    });
  });
});
