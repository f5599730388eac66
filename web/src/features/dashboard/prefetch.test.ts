import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ROLES } from '#shared/constants.ts';
import { fakeFetch } from '../../test/render-app.tsx';
import { prefetchDashboard } from './prefetch.ts';
import { dashboardReadUrls } from './reads.ts';

describe('the reads index.html asks for on a reload of the dashboard', () => {
  it.each(ROLES)('are exactly the reads the %s dashboard starts, query strings included', async (role) => {
    const network = fakeFetch({});
    vi.stubGlobal('fetch', network.fetch);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

    prefetchDashboard(queryClient, role);
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));

    const fetched = network.fetch.mock.calls.map(([input]) => String(input));
    expect(fetched.toSorted()).toEqual(dashboardReadUrls(role).toSorted());
  });

  it('leave out the analytics reads an agent would be refused', () => {
    expect(dashboardReadUrls('agent').some((url) => url.startsWith('/api/analytics/'))).toBe(false);
    expect(dashboardReadUrls('admin')).toContain('/api/analytics/insights');
  });
});
