/**
 * `npm run bench`: the product measured on this machine, in one run, in ten sections.
 *
 * api — the ticket API against the DynamoDB calls it makes:
 * 1. create, get and list at 50 concurrent clients, through the API (HTTP, cookies, JWT, validation, handler) and
 *    as the same data-layer calls made directly (the caller's directory lookup included: every API request makes
 *    it). Both are driven from a separate load process, in alternating rounds, so both see the same machine;
 * 2. round-robin spread after 200 concurrent creates with 5 active agents;
 * 3. the dashboard's cost (DynamoDB calls, capacity units, latency) with 1,000 and with 20,000 tickets: two tables,
 *    read alternately request by request.
 * web — the SPA's initial JavaScript (gzip) and Lighthouse on the sign-in page and the dashboard (bench/web.ts).
 * alarms — alarm fan-out to 200 subscribed WebSocket clients, commit to receipt (bench/alarms.ts).
 * customers — a customer's tickets by e-mail address at 1,000 and 20,000 tickets (bench/customers.ts).
 * mail — 200 tickets created in a burst, each acknowledged exactly once, commit to mailbox (bench/mail.ts).
 * scale — list, exact lookups, word search, the dashboard and the overdue job at 1,000 and 100,000 tickets
 *   (bench/scale.ts).
 * routing — 200 concurrent creates over 50 agents with caps and skills; staff e-mails per ticket with 200 agents, 180
 *   at the desk and 20 offline (bench/routing.ts).
 * incident — an incident with 500 open children resolved: the last child resolved and the last of 500 resolution
 *   e-mails, each customer exactly once (bench/incident.ts).
 * attachments — a 10 MB upload and download through the embedded runtime against the S3 emulator directly, and a
 *   reply with 10 files end to end (bench/attachments.ts).
 * functions — every Lambda bundle from `cdk synth`: its minified size and its import time against a bare node
 *   (bench/functions.ts).
 *
 * `npm run bench -- --only web,alarms` runs some of them. Each section runs in a process of its own: the function
 * code makes its AWS clients once per process, for the emulators of the first runtime it meets, and a section's
 * load should not land on the next one's measurements. Writes bench/results.json (a section not run keeps its
 * previous figures there, with the time they were taken), rewrites docs/benchmarks.md's "Figures beside their marks"
 * from it (bench/figures.ts) and prints a table. All of them take about an hour.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { AlarmResults } from './alarms.ts';
import type { CustomerResults } from './customers.ts';
import type { FunctionsResults } from './functions.ts';
import type { AttachmentResults } from './attachments.ts';
import type { IncidentResults } from './incident.ts';
import { Session } from './client.ts';
import type { Figure, SectionFigures } from './figures.ts';
import { countDynamoCalls, startEnvironment, type CallCount } from './environment.ts';
import type { MailResults } from './mail.ts';
import type { ScaleResults } from './scale.ts';
import type { RoutingResults } from './routing.ts';
import type { LoadContext, Operation, Reply, Request, Side } from './load-client.ts';
import { log, round2, percentile, summarize, type LoadResult, type Summary } from './measure.ts';
import { copyStaff, createCategories, createStaff, importRandomTickets, PASSWORD } from './seed.ts';
import type { WebResults } from './web.ts';

const CONCURRENCY = 50;
const LIMIT_RATIO = 1.5;
const DASHBOARD_TOLERANCE = 0.1;
const ROUNDS = 6;
/** Operations per side and round; creates are few because DynamoDB Local runs about 45 create transactions a second. */
const OPS: Record<Operation, number> = { get: 700, list: 350, create: 70 };
const LIST_LIMIT = 100;
const DASHBOARD_SAMPLES = 200;

interface Comparison {
  operation: string;
  concurrency: number;
  raw: Summary;
  api: Summary;
  /** Raw throughput ÷ API throughput, and API p99 ÷ raw p99: at most 1.5 passes. */
  throughputRatio: number;
  p99Ratio: number;
  pass: boolean;
}

interface DashboardSide {
  calls: number;
  capacity: number;
  p50: number;
  p99: number;
}

