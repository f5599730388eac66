import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { t } from '../../i18n/i18n.ts';
import { Provider } from '../../components/ui/Provider.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { type FakeRequest, fakeFetch, renderApp } from '../../test/render-app.tsx';
import { AssignTicketDialog } from './AssignTicketDialog.tsx';
import { listedTickets, ticketsApi } from './test-api.ts';
import { othersTicket, ticketFixture } from './test-data.ts';

type User = ReturnType<typeof renderApp>['user'];

const writes = (requests: FakeRequest[], method: string) => requests.filter((request) => request.method === method);
const reads = (requests: FakeRequest[], path: string) =>
  requests.filter((request) => request.method === 'GET' && request.path === path);

/** Holds the answers to `method path` back until `release` is called. */
function holdBack(method: string, path: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const answer = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    if ((init?.method ?? 'GET') === method && String(input) === path) await gate;
    return answer(input, init);
  });
  return release;
}

async function openDialog(user: User, button: string, dialogName: string) {
  await user.click(await screen.findByRole('button', { name: button }));
  return within(await screen.findByRole('dialog', { name: dialogName }));
}

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('Edit ticket dialog', () => {
  const editApi = (overrides = {}) =>
    ticketsApi('manager', { 'GET /api/tickets/1': { status: 200, body: ticketFixture() }, ...overrides });

  it('preloads the ticket and offers the active categories plus the ticket’s own inactive one', async () => {
    const { user } = renderApp('/manager/tickets', editApi());
    const dialog = await openDialog(user, 'Edit ticket TKT-000001', 'Edit Ticket');

    expect(((await dialog.findByRole('textbox', { name: 'Subject' })) as HTMLInputElement).value).toBe(
      'Withdrawal stuck in pending',
    );
    expect((dialog.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('in_progress');
    expect((dialog.getByRole('combobox', { name: 'Priority' }) as HTMLSelectElement).value).toBe('high');
    const category = dialog.getByRole('combobox', { name: 'Category' }) as HTMLSelectElement;
    await waitFor(() => expect(optionTexts(category)).toEqual(['crypto withdrawal (inactive)', 'KYC', 'Fiat Deposit']));
    expect(category.value).toBe('crypto_withdrawal');
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it("requires a subject and a description ('Subject is required', 'Description is required')", async () => {
    const { user, requests } = renderApp('/manager/tickets', editApi());
    const dialog = await openDialog(user, 'Edit ticket TKT-000001', 'Edit Ticket');

    await user.clear(await dialog.findByRole('textbox', { name: 'Subject' }));
    await user.clear(dialog.getByRole('textbox', { name: 'Description' }));
    await user.click(dialog.getByRole('button', { name: 'Update' }));

    expect(await dialog.findByText(t('validation.subject.required'))).toBeTruthy();
    expect(dialog.getByText(t('validation.description.required'))).toBeTruthy();
    expect(writes(requests, 'PATCH')).toHaveLength(0);
  });

  it('sends only what changed, says so, closes and refreshes the list', async () => {
    const { user, requests } = renderApp(
      '/manager/tickets',
      editApi({ 'PATCH /api/tickets/1': { status: 200, body: ticketFixture({ status: 'resolved' }) } }),
    );
    const dialog = await openDialog(user, 'Edit ticket TKT-000001', 'Edit Ticket');
    const listReads = reads(requests, '/api/tickets').length;

    await user.selectOptions(await dialog.findByRole('combobox', { name: 'Status' }), 'resolved');
    await user.click(dialog.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(t('editTicket.success'))).toBeTruthy();
    expect(writes(requests, 'PATCH').map((request) => request.body)).toEqual([{ status: 'resolved' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Ticket' })).toBeNull());
    await waitFor(() => expect(reads(requests, '/api/tickets').length).toBeGreaterThan(listReads));
  });

  it("tells 'Error' / 'Failed to update ticket' when the server refuses, and keeps the form", async () => {
    const { user } = renderApp(
      '/manager/tickets',
      editApi({ 'PATCH /api/tickets/1': { status: 500, body: { message: 'boom' } } }),
    );
    const dialog = await openDialog(user, 'Edit ticket TKT-000001', 'Edit Ticket');

    await user.type(await dialog.findByRole('textbox', { name: 'Subject' }), '!');
    await user.click(dialog.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(t('editTicket.failed'))).toBeTruthy();
    expect(screen.getByText(t('common.error'))).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit Ticket' })).toBeTruthy();
  });
});

describe('Create New Ticket dialog', () => {
  it('shows the docs/product.md §5 message under each field left wrong, and sends nothing', async () => {
    const { user, requests } = renderApp('/admin/tickets', ticketsApi('admin'));
    const dialog = await openDialog(user, 'Create Ticket', 'Create New Ticket');

    await user.type(dialog.getByRole('textbox', { name: 'Customer email' }), 'not-an-email');
    await user.type(dialog.getByRole('textbox', { name: 'Subject' }), 'Hi');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'Too short');
    await user.click(dialog.getByRole('button', { name: 'Create Ticket' }));

    expect(await dialog.findByText(t('validation.email'))).toBeTruthy();
    expect(dialog.getByText(t('validation.subject.tooShort', { min: 5 }))).toBeTruthy();
    expect(dialog.getByText(t('validation.description.tooShort', { min: 10 }))).toBeTruthy();
    expect(dialog.getByText(t('validation.category.required'))).toBeTruthy();
    expect(writes(requests, 'POST')).toHaveLength(0);
  });

  it("lets an agent choose round robin or themselves, without listing staff, and 'auto' sends no agent", async () => {
    const { user, requests } = renderApp(
      '/agent/tickets',
      ticketsApi('agent', {
        'POST /api/tickets': { status: 201, body: ticketFixture({ id: 9, ticketId: 'TKT-000009' }) },
      }),
    );
    const dialog = await openDialog(user, 'Create Ticket', 'Create New Ticket');
    const agent = dialog.getByRole('combobox', { name: 'Assign to' });
    expect(optionTexts(agent)).toEqual(['Auto-assign (round robin)', 'Me (Dana Reyes)']);
    // docs/product.md §5 defaults.
    expect((dialog.getByRole('combobox', { name: 'Priority' }) as HTMLSelectElement).value).toBe('medium');
    expect((dialog.getByRole('combobox', { name: 'Type' }) as HTMLSelectElement).value).toBe('api');

    await user.type(dialog.getByRole('textbox', { name: 'Customer email' }), ' New@Example.com ');
    await user.type(dialog.getByRole('textbox', { name: 'Subject' }), 'Cannot log in');
    await waitFor(() => expect(optionTexts(dialog.getByRole('combobox', { name: 'Category' }))).toContain('KYC'));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Category' }), 'kyc');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'Locked out after a password reset.');
    const listReads = reads(requests, '/api/tickets').length;
    const release = holdBack('POST', '/api/tickets');
    await user.click(dialog.getByRole('button', { name: 'Create Ticket' }));

    expect(await dialog.findByText('Creating...')).toBeTruthy();
    release();
    expect(await screen.findByText(t('createTicket.success'))).toBeTruthy();
    expect(writes(requests, 'POST').map((request) => request.body)).toEqual([
      {
        customerEmail: 'new@example.com',
        subject: 'Cannot log in',
        description: 'Locked out after a password reset.',
        category: 'kyc',
        priority: 'medium',
        type: 'api',
      },
    ]);
    expect(reads(requests, '/api/agents')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New Ticket' })).toBeNull());
    await waitFor(() => expect(reads(requests, '/api/tickets').length).toBeGreaterThan(listReads));
  });

  it('lets a manager give the ticket to an active staff member, agents first', async () => {
    const { user, requests } = renderApp(
      '/manager/tickets',
      ticketsApi('manager', { 'POST /api/tickets': { status: 201, body: ticketFixture({ id: 9 }) } }),
    );
    const dialog = await openDialog(user, 'Create Ticket', 'Create New Ticket');
    const agent = dialog.getByRole('combobox', { name: 'Assign to' });
    await waitFor(() =>
      expect(optionTexts(agent)).toEqual([
        'Auto-assign (round robin)',
        'Dana Reyes (Agent)',
        'Priya Nair (Agent)',
        'Maria Santos (Manager)',
      ]),
    );

    await user.type(dialog.getByRole('textbox', { name: 'Customer email' }), 'new@example.com');
    await user.type(dialog.getByRole('textbox', { name: 'Subject' }), 'Cannot log in');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Category' }), 'kyc');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Priority' }), 'critical');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'Locked out after a password reset.');
    await user.selectOptions(agent, 'agent-2');
    // The customer's e-mails will be written in their language; none chosen (the agent's case above) sends none.
    const language = dialog.getByRole('combobox', { name: 'Customer language' });
    expect(optionTexts(language)).toEqual([
      'Not known (English)',
      'English',
      'Español',
      'Français',
      'Deutsch',
      '中文',
      '日本語',
    ]);
    await user.selectOptions(language, 'ja');
    await user.click(dialog.getByRole('button', { name: 'Create Ticket' }));

    expect(await screen.findByText(t('createTicket.success'))).toBeTruthy();
    expect(writes(requests, 'POST')[0]?.body).toMatchObject({
      priority: 'critical',
      assignedToId: 'agent-2',
      customerLanguage: 'ja',
    });
  });

  it("tells 'Failed to create ticket. Please try again.' when the server refuses", async () => {
    const { user } = renderApp(
      '/agent/tickets',
      ticketsApi('agent', { 'POST /api/tickets': { status: 500, body: { message: 'boom' } } }),
    );
    const dialog = await openDialog(user, 'Create Ticket', 'Create New Ticket');
    await user.type(dialog.getByRole('textbox', { name: 'Customer email' }), 'new@example.com');
    await user.type(dialog.getByRole('textbox', { name: 'Subject' }), 'Cannot log in');
    await waitFor(() => expect(optionTexts(dialog.getByRole('combobox', { name: 'Category' }))).toContain('KYC'));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Category' }), 'kyc');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'Locked out after a password reset.');
    await user.click(dialog.getByRole('button', { name: 'Create Ticket' }));

    expect(await screen.findByText(t('createTicket.failed'))).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Create New Ticket' })).toBeTruthy();
  });
});

describe('Assign Ticket dialog', () => {
  it('shows the ticket, requires an agent, assigns and says so', async () => {
    const { user, requests } = renderApp(
      '/manager/tickets',
      ticketsApi('manager', { 'POST /api/tickets/2/assign': { status: 200, body: othersTicket } }),
    );
    const dialog = await openDialog(user, 'Assign ticket TKT-000002', 'Assign Ticket');
    expect(dialog.getByText('TKT-000002')).toBeTruthy();
    expect(dialog.getByText('KYC documents rejected')).toBeTruthy();
    expect(dialog.getByText('bob@example.com')).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Assign Ticket' }));
    expect(await dialog.findByText(t('validation.agent.required'))).toBeTruthy();

    await waitFor(() =>
      expect(optionTexts(dialog.getByRole('combobox', { name: 'Agent' }))).toContain('Priya Nair (Agent)'),
    );
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Agent' }), 'agent-2');
    const release = holdBack('POST', '/api/tickets/2/assign');
    await user.click(dialog.getByRole('button', { name: 'Assign Ticket' }));
    expect(await dialog.findByText('Assigning...')).toBeTruthy();
    release();

    expect(await screen.findByText(t('assignTicket.success'))).toBeTruthy();
    expect(writes(requests, 'POST').map((request) => [request.path, request.body])).toEqual([
      ['/api/tickets/2/assign', { agentId: 'agent-2' }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign Ticket' })).toBeNull());
  });

  it("tells 'Failed to assign ticket. Please try again.' when the server refuses", async () => {
    const { user } = renderApp(
      '/admin/tickets',
      ticketsApi('admin', {
        'POST /api/tickets/2/assign': { status: 400, body: { message: 'The assignee must be an active staff member' } },
      }),
    );
    const dialog = await openDialog(user, 'Assign ticket TKT-000002', 'Assign Ticket');
    await waitFor(() =>
      expect(optionTexts(dialog.getByRole('combobox', { name: 'Agent' }))).toContain('Priya Nair (Agent)'),
    );
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Agent' }), 'agent-2');
    await user.click(dialog.getByRole('button', { name: 'Assign Ticket' }));

    expect(await screen.findByText(t('assignTicket.failed'))).toBeTruthy();
  });

  it('asks which ticket when opened without one, offering only unresolved tickets', async () => {
    const network = fakeFetch({
      'GET /api/tickets': { status: 200, body: { tickets: listedTickets, nextCursor: null } },
      'GET /api/agents': { status: 200, body: [] },
    });
    vi.stubGlobal('fetch', network.fetch);
    const queryClient = createQueryClient({ onUnauthorized: vi.fn() });
    const user = userEvent.setup();
    render(
      <Provider>
        <QueryClientProvider client={queryClient}>
          <AssignTicketDialog open onClose={vi.fn()} />
        </QueryClientProvider>
      </Provider>,
    );

    const dialog = within(await screen.findByRole('dialog', { name: 'Assign Ticket' }));
    const ticket = dialog.getByRole('combobox', { name: 'Ticket' });
    // Ticket 3 is resolved: nothing to assign there.
    await waitFor(() =>
      expect(optionTexts(ticket)).toEqual([
        'Select a ticket',
        'TKT-000001 · Withdrawal stuck in pending',
        'TKT-000002 · KYC documents rejected',
      ]),
    );
    await user.click(dialog.getByRole('button', { name: 'Assign Ticket' }));
    expect(await dialog.findByText(t('form.ticketRequired'))).toBeTruthy();

    await user.selectOptions(ticket, '2');
    expect(dialog.getByText('bob@example.com')).toBeTruthy();
  });
});
