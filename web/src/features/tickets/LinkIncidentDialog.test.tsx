import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '../../i18n/i18n.ts';
import { type FakeRoutes, renderApp } from '../../test/render-app.tsx';
import { incidentNumberOf } from './incidents.ts';
import { ticketsApi } from './test-api.ts';
import { history, ticketFixture } from './test-data.ts';

/** 'Link to incident…' on the ticket page (docs/product.md §2 "Incidents"). */

const incident = ticketFixture({
  id: 5,
  ticketId: 'TKT-000005',
  subject: 'Withdrawals delayed on the BTC network',
  customerEmail: 'ops@example.com',
});

/** Ticket 1's page, and ticket 5 (an incident) to link it to. */
const pageApi = (routes: FakeRoutes = {}): FakeRoutes => ({
  'GET /api/tickets/1': { status: 200, body: ticketFixture() },
  'GET /api/tickets/1/comments': { status: 200, body: [] },
  'GET /api/tickets/1/history': { status: 200, body: history },
  'GET /api/tickets/5': { status: 200, body: incident },
  ...routes,
});

async function openDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: t('incident.link') }));
  return within(await screen.findByRole('dialog', { name: t('incident.linkTitle', { code: 'TKT-000001' }) }));
}

describe('linking a ticket to an incident', () => {
  it('reads the incident as a code or a number', () => {
    expect(incidentNumberOf('TKT-000005')).toBe(5);
    expect(incidentNumberOf(' tkt-5 ')).toBe(5);
    expect(incidentNumberOf('5')).toBe(5);
    expect(incidentNumberOf('0')).toBeUndefined();
    expect(incidentNumberOf('five')).toBeUndefined();
    expect(incidentNumberOf('')).toBeUndefined();
  });

  it('shows the incident named before linking, links, and the page then shows the incident', async () => {
    const { user, requests } = renderApp(
      '/agent/tickets/TKT-000001',
      ticketsApi(
        'agent',
        pageApi({ 'PUT /api/tickets/1/parent': { status: 200, body: ticketFixture({ parentId: 5 }) } }),
      ),
    );
    const dialog = await openDialog(user);
    const submit = dialog.getByRole('button', { name: t('incident.linkSubmit') });
    expect(submit.hasAttribute('disabled')).toBe(true);

    const field = dialog.getByRole('textbox', { name: t('incident.parentField') });
    await user.type(field, 'nonsense');
    expect(dialog.getByText(t('incident.notACode'))).toBeTruthy();
    await user.clear(field);
    await user.type(field, '5');
    expect(await dialog.findByText('“Withdrawals delayed on the BTC network” from ops@example.com')).toBeTruthy();
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    await user.click(submit);

    expect(await screen.findByText('TKT-000001 is now part of incident TKT-000005')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'PUT').map(({ path, body }) => [path, body])).toEqual([
      ['/api/tickets/1/parent', { parentId: 5 }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const panel = within(await screen.findByRole('region', { name: t('incident.title') }));
    expect(panel.getByRole('link', { name: 'TKT-000005' })).toBeTruthy();
    expect(screen.getByRole('button', { name: t('incident.move') })).toBeTruthy();
  });

  it('says in the dialog what the server refused, and keeps what was typed', async () => {
    const { user } = renderApp(
      '/agent/tickets/TKT-000001',
      ticketsApi(
        'agent',
        pageApi({
          'PUT /api/tickets/1/parent': {
            status: 409,
            body: { message: 'This incident is full', code: 'error.incident.full', params: { max: 1000 } },
          },
        }),
      ),
    );
    const dialog = await openDialog(user);
    const field = dialog.getByRole('textbox', { name: t('incident.parentField') }) as HTMLInputElement;
    await user.type(field, 'TKT-000005');
    await dialog.findByText('“Withdrawals delayed on the BTC network” from ops@example.com');
    await user.click(dialog.getByRole('button', { name: t('incident.linkSubmit') }));

    expect(await dialog.findByText(t('error.incident.full', { max: 1000 }))).toBeTruthy();
    expect(field.value).toBe('TKT-000005');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('says at once that a ticket which is part of an incident is no incident to link to', async () => {
    const { user } = renderApp(
      '/agent/tickets/TKT-000001',
      ticketsApi('agent', pageApi({ 'GET /api/tickets/5': { status: 200, body: { ...incident, parentId: 9 } } })),
    );
    const dialog = await openDialog(user);
    await user.type(dialog.getByRole('textbox', { name: t('incident.parentField') }), 'TKT-5');
    expect(await dialog.findByText(t('error.incident.parentIsChild'))).toBeTruthy();
    expect(dialog.getByRole('button', { name: t('incident.linkSubmit') }).hasAttribute('disabled')).toBe(true);
  });
});
