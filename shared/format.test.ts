import { describe, expect, it } from 'vitest';
import { displayNameFromName } from './format.ts';

describe('displayNameFromName', () => {
  it.each([
    ['fiat_deposit', 'Fiat Deposit'],
    ['kyc', 'Kyc'],
    ['2fa_reset', '2fa Reset'],
    ['general__enquiry_', 'General Enquiry'],
    ['', ''],
  ])('derives %j → %j', (name, expected) => {
    expect(displayNameFromName(name)).toBe(expected);
  });
});
