/**
 * Page cursors: the key a Query stopped at, handed to the client as opaque base64url JSON and checked on the way
 * back. A cursor of another list, index or partition, or anything else a client might send, is a 400 and never
 * reaches DynamoDB.
 */
import { TICKET_MESSAGES } from '#shared/schemas/ticket.ts';
import { ValidationError } from '../lib/errors.ts';

export const encodeCursor = (payload: unknown): string => Buffer.from(JSON.stringify(payload)).toString('base64url');

/** The payload inside `cursor` as `accept` reads it; whatever `accept` refuses (undefined) is a 400. */
export function decodeCursor<T>(cursor: string, accept: (payload: unknown) => T | undefined): T {
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    payload = undefined;
  }
  const accepted = payload === undefined ? undefined : accept(payload);
  if (accepted === undefined) {
    throw new ValidationError(TICKET_MESSAGES.invalidCursor, { cursor: TICKET_MESSAGES.invalidCursor });
  }
  return accepted;
}

/** `value` if it is an object whose attributes are exactly `names`, each a string; otherwise undefined. */
export function stringKey(value: unknown, names: readonly string[]): Record<string, string> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const present = Object.keys(record).sort();
  const expected = [...names].sort();
  const exact =
    present.length === expected.length &&
    present.every((name, i) => name === expected[i] && typeof record[name] === 'string');
  return exact ? (record as Record<string, string>) : undefined;
}
