import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '../../i18n/i18n.ts';
import { type FakeRoutes, renderApp } from '../../test/render-app.tsx';
import { ticketsApi } from './test-api.ts';
import { history, ticketFixture } from './test-data.ts';

/** Ticket 1's detail, comments, history and mail status. */
const pageApi = (routes: FakeRoutes = {}): FakeRoutes => ({
  'GET /api/tickets/1': { status: 200, body: ticketFixture() },
  'GET /api/tickets/1/comments': { status: 200, body: [] },
  'GET /api/tickets/1/history': { status: 200, body: history },
  ...routes,
});

describe('ticket page', () => {
  it('opens a ticket by its code: code and subject as the heading, the thread, and the fields beside it', async () => {
    renderApp('/agent/tickets/TKT-000001', ticketsApi('agent', pageApi()));

    expect(await screen.findByRole('heading', { level: 1, name: 'TKT-000001' })).toBeTruthy();
    expect(screen.getByText('Withdrawal stuck in pending')).toBeTruthy();
    const details = within(screen.getByRole('complementary', { name: t('ticketPage.details') }));
    expect(details.getByText('alice@example.com')).toBeTruthy();
    expect(details.getByText('In Progress')).toBeTruthy();
    expect(screen.getByRole('tab', { name: t('mail.conversationLabel') })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Ticket' })).toBeTruthy();
    expect(screen.getByRole('link', { name: t('ticketPage.back') }).getAttribute('href')).toBe('/agent/tickets');
  });

  it("lists the customer's other tickets beside the thread, with how many are open and their ratings", async () => {
    const current = ticketFixture();
    const older = ticketFixture({
      id: 7,
      ticketId: 'TKT-000007',
      subject: 'Card blocked abroad',
      status: 'resolved',
      rating: { score: 4, comment: null, ratedAt: '2025-01-03T10:00:00.000Z' },
    });
    const oldest = ticketFixture({ id: 3, ticketId: 'TKT-000003', subject: 'KYC documents', status: 'open' });
    renderApp(
      '/agent/tickets/TKT-000001',
      ticketsApi(
        'agent',
        pageApi({
          'GET /api/tickets': { status: 200, body: { tickets: [current, older, oldest], nextCursor: null } },
        }),
      ),
    );

    const panel = within(await screen.findByRole('region', { name: t('customerPanel.title') }));
    expect(await panel.findByText('3 tickets, 2 open')).toBeTruthy();
    expect(panel.getByText('Average rating 4 of 5 from 1 rating')).toBeTruthy();
    const links = panel.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['TKT-000007', '/agent/tickets/TKT-000007'],
      ['TKT-000003', '/agent/tickets/TKT-000003'],
    ]);
    expect(panel.getByText('Rated 4/5')).toBeTruthy();
    expect(panel.getByText('KYC documents')).toBeTruthy();
  });

  it('says when the customer has no other ticket', async () => {
    renderApp(
      '/agent/tickets/TKT-000001',
      ticketsApi(
        'agent',
        pageApi({ 'GET /api/tickets': { status: 200, body: { tickets: [ticketFixture()], nextCursor: null } } }),
      ),
    );
    const panel = within(await screen.findByRole('region', { name: t('customerPanel.title') }));
    expect(await panel.findByText(t('customerPanel.noOthers'))).toBeTruthy();
    expect(panel.getByText('1 ticket, 1 open')).toBeTruthy();
  });

  it('reads a code as people type it, leading zeros or not', async () => {
    renderApp('/agent/tickets/tkt-1', ticketsApi('agent', pageApi()));
    expect(await screen.findByRole('heading', { level: 1, name: 'TKT-000001' })).toBeTruthy();
  });

  it.each([
    ['a path that is not a ticket code', '/agent/tickets/withdrawals'],
    ['a ticket the server does not know', '/agent/tickets/TKT-000009'],
  ])('shows the 404 page for %s', async (_case, path) => {
    renderApp(
      path,
      ticketsApi('agent', {
        'GET /api/tickets/9': { status: 404, body: { code: 'error.ticketNotFound', message: 'Ticket not found' } },
      }),
    );
    expect(await screen.findByRole('heading', { name: t('notFound.title') })).toBeTruthy();
  });
});
