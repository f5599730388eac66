import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '../../i18n/i18n.ts';
import type { FailedMail, HeldMail, InboundRefusalCount } from '#shared/schemas/mail.ts';
import { type FakeRoutes, renderApp, staffUser } from '../../test/render-app.tsx';

const failed: FailedMail = {
  id: '0123456789abcdef0123456789abcdef',
  type: 'acknowledgement',
  ticketId: 42,
  recipient: null,
  attempts: 40,
  firstAttemptAt: '2025-01-06T09:00:00.000Z',
  lastAttemptAt: '2025-01-07T08:00:00.000Z',
  parkedAt: '2025-01-07T08:00:00.000Z',
  reason: 'attempts',
  lastError: 'connect ETIMEDOUT email.us-east-1.amazonaws.com',
};

const refusals: InboundRefusalCount[] = [
  { reason: 'auto_reply', count: 7, lastAt: '2025-01-07T07:00:00.000Z', lastDetail: 'from ooo@example.com' },
];

const held: HeldMail = {
  id: 'Zm9vYmFyYmF6cXV4MDEyMzQ1Njc4OWFiY2RlZmdoaWpr',
  from: 'flood@example.com',
  subject: 'Withdrawal problem number 7',
  excerpt: 'Message 7: my withdrawal has been pending since yesterday evening.',
  receivedAt: '2025-01-07T07:30:00.000Z',
  reason: 'sender_limit',
};

const deskSettings = { inboundMail: { newTicketsPerSenderPerHour: 5 }, routing: { autoAway: false } };

function api(extra: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /api/auth/user': { status: 200, body: staffUser('admin') },
    'GET /api/mail/failed': { status: 200, body: { mails: [failed], nextCursor: null } },
    'GET /api/mail/held': { status: 200, body: { mails: [held], nextCursor: null } },
    'GET /api/mail/inbound-refusals': { status: 200, body: refusals },
    'GET /api/desk-settings': { status: 200, body: deskSettings },
    ...extra,
  };
}

