/**
 * A customer's tickets: `GET /api/tickets?customerEmail=` in a table of 1,000 and one of 20,000 tickets.
 * In each, one customer has five tickets, the oldest older than every other ticket of the table, and is asked for in
 * mixed case. The answer must hold all five, the oldest last, in one page; its cost (DynamoDB calls and capacity
 * units, the caller's directory lookup included) must be the same at both sizes. For comparison, the search box with
 * the address (`?q=`): the pages and capacity it takes to reach that oldest ticket (a substring search over all
 * tickets that grew with the table until ADR 090 made it this very lookup).
 *
 * Runs in a process of its own (see run.ts), on the benchmark's embedded runtime (bench/environment.ts).
 */
import type { Category } from '#shared/schemas/category.ts';
import type { TicketList } from '#shared/schemas/ticket.ts';
import type { User } from '#shared/schemas/user.ts';
import { reserveTicketNumbers } from '#functions/data/sequence.ts';
import { importTickets } from '#functions/data/ticket-import.ts';
import { newTicket } from '#functions/domain/tickets.ts';
import { Session } from './client.ts';
import { countDynamoCalls, startEnvironment, type CallCount } from './environment.ts';
import { log, round2, percentile } from './measure.ts';
import { copyStaff, createCategories, createStaff, importRandomTickets, PASSWORD } from './seed.ts';

const SIZES = { at1k: 1_000, at20k: 20_000 } as const;
type Size = keyof typeof SIZES;
const SAMPLES = 100;
const CUSTOMER = 'probe.customer@example.com';
/** As an upstream system might spell it: the match ignores case. */
const ASKED_AS = 'Probe.Customer@Example.COM';
const CUSTOMER_TICKETS = 5;
/** Older than every random ticket (those span the last 90 days). */
const OLDEST_DAYS_AGO = 180;
/**
 * Calls and capacity may differ by this share between the sizes: item sizes vary a little, and the Desk Settings a
 * function keeps are re-read every 15 s, one call more for whichever request meets it.
 */
const TOLERANCE = 0.1;

export interface CustomerSide {
  calls: number;
  capacity: number;
  p50: number;
  p99: number;
  /** Every answer held the customer's five tickets, oldest last, with no next page. */
  complete: boolean;
}

export interface SearchSide {
  /** Pages of `?q=` read until the oldest ticket appeared. */
  pages: number;
  calls: number;
  capacity: number;
}

export interface CustomerResults {
  tickets: Record<Size, number>;
  byCustomer: Record<Size, CustomerSide> & { pass: boolean };
  substringSearch: Record<Size, SearchSide>;
}

/** The customer's tickets: one dated OLDEST_DAYS_AGO, the rest within the last month. */
async function importCustomerTickets(agent: User, category: Category): Promise<number> {
  const first = await reserveTicketNumbers(CUSTOMER_TICKETS);
  const now = Date.now();
  const tickets = Array.from({ length: CUSTOMER_TICKETS }, (_, i) =>
    newTicket(
      {
        id: first + i,
        subject: `Customer ticket ${i + 1} about a withdrawal`,
        description: 'The customer whose tickets the benchmark asks for.',
        customerEmail: CUSTOMER,
        category: { id: category.id, name: category.name },
        priority: 'medium',
        type: 'api',
        assignee: { id: agent.id, firstName: agent.firstName, lastName: agent.lastName, email: agent.email },
        createdById: null,
        createdByApiKeyId: null,
      },
      new Date(i === 0 ? now - OLDEST_DAYS_AGO * 86_400_000 : now - (i + 1) * 86_400_000),
    ),
  );
  await importTickets(tickets);
  return first;
}

const mean = (counts: CallCount[], f: (c: CallCount) => number) =>
  round2(counts.reduce((n, c) => n + f(c), 0) / counts.length);

