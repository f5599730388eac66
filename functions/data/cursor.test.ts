import { describe, expect, it } from 'vitest';
import { TICKET_MESSAGES } from '#shared/schemas/ticket.ts';
import { ValidationError } from '../lib/errors.ts';
import { decodeCursor, encodeCursor, stringKey } from './cursor.ts';

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
    expect((thrown as ValidationError).fieldErrors).toEqual({ cursor: TICKET_MESSAGES.invalidCursor });
  });

  it('refuse what the reader does not accept, even when well formed', () => {
    const cursor = encodeCursor({ pk: 'TICKET#0000000001', sk: 'COMMENT#x' });
    const forTicket2 = (payload: unknown) => {
      const key = keyOf(payload);
      return key?.pk === 'TICKET#0000000002' ? key : undefined;
    };
    expect(() => decodeCursor(cursor, forTicket2)).toThrow(TICKET_MESSAGES.invalidCursor);
  });
});
