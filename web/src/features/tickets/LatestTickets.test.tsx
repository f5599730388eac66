import { QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Provider } from '../../components/ui/Provider.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { fakeFetch, staffUser } from '../../test/render-app.tsx';
import { authKeys } from '../auth/current-user.ts';
import { LatestTickets } from './LatestTickets.tsx';
import { listedTickets, ticketListRequests } from './test-api.ts';

/** LatestTickets alone under a `/$role` route, as the dashboard shows it (the dashboard itself is tested apart). */
function renderLatestTickets() {
  vi.stubGlobal(
    'fetch',
    fakeFetch({ 'GET /api/tickets': { status: 200, body: { tickets: listedTickets, nextCursor: 'more' } } }).fetch,
  );
  const queryClient = createQueryClient({ onUnauthorized: vi.fn() });
  queryClient.setQueryData(authKeys.user(), staffUser('manager'));
  const root = createRootRoute();
  const role = createRoute({ getParentRoute: () => root, path: '/$role', component: LatestTickets });
  const tickets = createRoute({ getParentRoute: () => root, path: '/$role/tickets' });
  const router = createRouter({
    routeTree: root.addChildren([role, tickets]),
    history: createMemoryHistory({ initialEntries: ['/manager'] }),
  });
  render(
    <Provider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  );
}

describe('LatestTickets', () => {
  it('shows the latest 10 tickets with their actions, without search, filters or Load more', async () => {
    renderLatestTickets();

    const table = await screen.findByRole('table', { name: 'Latest tickets' });
    expect(Object.fromEntries(ticketListRequests()[0]!)).toEqual({ limit: '10' });
    expect(within(table).getByRole('button', { name: 'View ticket TKT-000002' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Edit ticket TKT-000002' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Assign ticket TKT-000002' })).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // Bulk changes are for the full lists (docs/product.md §2 "Tickets table").
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/manager/tickets');
  });
});
