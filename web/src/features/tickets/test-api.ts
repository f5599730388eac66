/** The fake API the tickets screens' component tests run against (see test/render-app.tsx). */
import { vi } from 'vitest';
import type { Role } from '#shared/constants.ts';
import type { Category } from '#shared/schemas/category.ts';
import { type FakeRoutes, staffUser } from '../../test/render-app.tsx';
import {
  SIGNED_IN_AGENT_ID,
  othersTicket,
  staff,
  ticketFixture,
  tokyoSettings,
  unassignedTicket,
} from './test-data.ts';

function category(name: string, displayName: string): Category {
  return {
    id: `cat-${name}`,
    name,
    displayName,
    description: null,
    color: '#3b82f6',
    isActive: true,
    restricted: false,
    usageCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

/** What `GET /api/categories?active=true` answers: `crypto_withdrawal` (ticket 1's) is no longer among them. */
export const activeCategories: Category[] = [category('kyc', 'KYC'), category('fiat_deposit', 'Fiat Deposit')];

export const listedTickets = [ticketFixture(), othersTicket, unassignedTicket];

/** A signed-in `role` (the agent is `agent-1`, who has ticket 1) on a server with three tickets. */
export function ticketsApi(role: Role, overrides: FakeRoutes = {}): FakeRoutes {
  const user = role === 'agent' ? staffUser('agent', { id: SIGNED_IN_AGENT_ID }) : staffUser(role);
  return {
    'GET /api/auth/user': { status: 200, body: user },
    'GET /api/user/settings': { status: 200, body: tokyoSettings },
    'GET /api/tickets': { status: 200, body: { tickets: listedTickets, nextCursor: null } },
    'GET /api/categories': { status: 200, body: activeCategories },
    // None of the three is an incident (docs/product.md §2 "Incidents"): no linked tickets.
    ...Object.fromEntries(
      listedTickets.map((ticket) => [`GET /api/tickets/${ticket.id}/children`, { status: 200, body: [] }]),
    ),
    'GET /api/agents':
      role === 'agent' ? { status: 403, body: { message: 'Forbidden' } } : { status: 200, body: staff },
    ...overrides,
  };
}

/** Every URL fetched so far, query string included (the fake API itself matches on the path alone). */
export function fetchedUrls(): string[] {
  return vi.mocked(fetch).mock.calls.map(([input]) => String(input));
}

/** The ticket list requests made so far, as their query parameters. */
export function ticketListRequests(): URLSearchParams[] {
  return fetchedUrls()
    .filter((url) => url.startsWith('/api/tickets?'))
    .map((url) => new URLSearchParams(url.slice(url.indexOf('?') + 1)));
}