export async function benchCustomers(): Promise<CustomerResults> {
  const env = await startEnvironment();
  try {
    const oldest = {} as Record<Size, number>;
    let staff: User[] = [];
    const sessions = {} as Record<Size, Session>;
    for (const size of Object.keys(SIZES) as Size[]) {
      log(`seeding bench-customers-${size}: ${SIZES[size].toLocaleString('en')} tickets and the customer's five`);
      await env.switchTable(`bench-customers-${size}`);
      if (staff.length) await copyStaff(staff);
      else staff = await createStaff(['admin', 'agent', 'agent']);
      const categories = await createCategories(3);
      oldest[size] = await importCustomerTickets(staff[1]!, categories[0]!);
      await importRandomTickets(SIZES[size], staff.slice(1), categories, SIZES[size]);
      // A session is kept in its user's directory item (ADR 070), which copyStaff copies without: sign in in each table.
      sessions[size] = await Session.signIn(env.url, staff[0]!.email, PASSWORD);
    }
    // One unmeasured request per table first. A function re-reads the Desk Settings it keeps when they are 15 s old
    // (functions/data/settings.ts), and an admin's request asks them whether two-factor sign-in is required; after
    // the seeding, the first measured request alone would pay that read.
    for (const size of Object.keys(SIZES) as Size[]) {
      await env.switchTable(`bench-customers-${size}`);
      await sessions[size].request('GET', `/api/tickets?customerEmail=${encodeURIComponent(ASKED_AS)}`);
    }
    const counter = countDynamoCalls();

    log(`${SAMPLES} requests per table, the tables alternately`);
    const samples = Object.fromEntries(
      Object.keys(SIZES).map((size) => [
        size,
        { latencies: [] as number[], counts: [] as CallCount[], complete: true },
      ]),
    ) as Record<Size, { latencies: number[]; counts: CallCount[]; complete: boolean }>;
    for (let i = 0; i < SAMPLES; i++) {
      for (const size of (i % 2 === 0 ? ['at1k', 'at20k'] : ['at20k', 'at1k']) as Size[]) {
        await env.switchTable(`bench-customers-${size}`);
        counter.take();
        const began = performance.now();
        const page = await sessions[size].request<TicketList>(
          'GET',
          `/api/tickets?customerEmail=${encodeURIComponent(ASKED_AS)}`,
        );
        samples[size].latencies.push(performance.now() - began);
        samples[size].counts.push(counter.take());
        const complete =
          page.tickets.length === CUSTOMER_TICKETS &&
          page.tickets.at(-1)?.id === oldest[size] &&
          page.nextCursor === null;
        samples[size].complete &&= complete;
      }
    }
    const side = (size: Size): CustomerSide => ({
      calls: mean(samples[size].counts, (c) => c.calls),
      capacity: mean(samples[size].counts, (c) => c.capacity),
      p50: round2(percentile(samples[size].latencies, 50)),
      p99: round2(percentile(samples[size].latencies, 99)),
      complete: samples[size].complete,
    });
    const at1k = side('at1k');
    const at20k = side('at20k');
    const pass =
      at1k.complete &&
      at20k.complete &&
      Math.abs(at20k.calls - at1k.calls) <= TOLERANCE * at1k.calls &&
      Math.abs(at20k.capacity - at1k.capacity) <= TOLERANCE * at1k.capacity;

    log('for comparison: the search box (?q=) with the address until the oldest ticket appears');
    const substringSearch = {} as Record<Size, SearchSide>;
    for (const size of Object.keys(SIZES) as Size[]) {
      await env.switchTable(`bench-customers-${size}`);
      counter.take();
      let pages = 0;
      let cursor: string | null = null;
      let found = false;
      do {
        const query: string = `q=${encodeURIComponent(CUSTOMER)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page: TicketList = await sessions[size].request<TicketList>('GET', `/api/tickets?${query}`);
        pages++;
        found = page.tickets.some((t) => t.id === oldest[size]);
        cursor = page.nextCursor;
      } while (!found && cursor);
      const cost = counter.take();
      substringSearch[size] = { pages, calls: cost.calls, capacity: round2(cost.capacity) };
    }
    return { tickets: { ...SIZES }, byCustomer: { at1k, at20k, pass }, substringSearch };
  } finally {
    await env.stop();
  }
}

export async function printCustomers(results: CustomerResults): Promise<void> {
  const { byCustomer: c, substringSearch: s } = results;
  const cell = (x: CustomerSide) =>
    `${x.calls} · ${x.capacity} · ${x.p50} · ${x.p99}${x.complete ? '' : ' (INCOMPLETE)'}`;
  console.log(
    "\nA customer's tickets (GET /api/tickets?customerEmail=, asked in mixed case): DynamoDB calls · capacity units · p50 · p99 ms",
  );
  console.log(`  1,000 tickets: ${cell(c.at1k)}`);
  console.log(` 20,000 tickets: ${cell(c.at20k)}  ${c.pass ? 'pass' : 'FAIL'}`);
  console.log(
    `  search box (?q=) with the address, to reach the oldest: ${s.at1k.pages} page(s), ${s.at1k.capacity} units at 1,000; ` +
      `${s.at20k.pages} pages, ${s.at20k.capacity} units at 20,000`,
  );
}
