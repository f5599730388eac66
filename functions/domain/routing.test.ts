import { describe, expect, it } from 'vitest';
import type { Availability, Role } from '#shared/constants.ts';
import type { AgentRouting } from '#shared/schemas/user.ts';
import { eligibleAgents, isAwayByNow, loadDeltas, mayFreeRoom, queueSortKey, type RoutableAgent } from './routing.ts';

const agent = (
  id: string,
  options: { role?: Role; isActive?: boolean; availability?: Availability; open?: number } & Partial<AgentRouting> = {},
): RoutableAgent => ({
  user: {
    id,
    role: options.role ?? 'agent',
    isActive: options.isActive ?? true,
    availability: options.availability ?? 'available',
  },
  routing: {
    maxOpenTickets: options.maxOpenTickets ?? null,
    categories: options.categories ?? [],
    languages: options.languages ?? [],
  },
  openTickets: options.open ?? 0,
});

const ticket = { categoryId: 'kyc', customerLanguage: 'de' };
const ids = (agents: RoutableAgent[]) => agents.map((a) => a.user.id);

describe('eligibleAgents', () => {
  it('keeps active available agents under their cap, in id order', () => {
    const staff = [
      agent('d'),
      agent('a'),
      agent('m', { role: 'manager' }),
      agent('x', { isActive: false }),
      agent('w', { availability: 'away' }),
      agent('o', { availability: 'offline' }),
      agent('f', { maxOpenTickets: 2, open: 2 }),
      agent('c', { maxOpenTickets: 2, open: 1 }),
    ];
    expect(ids(eligibleAgents(staff, ticket))).toEqual(['a', 'c', 'd']);
  });

  it('narrows to the agents skilled for the category and language when any of them is', () => {
    const staff = [
      agent('a', { languages: ['fr'] }),
      agent('b', { languages: ['de'], categories: ['kyc'] }),
      agent('c'),
      agent('d', { categories: ['fiat'] }),
    ];
    expect(ids(eligibleAgents(staff, ticket))).toEqual(['b', 'c']);
  });

  it('falls back to everyone who can take more when nobody is skilled', () => {
    const staff = [agent('a', { languages: ['fr'] }), agent('b', { categories: ['fiat'] })];
    expect(ids(eligibleAgents(staff, ticket))).toEqual(['a', 'b']);
  });

  it('does not count a skilled agent who is away or full', () => {
    const staff = [agent('a', { languages: ['de'], availability: 'away' }), agent('b', { languages: ['fr'] })];
    expect(ids(eligibleAgents(staff, ticket))).toEqual(['b']);
  });
});

describe('loadDeltas', () => {
  const t = (assignedToId: string | null, status: 'open' | 'in_progress' | 'resolved' | 'closed' = 'open') => ({
    assignedToId,
    status,
  });
  it.each([
    ['a new ticket for a1', null, t('a1'), { a1: 1 }],
    ['a new waiting ticket', null, t(null), {}],
    ['reassigned from a1 to a2', t('a1'), t('a2'), { a1: -1, a2: 1 }],
    ['resolved by a1', t('a1', 'in_progress'), t('a1', 'resolved'), { a1: -1 }],
    ['reopened for a1', t('a1', 'closed'), t('a1', 'open'), { a1: 1 }],
    ['moved on from open to in progress', t('a1'), t('a1', 'in_progress'), {}],
    ['reassigned while resolved', t('a1', 'resolved'), t('a2', 'resolved'), {}],
    ['taken from the queue', t(null), t('a1'), { a1: 1 }],
  ] as const)('moves the counters for %s', (_label, before, after, expected) => {
    expect(Object.fromEntries(loadDeltas(before, after))).toEqual(expected);
  });
});

describe('queueSortKey', () => {
  it('orders critical first, then oldest first', () => {
    const keys = [
      queueSortKey({ priority: 'low', createdAt: '2026-01-01T00:00:00.000Z' }),
      queueSortKey({ priority: 'critical', createdAt: '2026-01-03T00:00:00.000Z' }),
      queueSortKey({ priority: 'high', createdAt: '2026-01-02T00:00:00.000Z' }),
      queueSortKey({ priority: 'critical', createdAt: '2026-01-02T00:00:00.000Z' }),
    ];
    expect([...keys].sort()).toEqual([keys[3], keys[1], keys[2], keys[0]]);
  });
});

describe('mayFreeRoom', () => {
  const image = (over: Record<string, unknown> = {}) => ({ role: 'agent', isActive: true, ...over });
  it.each([
    ['came back from away', image({ availability: 'away' }), image({ availability: 'available' }), true],
    [
      'dropped under the cap',
      image({ maxOpenTickets: 2, openTickets: 2 }),
      image({ maxOpenTickets: 2, openTickets: 1 }),
      true,
    ],
    [
      'got a higher cap',
      image({ maxOpenTickets: 1, openTickets: 1 }),
      image({ maxOpenTickets: 3, openTickets: 1 }),
      true,
    ],
    ['took one more ticket', image({ openTickets: 1 }), image({ openTickets: 2 }), false],
    ['went away', image(), image({ availability: 'away' }), false],
    ['a manager came back', image({ role: 'manager', availability: 'away' }), image({ role: 'manager' }), false],
  ] as const)('is %s: %s', (_label, before, after, expected) => {
    expect(mayFreeRoom(before as never, after as never)).toBe(expected);
  });
});

describe('isAwayByNow', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  it.each([
    ['quiet for 10 minutes', 'available', false, '2026-01-01T11:50:00Z', true],
    ['quiet for 9 minutes', 'available', false, '2026-01-01T11:51:00Z', false],
    ['connected', 'available', true, '2026-01-01T10:00:00Z', false],
    ['already offline', 'offline', false, '2026-01-01T10:00:00Z', false],
  ] as const)('makes away someone %s: %s', (_label, availability, connected, quietSince, expected) => {
    expect(isAwayByNow({ availability, connected, quietSince }, now)).toBe(expected);
  });
});
