import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { t } from '../../i18n/i18n.ts';
import { OVERDUE_POLL_MS, type Role } from '#shared/constants.ts';
import { type FakeRoutes, renderApp, staffUser } from '../../test/render-app.tsx';
import { insights, metrics, priorityDistribution, slaAttainment, ticket, topAgents, volume } from './test-data.ts';

const notImplemented = { status: 501, body: { message: 'Not implemented yet' } };

/** A signed-in `role` on a server with data everywhere; `overrides` replace single answers. */
function dashboardApi(role: Role, overrides: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /api/auth/user': { status: 200, body: staffUser(role) },
    'GET /api/user/settings': { status: 404, body: { message: 'Not Found' } },
    'GET /api/dashboard/metrics': { status: 200, body: metrics },
    'GET /api/dashboard/priority-distribution': { status: 200, body: priorityDistribution },
    'GET /api/dashboard/volume-data': { status: 200, body: volume },
    'GET /api/tickets/overdue': { status: 200, body: [] },
    'GET /api/tickets': { status: 200, body: { tickets: [], nextCursor: null } },
    'GET /api/agents/performance': { status: 200, body: topAgents },
    'GET /api/analytics/insights': { status: 200, body: insights },
    'GET /api/dashboard/sla-attainment': { status: 200, body: slaAttainment },
    ...overrides,
  };
}

/** The URLs fetched so far, query strings included (the fake API matches on the path alone). */
function fetchedUrls(): string[] {
  return vi.mocked(fetch).mock.calls.map(([input]) => String(input));
}

async function findPanel(title: string) {
  return within(await screen.findByRole('region', { name: title }));
}

