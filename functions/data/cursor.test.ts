import { describe, expect, it } from 'vitest';
import { ValidationError } from '../lib/errors.ts';
import { decodeCursor, encodeCursor, type PageQuery, readPage, stringKey } from './cursor.ts';

const keyOf = (payload: unknown) => stringKey(payload, ['pk', 'sk']);

describe('page cursors', () => {
  it('give back the key they were made from', () => {
    const key = { pk: 'TICKET#0000000042', sk: 'COMMENT#2025-03-01T10:00:00.000Z#c1' };
    const cursor = encodeCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, keyOf)).toEqual(key);
  });

  it.each([
    ['not base64url JSON', 'not a cursor!'],
    ['JSON of another shape', encodeCursor(['pk', 'sk'])],
    ['a key with an attribute too many', encodeCursor({ pk: 'a', sk: 'b', gsi1pk: 'c' })],
    ['a key with an attribute missing', encodeCursor({ pk: 'a' })],
    ['a key whose values are not strings', encodeCursor({ pk: 'a', sk: 1 })],
    ['null', encodeCursor(null)],
  ])('refuse %s with the cursor message (400)', (_label, cursor) => {
    let thrown: unknown;
    try {
      decodeCursor(cursor, keyOf);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).fieldErrors).toEqual({
      cursor: { code: 'validation.cursor.invalid', message: 'Invalid cursor' },
    });
  });

  it('refuse what the reader does not accept, even when well formed', () => {
    const cursor = encodeCursor({ pk: 'TICKET#0000000001', sk: 'COMMENT#x' });
    const forTicket2 = (payload: unknown) => {
      const key = keyOf(payload);
      return key?.pk === 'TICKET#0000000002' ? key : undefined;
    };
    expect(() => decodeCursor(cursor, forTicket2)).toThrow('Invalid cursor');
  });
});

describe('readPage', () => {
  /** A partition of `total` items in key order, of which `matches` decides which a filter keeps. */
  function partition(total: number, matches: (n: number) => boolean = () => true) {
    const sizes: number[] = [];
    const query: PageQuery = async (startKey, limit) => {
      sizes.push(limit);
      const from = startKey ? Number(startKey.sk) + 1 : 0;
      const to = Math.min(total, from + limit);
      const evaluatedKeys = Array.from({ length: to - from }, (_, i) => from + i);
      return {
        items: evaluatedKeys.filter(matches).map((n) => ({ pk: 'P', sk: String(n), n })),
        ...(to < total ? { lastKey: { pk: 'P', sk: String(to - 1) } } : {}),
        evaluated: evaluatedKeys.length,
      };
    };
    return { query, sizes };
  }
  const options = {
    budget: 1_000,
    keyAttributes: ['pk', 'sk'],
    cursorOf: (key: Record<string, unknown>) => String(key.sk),
  };

  it('reads exactly what is missing when nothing is filtered, and says where the next page starts', async () => {
    const { query, sizes } = partition(10);
    const page = await readPage(query, { ...options, limit: 4, filtered: false });
    expect(page.items.map((i) => i.n)).toEqual([0, 1, 2, 3]);
    expect(page.nextCursor).toBe('3');
    expect(sizes).toEqual([4]);
  });

  it('has no cursor once nothing follows', async () => {
    const page = await readPage(partition(3).query, { ...options, limit: 4, filtered: false });
    expect(page.items).toHaveLength(3);
    expect(page.nextCursor).toBeNull();
  });

  it('goes on after the last item returned when a filtered Query matched more than fit', async () => {
    const page = await readPage(partition(500, (n) => n % 2 === 0).query, { ...options, limit: 3, filtered: true });
    expect(page.items.map((i) => i.n)).toEqual([0, 2, 4]);
    expect(page.nextCursor).toBe('4');
  });

  it('reads larger Queries while a filter keeps few, and stops at the budget with a cursor', async () => {
    const { query, sizes } = partition(5_000, (n) => n % 1_000 === 999);
    const page = await readPage(query, { ...options, limit: 5, filtered: true });
    expect(sizes).toEqual([100, 200, 400, 300]);
    expect(page.items.map((i) => i.n)).toEqual([999]);
    expect(page.nextCursor).toBe('999');
  });
});
