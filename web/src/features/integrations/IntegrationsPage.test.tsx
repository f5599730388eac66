import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import en from '#shared/i18n/catalogs/en.json' with { type: 'json' };
import type { ApiKey } from '#shared/schemas/api-key.ts';
import type { Webhook, WebhookDelivery } from '#shared/schemas/webhook.ts';
import { type FakeRoutes, renderApp, staffUser } from '../../test/render-app.tsx';

const KEY: ApiKey = {
  id: 'k1',
  name: 'Trading platform',
  scopes: ['tickets:create', 'tickets:reply'],
  createdAt: '2025-01-06T09:00:00.000Z',
  createdBy: { id: 'admin-1', email: 'admin@example.com' },
  lastUsedAt: null,
  revokedAt: null,
};

const HOOK: Webhook = {
  id: 'w1',
  url: 'https://hooks.example.com/helpdesk',
  events: ['ticket.created', 'ticket.resolved'],
  description: 'Trading app notifications',
  createdAt: '2025-01-06T09:00:00.000Z',
  createdBy: { id: 'admin-1', email: 'admin@example.com' },
  disabledAt: null,
};

const DELIVERY: WebhookDelivery = {
  eventId: '5a3ff32592df31d91b099edff1b314bd',
  type: 'ticket.created',
  status: 'retrying',
  attempts: 2,
  lastStatusCode: 503,
  lastError: null,
  firstAttemptAt: '2025-01-06T09:00:00.000Z',
  lastAttemptAt: '2025-01-06T09:00:10.000Z',
  nextAttemptAt: '2025-01-06T09:00:40.000Z',
  deliveredAt: null,
};

function api(extra: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /api/auth/user': { status: 200, body: staffUser('admin') },
    'GET /api/api-keys': { status: 200, body: [KEY] },
    'GET /api/webhooks': { status: 200, body: [HOOK] },
    'GET /api/webhooks/w1/deliveries': { status: 200, body: [DELIVERY] },
    ...extra,
  };
}

const tableOf = async (name: string) => within(await screen.findByRole('table', { name }));