interface DashboardCost {
  endpoint: string;
  at1k: DashboardSide;
  at20k: DashboardSide;
  pass: boolean;
}

interface RoundRobin {
  creates: number;
  agents: number;
  seconds: number;
  perAgent: number[];
  unassigned: number;
  duplicateCodes: number;
  spread: number;
  pass: boolean;
}

interface ApiResults {
  settings: {
    concurrency: number;
    rounds: number;
    opsPerRound: Record<Operation, number>;
    listLimit: number;
    limitRatio: number;
  };
  apiVsRaw: Comparison[];
  roundRobin: RoundRobin;
  dashboard: DashboardCost[];
}

/** The load process: one request at a time over IPC. */
function startLoadClient(): { send(request: Request): Promise<Reply>; stop(): void } {
  const child: ChildProcess = fork(new URL('./load-client.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
  });
  return {
    send: (request) =>
      new Promise((resolvePromise, reject) => {
        child.once('message', (reply: Reply) =>
          reply.type === 'error' ? reject(new Error(`load client: ${reply.message}`)) : resolvePromise(reply),
        );
        child.send(request);
      }),
    stop: () => child.kill(),
  };
}

/** The api section: the API against its DynamoDB calls, round robin, the dashboard's cost at two table sizes. */
async function benchApi(): Promise<ApiResults> {
  const settings = {
    concurrency: CONCURRENCY,
    rounds: ROUNDS,
    opsPerRound: OPS,
    listLimit: LIST_LIMIT,
    limitRatio: LIMIT_RATIO,
  };
  const env = await startEnvironment();
  const load = startLoadClient();
  try {
    // ------------------------------------------------------------------------------------------------------------
    log('seeding the main table: 1 admin, 5 agents, 4 categories, 1,000 tickets');
    const mainEnv = await env.switchTable('bench-main');
    const [admin, ...agents] = await createStaff(['admin', 'agent', 'agent', 'agent', 'agent', 'agent']);
    const categories = await createCategories(4);
    const ticketIds = await importRandomTickets(1_000, agents, categories, 1);
    const context: LoadContext = {
      env: mainEnv,
      url: env.url,
      admin: admin!,
      password: PASSWORD,
      ticketIds,
      categoryNames: categories.map((c) => c.name),
      listLimit: LIST_LIMIT,
    };
    await load.send({ type: 'configure', context });

    /** One run; the CPU it cost is the load process's for the raw side and this process's (the API's) for the API. */
    const run = async (
      side: Side,
      operation: Operation,
      total: number,
      concurrency = CONCURRENCY,
    ): Promise<LoadResult> => {
      const cpu = process.cpuUsage();
      const reply = (await load.send({ type: 'run', side, operation, total, concurrency })) as Extract<
        Reply,
        { type: 'result' }
      >;
      const used = process.cpuUsage(cpu);
      return { ...reply.result, cpuMs: side === 'raw' ? reply.cpuMs : (used.user + used.system) / 1000 };
    };

    log('warming up');
    for (const operation of ['get', 'list', 'create'] as const) {
      for (const side of ['api', 'raw'] as const) await run(side, operation, 100, 10);
    }

    const comparisons: Comparison[] = [];
    for (const operation of ['get', 'list', 'create'] as const) {
      const runs: Record<Side, LoadResult[]> = { api: [], raw: [] };
      // ABBA order: neither side always runs on the warmer or the quieter machine.
      for (let round = 0; round < ROUNDS; round++) {
        const order: Side[] = round % 2 === 0 ? ['raw', 'api'] : ['api', 'raw'];
        for (const side of order) runs[side].push(await run(side, operation, OPS[operation]));
      }
      const raw = summarize(runs.raw);
      const api = summarize(runs.api);
      const throughputRatio = round2(raw.throughput / api.throughput);
      const p99Ratio = round2(api.p99 / raw.p99);
      comparisons.push({
        operation: operation === 'list' ? `list (limit ${LIST_LIMIT})` : operation,
        concurrency: CONCURRENCY,
        raw,
        api,
        throughputRatio,
        p99Ratio,
        pass: throughputRatio <= LIMIT_RATIO && p99Ratio <= LIMIT_RATIO && raw.errors + api.errors === 0,
      });
      log(`${operation}: API ${api.throughput}/s p99 ${api.p99} ms; raw ${raw.throughput}/s p99 ${raw.p99} ms`);
    }

    // ------------------------------------------------------------------------------------------------------------
    log('round robin: 200 concurrent creates through the API');
    const session = await Session.signIn(env.url, admin!.email, PASSWORD);
    const started = performance.now();
    const created = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        session.request<{ assignedToId: string | null; ticketId: string }>('POST', '/api/tickets', {
          customerEmail: `burst${i}@example.com`,
          subject: `Burst ticket ${i}`,
          description: 'Two hundred of these arrive at once.',
          category: categories[i % categories.length]!.name,
        }),
      ),
    );
    const counts = agents.map((a) => created.filter((t) => t.assignedToId === a.id).length);
    const spread = Math.max(...counts) - Math.min(...counts);
    const unassigned = created.filter((t) => !t.assignedToId).length;
    const duplicateCodes = created.length - new Set(created.map((t) => t.ticketId)).size;
    const roundRobin: RoundRobin = {
      creates: created.length,
      agents: agents.length,
      seconds: Math.round((performance.now() - started) / 100) / 10,
      perAgent: counts,
      unassigned,
      duplicateCodes,
      spread,
      pass: spread <= 1 && unassigned === 0 && duplicateCodes === 0,
    };
    log(`round robin: ${counts.join(', ')} (spread ${spread})`);

    // ------------------------------------------------------------------------------------------------------------
    const sizes = { at1k: 1_000, at20k: 20_000 } as const;
    const tableOf = (key: keyof typeof sizes) => `bench-dashboard-${key.slice(2)}`;
    // A session is kept in its user's directory item (ADR 070), which copyStaff copies without: sign in in each table.
    const sessions = {} as Record<keyof typeof sizes, Session>;
    for (const key of Object.keys(sizes) as (keyof typeof sizes)[]) {
      log(`seeding ${tableOf(key)} with ${sizes[key].toLocaleString('en')} tickets`);
      await env.switchTable(tableOf(key));
      await copyStaff([admin!, ...agents]);
      await importRandomTickets(sizes[key], agents, await createCategories(4), sizes[key]);
      sessions[key] = await Session.signIn(env.url, admin!.email, PASSWORD);
    }

    log('dashboard cost, the two tables alternately');
    const endpoints = [
      '/api/dashboard/metrics',
      '/api/dashboard/priority-distribution',
      '/api/dashboard/volume-data?days=90',
    ];
    // One unmeasured round per table first. A function re-reads the Desk Settings it keeps when they are 15 s old
    // (functions/data/settings.ts), and an admin's request asks them whether two-factor sign-in is required; after
    // the seeding, the first measured request alone would pay that read.
    for (const key of Object.keys(sizes) as (keyof typeof sizes)[]) {
      await env.switchTable(tableOf(key));
      for (const endpoint of endpoints) await sessions[key].request('GET', endpoint);
    }
    const counter = countDynamoCalls();
    type Samples = { latencies: number[]; counts: CallCount[] };
    const samples = new Map(
      endpoints.map((e) => [
        e,
        { at1k: { latencies: [], counts: [] }, at20k: { latencies: [], counts: [] } } as Record<
          keyof typeof sizes,
          Samples
        >,
      ]),
    );
    for (let i = 0; i < DASHBOARD_SAMPLES; i++) {
      for (const key of i % 2 === 0 ? (['at1k', 'at20k'] as const) : (['at20k', 'at1k'] as const)) {
        await env.switchTable(tableOf(key));
        for (const endpoint of endpoints) {
          counter.take();
          const began = performance.now();
          await sessions[key].request('GET', endpoint);
          samples.get(endpoint)![key].latencies.push(performance.now() - began);
          samples.get(endpoint)![key].counts.push(counter.take());
        }
      }
    }
    const side = ({ latencies, counts }: Samples): DashboardSide => {
      const mean = (f: (c: CallCount) => number) => round2(counts.reduce((n, c) => n + f(c), 0) / counts.length);
      return {
        calls: mean((c) => c.calls),
        capacity: mean((c) => c.capacity),
        p50: round2(percentile(latencies, 50)),
        p99: round2(percentile(latencies, 99)),
      };
    };
    const within = (a: number, b: number) => Math.abs(b - a) <= DASHBOARD_TOLERANCE * a;
    const costs = endpoints.map((endpoint): DashboardCost => {
      const at1k = side(samples.get(endpoint)!.at1k);
      const at20k = side(samples.get(endpoint)!.at20k);
      return {
        endpoint,
        at1k,
        at20k,
        // Within ±10 % each, calls included: a Desk Settings re-read (every 15 s) adds one call to whichever request
        // meets it, at either size.
        pass: within(at1k.calls, at20k.calls) && within(at1k.capacity, at20k.capacity) && within(at1k.p50, at20k.p50),
      };
    });
    return { settings, apiVsRaw: comparisons, roundRobin, dashboard: costs };
  } finally {
    load.stop();
    await env.stop();
  }
}

