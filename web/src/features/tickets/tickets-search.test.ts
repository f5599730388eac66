import { describe, expect, it } from 'vitest';
import { parseListFilters, parseTicketsSearch } from './tickets-search.ts';

describe('parseTicketsSearch', () => {
  it.each([
    [{ assignedToId: 'a1b2' }, 'a1b2'],
    [{ assignedToId: '  a1b2 ' }, 'a1b2'],
    [{}, undefined],
    [{ assignedToId: '' }, undefined],
    [{ assignedToId: 42 }, undefined],
    [{ assignedToId: ['a', 'b'] }, undefined],
    [{ assignedToId: 'x'.repeat(101) }, undefined],
  ])('reads %j as assignedToId %j', (search, expected) => {
    expect(parseTicketsSearch(search)).toEqual({ assignedToId: expected });
  });

  it('keeps the list filters and the type beside the assignee', () => {
    expect(
      parseTicketsSearch({ q: 'kyc', status: 'open', priority: 'high', type: 'email', assignedToId: 'a1' }),
    ).toEqual({
      q: 'kyc',
      status: 'open',
      priority: 'high',
      type: 'email',
      assignedToId: 'a1',
    });
  });

  it.each([
    [{ ticket: 42 }, 42],
    [{ ticket: '42' }, 42],
    [{ ticket: 0 }, undefined],
    [{ ticket: -3 }, undefined],
    [{ ticket: 'TKT-000042' }, undefined],
    [{ ticket: 1.5 }, undefined],
  ])('reads %j as the opened ticket %j, and an unknown type as none', (search, expected) => {
    expect(parseTicketsSearch({ ...search, type: 'fax' })).toEqual({ ticket: expected });
  });
});

describe('parseListFilters', () => {
  it.each([
    [{ q: 'kyc' }, { q: 'kyc' }],
    [{ q: '  TKT-000042 ' }, { q: 'TKT-000042' }],
    // The router's default parser reads `?q=42` as a number.
    [{ q: 42 }, { q: '42' }],
    [{ q: '   ' }, {}],
    [{ q: 'x'.repeat(100) }, { q: 'x'.repeat(100) }],
    [{ q: 'x'.repeat(101) }, {}],
    [{ q: { nested: true } }, {}],
    [{ status: 'in_progress' }, { status: 'in_progress' }],
    [{ status: 'lost' }, {}],
    [{ status: 'OPEN' }, {}],
    [{ priority: 'critical' }, { priority: 'critical' }],
    [{ priority: ['high'] }, {}],
    [
      { q: 'kyc', status: 'closed', priority: 'low', type: 'direct' },
      { q: 'kyc', status: 'closed', priority: 'low' },
    ],
  ])('reads %j as %j', (search, expected) => {
    expect(parseListFilters(search)).toEqual(expected);
  });

  it('returns every filter, an unusable one as undefined, so the router overwrites what it received', () => {
    expect(Object.keys(parseListFilters({ status: 'lost' })).sort()).toEqual(['priority', 'q', 'status']);
    expect(parseListFilters({ status: 'lost' }).status).toBeUndefined();
  });
});
