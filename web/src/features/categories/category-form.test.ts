import { describe, expect, it } from 'vitest';
import type { Category } from '#shared/schemas/category.ts';
import { followNameChange } from './category-form.ts';
import { categoryStats } from './category-stats.ts';

describe('followNameChange', () => {
  it.each([
    ['fills an empty display name', '', 'fiat_deposit', '', 'Fiat Deposit'],
    ['keeps following while it is still derived', 'fiat_dep', 'fiat_deposit', 'Fiat Dep', 'Fiat Deposit'],
    ['follows a name cleared to nothing', 'kyc', '', 'Kyc', ''],
    ['refills a display name cleared by hand', 'kyc', 'kyc_check', '  ', 'Kyc Check'],
    ['leaves a display name someone typed', 'kyc', 'kyc_check', 'KYC verification', 'KYC verification'],
    [
      'leaves an edited category whose display name was chosen',
      'kyc',
      'kyc2',
      'Know Your Customer',
      'Know Your Customer',
    ],
  ])('%s', (_case, previousName, name, displayName, expected) => {
    expect(followNameChange(previousName, name, displayName)).toBe(expected);
  });
});

function category(name: string, usageCount: number, isActive = true): Category {
  return {
    id: name,
    name,
    displayName: name.toUpperCase(),
    description: null,
    color: '#3b82f6',
    isActive,
    restricted: false,
    usageCount,
    createdAt: '2025-01-06T09:00:00.000Z',
    updatedAt: '2025-01-06T09:00:00.000Z',
  };
}

describe('categoryStats', () => {
  it.each([
    ['no categories', [], { total: 0, active: 0, mostUsed: null }],
    ['none used yet', [category('kyc', 0), category('others', 0, false)], { total: 2, active: 1, mostUsed: null }],
    [
      'the highest usage',
      [category('kyc', 3), category('others', 9, false), category('api', 4)],
      { total: 3, active: 2, mostUsed: 'OTHERS' },
    ],
    [
      'a tie, won by the first listed',
      [category('kyc', 5), category('api', 5)],
      { total: 2, active: 2, mostUsed: 'KYC' },
    ],
  ])('with %s', (_case, categories, expected) => {
    expect(categoryStats(categories)).toEqual(expected);
  });
});
