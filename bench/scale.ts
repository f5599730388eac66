/**
 * Scale: the same requests in a table of 1,000 tickets and one of 100,000, each seeded by BatchWriteItem in the
 * table's own shape (functions/data/ticket-import.ts: tickets, search index items, aggregate counters). Per request,
 * the DynamoDB calls and capacity units the handler spends (the caller's directory lookup included) and p50/p99: the
 * tickets list's first page; exact lookups by ticket code and customer e-mail; word search for a rare word, for a
 * common word with a prefix of the rare one, and for a common word alone (the first 100 of thousands)
 * (docs/decisions/090-search-by-term-index.md); the dashboard's three reads; and the overdue job, OVERDUE_ROUNDS times
 * marking OVERDUE_PROBES tickets and then with nothing to mark. Each is flat when its calls and capacity at 100,000 are within
 * ±10 % of those at 1,000 (`pass`); latency is reported beside it and marked on its own (`latencyFlat`, p50 ±10 %).
 *
 * In each table the oldest ticket (older than every other) is the probe: it alone holds the rare word, and its
 * customer has five tickets. Runs in a process of its own (see run.ts), on the benchmark's embedded runtime.
 */
import type { Category } from '#shared/schemas/category.ts';
import type { TicketList } from '#shared/schemas/ticket.ts';
import type { User } from '#shared/schemas/user.ts';
import { reserveTicketNumbers } from '#functions/data/sequence.ts';
import { importTickets } from '#functions/data/ticket-import.ts';
import { editTicket, markOverdue, newTicket, type TicketRecord } from '#functions/domain/tickets.ts';
import { sweepOverdue } from '#functions/use-cases/tickets/mark-overdue.ts';
import { Session } from './client.ts';
import { countDynamoCalls, startEnvironment, type CallCount } from './environment.ts';
import { log, percentile, round2 } from './measure.ts';
import { copyStaff, createCategories, createStaff, PASSWORD, prng } from './seed.ts';

const SIZES = { at1k: 1_000, at100k: 100_000 } as const;
type Size = keyof typeof SIZES;
const SAMPLES = 30;
const TOLERANCE = 0.1;
const DAY = 86_400_000;
/** The probe's rare word and its customer. */
const RARE = 'zebrafinch';
const PROBE_CUSTOMER = 'probe.customer@example.com';
const PROBE_TICKETS = 5;
/** Tickets past their deadline and not yet marked, for each of the overdue job's marking runs. */
const OVERDUE_PROBES = 20;
/**
 * Runs of the overdue job per table that each mark OVERDUE_PROBES tickets: the first unmeasured (it warms the job's
 * code and the table up), the other nine measured. Round k's probes were filed a day after round k-1's; the job runs
 * at `markingTime(k)`, when round k's deadlines have passed and round k+1's tickets were not filed yet, so each run
 * marks exactly its own twenty.
 */
const OVERDUE_ROUNDS = 10;
const HOUR = 3_600_000;
/** When round k's probes were filed: the last round two days before the seeding, each earlier one a day before. */
const filedAt = (seededAt: number, round: number) => seededAt - (OVERDUE_ROUNDS + 1 - round) * DAY;
/** When the overdue job runs for round k: twelve hours after its probes were filed (a critical ticket's clocks are shorter). */
const markingTime = (seededAt: number, round: number) => new Date(filedAt(seededAt, round) + 12 * HOUR);
/** The words the generated texts are made of; `withdrawal` is in about a quarter of the subjects. */
const WORDS = [
  'deposit',
  'transfer',
  'card',
  'account',
  'verification',
  'limit',
  'fee',
  'wallet',
  'address',
  'network',
  'delay',
  'refund',
  'order',
  'trade',
  'login',
  'password',
  'document',
  'identity',
  'bank',
  'statement',
  'balance',
  'missing',
  'pending',
  'failed',
  'blocked',
  'frozen',
  'question',
  'urgent',
  'error',
  'payment',
  'invoice',
  'tax',
  'report',
  'api',
  'key',
  'mobile',
  'app',
  'email',
  'phone',
  'support',
];
const COMMON = 'withdrawal';

