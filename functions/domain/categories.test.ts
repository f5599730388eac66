import { describe, expect, it } from 'vitest';
import type { Category } from '#shared/schemas/category.ts';
import { assertDeletable, categoryEdit, categoryInUse, newCategory } from './categories.ts';

const category = (overrides: Partial<Category> = {}): Category => ({
  id: 'c-1',
  name: 'kyc',
  displayName: 'Kyc',
  description: null,
  color: '#3b82f6',
  isActive: true,
  restricted: false,
  usageCount: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

describe('newCategory', () => {
  it('starts active and unused, stamped with its creation time', () => {
    const now = new Date('2025-06-01T12:00:00.000Z');
    expect(newCategory({ name: 'kyc', displayName: 'Kyc', description: null, color: '#ef4444' }, 'c-9', now)).toEqual(
      category({
        id: 'c-9',
        color: '#ef4444',
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      }),
    );
  });
});

describe('categoryEdit', () => {
  it.each([
    { patch: {}, changes: {}, movesNameClaim: false },
    { patch: { name: 'kyc', displayName: 'Kyc' }, changes: {}, movesNameClaim: false },
    { patch: { name: 'KYC' }, changes: { name: 'KYC' }, movesNameClaim: false },
    { patch: { name: 'kyc_checks' }, changes: { name: 'kyc_checks' }, movesNameClaim: true },
    { patch: { isActive: false }, changes: { isActive: false }, movesNameClaim: false },
    { patch: { description: 'Identity checks' }, changes: { description: 'Identity checks' }, movesNameClaim: false },
    { patch: { description: null }, changes: {}, movesNameClaim: false },
    {
      patch: { color: '#22c55e', displayName: 'KYC' },
      changes: { color: '#22c55e', displayName: 'KYC' },
      movesNameClaim: false,
    },
  ])('patch $patch changes $changes (name claim moves: $movesNameClaim)', ({ patch, changes, movesNameClaim }) => {
    expect(categoryEdit(category(), patch)).toEqual({ changes, movesNameClaim });
  });

  it('clears a description sent as null', () => {
    expect(categoryEdit(category({ description: 'old' }), { description: null }).changes).toEqual({
      description: null,
    });
  });
});

describe('deleting', () => {
  it.each([
    { usageCount: 1, message: 'This category is used by 1 ticket; deactivate it instead' },
    { usageCount: 12, message: 'This category is used by 12 tickets; deactivate it instead' },
  ])('refuses a category used by $usageCount ticket(s), suggesting deactivation', ({ usageCount, message }) => {
    expect(categoryInUse(usageCount)).toMatchObject({ code: 'error.category.inUse', params: { count: usageCount } });
    expect(() => assertDeletable({ usageCount })).toThrow(message);
  });

  it('allows an unused category', () => {
    expect(() => assertDeletable({ usageCount: 0 })).not.toThrow();
  });
});
