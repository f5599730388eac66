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
