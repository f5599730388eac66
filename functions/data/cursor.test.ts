import { beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../lib/config.ts';
import { ValidationError } from '../lib/errors.ts';
import { forgetKeysForTests, newAppSecret, seal } from '../lib/secrets.ts';
import { listBinding, openCursor, type PageQuery, readPage, sealCursor, stringKey } from './cursor.ts';

const keyOf = (payload: unknown) => stringKey(payload, ['pk', 'sk']);
const tickets = listBinding('tickets', { status: 'open', q: undefined });

beforeAll(() => {
  Object.assign(process.env, { TABLE_NAME: 't', COGNITO_USER_POOL_ID: 'p', COGNITO_CLIENT_ID: 'c' });
  process.env.APP_SECRET = newAppSecret();
  resetConfigForTests();
  forgetKeysForTests();
});

async function refusal(cursor: string, binding = tickets, accept = keyOf): Promise<unknown> {
  try {
    await openCursor(cursor, binding, accept);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('page cursors', () => {
  const key = { pk: 'TICKET#0000000042', sk: 'COMMENT#2025-03-01T10:00:00.000Z#c1' };

  it('give back the key they were made from, to the list that made them', async () => {
    const cursor = await sealCursor(tickets, key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await openCursor(cursor, tickets, keyOf)).toEqual(key);
  });

  it('reveal no key name or value', async () => {
    const text = Buffer.from(await sealCursor(tickets, key), 'base64url').toString('latin1');
    for (const secret of ['pk', 'sk', 'TICKET', 'COMMENT', 'tickets', 'open']) expect(text).not.toContain(secret);
  });

  it('bind filters in any order, and ignore filters left out', () => {
    expect(listBinding('tickets', { a: 1, b: 'x', c: undefined })).toBe(listBinding('tickets', { b: 'x', a: 1 }));
    expect(listBinding('tickets', { a: 1 })).not.toBe(listBinding('thread', { a: 1 }));
  });

  it.each([
    ['another list', () => sealCursor(listBinding('thread', { ticketId: 42, publicOnly: false }), key)],
    ['the same list with another filter', () => sealCursor(listBinding('tickets', { status: 'closed' }), key)],
    ['a cursor sealed for another purpose', () => seal('rating-link', JSON.stringify({ l: tickets, k: key }))],
    ['plain base64url JSON', async () => Buffer.from(JSON.stringify({ l: tickets, k: key })).toString('base64url')],
    ['garbage', async () => 'not a cursor!'],
    ['a key of another shape', () => sealCursor(tickets, { pk: 'a', sk: 'b', gsi1pk: 'c' })],
    ['a key whose values are not strings', () => sealCursor(tickets, { pk: 'a', sk: 1 })],
  ])('refuse %s with the cursor message (400)', async (_label, make) => {
    const thrown = await refusal(await make());
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).fieldErrors).toEqual({
      cursor: { code: 'validation.cursor.invalid', message: 'Invalid cursor' },
    });
  });

  it('refuse a cursor altered by one character', async () => {
    const cursor = await sealCursor(tickets, key);
    const flipped = `${cursor.slice(0, 20)}${cursor[20] === 'A' ? 'B' : 'A'}${cursor.slice(21)}`;
    expect(await refusal(flipped)).toBeInstanceOf(ValidationError);
  });

  it('refuse what the reader does not accept, even when sealed for this list', async () => {
    const cursor = await sealCursor(tickets, { pk: 'TICKET#0000000001', sk: 'COMMENT#x' });
    const forTicket2 = (payload: unknown) => {
      const k = keyOf(payload);
      return k?.pk === 'TICKET#0000000002' ? k : undefined;
    };
    expect(await refusal(cursor, tickets, forTicket2)).toBeInstanceOf(ValidationError);
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
