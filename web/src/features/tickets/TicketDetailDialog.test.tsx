import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '../../i18n/i18n.ts';
import { type FakeRoutes, renderApp } from '../../test/render-app.tsx';
import { ticketsApi } from './test-api.ts';
import { commentFixture, history, othersTicket, ticketFixture, unassignedTicket } from './test-data.ts';

/** Opens the detail view of `ticketId` from the All Tickets table. */
async function openDetail(user: ReturnType<typeof renderApp>['user'], ticketId: string) {
  await user.click(await screen.findByRole('button', { name: `View ticket ${ticketId}` }));
  return within(await screen.findByRole('dialog', { name: ticketId }));
}

const byId = new Map([ticketFixture(), othersTicket, unassignedTicket].map((ticket) => [ticket.id, ticket]));

/** The detail, comments and history routes of ticket `id`; `routes` replace single answers. */
function detailApi(id: number, routes: FakeRoutes): FakeRoutes {
  return {
    [`GET /api/tickets/${id}`]: { status: 200, body: byId.get(id) },
    [`GET /api/tickets/${id}/comments`]: { status: 200, body: [] },
    [`GET /api/tickets/${id}/history`]: { status: 200, body: history },
    ...routes,
  };
}

describe('ticket detail view', () => {
  it('shows every field of docs/product.md §2, in words and in the user’s time zone', async () => {
    const { user } = renderApp(
      '/manager/tickets',
      ticketsApi('manager', detailApi(3, { 'GET /api/tickets/3': { status: 200, body: unassignedTicket } })),
    );
    const dialog = await openDetail(user, 'TKT-000003');

    expect(dialog.getByText('Card deposit declined')).toBeTruthy();
    // The status badge, and the label of the resolved date.
    expect(dialog.getAllByText('Resolved')).toHaveLength(2);
    expect(dialog.getByText('Critical')).toBeTruthy();
    expect(dialog.getByText('carol@example.com')).toBeTruthy();
    // Underscores as spaces, type upper case, no assignee.
    expect(dialog.getByText('fiat deposit')).toBeTruthy();
    expect(dialog.getByText('DIRECT')).toBeTruthy();
    expect(dialog.getByText(t('common.unassigned'))).toBeTruthy();
    // Created 23:30 UTC and resolved 01:15 UTC, read in Tokyo (UTC+9).
    await waitFor(() => expect(dialog.getByText(/Jan 7, 2025, 8:30\sAM/)).toBeTruthy());
    expect(dialog.getByText(/Jan 7, 2025, 10:15\sAM/)).toBeTruthy();
    // A resolved ticket is off the clock.
    expect(dialog.getByText(t('deadline.none'))).toBeTruthy();
    expect(dialog.getByText(unassignedTicket.description)).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Edit Ticket' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('shows the assignee by first and last name and an unresolved ticket’s countdown', async () => {
    const soon = ticketFixture({ deadline: new Date(Date.now() + 90 * 60_000 + 30_000).toISOString() });
    const { user } = renderApp(
      '/agent/tickets',
      ticketsApi('agent', detailApi(1, { 'GET /api/tickets/1': { status: 200, body: soon } })),
    );
    const dialog = await openDetail(user, 'TKT-000001');
    expect(dialog.getByText('Dana Reyes')).toBeTruthy();
    expect(await dialog.findByText('1h 30m left')).toBeTruthy();
  });

  it("says 'No comments yet. Be the first to add one!' for a ticket without comments", async () => {
    const { user } = renderApp('/agent/tickets', ticketsApi('agent', detailApi(2, {})));
    const dialog = await openDetail(user, 'TKT-000002');
    expect(await dialog.findByText(t('ticketDetail.noComments'))).toBeTruthy();
  });

  it("says 'Error loading comments' when they cannot be read", async () => {
    const { user } = renderApp(
      '/agent/tickets',
      ticketsApi('agent', detailApi(2, { 'GET /api/tickets/2/comments': { status: 500, body: { message: 'boom' } } })),
    );
    const dialog = await openDetail(user, 'TKT-000002');
    expect((await dialog.findByRole('alert')).textContent).toBe(t('ticketDetail.commentsFailed'));
  });

  it('adds a trimmed comment, marked internal when asked, clears the box and reloads the thread', async () => {
    const note = commentFixture({ id: 'c-2', comment: 'Called the customer back', isInternal: true });
    let thread = [commentFixture()];
    const posted: unknown[] = [];
    const { user, requests } = renderApp(
      '/agent/tickets',
      ticketsApi(
        'agent',
        detailApi(2, {
          'GET /api/tickets/2/comments': () => ({ status: 200, body: thread }),
          'POST /api/tickets/2/comments': (body) => {
            posted.push(body);
            thread = [...thread, note];
            return { status: 201, body: note };
          },
        }),
      ),
    );
    const dialog = await openDetail(user, 'TKT-000002');
    expect(await dialog.findByText('We are looking into it.')).toBeTruthy();

    const box = dialog.getByRole('textbox', { name: 'New comment' });
    const add = dialog.getByRole('button', { name: 'Add Comment' });
    await user.type(box, '   ');
    expect(add.hasAttribute('disabled')).toBe(true);

    await user.type(box, 'Called the customer back  ');
    await user.click(dialog.getByRole('checkbox', { name: 'Internal note (staff only)' }));
    await user.click(add);

    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect(posted).toEqual([{ content: 'Called the customer back', isInternal: true }]);
    const added = (await dialog.findByText('Called the customer back')).closest('li') as HTMLElement;
    expect(within(added).getByText('Internal note')).toBeTruthy();
    const reads = requests.filter((request) => request.method === 'GET' && request.path === '/api/tickets/2/comments');
    expect(reads).toHaveLength(2);
  });

  it('lists the history as sentences with each change', async () => {
    const { user } = renderApp('/agent/tickets', ticketsApi('agent', detailApi(2, {})));
    const dialog = await openDetail(user, 'TKT-000002');
    await user.click(dialog.getByRole('tab', { name: 'History' }));

    expect(await dialog.findByText('Upstream trading system created the ticket')).toBeTruthy();
    expect(dialog.getByText('Maria Santos updated the ticket')).toBeTruthy();
    expect(dialog.getByText('Status: Open → In Progress')).toBeTruthy();
  });

  it('Edit Ticket on another agent’s ticket tells the agent they may not edit it, and sends nothing', async () => {
    const { user, requests } = renderApp(
      '/agent/tickets',
      ticketsApi('agent', detailApi(2, { 'GET /api/tickets/2': { status: 200, body: othersTicket } })),
    );
    const detail = await openDetail(user, 'TKT-000002');
    await user.click(detail.getByRole('button', { name: 'Edit Ticket' }));

    const edit = within(await screen.findByRole('dialog', { name: 'Edit Ticket' }));
    expect((await edit.findByRole('alert')).textContent).toBe(t('error.ticket.editDenied'));
    expect(edit.queryByRole('textbox', { name: 'Subject' })).toBeNull();
    await user.click(edit.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Ticket' })).toBeNull());
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
  });
});
