import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '../../i18n/i18n.ts';
import { renderApp } from '../../test/render-app.tsx';
import { ticketListRequests, ticketsApi } from './test-api.ts';
import { unassignedTicket } from './test-data.ts';

const noTickets = { status: 200, body: { tickets: [], nextCursor: null } };

describe('Direct Tickets', () => {
  it('explains direct tickets and lists only type=direct, up to 100', async () => {
    renderApp(
      '/agent/direct-tickets',
      ticketsApi('agent', {
        'GET /api/tickets': { status: 200, body: { tickets: [unassignedTicket], nextCursor: null } },
      }),
    );

    expect(await screen.findByText(t('tickets.aboutDirectTitle'))).toBeTruthy();
    expect(screen.getByText(t('tickets.aboutDirectBody'))).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Direct tickets' });
    expect(within(table).getByText('TKT-000003')).toBeTruthy();
    expect(Object.fromEntries(ticketListRequests()[0]!)).toEqual({ limit: '100', type: 'direct' });
  });

  it("says 'No Direct Tickets' when there are none, and the product search text when a search finds none", async () => {
    const { user } = renderApp('/manager/direct-tickets', ticketsApi('manager', { 'GET /api/tickets': noTickets }));

    expect(await screen.findByText(t('tickets.noDirect'))).toBeTruthy();
    await user.type(screen.getByPlaceholderText(t('ticketFilters.searchPlaceholder')), 'nothing');
    expect(await screen.findByText(t('tickets.noneMatch'))).toBeTruthy();
    expect(screen.queryByText(t('tickets.noDirect'))).toBeNull();
  });

  it.each(['agent', 'manager', 'admin'] as const)(
    "opens the create dialog typed direct from 'Create Direct Ticket' (%s)",
    async (role) => {
      const { user } = renderApp(`/${role}/direct-tickets`, ticketsApi(role, { 'GET /api/tickets': noTickets }));

      await user.click(await screen.findByRole('button', { name: 'Create Direct Ticket' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Create Direct Ticket' }));
      await waitFor(() =>
        expect((dialog.getByRole('combobox', { name: 'Type' }) as HTMLSelectElement).value).toBe('direct'),
      );
    },
  );
});
