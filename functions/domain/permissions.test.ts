import { describe, expect, it } from 'vitest';
import type { Role } from '#shared/constants.ts';
import type { User } from '#shared/schemas/user.ts';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts';
import { type Caller, systemCaller } from './caller.ts';
import { assertAccess, canBeAssigned, isCompliance, staffMember, TICKET_ACCESS } from './permissions.ts';

describe('TICKET_ACCESS (docs/product.md §6)', () => {
  const matrix: [keyof typeof TICKET_ACCESS, Role[]][] = [
    ['read', ['admin', 'manager', 'agent']],
    ['create', ['admin', 'manager', 'agent']],
    ['edit', ['admin', 'manager', 'agent']],
    ['assign', ['admin', 'manager']],
    ['comment', ['admin', 'manager', 'agent']],
    ['dashboard', ['admin', 'manager', 'agent']],
    ['analytics', ['admin', 'manager']],
    ['rate', []],
  ];
  it.each(matrix)('lets exactly these roles %s: %j', (action, roles) => {
    expect([...TICKET_ACCESS[action].roles].sort()).toEqual([...roles].sort());
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

describe('assertAccess: every use case checks its caller itself', () => {
  const staff = (role: Role): Caller => ({ kind: 'staff', user: { id: `${role}-1`, role } as User });
  const key = (...scopes: ('tickets:read' | 'tickets:create' | 'tickets:rate')[]): Caller => ({
    kind: 'apiKey',
    apiKey: { id: 'key-1', name: 'Upstream', scopes },
  });
  const outcome = (caller: Caller, access: Parameters<typeof assertAccess>[1]) => {
    try {
      assertAccess(caller, access);
      return 'allowed';
    } catch (error) {
      if (error instanceof UnauthorizedError) return '401';
      if (error instanceof ForbiddenError) return `403 ${error.code}: ${error.message}`;
      throw error;
    }
  };

  it.each([
    ['nobody', { kind: 'anonymous' } as Caller, TICKET_ACCESS.read, '401'],
    ['an agent', staff('agent'), TICKET_ACCESS.read, 'allowed'],
    [
      'an agent',
      staff('agent'),
      TICKET_ACCESS.assign,
      '403 error.ticket.assignDenied: Only administrators and managers can assign tickets',
    ],
    ['a manager', staff('manager'), TICKET_ACCESS.assign, 'allowed'],
    [
      'an admin',
      staff('admin'),
      TICKET_ACCESS.rate,
      '403 error.ticket.ratingByKeysOnly: Ratings come from upstream systems, with an API key that has the tickets:rate scope',
    ],
    ['a key with the scope', key('tickets:read'), TICKET_ACCESS.read, 'allowed'],
    [
      'a key without the scope',
      key('tickets:read'),
      TICKET_ACCESS.create,
      '403 error.apiKey.missingScope: This API key lacks the tickets:create scope',
    ],
    [
      'a key, where keys have no scope',
      key('tickets:read', 'tickets:create'),
      TICKET_ACCESS.edit,
      '403 error.apiKey.routeRefused: API keys cannot call this route',
    ],
    ['trusted code inside the system', systemCaller('overdue-job', 'Overdue check'), TICKET_ACCESS.assign, 'allowed'],
  ] as const)('%s asking for %j: %s', (_label, caller, access, expected) => {
    expect(outcome(caller, access)).toBe(expected);
  });

  it('gives capabilities that act as a person only to a staff member', () => {
    expect(staffMember(staff('admin'), TICKET_ACCESS.edit).id).toBe('admin-1');
    expect(() => staffMember(systemCaller('seed', 'Seed'), TICKET_ACCESS.edit)).toThrow(ForbiddenError);
  });
});

describe('isCompliance (docs/product.md §6 "Compliance")', () => {
  const staffWith = (role: Role, compliance: boolean): Caller => ({
    kind: 'staff',
    user: { id: `${role}-1`, role, compliance } as User,
  });

  it('holds for a staff member granted the permission, whatever the role, and for no one else', () => {
    expect(isCompliance(staffWith('agent', true))).toBe(true);
    expect(isCompliance(staffWith('admin', false))).toBe(false);
    expect(isCompliance(systemCaller('job', 'A job'))).toBe(false);
    expect(isCompliance({ kind: 'anonymous' })).toBe(false);
  });
});
