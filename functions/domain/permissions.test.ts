import { describe, expect, it } from 'vitest';
import type { Role } from '#shared/constants.ts';
import { canBeAssigned, canEditTicket, TICKET_ROLES } from './permissions.ts';

describe('canEditTicket', () => {
  it.each([
    ['admin', 'someone-else', true],
    ['admin', null, true],
    ['manager', 'someone-else', true],
    ['manager', null, true],
    ['agent', 'me', true],
    ['agent', 'someone-else', false],
    ['agent', null, false],
  ] as const)('lets a %s edit a ticket assigned to %s: %s', (role, assignedToId, expected) => {
    expect(canEditTicket({ id: 'me', role }, { assignedToId })).toBe(expected);
  });
});

describe('TICKET_ROLES (docs/product.md §6)', () => {
  const matrix: [keyof typeof TICKET_ROLES, Role[]][] = [
    ['read', ['admin', 'manager', 'agent']],
    ['create', ['admin', 'manager', 'agent']],
    ['edit', ['admin', 'manager', 'agent']],
    ['assign', ['admin', 'manager']],
    ['comment', ['admin', 'manager', 'agent']],
    ['dashboard', ['admin', 'manager', 'agent']],
    ['analytics', ['admin', 'manager']],
  ];
  it.each(matrix)('lets exactly these roles %s: %j', (action, roles) => {
    expect([...TICKET_ROLES[action]].sort()).toEqual([...roles].sort());
  });
});

describe('canBeAssigned', () => {
  it.each([
    ['an active agent', { role: 'agent', isActive: true }, true],
    ['an active manager', { role: 'manager', isActive: true }, true],
    ['an active admin', { role: 'admin', isActive: true }, true],
    ['a deactivated agent', { role: 'agent', isActive: false }, false],
    ['an unknown user', undefined, false],
  ] as const)('accepts %s: %s', (_label, user, expected) => {
    expect(canBeAssigned(user)).toBe(expected);
  });
});