describe('Email Delivery', () => {
  it('lists the failed e-mails with their error and retries one, which then leaves the list', async () => {
    let retried = false;
    const { user, requests } = renderApp(
      '/admin/mail',
      api({
        'GET /api/mail/failed': () => ({
          status: 200,
          body: { mails: retried ? [] : [failed], nextCursor: null },
        }),
        [`POST /api/mail/failed/${failed.id}/retry`]: () => {
          retried = true;
          return { status: 202, body: { id: failed.id, status: 'queued' } };
        },
      }),
    );
    const table = await screen.findByRole('table', { name: t('mail.failedTitle') });
    const row = within(table).getByText('TKT-000042').closest('tr') as HTMLElement;
    expect(within(row).getByText('Acknowledgement to the customer')).toBeTruthy();
    expect(within(row).getByText('40')).toBeTruthy();
    expect(within(row).getByText('Every attempt failed')).toBeTruthy();
    expect(within(row).getByText(failed.lastError)).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: /^Retry: Acknowledgement to the customer, TKT-000042/ }));
    expect(await screen.findByText(t('mail.retried'))).toBeTruthy();
    expect(await screen.findByText(t('mail.noFailedMail'))).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.path === `/api/mail/failed/${failed.id}/retry`)).toBe(true);
  });

  it('says why a retry was refused', async () => {
    const { user } = renderApp(
      '/admin/mail',
      api({
        [`POST /api/mail/failed/${failed.id}/retry`]: {
          status: 404,
          body: { message: 'No failed delivery with this id' },
        },
      }),
    );
    await user.click(await screen.findByRole('button', { name: /^Retry:/ }));
    expect(await screen.findByText(t('mail.retryFailed'))).toBeTruthy();
    expect(screen.getByText('No failed delivery with this id')).toBeTruthy();
  });

  it('lists held mail with its sender and reason, and releasing one opens its ticket and takes it off the list', async () => {
    let released = false;
    const { user, requests } = renderApp(
      '/admin/mail',
      api({
        'GET /api/mail/held': () => ({ status: 200, body: { mails: released ? [] : [held], nextCursor: null } }),
        [`POST /api/mail/held/${held.id}/release`]: () => {
          released = true;
          return { status: 201, body: { id: held.id, ticketId: 77, ticketCode: 'TKT-000077' } };
        },
      }),
    );
    const table = await screen.findByRole('table', { name: t('mail.heldTitle') });
    const row = within(table).getByText(held.from).closest('tr') as HTMLElement;
    expect(within(row).getByText(held.subject)).toBeTruthy();
    expect(within(row).getByText(held.excerpt)).toBeTruthy();
    expect(within(row).getByText('Over the per-sender limit of new tickets')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: `Release: ${held.subject}, from ${held.from}` }));
    expect(await screen.findByText('Ticket TKT-000077 opened')).toBeTruthy();
    expect(await screen.findByText(t('mail.noHeldMail'))).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST' && r.path === `/api/mail/held/${held.id}/release`)).toHaveLength(
      1,
    );
  });

  it('says why a release was refused, and dismisses a held message', async () => {
    let dismissed = false;
    const { user, requests } = renderApp(
      '/admin/mail',
      api({
        'GET /api/mail/held': () => ({ status: 200, body: { mails: dismissed ? [] : [held], nextCursor: null } }),
        [`POST /api/mail/held/${held.id}/release`]: {
          status: 404,
          body: { message: 'No held e-mail with this id: it was released, dismissed or has expired' },
        },
        [`DELETE /api/mail/held/${held.id}`]: () => {
          dismissed = true;
          return { status: 204 };
        },
      }),
    );
    await user.click(await screen.findByRole('button', { name: /^Release:/ }));
    expect(await screen.findByText(t('mail.releaseFailed'))).toBeTruthy();
    expect(screen.getByText('No held e-mail with this id: it was released, dismissed or has expired')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: `Dismiss: ${held.subject}, from ${held.from}` }));
    expect(await screen.findByText(t('mail.dismissed'))).toBeTruthy();
    expect(await screen.findByText(t('mail.noHeldMail'))).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE' && r.path === `/api/mail/held/${held.id}`)).toBe(true);
  });

  it('changes the limit of new tickets per sender, and refuses one out of range without asking the server', async () => {
    const { user, requests } = renderApp(
      '/admin/mail',
      api({ 'PUT /api/desk-settings': (body) => ({ status: 200, body }) }),
    );
    const input = (await screen.findByRole('spinbutton', {
      name: /New tickets per sender per hour/,
    })) as HTMLInputElement;
    expect(input.value).toBe('5');

    await user.clear(input);
    await user.type(input, '0');
    await user.click(screen.getByRole('button', { name: t('settings.save') }));
    expect(await screen.findByText('New tickets per sender must be a whole number from 1 to 1000')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(input);
    await user.type(input, '12');
    await user.click(screen.getByRole('button', { name: t('settings.save') }));
    expect(await screen.findByText(t('mail.limitsSaved'))).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT' && r.path === '/api/desk-settings')?.body).toEqual({
      inboundMail: { newTicketsPerSenderPerHour: 12 },
      routing: { autoAway: false },
    });
  });

  it('lists refused incoming mail by reason, in words', async () => {
    renderApp('/admin/mail', api());
    const table = await screen.findByRole('table', { name: t('mail.refusedTitle') });
    expect(within(table).getByText('Sent by an autoresponder, a mailing list or a mail system')).toBeTruthy();
    expect(within(table).getByText('7')).toBeTruthy();
    expect(within(table).getByText('from ooo@example.com')).toBeTruthy();
  });

  it('shows each list’s empty state, and a table that cannot be read its own error', async () => {
    renderApp(
      '/admin/mail',
      api({
        'GET /api/mail/failed': { status: 200, body: { mails: [], nextCursor: null } },
        'GET /api/mail/held': { status: 200, body: { mails: [], nextCursor: null } },
        'GET /api/mail/inbound-refusals': { status: 500, body: { message: 'boom' } },
      }),
    );
    expect(await screen.findByText(t('mail.noFailedMail'))).toBeTruthy();
    expect(screen.getByText(t('mail.noHeldMail'))).toBeTruthy();
    await waitFor(() => expect(screen.getByText(t('mail.refusedLoadFailed'))).toBeTruthy());
  });

  it('is not a page for managers', async () => {
    renderApp('/manager/mail', { 'GET /api/auth/user': { status: 200, body: staffUser('manager') } });
    expect(await screen.findByText(/Page Not Found/)).toBeTruthy();
  });
});
