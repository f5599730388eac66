import { describe, expect, it } from 'vitest';
import { canEditTicket } from './permissions.ts';

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