const row = (cells: (string | number)[], widths: number[]) =>
  cells.map((c, i) => String(c).padEnd(widths[i]!)).join('  ');

/** The api section's lines of the printed table. */
function printApi(results: ApiResults): void {
  const w1 = [16, 34, 34, 6, 6, 4];
  console.log(
    `\nAPI against the DynamoDB calls it makes, ${CONCURRENCY} concurrent clients (${cpus().length} CPUs, Node ${process.version})`,
  );
  console.log(
    row(
      [
        'operation',
        'raw: ops/s · p50 · p99 · CPU/op ms',
        'API: ops/s · p50 · p99 · CPU/op ms',
        'thr ×',
        'p99 ×',
        'pass',
      ],
      w1,
    ),
  );
  for (const c of results.apiVsRaw) {
    const cell = (s: Summary) => `${s.throughput} · ${s.p50} · ${s.p99} · ${s.cpuMsPerOp}`;
    console.log(row([c.operation, cell(c.raw), cell(c.api), c.throughputRatio, c.p99Ratio, c.pass ? 'yes' : 'NO'], w1));
  }
  const rr = results.roundRobin;
  console.log(
    `\nRound robin, 200 concurrent creates, 5 agents: ${rr.perAgent.join(' / ')} (spread ${rr.spread}, ${rr.seconds} s) ${rr.pass ? 'pass' : 'FAIL'}`,
  );
  const w2 = [36, 26, 26, 4];
  console.log('\nDashboard per request: DynamoDB calls (caller lookup included) · capacity units · p50 · p99 ms');
  console.log(row(['endpoint', '1,000 tickets', '20,000 tickets', 'pass'], w2));
  for (const c of results.dashboard) {
    const cell = (s: DashboardSide) => `${s.calls} · ${s.capacity} · ${s.p50} · ${s.p99}`;
    console.log(row([c.endpoint, cell(c.at1k), cell(c.at20k), c.pass ? 'yes' : 'NO'], w2));
  }
}

