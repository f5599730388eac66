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
    // Underscores as spaces, type upper case (beside the badges, and as the Type field), no assignee.
    expect(dialog.getByText('fiat deposit')).toBeTruthy();
    expect(dialog.getAllByText('DIRECT')).toHaveLength(2);
    expect(dialog.getByText('English')).toBeTruthy();
    expect(dialog.getByText(t('common.unassigned'))).toBeTruthy();
    // Created 23:30 UTC and resolved 01:15 UTC, read in Tokyo (UTC+9).
    await waitFor(() => expect(dialog.getByText(/Jan 7, 2025, 8:30\sAM/)).toBeTruthy());
    expect(dialog.getByText(/Jan 7, 2025, 10:15\sAM/)).toBeTruthy();
    // A resolved ticket is off the clock: neither SLA clock is shown.
    expect(document.querySelector('[role="dialog"] [data-clock]')).toBeNull();
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

  it('adds a trimmed internal note when asked, says where the text goes, clears the box and reloads the thread', async () => {
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

    // A public reply first: the composer says it goes to the customer by e-mail.
    expect(dialog.getByText(t('mail.replyGoesTo', { email: byId.get(2)!.customerEmail }))).toBeTruthy();
    const reply = dialog.getByRole('button', { name: t('mail.replyButton') });
    await user.type(dialog.getByRole('textbox', { name: t('mail.replyLabel') }), '   ');
    expect(reply.hasAttribute('disabled')).toBe(true);

    await user.click(dialog.getByRole('radio', { name: t('mail.internalNote') }));
    expect(dialog.getByText(t('mail.noteHint'))).toBeTruthy();
    const box = dialog.getByRole('textbox', { name: t('mail.noteLabel') });
    await user.clear(box);
    await user.type(box, 'Called the customer back  ');
    await user.click(dialog.getByRole('button', { name: t('mail.noteButton') }));

    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect(posted).toEqual([{ content: 'Called the customer back', isInternal: true }]);
    const added = (await dialog.findByText('Called the customer back')).closest('li') as HTMLElement;
    expect(added.dataset.kind).toBe('note');
    expect(within(added).getByText(t('mail.internalNote'))).toBeTruthy();
    // After sending, the composer is back to a reply to the customer.
    expect(dialog.getByRole('textbox', { name: t('mail.replyLabel') })).toBeTruthy();
    const reads = requests.filter((request) => request.method === 'GET' && request.path === '/api/tickets/2/comments');
    expect(reads).toHaveLength(2);
  });

  it("shows the customer's e-mails, public replies and internal notes in order, each kind apart", async () => {
    const thread = [
      commentFixture({
        id: 'm-1',
        userId: null,
        authorType: 'customer',
        channel: 'email',
        comment: 'My withdrawal is stuck.',
        author: { firstName: '', lastName: '', email: 'bob@example.com' },
      }),
      commentFixture({ id: 'm-2', comment: 'Checking with the wallet team.', isInternal: true }),
      commentFixture({ id: 'm-3', comment: 'It was released just now.' }),
    ];
    const { user } = renderApp(
      '/agent/tickets',
      ticketsApi('agent', detailApi(2, { 'GET /api/tickets/2/comments': { status: 200, body: thread } })),
    );
    const dialog = await openDetail(user, 'TKT-000002');
    const conversation = await dialog.findByRole('list', { name: t('mail.conversationLabel') });
    const items = within(conversation).getAllByRole('listitem');
    expect(items.map((item) => item.dataset.kind)).toEqual(['customer', 'note', 'reply']);
    expect(within(items[0]!).getByText(t('mail.customerMessage'))).toBeTruthy();
    expect(within(items[0]!).getByText('bob@example.com')).toBeTruthy();
    expect(within(items[0]!).getByText(t('mail.byEmail'))).toBeTruthy();
    expect(within(items[1]!).getByText(t('mail.internalNote'))).toBeTruthy();
    expect(within(items[2]!).getByText(t('mail.publicReply'))).toBeTruthy();
  });

  it('warns when e-mail no longer reaches the customer, and says a reply will not be e-mailed', async () => {
    const { user } = renderApp(
      '/agent/tickets',
      ticketsApi(
        'agent',
        detailApi(2, {
          'GET /api/tickets/2/mail-status': {
            status: 200,
            body: {
              address: othersTicket.customerEmail,
              deliverable: false,
              reason: 'bounce',
              since: '2025-01-07T00:00:00.000Z',
              detail: 'General: 550 user unknown',
            },
          },
        }),
      ),
    );
    const dialog = await openDetail(user, 'TKT-000002');
    expect(await dialog.findByText(t('mail.undeliverableTitle'))).toBeTruthy();
    expect(dialog.getByText(/bounced on Jan 7, 2025.*\(General: 550 user unknown\)/)).toBeTruthy();
    expect(dialog.getAllByText(t('mail.replyKeptHint'), { exact: false }).length).toBeGreaterThanOrEqual(2);
  });

  it('lists the e-mails sent and received in the history', async () => {
    const mailed = [
      ...history,
      {
        id: 'h-9',
        at: '2025-01-07T00:01:00.000Z',
        actor: { type: 'system', id: 'mail', name: 'Help desk' },
        action: 'emailed',
        changes: [],
        mail: { direction: 'sent', kind: 'acknowledgement', address: 'bob@example.com' },
      },
    ];
    const { user } = renderApp(
      '/agent/tickets',
      ticketsApi('agent', detailApi(2, { 'GET /api/tickets/2/history': { status: 200, body: mailed } })),
    );
    const dialog = await openDetail(user, 'TKT-000002');
    await user.click(dialog.getByRole('tab', { name: 'History' }));
    expect(await dialog.findByText('Help desk sent an e-mail')).toBeTruthy();
    expect(dialog.getByText('E-mail sent to bob@example.com: the acknowledgement')).toBeTruthy();
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
