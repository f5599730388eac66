import { describe, expect, it } from 'vitest';
import { t } from '../i18n/i18n.ts';
import { assigneeName, categoryOptions, spacedOrNA, typeLabel } from './ticket-display.ts';

describe('ticket fields as the detail view writes them', () => {
  it.each([
    ['fiat_deposit', 'fiat deposit'],
    ['2fa_reset', '2fa reset'],
    ['kyc', 'kyc'],
    ['', 'N/A'],
    [null, 'N/A'],
  ])('writes the category %j as %j', (value, expected) => {
    expect(spacedOrNA(value, t)).toBe(expected);
  });

  it.each([
    ['api', 'API'],
    ['direct', 'DIRECT'],
  ] as const)('writes the type %s as %s', (type, expected) => {
    expect(typeLabel(type, t)).toBe(expected);
  });

  it.each([
    [{ firstName: 'Priya', lastName: 'Nair' }, 'Priya Nair'],
    [{ firstName: 'Priya', lastName: '' }, 'Priya'],
    [null, 'Unassigned'],
  ])('names the assignee %j %j', (assignee, expected) => {
    expect(assigneeName(assignee, t)).toBe(expected);
  });
});

describe('categoryOptions', () => {
  const active = [
    { name: 'kyc', displayName: 'KYC' },
    { name: 'fiat_deposit', displayName: 'Fiat Deposit' },
  ];

  it('offers the active categories by their display names', () => {
    expect(categoryOptions(active, t)).toEqual([
      { value: 'kyc', label: 'KYC' },
      { value: 'fiat_deposit', label: 'Fiat Deposit' },
    ]);
  });

  it("keeps the ticket's own category first when it is no longer active", () => {
    expect(categoryOptions(active, t, 'crypto_deposit')[0]).toEqual({
      value: 'crypto_deposit',
      label: 'crypto deposit (inactive)',
    });
    expect(categoryOptions(active, t, 'kyc')).toHaveLength(2);
  });

  it("offers just the ticket's own category until the list has loaded", () => {
    expect(categoryOptions(undefined, t, 'kyc')).toEqual([{ value: 'kyc', label: 'kyc' }]);
    expect(categoryOptions(undefined, t)).toEqual([]);
  });
});
