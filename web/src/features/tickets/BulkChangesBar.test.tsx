import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '../../i18n/i18n.ts';
import { type FakeRequest, renderApp } from '../../test/render-app.tsx';
import { listedTickets, ticketListRequests, ticketsApi } from './test-api.ts';

/** The selection checkboxes and the bulk changes bar of the tickets lists (docs/product.md §2 "Tickets table"). */

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const findBar = () => screen.findByRole('region', { name: 'Bulk changes' });
const bulkRequests = (requests: FakeRequest[]) =>
  requests.filter((request) => request.method === 'POST' && request.path === '/api/tickets/bulk');

describe('selecting tickets', () => {
  it('gives every row a named checkbox and the header one for the page; the bar appears with the first', async () => {
    const { user } = renderApp('/manager/tickets', ticketsApi('manager'));
    await screen.findByRole('table', { name: 'All tickets' });
    for (const ticket of listedTickets) expect(checkbox(`Select ${ticket.ticketId}`).checked).toBe(false);
    expect(screen.queryByRole('region', { name: 'Bulk changes' })).toBeNull();

    await user.click(checkbox('Select TKT-000002'));
    const bar = within(await findBar());
    expect(bar.getByText('1 selected')).toBeTruthy();
    expect(checkbox('Select all tickets on this page').indeterminate).toBe(true);

    await user.click(checkbox('Select all tickets on this page'));
    expect(bar.getByText('3 selected')).toBeTruthy();
    expect(listedTickets.every((ticket) => checkbox(`Select ${ticket.ticketId}`).checked)).toBe(true);

    await user.click(checkbox('Select all tickets on this page'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk changes' })).toBeNull());
  });

  it('is reached with Tab and toggled with Space', async () => {
    const { user } = renderApp('/manager/tickets', ticketsApi('manager'));
    await screen.findByRole('table', { name: 'All tickets' });

    checkbox('Select all tickets on this page').focus();
    await user.tab();
    expect(document.activeElement).toBe(checkbox('Select TKT-000001'));
    await user.keyboard(' ');
    expect(within(await findBar()).getByText('1 selected')).toBeTruthy();
    expect(checkbox('Select TKT-000001').checked).toBe(true);
  });

  it('offers status, priority and assignee to a manager, and Clear selection empties it', async () => {
    const { user } = renderApp('/manager/tickets', ticketsApi('manager'));
    await screen.findByRole('table', { name: 'All tickets' });
    await user.click(checkbox('Select TKT-000001'));
    const bar = within(await findBar());

    expect(bar.getAllByRole('combobox')).toHaveLength(3);
    const assignee = bar.getByRole('combobox', { name: 'Assign to' });
    await waitFor(() =>
      expect(
        within(assignee)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['No change', 'Dana Reyes (Agent)', 'Priya Nair (Agent)', 'Maria Santos (Manager)']),
    );
    expect(bar.getByRole('button', { name: 'Apply' }).hasAttribute('disabled')).toBe(true);

    await user.click(bar.getByRole('button', { name: 'Clear selection' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk changes' })).toBeNull());
    expect(checkbox('Select TKT-000001').checked).toBe(false);
  });

  it('offers an agent no assignee: agents do not assign', async () => {
    const { user } = renderApp('/agent/tickets', ticketsApi('agent'));
    await screen.findByRole('table', { name: 'All tickets' });
    await user.click(checkbox('Select TKT-000001'));
    const bar = within(await findBar());

    expect(bar.getByRole('combobox', { name: 'Set status' })).toBeTruthy();
    expect(bar.getByRole('combobox', { name: 'Set priority' })).toBeTruthy();
    expect(bar.queryByRole('combobox', { name: 'Assign to' })).toBeNull();
  });
});

describe('applying a bulk change', () => {
  it('sends the chosen change for the selected tickets, counts what changed and what was refused, keeps the refused selected and refetches', async () => {
    const { user, requests } = renderApp(
      '/agent/tickets',
      ticketsApi('agent', {
        'POST /api/tickets/bulk': {
          status: 200,
          body: {
            results: [
              { id: 1, ok: true },
              { id: 2, ok: false, code: 'error.ticket.editDenied' },
              { id: 3, ok: false, code: 'error.ticket.editDenied' },
            ],
          },
        },
      }),
    );
    await screen.findByRole('table', { name: 'All tickets' });
    await user.click(checkbox('Select all tickets on this page'));
    const bar = within(await findBar());
    const listReads = ticketListRequests().length;

    await user.selectOptions(bar.getByRole('combobox', { name: 'Set status' }), 'closed');
    await user.click(bar.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('1 ticket changed, 2 refused')).toBeTruthy();
    expect(
      screen.getByText(
        "The refused tickets stay selected. TKT-000002 and TKT-000003: You don't have permission to edit this ticket.",
      ),
    ).toBeTruthy();
    expect(bulkRequests(requests).map((request) => request.body)).toEqual([
      { ticketIds: [1, 2, 3], changes: { status: 'closed' } },
    ]);
    await waitFor(() => expect(checkbox('Select TKT-000001').checked).toBe(false));
    expect(checkbox('Select TKT-000002').checked).toBe(true);
    expect(checkbox('Select TKT-000003').checked).toBe(true);
    expect(within(await findBar()).getByText('2 selected')).toBeTruthy();
    expect(ticketListRequests().length).toBeGreaterThan(listReads);
  });

  it('says so when every ticket changed, and the bar goes away', async () => {
    const { user, requests } = renderApp(
      '/manager/tickets',
      ticketsApi('manager', {
        'POST /api/tickets/bulk': (body) => ({
          status: 200,
          body: { results: (body as { ticketIds: number[] }).ticketIds.map((id) => ({ id, ok: true })) },
        }),
      }),
    );
    await screen.findByRole('table', { name: 'All tickets' });
    await user.click(checkbox('Select TKT-000001'));
    await user.click(checkbox('Select TKT-000003'));
    const bar = within(await findBar());

    await user.selectOptions(bar.getByRole('combobox', { name: 'Set priority' }), 'critical');
    await waitFor(() => expect(bar.getAllByRole('option', { name: 'Priya Nair (Agent)' })).toHaveLength(1));
    await user.selectOptions(bar.getByRole('combobox', { name: 'Assign to' }), 'agent-2');
    await user.click(bar.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('2 tickets changed, 0 refused')).toBeTruthy();
    expect(bulkRequests(requests).map((request) => request.body)).toEqual([
      { ticketIds: [1, 3], changes: { priority: 'critical', assignedToId: 'agent-2' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk changes' })).toBeNull());
  });

  it('keeps the selection and says so when the request fails as a whole', async () => {
    const { user } = renderApp(
      '/manager/tickets',
      ticketsApi('manager', {
        'POST /api/tickets/bulk': { status: 503, body: { message: 'Service Unavailable', code: 'error.unavailable' } },
      }),
    );
    await screen.findByRole('table', { name: 'All tickets' });
    await user.click(checkbox('Select TKT-000002'));
    const bar = within(await findBar());

    await user.selectOptions(bar.getByRole('combobox', { name: 'Set status' }), 'resolved');
    await user.click(bar.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText(t('bulkChanges.failed'))).toBeTruthy();
    expect(checkbox('Select TKT-000002').checked).toBe(true);
    expect(bar.getByText('1 selected')).toBeTruthy();
  });
});

describe('linking the selected tickets to an incident', () => {
  it('sends the incident typed as a code or a number, and the toast counts as for any change', async () => {
    const { user, requests } = renderApp(
      '/agent/tickets',
      ticketsApi('agent', {
        'POST /api/tickets/bulk': {
          status: 200,
          body: {
            results: [
              { id: 1, ok: true },
              { id: 2, ok: false, code: 'error.ticket.editDenied' },
            ],
          },
        },
      }),
    );
    await screen.findByRole('table', { name: 'All tickets' });
    await user.click(checkbox('Select TKT-000001'));
    await user.click(checkbox('Select TKT-000002'));
    const bar = within(await findBar());
    const field = bar.getByRole('textbox', { name: t('bulkChanges.incident') });
    const apply = bar.getByRole('button', { name: 'Apply' });

    await user.type(field, 'incident five');
    expect(bar.getByText(t('incident.notACode'))).toBeTruthy();
    expect(apply.hasAttribute('disabled')).toBe(true);
    await user.clear(field);
    await user.type(field, 'tkt-42');
    await waitFor(() => expect(apply.hasAttribute('disabled')).toBe(false));
    await user.click(apply);

    expect(await screen.findByText('1 ticket changed, 1 refused')).toBeTruthy();
    expect(bulkRequests(requests).map((request) => request.body)).toEqual([
      { ticketIds: [1, 2], changes: { parentId: 42 } },
    ]);
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(''));
  });
});
