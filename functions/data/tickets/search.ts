/**
 * Word search over the term index (docs/data-model.md, W5-W7; docs/decisions/090-search-by-term-index.md): newest
 * first, every word of the query required, the last one as a prefix. The rarest word (by the vocabulary's counts)
 * drives: its postings, newest first, are the candidates; each candidate's own term list says whether it holds the
 * other words, and the ticket item whether it passes the other filters. A page reads postings and candidates until it
 * has `limit` matches or has evaluated SEARCH_EVALUATION_BUDGET candidates, so its cost follows the matches, never
 * the size of the table.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { WordQuery } from '../../domain/search-terms.ts';
import type { TicketRecord } from '../../domain/tickets.ts';
import { dynamo } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { batchGetItems } from '../batch-get.ts';
import { listBinding, openCursor, sealCursor, stringKey } from '../cursor.ts';
import { keys, ticketIdOfTermsKey } from '../table.ts';
import { ticketFromItem } from './item.ts';
import type { TicketFilters } from './queries.ts';

/** Most candidates one search page evaluates (matched or not). */
export const SEARCH_EVALUATION_BUDGET = 500;
/** Candidates read together (their tickets and term lists in one BatchGet of at most 100 keys). */
const CANDIDATE_BATCH = 50;
/** Most completions of the last word that drive a search; a shorter prefix with more only narrows others. */
const PREFIX_COMPLETIONS_MAX = 10;

interface Posting {
  created: string;
  ticketId: number;
}

/** The tickets that hold `term`, per the vocabulary (0 for a term never indexed). */
async function ticketsHolding(term: string): Promise<number> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().tableName, Key: keys.vocabulary(term) }));
  return typeof Item?.tickets === 'number' ? Item.tickets : 0;
}

/** The indexed completions of `prefix` with their counts; undefined when there are more than the most that drive. */
async function completionsOf(prefix: string): Promise<{ term: string; tickets: number }[] | undefined> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.vocabulary(prefix).pk, ':prefix': prefix },
      Limit: PREFIX_COMPLETIONS_MAX + 1,
    }),
  );
  if (Items.length > PREFIX_COMPLETIONS_MAX) return undefined;
  return Items.map((item) => ({ term: String(item.sk), tickets: Number(item.tickets) })).filter((c) => c.tickets > 0);
}

/** What drives a search: one word's postings, or those of the last word's completions (`byPrefix`). */
interface Driver {
  terms: string[];
  byPrefix: boolean;
}

/** The terms whose postings drive the search; none when some word is held by no ticket, so nothing can match. */
async function driverOf({ words, prefix }: WordQuery): Promise<Driver> {
  const none = { terms: [], byPrefix: false };
  const [counts, completions] = await Promise.all([Promise.all(words.map(ticketsHolding)), completionsOf(prefix)]);
  if (counts.some((n) => n === 0) || completions?.length === 0) return none;
  const options = words.map((word, i) => ({ terms: [word], tickets: counts[i]!, byPrefix: false }));
  if (completions) {
    const tickets = completions.reduce((sum, c) => sum + c.tickets, 0);
    options.push({ terms: completions.map((c) => c.term), tickets, byPrefix: true });
  } else if (options.length === 0) {
    // A short prefix with many completions and nothing else to drive: it is read as the whole word it is.
    return (await ticketsHolding(prefix)) > 0 ? { terms: [prefix], byPrefix: true } : none;
  }
  const rarest = options.reduce((best, option) => (option.tickets < best.tickets ? option : best));
  return { terms: rarest.terms, byPrefix: rarest.byPrefix };
}

/**
 * The next postings of the driving terms below `before`, newest first, merged: each term's Query reads `size`, and
 * only what sorts above the highest last key of a term with more is certain to be complete.
 */
async function nextPostings(terms: string[], before: string | undefined, size: number) {
  const pages = await Promise.all(
    terms.map((term) =>
      dynamo().send(
        new QueryCommand({
          TableName: config().tableName,
          KeyConditionExpression: before ? 'pk = :pk AND sk < :before' : 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.termPosting(term, '').pk, ...(before ? { ':before': before } : {}) },
          ScanIndexForward: false,
          Limit: size,
        }),
      ),
    ),
  );
  const cut = pages.reduce(
    (highest, page) =>
      page.LastEvaluatedKey && String(page.LastEvaluatedKey.sk) > highest ? String(page.LastEvaluatedKey.sk) : highest,
    '',
  );
  const byCreated = new Map<string, Posting>();
  for (const page of pages) {
    for (const item of page.Items ?? []) {
      const created = String(item.sk);
      if (created >= cut) byCreated.set(created, { created, ticketId: Number(item.ticketId) });
    }
  }
  const postings = [...byCreated.values()].sort((a, b) => (a.created < b.created ? 1 : -1));
  return { postings, more: cut !== '' };
}