export interface ScaleSide {
  calls: number;
  capacity: number;
  p50: number;
  p99: number;
}

export interface ScaleRow {
  what: string;
  at1k: ScaleSide;
  at100k: ScaleSide;
  /** Calls and capacity within ±10 %. */
  pass: boolean;
  /** p50 within ±10 %. */
  latencyFlat: boolean;
  /** Every answer was what it must be (the probe found on the first page, a full first page). */
  correct: boolean;
}

export interface ScaleResults {
  tickets: Record<Size, number>;
  seedSeconds: Record<Size, number>;
  rows: ScaleRow[];
}

/** `count` tickets from the last 90 days (none of the last ten): resolved or closed, or (one in twenty) open and already marked overdue. */
function generatedTickets(first: number, count: number, agents: readonly User[], categories: Category[], seed: number) {
  const random = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const now = Date.now();
  const tickets: TicketRecord[] = [];
  for (let i = 0; i < count; i++) {
    // At least ten days old: every deadline has passed, so the overdue job's later runs find nothing new to mark.
    const at = new Date(now - 10 * DAY - random() * 80 * DAY);
    const agent = pick(agents);
    const text = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
    const ticket = newTicket(
      {
        id: first + i,
        // Short texts (two or three terms): the postings are most of what seeding writes, and their number per ticket
        // changes the seeding time, not the cost of a search, which follows the matches.
        subject: `${random() < 0.25 ? `${COMMON} ` : ''}${text(1)}`,
        description: text(1),
        customerEmail: `customer${i % 997}@example.com`,
        category: pick(categories),
        priority: pick(['low', 'medium', 'high', 'critical'] as const),
        type: pick(['api', 'direct', 'email'] as const),
        assignee: { id: agent.id, firstName: agent.firstName, lastName: agent.lastName, email: agent.email },
        createdById: null,
        createdByApiKeyId: null,
      },
      at,
    );
    const later = new Date(Math.min(now - 500, at.getTime() + random() * 2 * DAY));
    tickets.push(
      random() < 0.05
        ? markOverdue(ticket, new Date(now - 500)).ticket
        : editTicket(ticket, { status: random() < 0.7 ? 'resolved' : 'closed' }, later).ticket,
    );
  }
  return tickets;
}

/** The probe's five tickets (the first the oldest of the table) and OVERDUE_PROBES open tickets past due per round. */
function probeTickets(first: number, agent: User, category: Category, now: number): TicketRecord[] {
  const assignee = { id: agent.id, firstName: agent.firstName, lastName: agent.lastName, email: agent.email };
  const base = { category, type: 'api' as const, assignee, createdById: null };
  const probes = Array.from(
    { length: PROBE_TICKETS },
    (_, i) =>
      editTicket(
        newTicket(
          {
            ...base,
            id: first + i,
            subject: i === 0 ? `${COMMON} ${RARE} still missing` : `${COMMON} question ${i}`,
            description: 'The customer whose tickets the benchmark asks for.',
            customerEmail: PROBE_CUSTOMER,
            priority: 'medium',
            createdByApiKeyId: null,
          },
          new Date(now - (i === 0 ? 180 : i + 1) * DAY),
        ),
        { status: 'resolved' },
        new Date(now - (i === 0 ? 179 : i) * DAY),
      ).ticket,
  );
  const due = Array.from({ length: OVERDUE_PROBES * OVERDUE_ROUNDS }, (_, i) =>
    newTicket(
      {
        ...base,
        id: first + PROBE_TICKETS + i,
        subject: 'Past its deadline',
        description: 'Marked by the overdue job.',
        customerEmail: 'due@example.com',
        priority: 'critical',
        createdByApiKeyId: null,
      },
      new Date(filedAt(now, Math.floor(i / OVERDUE_PROBES))),
    ),
  );
  return [...probes, ...due];
}

const mean = (counts: CallCount[], f: (c: CallCount) => number) =>
  round2(counts.reduce((n, c) => n + f(c), 0) / counts.length);

