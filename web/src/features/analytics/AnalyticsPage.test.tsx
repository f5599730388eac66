import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '../../i18n/i18n.ts';
import { type FakeRoutes, renderApp, staffUser } from '../../test/render-app.tsx';
import { categoryUsage, insights, metrics, topAgents, volume } from '../dashboard/test-data.ts';

function analyticsApi(overrides: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /api/auth/user': { status: 200, body: staffUser('manager') },
    'GET /api/dashboard/metrics': { status: 200, body: metrics },
    'GET /api/dashboard/volume-data': { status: 200, body: volume },
    'GET /api/analytics/insights': { status: 200, body: insights },
    'GET /api/analytics/category-usage': { status: 200, body: categoryUsage },
    'GET /api/agents/performance': { status: 200, body: topAgents },
    ...overrides,
  };
}

async function findPanel(title: string) {
  return within(await screen.findByRole('region', { name: title }));
}

describe('AI Analytics page', () => {
  it('shows how many tickets each category holds and its share, most used first', async () => {
    renderApp('/manager/analytics', analyticsApi());

    const panel = await findPanel('Category Usage');
    const rows = await panel.findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Kyc6 tickets (66.7%)',
      'Fiat Deposit3 tickets (33.3%)',
      'Others0 tickets (0.0%)',
    ]);
  });

  it('tabulates every agent’s week: assigned, resolved, times, rating and a coloured score', async () => {
    renderApp('/manager/analytics', analyticsApi());

    const panel = await findPanel('Agent Performance');
    const rows = await panel.findAllByRole('row');
    expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['Agent', 'Assigned', 'Resolved', 'Avg Response', 'Avg Resolution', 'Rating', 'Performance'],
      ['ASAva StoneAgent', '10', '14', '42m', '5.0h', '4.3/5 rating', '92.5%'],
      ['BOBen OkaforAgent', '10', '9', '42m', '5.0h', 'No rating yet', '70.0%'],
      ['CMCleo MarshAgent', '10', '3', '42m', '5.0h', '3.0/5 rating', '69.9%'],
    ]);
    const palettes = rows.slice(1).map((row) => row.querySelector('[data-palette]')?.getAttribute('data-palette'));
    expect(palettes).toEqual(['green', 'blue', 'orange']);
  });

  it('shows the insights and the volume trend of the dashboard', async () => {
    renderApp('/admin/analytics', analyticsApi({ 'GET /api/auth/user': { status: 200, body: staffUser('admin') } }));

    expect(await (await findPanel('AI Analytics Insights')).findByText('12 overdue tickets')).toBeTruthy();
    expect(
      await (await findPanel('Ticket Volume')).findByText('5 created · 5 resolved in the last 7 days'),
    ).toBeTruthy();
  });

  it('shows the empty texts while the server cannot rank agents or compute insights (501)', async () => {
    const notImplemented = { status: 501, body: { message: 'Not implemented yet' } };
    renderApp(
      '/manager/analytics',
      analyticsApi({ 'GET /api/agents/performance': notImplemented, 'GET /api/analytics/insights': notImplemented }),
    );

    expect(await (await findPanel('Agent Performance')).findByText(t('performance.empty'))).toBeTruthy();
    expect(await (await findPanel('AI Analytics Insights')).findByText(t('insights.empty'))).toBeTruthy();
  });
});
