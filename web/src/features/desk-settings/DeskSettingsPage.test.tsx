import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '../../i18n/i18n.ts';
import { type FakeRoutes, renderApp, staffUser } from '../../test/render-app.tsx';

const deskSettings = {
  inboundMail: { newTicketsPerSenderPerHour: 5 },
  routing: { autoAway: false },
  security: { requireMfa: 'none' },
  insiderRisk: { maxCustomersPerHour: 200, maxDownloadsPerHour: 100 },
  approvals: { fourEyes: true },
  replies: { allowedLinkHosts: [] },
};

const api = (extra: FakeRoutes = {}): FakeRoutes => ({
  'GET /api/auth/user': { status: 200, body: staffUser('admin') },
  'GET /api/desk-settings': { status: 200, body: deskSettings },
  ...extra,
});

describe('Desk Settings: unusual data access', () => {
  it('changes the hourly limits, and refuses one out of range without asking the server', async () => {
    const { user, requests } = renderApp(
      '/admin/desk-settings',
      api({ 'PUT /api/desk-settings': (body) => ({ status: 200, body }) }),
    );
    expect(await screen.findByRole('heading', { name: t('deskSettings.insiderRisk') })).toBeTruthy();
    const customers = screen.getByRole('spinbutton', { name: new RegExp(t('deskSettings.maxCustomersPerHour')) });
    const downloads = screen.getByRole('spinbutton', { name: new RegExp(t('deskSettings.maxDownloadsPerHour')) });
    expect((customers as HTMLInputElement).value).toBe('200');
    expect((downloads as HTMLInputElement).value).toBe('100');
    const form = customers.closest('form') as HTMLFormElement;
    const save = () => user.click(form.querySelector('button[type="submit"]') as HTMLButtonElement);

    await user.clear(customers);
    await user.type(customers, '0');
    await save();
    expect(await screen.findByText('Customers per hour must be a whole number from 1 to 100000')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(customers);
    await user.type(customers, '50');
    await user.clear(downloads);
    await user.type(downloads, '20');
    await save();
    expect(await screen.findByText(t('deskSettings.saved'))).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT' && r.path === '/api/desk-settings')?.body).toEqual({
      ...deskSettings,
      insiderRisk: { maxCustomersPerHour: 50, maxDownloadsPerHour: 20 },
    });
  });
});

describe('Desk Settings: hosts a reply may link to', () => {
  it('saves one host a line, trimmed, lower-cased and without repeats, and keeps the text when the server refuses', async () => {
    let refuse = true;
    const { user, requests } = renderApp(
      '/admin/desk-settings',
      api({
        'PUT /api/desk-settings': (body) =>
          refuse
            ? { status: 400, body: { error: 'Validation failed', code: 'error.validation' } }
            : { status: 200, body },
      }),
    );
    const hosts = await screen.findByRole('textbox', { name: t('deskSettings.allowedLinkHosts') });
    await user.type(hosts, ' Help.Exchange.Example \n\nstatus.exchange.example\nhelp.exchange.example');
    const save = screen.getByRole('button', { name: t('deskSettings.saveLinkHosts') });

    await user.click(save);
    expect(await screen.findByText(t('deskSettings.saveFailed'))).toBeTruthy();
    expect((hosts as HTMLTextAreaElement).value).toContain('Help.Exchange.Example');

    refuse = false;
    await user.click(save);
    expect(await screen.findByText(t('deskSettings.saved'))).toBeTruthy();
    const puts = requests.filter((r) => r.method === 'PUT' && r.path === '/api/desk-settings');
    expect(puts.at(-1)?.body).toEqual({
      ...deskSettings,
      replies: { allowedLinkHosts: ['help.exchange.example', 'status.exchange.example'] },
    });
  });
});