function sideOf(latencies: number[], counts: CallCount[]): ScaleSide {
  return {
    calls: mean(counts, (c) => c.calls),
    capacity: mean(counts, (c) => c.capacity),
    p50: round2(percentile(latencies, 50)),
    p99: round2(percentile(latencies, 99)),
  };
}

const within = (a: number, b: number) => Math.abs(b - a) <= TOLERANCE * Math.max(a, 1e-9);

function rowOf(what: string, at1k: ScaleSide, at100k: ScaleSide, correct: boolean): ScaleRow {
  return {
    what,
    at1k,
    at100k,
    pass: within(at1k.calls, at100k.calls) && within(at1k.capacity, at100k.capacity),
    latencyFlat: within(at1k.p50, at100k.p50),
    correct,
  };
}

export async function benchScale(): Promise<ScaleResults> {
  const env = await startEnvironment({ bulk: true });
  try {
    const tableOf = (size: Size) => `bench-scale-${size}`;
    const sessions = {} as Record<Size, Session>;
    const probe = {} as Record<Size, TicketRecord>;
    const seedSeconds = {} as Record<Size, number>;
    // One clock for both tables' probes, so that each marking run finds the same tickets due in either.
    const seededAt = Date.now();
    let staff: User[] = [];
    for (const size of Object.keys(SIZES) as Size[]) {
      await env.switchTable(tableOf(size));
      if (staff.length) await copyStaff(staff);
      else staff = await createStaff(['admin', 'agent', 'agent']);
      // Signed in on this table: a session lives in the directory item of the table that opened it.
      sessions[size] = await Session.signIn(env.url, staff[0]!.email, PASSWORD);
      const categories = await createCategories(4);
      const count = SIZES[size];
      log(`seeding ${tableOf(size)}: ${count.toLocaleString('en')} tickets by BatchWriteItem`);
      const began = performance.now();
      const first = await reserveTicketNumbers(count + PROBE_TICKETS + OVERDUE_PROBES * OVERDUE_ROUNDS);
      const probes = probeTickets(first, staff[1]!, categories[0]!, seededAt);
      probe[size] = probes[0]!;
      const generated = generatedTickets(first + probes.length, count, staff.slice(1), categories, count);
      await importTickets([...probes, ...generated]);
      seedSeconds[size] = round2((performance.now() - began) / 1000);
      log(`seeded in ${seedSeconds[size]} s`);
    }

    const counter = countDynamoCalls();
    const requests: { what: string; path: (size: Size) => string; check: (page: TicketList, size: Size) => boolean }[] =
      [
        {
          what: 'list, first page (100)',
          path: () => '/api/tickets?limit=100',
          check: (p) => p.tickets.length === 100,
        },
        {
          what: 'exact: ticket code',
          path: (size) => `/api/tickets?q=${probe[size].ticketId}`,
          check: (p, size) => p.tickets[0]?.id === probe[size].id,
        },
        {
          what: 'exact: customer e-mail',
          path: () => `/api/tickets?q=${encodeURIComponent(PROBE_CUSTOMER.toUpperCase())}`,
          check: (p, size) => p.tickets.length === PROBE_TICKETS && p.tickets.at(-1)?.id === probe[size].id,
        },
        {
          what: 'words: a rare word',
          path: () => `/api/tickets?q=${RARE}`,
          check: (p, size) => p.tickets.length === 1 && p.tickets[0]!.id === probe[size].id,
        },
        {
          what: 'words: common + rare prefix',
          path: () => `/api/tickets?q=${encodeURIComponent(`${COMMON} ${RARE.slice(0, 5)}`)}`,
          check: (p, size) => p.tickets.length === 1 && p.tickets[0]!.id === probe[size].id,
        },
        {
          what: 'words: a common word (first 100)',
          path: () => `/api/tickets?q=${COMMON}`,
          check: (p) => p.tickets.length === 100 && p.nextCursor !== null,
        },
        { what: 'dashboard: metrics', path: () => '/api/dashboard/metrics', check: () => true },
        { what: 'dashboard: priorities', path: () => '/api/dashboard/priority-distribution', check: () => true },
        { what: 'dashboard: volume, 90 days', path: () => '/api/dashboard/volume-data?days=90', check: () => true },
      ];
    type Samples = { latencies: number[]; counts: CallCount[]; correct: boolean };
    const fresh = (): Record<Size, Samples> => ({
      at1k: { latencies: [], counts: [], correct: true },
      at100k: { latencies: [], counts: [], correct: true },
    });
    const samples = requests.map(fresh);

    log(`${SAMPLES} of each request per table, the tables alternately`);
    /** One measured call on `size`'s table, into `s`; `work` says whether its answer was right. */
    const measure = async (size: Size, s: Samples, work: () => Promise<boolean>) => {
      await env.switchTable(tableOf(size));
      counter.take();
      const began = performance.now();
      const right = await work();
      s.latencies.push(performance.now() - began);
      s.counts.push(counter.take());
      s.correct &&= right;
    };
    /** Each size in turn, the first one alternating, SAMPLES times. */
    const alternately = async (each: (size: Size) => Promise<void>) => {
      for (let i = 0; i < SAMPLES; i++)
        for (const size of (i % 2 === 0 ? ['at1k', 'at100k'] : ['at100k', 'at1k']) as Size[]) await each(size);
    };
    await alternately(async (size) => {
      for (const [r, request] of requests.entries()) {
        await measure(size, samples[r]![size], async () =>
          request.check(await sessions[size].request<TicketList>('GET', request.path(size)), size),
        );
      }
    });
    const rows = requests.map((request, r) => {
      const s = samples[r]!;
      return rowOf(
        request.what,
        sideOf(s.at1k.latencies, s.at1k.counts),
        sideOf(s.at100k.latencies, s.at100k.counts),
        s.at1k.correct && s.at100k.correct,
      );
    });

    log(
      `the overdue job: ${OVERDUE_ROUNDS} runs that each mark ${OVERDUE_PROBES} (the first unmeasured), then runs with nothing to mark`,
    );
    const overdue = { first: fresh(), idle: fresh(), warmUp: fresh() };
    for (let round = 0; round < OVERDUE_ROUNDS; round++) {
      const at = markingTime(seededAt, round);
      const into = round === 0 ? overdue.warmUp : overdue.first;
      for (const size of (round % 2 === 0 ? ['at1k', 'at100k'] : ['at100k', 'at1k']) as Size[])
        await measure(size, into[size], async () => (await sweepOverdue(at)).marked === OVERDUE_PROBES);
    }
    if (!overdue.warmUp.at1k.correct || !overdue.warmUp.at100k.correct) overdue.first.at1k.correct = false;
    await alternately((size) => measure(size, overdue.idle[size], async () => (await sweepOverdue()).marked === 0));
    for (const [what, s] of [
      [`overdue job: marks ${OVERDUE_PROBES}`, overdue.first],
      ['overdue job: nothing to mark', overdue.idle],
    ] as const) {
      rows.push(
        rowOf(
          what,
          sideOf(s.at1k.latencies, s.at1k.counts),
          sideOf(s.at100k.latencies, s.at100k.counts),
          s.at1k.correct && s.at100k.correct,
        ),
      );
    }
    return { tickets: { ...SIZES }, seedSeconds, rows };
  } finally {
    await env.stop();
  }
}

export async function printScale(results: ScaleResults): Promise<void> {
  const cell = (s: ScaleSide) => `${s.calls} · ${s.capacity} · ${s.p50} · ${s.p99}`;
  console.log(
    `\nScale: per request, DynamoDB calls · capacity units · p50 · p99 ms (seeded in ${results.seedSeconds.at1k} s and ${results.seedSeconds.at100k} s)`,
  );
  console.log(
    `${'request'.padEnd(36)}${'1,000 tickets'.padEnd(30)}${'100,000 tickets'.padEnd(30)}cost  latency  answers`,
  );
  for (const r of results.rows) {
    console.log(
      `${r.what.padEnd(36)}${cell(r.at1k).padEnd(30)}${cell(r.at100k).padEnd(30)}${(r.pass ? 'flat' : 'FAIL').padEnd(6)}${(r.latencyFlat ? 'flat' : 'not').padEnd(9)}${r.correct ? 'right' : 'WRONG'}`,
    );
  }
}
