import { describe, expect, it } from 'vitest';
import { categoryUsageShares } from './analytics-format.ts';

describe('categoryUsageShares', () => {
  it('gives each category its share of all tickets and a bar relative to the most used one', () => {
    const shares = categoryUsageShares([
      { category: 'kyc', displayName: 'KYC', color: '#ef4444', count: 6 },
      { category: 'others', displayName: 'Others', color: '#6b7280', count: 3 },
      { category: 'api_technical', displayName: 'Api Technical', color: '#3b82f6', count: 0 },
    ]);
    expect(shares.map(({ category, percent, barPercent }) => [category, percent, barPercent])).toEqual([
      ['kyc', 66.7, 100],
      ['others', 33.3, 50],
      ['api_technical', 0, 0],
    ]);
  });

  it('draws no bars when no ticket is filed under any category', () => {
    const shares = categoryUsageShares([{ category: 'kyc', displayName: 'KYC', color: '#ef4444', count: 0 }]);
    expect(shares[0]).toMatchObject({ percent: 0, barPercent: 0 });
  });
});