describe('Integrations', () => {
  it('lists the API keys with their scopes and the webhooks with their events and status', async () => {
    renderApp('/admin/integrations', api());

    const keys = await tableOf(en['integrations.apiKeysTitle']);
    expect(keys.getByText('Trading platform')).toBeTruthy();
    expect(keys.getByText('tickets:reply')).toBeTruthy();
    expect(keys.getByText(en['integrations.never'])).toBeTruthy();
    const hooks = await tableOf(en['integrations.webhooksTitle']);
    expect(hooks.getByText(HOOK.url)).toBeTruthy();
    expect(hooks.getByText('ticket.resolved')).toBeTruthy();
    expect(hooks.getByText(en['integrations.active'])).toBeTruthy();
  });

  it('invites to create the first key and webhook when there are none', async () => {
    renderApp(
      '/admin/integrations',
      api({ 'GET /api/api-keys': { status: 200, body: [] }, 'GET /api/webhooks': { status: 200, body: [] } }),
    );
    expect(await screen.findByText(en['integrations.noApiKeys'])).toBeTruthy();
    expect(screen.getByText(en['integrations.noWebhooks'])).toBeTruthy();
  });

  it('opens the create dialogs from the empty lists', async () => {
    const { user } = renderApp(
      '/admin/integrations',
      api({ 'GET /api/api-keys': { status: 200, body: [] }, 'GET /api/webhooks': { status: 200, body: [] } }),
    );
    await user.click(await screen.findByRole('button', { name: en['integrations.createWebhook'] }));
    expect(await screen.findByRole('dialog', { name: en['integrations.createWebhook'] })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: en['integrations.createApiKey'] }));
    expect(await screen.findByRole('dialog', { name: en['integrations.createApiKey'] })).toBeTruthy();
  });

  it('says why when the webhooks cannot be loaded, and offers to try again', async () => {
    // React and the router report the failed read on the console; that noise is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/admin/integrations', api({ 'GET /api/webhooks': { status: 503, body: { message: 'Try later' } } }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('503');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('is not a page for managers', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/manager/integrations', { 'GET /api/auth/user': { status: 200, body: staffUser('manager') } });
    expect(await screen.findByText(/not found/i)).toBeTruthy();
  });

  it('creates a webhook with the chosen events and shows its secret once, with a copy button', async () => {
    const { user, requests } = renderApp(
      '/admin/integrations',
      api({
        'POST /api/webhooks': (body) => ({
          status: 201,
          body: { webhook: { ...HOOK, id: 'w2', ...(body as object) }, secret: 'whsec_test-secret' },
        }),
      }),
    );

    // The clipboard as the page finds it (user-event puts its own in place when it starts).
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(await screen.findByRole('button', { name: en['integrations.createWebhook'] }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(new RegExp(en['integrations.webhookUrl'])), 'https://hooks.example.com/new');
    await user.click(dialog.getByRole('checkbox', { name: /ticket\.rated/ }));
    await user.click(dialog.getByRole('button', { name: en['integrations.createWebhook'] }));

    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST' && r.path === '/api/webhooks')?.body).toEqual({
        url: 'https://hooks.example.com/new',
        description: null,
        events: [
          'ticket.created',
          'ticket.updated',
          'ticket.replied',
          'ticket.customer_replied',
          'ticket.resolved',
          'ticket.merged',
        ],
      }),
    );
    const revealed = within(await screen.findByRole('dialog'));
    expect(revealed.getByText('whsec_test-secret')).toBeTruthy();
    await user.click(revealed.getByRole('button', { name: /copy signing secret/i }));
    expect(writeText).toHaveBeenCalledWith('whsec_test-secret');
    expect(revealed.getByRole('button', { name: /copied signing secret/i }).textContent).toContain(
      en['integrations.copied'],
    );
    await user.click(revealed.getByRole('button', { name: en['integrations.done'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('whsec_test-secret')).toBeNull();
  });

  it('refuses a webhook without events before asking the server', async () => {
    const { user, requests } = renderApp('/admin/integrations', api());
    await user.click(await screen.findByRole('button', { name: en['integrations.createWebhook'] }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(new RegExp(en['integrations.webhookUrl'])), 'https://hooks.example.com/new');
    for (const box of dialog.getAllByRole('checkbox')) await user.click(box);
    await user.click(dialog.getByRole('button', { name: en['integrations.createWebhook'] }));
    expect(await dialog.findByText('Choose at least one event')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows the server’s reason when it refuses the URL', async () => {
    const { user } = renderApp(
      '/admin/integrations',
      api({
        'POST /api/webhooks': {
          status: 400,
          body: { message: 'The URL must start with https://', errors: { url: 'The URL must start with https://' } },
        },
      }),
    );
    await user.click(await screen.findByRole('button', { name: en['integrations.createWebhook'] }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(new RegExp(en['integrations.webhookUrl'])), 'http://hooks.example.com/new');
    await user.click(dialog.getByRole('button', { name: en['integrations.createWebhook'] }));
    expect(await dialog.findByText('The URL must start with https://')).toBeTruthy();
  });

  it('shows a webhook’s deliveries and sends a test from there', async () => {
    const { user, requests } = renderApp(
      '/admin/integrations',
      api({ 'POST /api/webhooks/w1/test': { status: 202, body: { queued: true } } }),
    );
    await user.click(await screen.findByRole('button', { name: `${en['integrations.deliveries']} of ${HOOK.url}` }));
    const deliveries = await tableOf(en['integrations.deliveriesTitle']);
    expect(deliveries.getByText('ticket.created')).toBeTruthy();
    expect(deliveries.getByText('Retrying')).toBeTruthy();
    expect(deliveries.getByText('HTTP 503')).toBeTruthy();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: en['integrations.sendTest'] }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.path === '/api/webhooks/w1/test')).toBe(true),
    );
  });

  it('deletes a webhook only after confirmation', async () => {
    const { user, requests } = renderApp('/admin/integrations', api({ 'DELETE /api/webhooks/w1': { status: 204 } }));
    await user.click(await screen.findByRole('button', { name: `${en['integrations.deleteWebhook']} ${HOOK.url}` }));
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(confirm.getByText(en['integrations.deleteWebhookConfirm'])).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(confirm.getByRole('button', { name: en['integrations.deleteWebhook'] }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/webhooks/w1')).toBe(true),
    );
  });

  it('creates an API key with the reply scope among the choices, and shows its secret once', async () => {
    const { user, requests } = renderApp(
      '/admin/integrations',
      api({
        'POST /api/api-keys': (body) => ({
          status: 201,
          body: { apiKey: { ...KEY, id: 'k2', ...(body as object) }, secret: 'hdk_secret-value' },
        }),
      }),
    );
    await user.click(await screen.findByRole('button', { name: en['integrations.createApiKey'] }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(new RegExp(en['integrations.apiKeyName'])), 'KYC pipeline');
    await user.click(dialog.getByRole('checkbox', { name: /tickets:reply/ }));
    await user.click(dialog.getByRole('button', { name: en['integrations.createApiKey'] }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST' && r.path === '/api/api-keys')?.body).toEqual({
        name: 'KYC pipeline',
        scopes: ['tickets:read', 'tickets:reply'],
      }),
    );
    expect(await screen.findByText('hdk_secret-value')).toBeTruthy();
  });
});
