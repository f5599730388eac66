/**
 * Pages and their cursors. A page is read by as many Queries as it takes to fill it, within a budget of evaluated
 * items; its cursor is the key where the next page starts, sealed (AES-GCM under the `list-cursor` key,
 * functions/lib/secrets.ts) together with the list it belongs to. So a cursor reveals no key name or value, cannot be
 * altered, and is good only for the list that made it: a ticket-list cursor replayed on a thread, on another filter
 * or after tampering is a 400 and never reaches DynamoDB.
 */
import { ValidationError } from '../lib/errors.ts';
import { seal, unseal } from '../lib/secrets.ts';

/**
 * Names one list: its kind and whatever selects its items (filters, the ticket, the caller's view), in a stable
 * order. Two requests get each other's cursors only if their bindings are equal.
 */
export function listBinding(kind: string, selection: Record<string, string | number | boolean | null | undefined>) {
  const fields = Object.entries(selection)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return `${kind}:${JSON.stringify(fields)}`;
}

/** A cursor for the page of `binding`'s list that starts after `key`. */
export const sealCursor = (binding: string, key: unknown): Promise<string> =>
  seal('list-cursor', JSON.stringify({ l: binding, k: key }));

const invalidCursor = () => new ValidationError('validation.cursor.invalid', { cursor: 'validation.cursor.invalid' });

/**
 * The key inside a cursor this list handed out, as `accept` reads it; a cursor of another list, an altered one,
 * and whatever `accept` refuses (undefined) are a 400.
 */
export async function openCursor<T>(
  cursor: string,
  binding: string,
  accept: (key: unknown) => T | undefined,
): Promise<T> {
  const plain = await unseal('list-cursor', cursor);
  let payload: { l?: unknown; k?: unknown } | undefined;
  try {
    payload = plain ? (JSON.parse(plain.toString('utf8')) as typeof payload) : undefined;
  } catch {
    payload = undefined;
  }
  const accepted = payload?.l === binding ? accept(payload.k) : undefined;
  if (accepted === undefined) throw invalidCursor();
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

/** One Query of a page: at most `limit` items from `startKey` on, and how many it evaluated (matched or not). */
export type PageQuery = (
  startKey: Record<string, unknown> | undefined,
  limit: number,
) => Promise<{ items: Record<string, unknown>[]; lastKey?: Record<string, unknown>; evaluated: number }>;

export interface PageOptions {
  /** Most items the page holds. */
  limit: number;
  /** Whether a FilterExpression drops items: then each Query reads more than is missing (growing), up to the budget. */
  filtered: boolean;
  /** Most items the page evaluates in all, so that its cost is bounded whatever the filter. */
  budget: number;
  startKey?: Record<string, unknown>;
  /** The key attributes of an item (table and index keys): where a page that stops inside a Query result goes on. */
  keyAttributes: readonly string[];
  /** The cursor of a next page that starts after `key`. */
  cursorOf: (key: Record<string, unknown>) => string | Promise<string>;
}

/**
 * readPage: items from `startKey` on until `limit` matched, the budget is spent, or nothing follows; `nextCursor` is
 * null only when nothing follows (a page may hold fewer than `limit` items and still have one).
 */
export async function readPage(
  query: PageQuery,
  options: PageOptions,
): Promise<{ items: Record<string, unknown>[]; nextCursor: string | null }> {
  const found: Record<string, unknown>[] = [];
  let startKey = options.startKey;
  let evaluated = 0;
  for (let round = 0; ; round++) {
    const wanted = options.limit - found.length;
    const budgetLeft = options.budget - evaluated;
    // Unfiltered, a Query of exactly what is missing; filtered, larger ones (growing) so that few round trips fill it.
    const size = options.filtered ? Math.min(budgetLeft, Math.max(wanted, 100) * 2 ** round) : wanted;
    const result = await query(startKey, size);
    evaluated += result.evaluated;
    const taken = result.items.slice(0, wanted);
    found.push(...taken);
    if (taken.length < result.items.length) {
      // More matched than fit: continue right after the last one returned.
      const last = taken.at(-1)!;
      const key = Object.fromEntries(options.keyAttributes.map((name) => [name, last[name]]));
      return { items: found, nextCursor: await options.cursorOf(key) };
    }
    startKey = result.lastKey;
    if (!startKey) return { items: found, nextCursor: null };
    if (found.length >= options.limit || evaluated >= options.budget) {
      return { items: found, nextCursor: await options.cursorOf(startKey) };
    }
  }
}
