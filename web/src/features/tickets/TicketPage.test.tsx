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
