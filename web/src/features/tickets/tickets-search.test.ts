import { describe, expect, it } from 'vitest';
import { parseTicketsSearch } from './tickets-search.ts';

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
});
