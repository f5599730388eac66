import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { t } from '../../i18n/i18n.ts';
import { type FakeRoutes, renderApp } from '../../test/render-app.tsx';
import { ticketsApi } from './test-api.ts';
import { history, othersTicket, ticketFixture } from './test-data.ts';

/** The "Incident" panel of the ticket page (docs/product.md §2 "Incidents"). */

const incident = ticketFixture({
  id: 5,
  ticketId: 'TKT-000005',
  subject: 'Withdrawals delayed on the BTC network',
  customerEmail: 'ops@example.com',
  status: 'in_progress',
});

const child = (id: number, subject: string, status: Ticket['status']) =>
  ticketFixture({
    id,
    ticketId: `TKT-00000${id}`,
    subject,
    customerEmail: `customer${id}@example.com`,
    status,
    parentId: 5,
  });

/** Ticket `ticket`'s page: its detail, empty thread, history; its children as given. */
const pageApi = (ticket: Ticket, routes: FakeRoutes = {}): FakeRoutes => ({
  [`GET /api/tickets/${ticket.id}`]: { status: 200, body: ticket },
  [`GET /api/tickets/${ticket.id}/comments`]: { status: 200, body: [] },
  [`GET /api/tickets/${ticket.id}/history`]: { status: 200, body: history },
  ...routes,
});

const findPanel = async () => within(await screen.findByRole('region', { name: t('incident.title') }));

describe('the incident panel', () => {
  it("lists an incident's tickets with how many are linked and how many are still open, each linking to its page", async () => {
    const children = [
      child(6, 'BTC withdrawal pending', 'open'),
      child(7, 'Withdrawal never arrived', 'resolved'),
      child(8, 'Where is my bitcoin?', 'in_progress'),
    ];
    renderApp(
      '/agent/tickets/TKT-000005',
      ticketsApi('agent', pageApi(incident, { 'GET /api/tickets/5/children': { status: 200, body: children } })),
    );

    const panel = await findPanel();
    expect(panel.getByText('3 linked tickets, 2 still open')).toBeTruthy();
    const list = within(panel.getByRole('list', { name: t('incident.listLabel') }));
    expect(list.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['TKT-000006', '/agent/tickets/TKT-000006'],
      ['TKT-000007', '/agent/tickets/TKT-000007'],
      ['TKT-000008', '/agent/tickets/TKT-000008'],
    ]);
    const rows = list.getAllByRole('listitem');
    expect(within(rows[0]!).getByText('BTC withdrawal pending')).toBeTruthy();
    expect(within(rows[0]!).getByText('Open')).toBeTruthy();
    expect(within(rows[1]!).getByText('Resolved')).toBeTruthy();
    expect(within(rows[2]!).getByText('In Progress')).toBeTruthy();
    // An incident does not become part of another.
    expect(screen.queryByRole('button', { name: t('incident.link') })).toBeNull();
  });

  it('says so when the incident’s tickets cannot be read', async () => {
    renderApp(
      '/agent/tickets/TKT-000005',
      ticketsApi(
        'agent',
        pageApi(incident, {
          'GET /api/tickets/5/children': { status: 503, body: { message: 'Unavailable', code: 'error.unavailable' } },
        }),
      ),
    );
    const panel = await findPanel();
    expect(panel.getByRole('alert').textContent).toMatch(/^The incident's tickets could not be loaded \(503: /);
  });

  it('shows a linked ticket its incident, a link to it, and Unlink for whoever may edit it', async () => {
    const linked = ticketFixture({ parentId: 5 });
    const { user, requests } = renderApp(
      '/agent/tickets/TKT-000001',
      ticketsApi(
        'agent',
        pageApi(linked, {
          'GET /api/tickets/5': { status: 200, body: incident },
          'DELETE /api/tickets/1/parent': { status: 200, body: ticketFixture() },
        }),
      ),
    );

    const panel = await findPanel();
    expect(panel.getByText(/^Part of incident/).textContent).toBe('Part of incident TKT-000005');
    expect(panel.getByRole('link', { name: 'TKT-000005' }).getAttribute('href')).toBe('/agent/tickets/TKT-000005');
    expect(await panel.findByText('Withdrawals delayed on the BTC network')).toBeTruthy();
    expect(panel.getByText('In Progress')).toBeTruthy();
    expect(screen.getByRole('button', { name: t('incident.move') })).toBeTruthy();

    await user.click(panel.getByRole('button', { name: t('incident.unlink') }));
    expect(await screen.findByText('TKT-000001 is no longer part of incident TKT-000005')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/api/tickets/1/parent',
    ]);
    // Now a ticket of its own, part of no incident and with none linked to it: no panel.
    await waitFor(() => expect(screen.queryByRole('region', { name: t('incident.title') })).toBeNull());
    expect(await screen.findByRole('button', { name: t('incident.link') })).toBeTruthy();
  });

  it('says why an unlink failed, and the ticket stays linked', async () => {
    const linked = ticketFixture({ parentId: 5 });
    const { user } = renderApp(
      '/agent/tickets/TKT-000001',
      ticketsApi(
        'agent',
        pageApi(linked, {
          'GET /api/tickets/5': { status: 200, body: incident },
          'DELETE /api/tickets/1/parent': {
            status: 409,
            body: { message: 'This ticket is not part of an incident', code: 'error.incident.notLinked' },
          },
        }),
      ),
    );
    const panel = await findPanel();
    await user.click(panel.getByRole('button', { name: t('incident.unlink') }));
    expect(
      await screen.findByText('The ticket could not be unlinked (409: This ticket is not part of an incident).'),
    ).toBeTruthy();
    expect(panel.getByRole('link', { name: 'TKT-000005' })).toBeTruthy();
  });

  it('offers no Unlink (nor a move) to an agent who may not edit the ticket', async () => {
    const linked = { ...othersTicket, parentId: 5 };
    renderApp(
      '/agent/tickets/TKT-000002',
      ticketsApi('agent', pageApi(linked, { 'GET /api/tickets/5': { status: 200, body: incident } })),
    );
    const panel = await findPanel();
    expect(panel.getByRole('link', { name: 'TKT-000005' })).toBeTruthy();
    expect(panel.queryByRole('button', { name: t('incident.unlink') })).toBeNull();
    expect(screen.queryByRole('button', { name: t('incident.move') })).toBeNull();
  });

  it('shows nothing for a ticket that is neither an incident nor part of one', async () => {
    const { requests } = renderApp('/agent/tickets/TKT-000001', ticketsApi('agent', pageApi(ticketFixture())));
    expect(await screen.findByRole('region', { name: t('customerPanel.title') })).toBeTruthy();
    await waitFor(() => expect(requests.some((request) => request.path === '/api/tickets/1/children')).toBe(true));
    expect(await screen.findByRole('button', { name: t('incident.link') })).toBeTruthy();
    expect(screen.queryByRole('region', { name: t('incident.title') })).toBeNull();
  });
});
