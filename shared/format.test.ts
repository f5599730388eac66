import { describe, expect, it } from 'vitest';
import { displayNameFromName, ticketNumberOfCode } from './format.ts';

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

describe('ticketNumberOfCode', () => {
  it.each([
    ['TKT-000042', 42],
    ['tkt-42', 42],
    ['tkt42', 42],
    [' TKT-7 ', 7],
  ])('reads %j as ticket %i', (code, id) => {
    expect(ticketNumberOfCode(code)).toBe(id);
  });

  it.each(['TKT-0', 'ticket 42', 'TKT-42 refund', 'TKT-'])('reads %j as no ticket code', (text) => {
    expect(ticketNumberOfCode(text)).toBeUndefined();
  });
});
