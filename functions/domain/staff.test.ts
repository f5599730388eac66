import { describe, expect, it } from 'vitest';
import type { User } from '#shared/schemas/user.ts';
import { ConflictError } from '../lib/errors.ts';
import {
  adminSetChange,
  assertMayDeactivate,
  deactivated,
  isActiveAdmin,
  lastAdminRefusal,
  withRole,
} from './staff.ts';

const user = (overrides: Partial<User> = {}): User => ({
  id: 'u-1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  role: 'agent',
  isActive: true,
  availability: 'available',
  compliance: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

describe('isActiveAdmin', () => {
  it.each([
    { role: 'admin', isActive: true, expected: true },
    { role: 'admin', isActive: false, expected: false },
    { role: 'manager', isActive: true, expected: false },
    { role: 'agent', isActive: true, expected: false },
  ] as const)('is $expected for an $role with isActive=$isActive', ({ role, isActive, expected }) => {
    expect(isActiveAdmin({ role, isActive })).toBe(expected);
  });
});

describe('adminSetChange', () => {
  it.each([
    { before: { role: 'admin', isActive: true }, after: { role: 'manager', isActive: true }, expected: 'leave' },
    { before: { role: 'admin', isActive: true }, after: { role: 'admin', isActive: false }, expected: 'leave' },
    { before: { role: 'agent', isActive: true }, after: { role: 'admin', isActive: true }, expected: 'join' },
    { before: { role: 'admin', isActive: false }, after: { role: 'manager', isActive: false }, expected: 'none' },
    { before: { role: 'manager', isActive: false }, after: { role: 'admin', isActive: false }, expected: 'none' },
    { before: { role: 'agent', isActive: true }, after: { role: 'manager', isActive: true }, expected: 'none' },
    { before: { role: 'admin', isActive: true }, after: { role: 'admin', isActive: true }, expected: 'none' },
  ] as const)(
    'moves $before.role/$before.isActive → $after.role/$after.isActive: $expected',
    ({ before, after, expected }) => {
      expect(adminSetChange(before, after)).toBe(expected);
    },
  );
});

describe('lastAdminRefusal', () => {
  it.each([
    { attempted: 'deactivate', message: 'The last active admin cannot be deactivated' },
    { attempted: 'changeRole', message: 'The last active admin cannot be given another role' },
  ] as const)('refuses to $attempted the last admin with a 409 naming the attempt', ({ attempted, message }) => {
    const refusal = lastAdminRefusal(attempted);
    expect(refusal).toBeInstanceOf(ConflictError);
    expect(refusal.statusCode).toBe(409);
    expect(refusal.message).toBe(message);
  });
});

describe('assertMayDeactivate', () => {
  it('refuses an admin deactivating their own account', () => {
    expect(() => assertMayDeactivate('u-1', 'u-1')).toThrow('You cannot deactivate your own account');
  });

  it('lets an admin deactivate someone else', () => {
    expect(() => assertMayDeactivate('u-1', 'u-2')).not.toThrow();
  });
});

describe('status changes', () => {
  const now = new Date('2025-06-01T12:00:00.000Z');

  it('gives a user a new role and stamps the change', () => {
    expect(withRole(user(), 'manager', now)).toEqual(user({ role: 'manager', updatedAt: now.toISOString() }));
  });

  it('deactivates a user and keeps everything else', () => {
    expect(deactivated(user(), now)).toEqual(user({ isActive: false, updatedAt: now.toISOString() }));
  });
});
