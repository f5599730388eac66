import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { t } from '../../i18n/i18n.ts';
import { renderApp } from '../../test/render-app.tsx';
import { listedTickets, ticketListRequests, ticketsApi } from './test-api.ts';
import { SIGNED_IN_AGENT_ID, ticketFixture } from './test-data.ts';

async function findTable(name = 'All tickets') {
  return screen.findByRole('table', { name });
}

async function findRow(ticketId: string) {
  const table = await findTable();
  return within(table).getByText(ticketId).closest('tr') as HTMLElement;
}

describe('All Tickets table', () => {
  it('shows the product columns, one row per ticket, with status, priority and the assignee or Unassigned', async () => {
    renderApp('/manager/tickets', ticketsApi('manager'));

    const table = await findTable();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    // The first column holds the select-all checkbox, named for assistive technology, and no text.
    expect(headers).toEqual([
      '',
      'Ticket ID',
      'Subject',
      'Customer',
      'Status',
      'Priority',
      'Assigned To',
      'Created',
      'Actions',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(1 + listedTickets.length);

    const first = within(await findRow('TKT-000001'));
    expect(first.getByText('Withdrawal stuck in pending')).toBeTruthy();
    expect(first.getByText('alice@example.com')).toBeTruthy();
    expect(first.getByText('In Progress')).toBeTruthy();
    expect(first.getByText('High')).toBeTruthy();
    expect(first.getByText('Dana Reyes')).toBeTruthy();
    expect(within(await findRow('TKT-000003')).getByText(t('common.unassigned'))).toBeTruthy();
  });

  it('shows each row only its most pressing SLA clock: the first response while awaited, else the resolution', async () => {
    const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const awaiting = ticketFixture({ firstResponseDueAt: hoursFromNow(1), deadline: hoursFromNow(8) });
    const answered = ticketFixture({
      id: 2,
      ticketId: 'TKT-000002',
      firstResponseDueAt: hoursFromNow(1),
      firstResponseAt: new Date().toISOString(),
      deadline: hoursFromNow(8),
    });
    renderApp(
      '/manager/tickets',
      ticketsApi('manager', {
        'GET /api/tickets': { status: 200, body: { tickets: [awaiting, answered], nextCursor: null } },
      }),
    );
    const clocksOf = async (ticketId: string) =>
      [...(await findRow(ticketId)).querySelectorAll('[data-clock]')].map((clock) => clock.getAttribute('data-clock'));
    expect(await clocksOf('TKT-000001')).toEqual(['first-response']);
    expect(await clocksOf('TKT-000002')).toEqual(['resolution']);
    expect(within(await findRow('TKT-000002')).getByText(t('sla.resolution'))).toBeTruthy();
  });

  it("dates each ticket in the user's time zone, not UTC", async () => {
    renderApp('/manager/tickets', ticketsApi('manager'));
    // 23:30 UTC on Jan 6 is already Jan 7 in Tokyo, the user's setting.
    const row = within(await findRow('TKT-000001'));
    await waitFor(() => expect(row.getByText('Jan 7, 2025')).toBeTruthy());
  });

  it('asks the server for up to 100 tickets, and searches once the typing pauses', async () => {
    const { user } = renderApp('/agent/tickets', ticketsApi('agent'));
    await findTable();
    expect(ticketListRequests().map((params) => params.toString())).toEqual(['limit=100']);

    await user.type(screen.getByPlaceholderText(t('ticketFilters.searchPlaceholder')), 'kyc');
    await waitFor(() => expect(ticketListRequests().at(-1)?.get('q')).toBe('kyc'));
    // One request for the whole word, none for 'k' or 'ky'.
    expect(ticketListRequests().map((params) => params.get('q'))).toEqual([null, 'kyc']);
  });

  it('sends the status and priority filters to the server together with the search', async () => {
    const { user } = renderApp('/agent/tickets', ticketsApi('agent'));
    await findTable();

    const status = screen.getByRole('combobox', { name: 'Filter by status' });
    const priority = screen.getByRole('combobox', { name: 'Filter by priority' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Status', 'Open', 'In Progress', 'Resolved', 'Closed']);
    expect(
      within(priority)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Priority', 'Low', 'Medium', 'High', 'Critical']);

    await user.selectOptions(status, 'in_progress');
    await user.selectOptions(priority, 'high');
    await user.type(screen.getByRole('searchbox', { name: 'Search tickets' }), 'TKT-1');
    await waitFor(() =>
      expect(Object.fromEntries(ticketListRequests().at(-1)!)).toEqual({
        limit: '100',
        status: 'in_progress',
        priority: 'high',
        q: 'TKT-1',
      }),
    );

    await user.selectOptions(status, '');
    await waitFor(() => expect(ticketListRequests().at(-1)?.has('status')).toBe(false));
  });

  it("says 'No tickets found matching your criteria' when nothing matches", async () => {
    renderApp(
      '/agent/tickets',
      ticketsApi('agent', { 'GET /api/tickets': { status: 200, body: { tickets: [], nextCursor: null } } }),
    );
    expect(await screen.findByText(t('tickets.noneMatch'))).toBeTruthy();
  });

  it('loads the next page with the cursor the server gave, until there is none', async () => {
    const pages = [
      { tickets: [listedTickets[0]], nextCursor: 'page-2' },
      { tickets: [listedTickets[1]], nextCursor: null },
    ];
    let call = 0;
    const { user } = renderApp(
      '/agent/tickets',
      ticketsApi('agent', { 'GET /api/tickets': () => ({ status: 200, body: pages[call++] }) }),
    );
    await findRow('TKT-000001');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await findRow('TKT-000002');
    expect(ticketListRequests().at(-1)?.get('cursor')).toBe('page-2');
    expect(screen.getByText('TKT-000001')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows why the list failed and tries again on request', async () => {
    // React and the router report the failed read on the console; that noise is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail = true;
    const { user } = renderApp(
      '/agent/tickets',
      ticketsApi('agent', {
        'GET /api/tickets': () =>
          fail
            ? { status: 503, body: { message: 'Service Unavailable' } }
            : { status: 200, body: { tickets: listedTickets, nextCursor: null } },
      }),
    );

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('503: Service Unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await findRow('TKT-000001');
  });
});

describe('row actions by role', () => {
  const actionsOf = async (ticketId: string) =>
    within(await findRow(ticketId))
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));

  it('gives an agent view on every ticket, edit only on their own, and never assign', async () => {
    renderApp('/agent/tickets', ticketsApi('agent'));
    expect(await actionsOf('TKT-000001')).toEqual(['View ticket TKT-000001', 'Edit ticket TKT-000001']);
    expect(await actionsOf('TKT-000002')).toEqual(['View ticket TKT-000002']);
  });

  it.each(['admin', 'manager'] as const)('gives a %s view, edit and assign on every ticket', async (role) => {
    renderApp(`/${role}/tickets`, ticketsApi(role));
    expect(await actionsOf('TKT-000002')).toEqual([
      'View ticket TKT-000002',
      'Edit ticket TKT-000002',
      'Assign ticket TKT-000002',
    ]);
  });
});

describe('tickets of one assignee (?assignedToId=)', () => {
  it('narrows the list to the person, names them in a chip, and the chip removes the filter', async () => {
    const { user, router } = renderApp('/manager/tickets?assignedToId=agent-2', ticketsApi('manager'));

    const chip = await screen.findByText('Assigned to: Priya Nair');
    expect(ticketListRequests()[0]?.get('assignedToId')).toBe('agent-2');

    await user.click(screen.getByRole('button', { name: 'Remove assignee filter' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(chip.isConnected).toBe(false);
    await waitFor(() => expect(ticketListRequests().at(-1)?.has('assignedToId')).toBe(false));
  });

  it('ignores an absurd assignedToId instead of failing the page', async () => {
    renderApp(`/manager/tickets?assignedToId=${'x'.repeat(500)}`, ticketsApi('manager'));
    await findTable();
    expect(ticketListRequests()[0]?.has('assignedToId')).toBe(false);
    expect(screen.queryByText(/Assigned to:/)).toBeNull();
  });

  it("'My tickets' shows the signed-in agent's own tickets", async () => {
    const mine = { tickets: [ticketFixture()], nextCursor: null };
    const { user } = renderApp(
      '/agent/tickets',
      ticketsApi('agent', { 'GET /api/tickets': { status: 200, body: mine } }),
    );
    await findTable();

    await user.click(screen.getByRole('button', { name: 'My tickets' }));
    expect(await screen.findByText('Assigned to: Me')).toBeTruthy();
    await waitFor(() => expect(ticketListRequests().at(-1)?.get('assignedToId')).toBe(SIGNED_IN_AGENT_ID));
    expect(screen.queryByRole('button', { name: 'My tickets' })).toBeNull();
  });
});
