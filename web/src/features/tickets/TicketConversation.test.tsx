import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Comment, Ticket } from '#shared/schemas/ticket.ts';
import { t } from '../../i18n/i18n.ts';
import { type FakeRequest, type FakeRoutes, renderApp } from '../../test/render-app.tsx';
import { ticketsApi } from './test-api.ts';
import { commentFixture, history, ticketFixture } from './test-data.ts';

/** The thread and the composer on an incident (docs/product.md §2 "Incidents"). */

const incident = ticketFixture({ id: 5, ticketId: 'TKT-000005', subject: 'Withdrawals delayed' });

const child = (id: number, status: Ticket['status']) =>
  ticketFixture({ id, ticketId: `TKT-00000${id}`, subject: `Ticket ${id}`, status, parentId: 5 });

/** Ticket 5's page with these children; a comment posted joins its thread. */
function incidentPage(children: Ticket[], routes: FakeRoutes = {}) {
  let thread: Comment[] = [];
  return renderApp(
    '/agent/tickets/TKT-000005',
    ticketsApi('agent', {
      'GET /api/tickets/5': { status: 200, body: incident },
      'GET /api/tickets/5/comments': () => ({ status: 200, body: thread }),
      'GET /api/tickets/5/history': { status: 200, body: history },
      'GET /api/tickets/5/children': { status: 200, body: children },
      'POST /api/tickets/5/comments': (body) => {
        const input = body as { content: string; isInternal: boolean; toChildren?: boolean };
        const comment = commentFixture({
          id: `c-${thread.length + 1}`,
          ticketId: 5,
          comment: input.content,
          isInternal: input.isInternal,
          ...(input.toChildren ? { toChildren: true } : {}),
        });
        thread = [...thread, comment];
        return { status: 201, body: comment };
      },
      ...routes,
    }),
  );
}

const posted = (requests: FakeRequest[]) =>
  requests.filter((request) => request.method === 'POST' && request.path.endsWith('/comments')).map((r) => r.body);

describe('the composer on an incident', () => {
  it('offers a public reply to the open linked tickets too, sends toChildren when ticked, and unticks after', async () => {
    const { user, requests } = incidentPage([child(6, 'open'), child(7, 'in_progress'), child(8, 'resolved')]);
    const label = 'Also send to the 2 open linked tickets';
    const box = (await screen.findByRole('checkbox', { name: label })) as HTMLInputElement;
    expect(box.checked).toBe(false);

    // An internal note stays on the incident: no such choice.
    await user.click(screen.getByRole('radio', { name: t('mail.internalNote') }));
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: label })).toBeNull());
    await user.click(screen.getByRole('radio', { name: t('mail.publicReply') }));

    await user.click(await screen.findByRole('checkbox', { name: label }));
    await user.type(screen.getByRole('textbox', { name: t('mail.replyLabel') }), 'We found the cause.');
    await user.click(screen.getByRole('button', { name: t('mail.replyButton') }));

    const thread = within(await screen.findByRole('list', { name: t('mail.conversationLabel') }));
    const sent = thread.getByRole('listitem');
    expect(within(sent).getByText('We found the cause.')).toBeTruthy();
    expect(within(sent).getByText(t('incident.sentToChildren'))).toBeTruthy();
    expect(posted(requests)).toEqual([{ content: 'We found the cause.', isInternal: false, toChildren: true }]);
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: label }) as HTMLInputElement).checked).toBe(false),
    );

    await user.type(screen.getByRole('textbox', { name: t('mail.replyLabel') }), 'Only to this customer.');
    await user.click(screen.getByRole('button', { name: t('mail.replyButton') }));
    await waitFor(() => expect(posted(requests)).toHaveLength(2));
    expect(posted(requests)[1]).toEqual({
      content: 'Only to this customer.',
      isInternal: false,
      afterMessageId: 'c-1',
    });
  });

  it('offers nothing more when every linked ticket is resolved or closed', async () => {
    incidentPage([child(6, 'resolved'), child(7, 'closed')]);
    const panel = within(await screen.findByRole('region', { name: t('incident.title') }));
    expect(panel.getByText('2 linked tickets, 0 still open')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: t('mail.replyLabel') })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Also send to/ })).toBeNull();
  });

  it('offers nothing more on a ticket with no linked tickets', async () => {
    incidentPage([]);
    expect(await screen.findByRole('textbox', { name: t('mail.replyLabel') })).toBeTruthy();
    await screen.findByRole('button', { name: t('incident.link') });
    expect(screen.queryByRole('checkbox', { name: /Also send to/ })).toBeNull();
  });
});

describe('the thread of a linked ticket', () => {
  it('marks a reply the incident passed on', async () => {
    const passedOn = commentFixture({
      id: 'c-2',
      comment: 'We found the cause.',
      fromIncident: { ticketId: 5, commentId: 'c-1' },
    });
    renderApp(
      '/agent/tickets/TKT-000001',
      ticketsApi('agent', {
        'GET /api/tickets/1': { status: 200, body: ticketFixture({ parentId: 5 }) },
        'GET /api/tickets/1/comments': { status: 200, body: [passedOn] },
        'GET /api/tickets/1/history': { status: 200, body: history },
        'GET /api/tickets/5': { status: 200, body: incident },
      }),
    );
    const thread = within(await screen.findByRole('list', { name: t('mail.conversationLabel') }));
    const message = thread.getByRole('listitem');
    expect(within(message).getByText('From incident TKT-000005')).toBeTruthy();
    expect(within(message).queryByText(t('incident.sentToChildren'))).toBeNull();
    // A linked ticket is no incident: its composer offers nothing more.
    expect(screen.queryByRole('checkbox', { name: /Also send to/ })).toBeNull();
  });
});