/** The api section's figures beside their marks (docs/benchmarks.md "Figures beside their marks"). */
function apiFigures(results: ApiResults): Figure[] {
  const cost = (s: DashboardSide) => `${s.calls} · ${s.capacity} · ${s.p50} ms`;
  const rr = results.roundRobin;
  return [
    ...results.apiVsRaw.map((c) => ({
      figure: `${c.operation}, ${c.concurrency} clients: raw ÷ API throughput · API ÷ raw p99 (${c.raw.throughput} ÷ ${c.api.throughput} ops/s)`,
      value: `× ${c.throughputRatio} · × ${c.p99Ratio}`,
      mark: `≤ × ${LIMIT_RATIO} · ≤ × ${LIMIT_RATIO}`,
      met: c.pass,
    })),
    {
      figure: `round robin, ${rr.creates} creates over ${rr.agents} agents: spread · unassigned · duplicate codes`,
      value: `${rr.spread} · ${rr.unassigned} · ${rr.duplicateCodes}`,
      mark: '≤ 1 · 0 · 0',
      met: rr.pass,
    },
    ...results.dashboard.map((d) => ({
      figure: `${d.endpoint}: calls · units · p50 at 1,000 → 20,000`,
      value: `${cost(d.at1k)} → ${cost(d.at20k)}`,
      mark: 'each within ±10 %',
      met: d.pass,
    })),
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Sections, each in a child process of this script

interface SectionResults {
  api: ApiResults;
  web: WebResults;
  alarms: AlarmResults;
  customers: CustomerResults;
  mail: MailResults;
  scale: ScaleResults;
  routing: RoutingResults;
  incident: IncidentResults;
  attachments: AttachmentResults;
  functions: FunctionsResults;
}
type SectionName = keyof SectionResults;

/** Modules are imported where used: the alarms process has no use for Lighthouse, nor the parent for either. */
const SECTIONS: {
  [K in SectionName]: {
    run(): Promise<SectionResults[K]>;
    print(results: SectionResults[K]): Promise<void>;
    figures(results: SectionResults[K]): Promise<Figure[]>;
    /** Environment of the section's process over this one's. */
    env?: Record<string, string>;
  };
} = {
  api: { run: benchApi, print: async (r) => printApi(r), figures: async (r) => apiFigures(r) },
  web: {
    run: async () => (await import('./web.ts')).benchWeb(),
    print: async (r) => (await import('./web.ts')).printWeb(r),
    figures: async (r) => (await import('./figures.ts')).webFigures(r),
  },
  alarms: {
    run: async () => (await import('./alarms.ts')).benchAlarms(),
    print: async (r) => (await import('./alarms.ts')).printAlarms(r),
    figures: async (r) => (await import('./figures.ts')).alarmFigures(r),
  },
  customers: {
    run: async () => (await import('./customers.ts')).benchCustomers(),
    print: async (r) => (await import('./customers.ts')).printCustomers(r),
    figures: async (r) => (await import('./figures.ts')).customerFigures(r),
  },
  mail: {
    // Warnings and errors only, as `npm start` logs (infra/local/start.ts): not a line per e-mail sent.
    env: { POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN' },
    run: async () => (await import('./mail.ts')).benchMail(),
    print: async (r) => (await import('./mail.ts')).printMail(r),
    figures: async (r) => (await import('./figures.ts')).mailFigures(r),
  },
  scale: {
    run: async () => (await import('./scale.ts')).benchScale(),
    print: async (r) => (await import('./scale.ts')).printScale(r),
    figures: async (r) => (await import('./figures.ts')).scaleFigures(r),
  },
  routing: {
    env: { POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN' },
    run: async () => (await import('./routing.ts')).benchRouting(),
    print: async (r) => (await import('./routing.ts')).printRouting(r),
    figures: async (r) => (await import('./figures.ts')).routingFigures(r),
  },
  incident: {
    env: { POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN' },
    run: async () => (await import('./incident.ts')).benchIncident(),
    print: async (r) => (await import('./incident.ts')).printIncident(r),
    figures: async (r) => (await import('./figures.ts')).incidentFigures(r),
  },
  attachments: {
    env: { POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN' },
    run: async () => (await import('./attachments.ts')).benchAttachments(),
    print: async (r) => (await import('./attachments.ts')).printAttachments(r),
    figures: async (r) => (await import('./figures.ts')).attachmentFigures(r),
  },
  functions: {
    run: async () => (await import('./functions.ts')).benchFunctions(),
    print: async (r) => (await import('./functions.ts')).printFunctions(r),
    figures: async (r) => (await import('./figures.ts')).functionFigures(r),
  },
};
const SECTION_NAMES = Object.keys(SECTIONS) as SectionName[];

type SectionReply = { type: 'result'; results: unknown } | { type: 'error'; message: string };

/** Runs one section in a child process of this script and returns what it measured. */
function runInChild(name: SectionName): Promise<unknown> {
  return new Promise((resolvePromise, reject) => {
    const child = fork(new URL(import.meta.url), {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, ...SECTIONS[name].env, BENCH_SECTION: name, NODE_NO_WARNINGS: '1' },
    });
    let reply: SectionReply | undefined;
    child.once('message', (message: SectionReply) => (reply = message));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (reply?.type === 'result') resolvePromise(reply.results);
      else
        reject(
          new Error(reply?.type === 'error' ? reply.message : `the ${name} section exited with ${code} and no result`),
        );
    });
  });
}

/** What this invocation asked for: `--only a,b`, or every section. */
function chosenSections(): SectionName[] {
  const { values } = parseArgs({ options: { only: { type: 'string' } } });
  if (values.only === undefined) return SECTION_NAMES;
  const names = values.only
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !SECTION_NAMES.includes(n as SectionName));
  if (unknown.length > 0 || names.length === 0) {
    throw new Error(`--only takes a comma-separated list of ${SECTION_NAMES.join(', ')}; got "${values.only}"`);
  }
  return SECTION_NAMES.filter((n) => names.includes(n));
}

interface ResultsFile extends Partial<SectionResults> {
  machine: { cpus: number; cpuModel: string | undefined; node: string };
  /** When each section's figures were taken, and the machine's one-minute load average as it started. */
  taken: Partial<Record<SectionName, { at: string; loadAverage: number; run: string }>>;
}

const child = process.env.BENCH_SECTION as SectionName | undefined;
if (child) {
  const reply = (message: SectionReply) =>
    process.send!(message, () => process.exit(message.type === 'result' ? 0 : 1));
  try {
    reply({ type: 'result', results: await SECTIONS[child].run() });
  } catch (error) {
    reply({ type: 'error', message: String((error as Error).stack ?? error) });
  }
} else {
  const chosen = chosenSections();
  const out = resolve(import.meta.dirname, 'results.json');
  const previous = await readFile(out, 'utf8')
    .then((text) => JSON.parse(text) as Partial<ResultsFile>)
    .catch(() => ({}) as Partial<ResultsFile>);
  const results: ResultsFile = {
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version },
    taken: {},
  };
  // Figures of sections not run now stay, with the time they were taken; a file in the old shape has none to keep.
  for (const name of SECTION_NAMES) {
    if (chosen.includes(name) || !previous[name] || !previous.taken?.[name]) continue;
    Object.assign(results, { [name]: previous[name] });
    results.taken[name] = previous.taken[name];
  }
  const failed: SectionName[] = [];
  const run = new Date().toISOString();
  for (const name of chosen) {
    log(`section ${name}`);
    const taken = { at: new Date().toISOString(), loadAverage: Math.round(loadavg()[0]! * 100) / 100, run };
    try {
      Object.assign(results, { [name]: await runInChild(name) });
      results.taken[name] = taken;
    } catch (error) {
      console.error(`[bench] section ${name} failed:`, (error as Error).message);
      failed.push(name);
    }
  }
  const inOrder = <T>(byName: Partial<Record<SectionName, T>>) =>
    Object.fromEntries(SECTION_NAMES.filter((n) => byName[n] !== undefined).map((n) => [n, byName[n]]));
  const file = { machine: results.machine, taken: inOrder(results.taken), ...inOrder<unknown>(results) };
  await writeFile(out, `${JSON.stringify(file, null, 2)}\n`);
  const { figuresBlock, writeFiguresBlock } = await import('./figures.ts');
  const sections: SectionFigures[] = [];
  for (const name of SECTION_NAMES) {
    if (!results[name]) continue;
    // Figures kept from an earlier run may be in a shape this code no longer reads: say so rather than stop.
    const figures = await (SECTIONS[name].figures as (r: unknown) => Promise<Figure[]>)(results[name]).catch(
      (): Figure[] => [{ figure: 'figures in an older shape', value: 'run this section again', mark: '', met: null }],
    );
    sections.push({ name, taken: results.taken[name], figures });
  }
  const machine = `${results.machine.cpus} × ${results.machine.cpuModel ?? 'CPU'}, Node ${results.machine.node}`;
  const doc = resolve(import.meta.dirname, '../docs/benchmarks.md');
  await writeFiguresBlock(doc, figuresBlock(machine, sections));

  for (const name of chosen) {
    if (results[name]) await (SECTIONS[name].print as (r: unknown) => Promise<void>)(results[name]);
  }
  console.log(`\nwritten to ${out} and ${doc}${failed.length ? `; FAILED to run: ${failed.join(', ')}` : ''}`);
  if (failed.length) process.exitCode = 1;
}
