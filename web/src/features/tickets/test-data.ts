/** Tickets, comments and staff as the API returns them, for the tickets screens' component tests. */
import type { Comment, HistoryEntry, Ticket } from '#shared/schemas/ticket.ts';
import type { UserSettings } from '#shared/schemas/settings.ts';
import type { Agent } from '#shared/schemas/user.ts';

/** The agent `staffUser('agent')` signs in as (render-app.tsx). */
export const SIGNED_IN_AGENT_ID = 'agent-1';

export function ticketFixture(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 1,
    ticketId: 'TKT-000001',
    subject: 'Withdrawal stuck in pending',
    description: 'Customer reports a BTC withdrawal pending for 3 hours.',
    customerEmail: 'alice@example.com',
    category: 'crypto_withdrawal',
    categoryId: 'cat-crypto-withdrawal',
    priority: 'high',
    status: 'in_progress',
    type: 'api',
    customerLanguage: 'en',
    assignedToId: SIGNED_IN_AGENT_ID,
    assignedTo: { id: SIGNED_IN_AGENT_ID, firstName: 'Dana', lastName: 'Reyes', email: 'agent@example.com' },
    createdById: null,
    createdByApiKeyId: null,
    createdAt: '2025-01-06T23:30:00.000Z',
    updatedAt: '2025-01-06T23:30:00.000Z',
    deadline: '2025-01-07T07:30:00.000Z',
    isOverdue: false,
    firstResponseDueAt: null,
    firstResponseAt: null,
    isFirstResponseOverdue: false,
    waitingOnCustomer: false,
    slaPausedAt: null,
    resolvedAt: null,
    responseTime: null,
    resolutionTime: null,
    rating: null,
    mergedIntoId: null,
    parentId: null,
    restricted: false,
    ...overrides,
  };
}

/** A second agent's ticket: the signed-in agent may view it but not edit it. */
export const othersTicket = ticketFixture({
  id: 2,
  ticketId: 'TKT-000002',
  subject: 'KYC documents rejected',
  customerEmail: 'bob@example.com',
  category: 'kyc',
  priority: 'low',
  status: 'open',
  assignedToId: 'agent-2',
  assignedTo: { id: 'agent-2', firstName: 'Priya', lastName: 'Nair', email: 'agent2@example.com' },
});

export const unassignedTicket = ticketFixture({
  id: 3,
  ticketId: 'TKT-000003',
  subject: 'Card deposit declined',
  customerEmail: 'carol@example.com',
  category: 'fiat_deposit',
  priority: 'critical',
  status: 'resolved',
  type: 'direct',
  assignedToId: null,
  assignedTo: null,
  resolvedAt: '2025-01-07T01:15:00.000Z',
});

export function commentFixture(overrides: Partial<Comment> = {}): Comment {
  return {
    id: 'c-1',
    ticketId: 1,
    userId: SIGNED_IN_AGENT_ID,
    authorType: 'staff',
    channel: 'web',
    comment: 'We are looking into it.',
    isInternal: false,
    createdAt: '2025-01-07T00:00:00.000Z',
    author: { firstName: 'Dana', lastName: 'Reyes', email: 'agent@example.com' },
    attachments: [],
    ...overrides,
  };
}

export const history: HistoryEntry[] = [
  {
    id: 'h-1',
    at: '2025-01-06T23:30:00.000Z',
    actor: { type: 'system', id: 'upstream', name: 'Upstream trading system' },
    action: 'created',
    changes: [],
  },
  {
    id: 'h-2',
    at: '2025-01-07T00:10:00.000Z',
    actor: { type: 'user', id: 'manager-1', name: 'Maria Santos' },
    action: 'updated',
    changes: [{ field: 'status', from: 'open', to: 'in_progress' }],
  },
];

export function staffFixture(overrides: Partial<Agent> & Pick<Agent, 'id' | 'firstName' | 'lastName' | 'role'>): Agent {
  return {
    email: `${overrides.firstName.toLowerCase()}@example.com`,
    profileImageUrl: null,
    isActive: true,
    availability: 'available',
    compliance: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    currentWeekPerformance: null,
    ...overrides,
  };
}

export const staff: Agent[] = [
  staffFixture({ id: 'manager-1', firstName: 'Maria', lastName: 'Santos', role: 'manager' }),
  staffFixture({ id: 'agent-2', firstName: 'Priya', lastName: 'Nair', role: 'agent' }),
  staffFixture({ id: 'agent-1', firstName: 'Dana', lastName: 'Reyes', role: 'agent' }),
  staffFixture({ id: 'agent-9', firstName: 'Gone', lastName: 'Away', role: 'agent', isActive: false }),
];

/** Settings of a user in Tokyo (UTC+9), so dates on screen differ from the UTC instants above. */
export const tokyoSettings: UserSettings = {
  notifications: {
    ticketAssigned: true,
    ticketCreated: true,
    ticketStatusChanged: true,
    emailNotifications: true,
    soundAlerts: false,
    desktopNotifications: false,
  },
  timezone: 'Asia/Tokyo',
  language: 'en',
  theme: 'light',
  alarmSettings: { enabled: false, volume: 80, soundType: 'bell', alertTypes: [] },
};