describe('dashboard', () => {
  it("reads 'Loading dashboard...' until the headline figures arrive", async () => {
    renderApp('/admin', dashboardApi('admin'));
    // Hold the metrics answer back until the loading text has been seen.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const answer = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      if (String(input) === '/api/dashboard/metrics') await gate;
      return answer(input, init);
    });

    expect(await screen.findByText(t('dashboard.loading'))).toBeTruthy();
    expect(screen.queryByText('Total Tickets')).toBeNull();

    release();
    expect(await screen.findByText('Total Tickets')).toBeTruthy();
    expect(screen.queryByText(t('dashboard.loading'))).toBeNull();
  });

  it('shows the four cards with their formatted figures and real changes', async () => {
    renderApp('/manager', dashboardApi('manager'));

    const card = async (label: string) => (await screen.findByText(label)).closest('.chakra-card__root') as HTMLElement;
    const total = await card('Total Tickets');
    expect(total.textContent).toContain('42');
    expect(within(total).getByText('+12.5%').closest('[data-tone]')?.getAttribute('data-tone')).toBe('good');

    // Fewer open tickets and a longer response time: a fall is good news for the one, a rise bad for the other.
    const open = await card('Open Tickets');
    expect(within(open).getByText('-8.0%').closest('[data-tone]')?.getAttribute('data-tone')).toBe('good');
    const response = await card('Avg Response Time');
    expect(response.textContent).toContain('2.4h');
    expect(within(response).getByText('+15.0%').closest('[data-tone]')?.getAttribute('data-tone')).toBe('bad');

    // No earlier figure: no made-up percentage.
    const rate = await card('Resolution Rate');
    expect(rate.textContent).toContain('71.4%');
    expect(within(rate).getByText('No earlier figure to compare')).toBeTruthy();
  });

  it('lists each priority with its count and share of all tickets, most urgent first', async () => {
    renderApp('/agent', dashboardApi('agent'));

    const panel = await findPanel('Priority Distribution');
    const rows = await panel.findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Critical2 (4.8%)',
      'High8 (19.0%)',
      'Medium20 (47.6%)',
      'Low12 (28.6%)',
    ]);
  });

  it('counts the tickets by the channel they came in by, e-mail included', async () => {
    renderApp('/agent', dashboardApi('agent'));
    const panel = await findPanel('Tickets by Channel');
    const rows = await panel.findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['API26', 'DIRECT12', 'EMAIL4']);
  });

  it('says round-robin assignment is active', async () => {
    renderApp('/agent', dashboardApi('agent'));

    const panel = await findPanel('Round-Robin Assignment');
    expect(panel.getByText(t('common.active'))).toBeTruthy();
    expect(panel.getByText(t('roundRobin.enabled'))).toBeTruthy();
  });

  it('asks for another period when the selector changes, and describes the series in a table', async () => {
    const { user } = renderApp('/admin', dashboardApi('admin'));

    const panel = await findPanel('Ticket Volume');
    expect(await panel.findByText('5 created · 5 resolved in the last 7 days')).toBeTruthy();
    expect(fetchedUrls()).toContain('/api/dashboard/volume-data?days=7');
    const table = panel.getByRole('table', { name: 'Tickets created and resolved per day, last 7 days' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DayCreatedResolved', 'Mar 631', 'Mar 724']);

    await user.selectOptions(panel.getByRole('combobox', { name: 'Volume period' }), 'Last 30 days');

    await waitFor(() => expect(fetchedUrls()).toContain('/api/dashboard/volume-data?days=30'));
    expect(
      await panel.findByRole('table', { name: 'Tickets created and resolved per day, last 30 days' }),
    ).toBeTruthy();
    expect(panel.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Last 7 days',
      'Last 30 days',
      'Last 90 days',
    ]);
  });

  it('shows the overdue panel empty state, with the deadlines hint', async () => {
    renderApp('/agent', dashboardApi('agent'));

    const panel = await findPanel('Overdue Tickets');
    expect(await panel.findByText(t('overdue.empty'))).toBeTruthy();
    expect(panel.getByText(t('overdue.emptyDetail'))).toBeTruthy();
    expect(panel.getByText(t('overdue.deadlinesHint'))).toBeTruthy();
  });

  it('lists overdue tickets with their countdown, people and deadline in the user’s time zone', async () => {
    const assignee = { id: 'a1', firstName: 'Ava', lastName: 'Stone', email: 'ava@example.com' };
    renderApp(
      '/agent',
      dashboardApi('agent', {
        'GET /api/user/settings': { status: 200, body: { timezone: 'Asia/Tokyo' } },
        'GET /api/tickets/overdue': {
          status: 200,
          body: [
            ticket(),
            ticket({
              id: 2,
              ticketId: 'TKT-000002',
              subject: 'KYC documents rejected',
              assignedToId: 'a1',
              assignedTo: assignee,
            }),
          ],
        },
      }),
    );

    const panel = await findPanel('Overdue Tickets');
    const rows = await panel.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('TKT-000001')).toBeTruthy();
    expect(first.getByText('High')).toBeTruthy();
    expect(first.getByText('Open')).toBeTruthy();
    expect(first.getByText('Withdrawal stuck in pending')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('customer@example.com');
    expect(rows[0]!.textContent).toContain(`Assignee: ${t('common.unassigned')}`);
    expect(first.getByText(/overdue$/)).toBeTruthy();
    // 09:00 UTC is 18:00 in Tokyo.
    expect(await first.findByText('Jan 6, 2025, 6:00 PM')).toBeTruthy();
    expect(rows[1]!.textContent).toContain('Assignee: ava@example.com');
    expect(panel.getByText((_, element) => element?.textContent === '2 overdue')).toBeTruthy();
  });

  it('reads the overdue tickets again every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/agent', dashboardApi('agent'));

    await (await findPanel('Overdue Tickets')).findByText(t('overdue.empty'));
    const reads = () => fetchedUrls().filter((url) => url === '/api/tickets/overdue').length;
    const before = reads();

    await vi.advanceTimersByTimeAsync(OVERDUE_POLL_MS - 1_000);
    expect(reads()).toBe(before);
    await vi.advanceTimersByTimeAsync(1_000);
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('reads the overdue tickets again on Refresh', async () => {
    const { user } = renderApp('/agent', dashboardApi('agent'));

    const panel = await findPanel('Overdue Tickets');
    await panel.findByText(t('overdue.empty'));
    const reads = () => fetchedUrls().filter((url) => url === '/api/tickets/overdue').length;
    const before = reads();

    await user.click(panel.getByRole('button', { name: 'Refresh' }));

    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('shows admins the top agents with rating, score colours and a View All link to Agent Management', async () => {
    renderApp('/admin', dashboardApi('admin'));

    const panel = await findPanel('Top Performing Agents');
    const rows = await panel.findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ASAva Stone14 resolved this week · 4.3/5 rating92.5%',
      'BOBen Okafor9 resolved this week · No rating yet70.0%',
      'CMCleo Marsh3 resolved this week · 3.0/5 rating69.9%',
    ]);
    const palettes = rows.map((row) => row.querySelector('[data-palette]')?.getAttribute('data-palette'));
    expect(palettes).toEqual(['green', 'blue', 'orange']);
    expect(panel.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/admin/agents');
    expect(fetchedUrls()).toContain('/api/agents/performance?limit=5');
  });

  it('shows insights with their recommended action, icon type and severity colour', async () => {
    renderApp('/manager', dashboardApi('manager'));

    const panel = await findPanel('AI Analytics Insights');
    const cards = await panel.findAllByRole('listitem');
    expect(cards.map((card) => [card.dataset.type, card.dataset.severity])).toEqual([
      ['alert', 'critical'],
      ['prediction', 'info'],
    ]);
    expect(cards[0]!.textContent).toContain('Recommended action: Reassign or escalate the overdue tickets');
    expect(cards[1]!.textContent).not.toContain('Recommended action');
  });

  it('shows first-response and resolution attainment for the desk and each agent, and asks again for another period', async () => {
    const { user } = renderApp('/manager', dashboardApi('manager'));
    const panel = await findPanel(t('sla.attainment.title'));
    const desk = within(await panel.findByTestId('sla-attainment-desk'));
    expect(desk.getByText(t('sla.attainment.percent', { percent: 90, met: 9, total: 10 }))).toBeTruthy();
    expect(desk.getByText(t('sla.attainment.percent', { percent: 75, met: 3, total: 4 }))).toBeTruthy();
    const ada = within(panel.getByText('Ada Lovelace').closest('tr')!);
    expect(ada.getByText(t('sla.attainment.percent', { percent: 100, met: 4, total: 4 }))).toBeTruthy();
    expect(ada.getByText(t('sla.attainment.none'))).toBeTruthy();

    await user.selectOptions(panel.getByRole('combobox', { name: t('volume.period') }), '90');
    await waitFor(() => expect(fetchedUrls()).toContain('/api/dashboard/sla-attainment?days=90'));
  });

  it('shows the empty texts, not errors, while the server cannot rank agents or compute insights (501)', async () => {
    renderApp(
      '/admin',
      dashboardApi('admin', {
        'GET /api/agents/performance': notImplemented,
        'GET /api/analytics/insights': notImplemented,
      }),
    );

    expect(await (await findPanel('Top Performing Agents')).findByText(t('performance.empty'))).toBeTruthy();
    expect(await (await findPanel('AI Analytics Insights')).findByText(t('insights.empty'))).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a failing panel’s error with a retry, and the rest of the dashboard still works', async () => {
    // React reports the error its boundary caught on the console; that noise is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp(
      '/agent',
      dashboardApi('agent', { 'GET /api/dashboard/priority-distribution': { status: 500, body: { message: 'Boom' } } }),
    );

    const panel = await findPanel('Priority Distribution');
    expect((await panel.findByRole('alert')).textContent).toContain('500: Boom');
    expect(await (await findPanel('Overdue Tickets')).findByText(t('overdue.empty'))).toBeTruthy();

    await user.click(panel.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(fetchedUrls().filter((url) => url === '/api/dashboard/priority-distribution').length).toBeGreaterThan(1),
    );
  });

  it('never asks the analytics reads for an agent, and offers no analytics panels or Assign Ticket', async () => {
    renderApp('/agent', dashboardApi('agent'));

    await findPanel('Overdue Tickets');
    expect(screen.getByRole('button', { name: 'Create Ticket' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Assign Ticket' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Top Performing Agents' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'AI Analytics Insights' })).toBeNull();
    expect(fetchedUrls().filter((url) => url.startsWith('/api/analytics') || url.startsWith('/api/agents'))).toEqual(
      [],
    );
  });
});