/** Whether a ticket passes the list filters that are not words. */
function passesFilters(t: TicketRecord, f: TicketFilters): boolean {
  return (
    (!f.status || t.status === f.status) &&
    (!f.priority || t.priority === f.priority) &&
    (!f.type || t.type === f.type) &&
    (!f.assignedToId || t.assignedToId === f.assignedToId) &&
    (!f.customerEmail || t.customerEmail === f.customerEmail)
  );
}

/** Whether a ticket's term list holds every word, and a term that starts with the prefix. */
function holdsWords(terms: Set<string> | undefined, { words, prefix }: WordQuery): boolean {
  if (!terms) return false;
  return words.every((word) => terms.has(word)) && [...terms].some((term) => term.startsWith(prefix));
}

/** The tickets of `postings` that match, in the postings' order (undefined where one does not). */
async function matchesOf(postings: Posting[], query: WordQuery, driver: Driver, filters: TicketFilters) {
  // Every candidate holds a driving term; term lists are read only when some other word remains to verify.
  const verifyWords = !(driver.byPrefix && query.words.length === 0);
  const items = await batchGetItems(
    postings.flatMap((p) => [keys.ticket(p.ticketId), ...(verifyWords ? [keys.ticketTerms(p.ticketId)] : [])]),
  );
  const tickets = new Map<number, TicketRecord>();
  const terms = new Map<number, Set<string>>();
  for (const item of items) {
    const termsOfTicket = ticketIdOfTermsKey(item.pk);
    if (termsOfTicket === undefined) tickets.set(Number(item.id), ticketFromItem(item));
    else terms.set(termsOfTicket, new Set([...setOf(item.ticketTerms), ...setOf(item.messageTerms)]));
  }
  return postings.map(({ ticketId }) => {
    const ticket = tickets.get(ticketId);
    const matches =
      ticket && passesFilters(ticket, filters) && (!verifyWords || holdsWords(terms.get(ticketId), query));
    return matches ? ticket : undefined;
  });
}

const setOf = (value: unknown): Set<string> => (value instanceof Set ? (value as Set<string>) : new Set());

/** The list a search cursor belongs to: this search, with exactly these filters. */
const searchBinding = (filters: TicketFilters, query: WordQuery) =>
  listBinding('ticket-search', { ...filters, words: query.words.join(' '), prefix: query.prefix });

const CREATED_KEY = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z#\d{10}$/;

/**
 * searchTickets: one page of the tickets that hold every word of `query` (the last as a prefix) and pass `filters`,
 * newest first, with a cursor whenever more may follow.
 */
export async function searchTickets(
  filters: TicketFilters,
  query: WordQuery,
  limit: number,
  cursor?: string,
): Promise<{ tickets: TicketRecord[]; nextCursor: string | null }> {
  const binding = searchBinding(filters, query);
  let before = cursor
    ? (
        await openCursor(cursor, binding, (payload) => {
          const key = stringKey(payload, ['created']);
          return key && CREATED_KEY.test(key.created!) ? key : undefined;
        })
      ).created
    : undefined;
  const driver = await driverOf(query);
  const found: TicketRecord[] = [];
  let evaluated = 0;
  let exhausted = driver.terms.length === 0;
  while (!exhausted && found.length < limit && evaluated < SEARCH_EVALUATION_BUDGET) {
    const size = Math.min(CANDIDATE_BATCH, SEARCH_EVALUATION_BUDGET - evaluated);
    const page = await nextPostings(driver.terms, before, size);
    const postings = page.postings.slice(0, size);
    const matches = await matchesOf(postings, query, driver, filters);
    let i = 0;
    for (; i < postings.length && found.length < limit; i++) {
      evaluated++;
      before = postings[i]!.created;
      const match = matches[i];
      if (match) found.push(match);
    }
    exhausted = i === page.postings.length && !page.more;
  }
  return { tickets: found, nextCursor: !exhausted && before ? await sealCursor(binding, { created: before }) : null };
}
