/**
 * `npm run bench`: the ticket API measured against the DynamoDB calls it makes, on this machine, in one run.
 *
 * 1. create, get and list at 50 concurrent clients, through the API (HTTP, cookies, JWT, validation, handler) and
 *    as the same data-layer calls made directly (the caller's directory lookup included: every API request makes
 *    it). Both are driven from a separate load process, in alternating rounds, so both see the same machine;
 * 2. round-robin spread after 200 concurrent creates with 5 active agents;
 * 3. the dashboard's cost (DynamoDB calls, capacity units, latency) with 1,000 and with 20,000 tickets: two tables,
 *    read alternately request by request.
 * Writes bench/results.json and prints a table. Takes two to three minutes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { Session } from './client.ts';
import { countDynamoCalls, startEnvironment, type CallCount } from './environment.ts';
import type { LoadContext, Operation, Reply, Request, Side } from './load-client.ts';
import { percentile, summarize, type LoadResult, type Summary } from './measure.ts';
import { copyStaff, createCategories, createStaff, importRandomTickets, PASSWORD } from './seed.ts';

const CONCURRENCY = 50;
const LIMIT_RATIO = 1.5;
const DASHBOARD_TOLERANCE = 0.1;
const ROUNDS = 6;
/** Operations per side and round; creates are few because DynamoDB Local runs about 45 create transactions a second. */
const OPS: Record<Operation, number> = { get: 700, list: 350, create: 70 };
const LIST_LIMIT = 100;
const DASHBOARD_SAMPLES = 200;

const log = (line: string) => console.log(`[bench] ${line}`);
const round2 = (n: number) => Math.round(n * 100) / 100;

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

const env = await startEnvironment();
const load = startLoadClient();
const results: Record<string, unknown> = {
  startedAt: new Date().toISOString(),
  machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version },
  settings: { concurrency: CONCURRENCY, rounds: ROUNDS, opsPerRound: OPS, listLimit: LIST_LIMIT, limitRatio: LIMIT_RATIO },
};

try {
  // ------------------------------------------------------------------------------------------------------------
  log('seeding the main table: 1 admin, 5 agents, 4 categories, 1,000 tickets');
  const mainEnv = await env.useTable('bench-main');
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
  const run = async (side: Side, operation: Operation, total: number, concurrency = CONCURRENCY): Promise<LoadResult> => {
    const cpu = process.cpuUsage();
    const reply = (await load.send({ type: 'run', side, operation, total, concurrency })) as Extract<Reply, { type: 'result' }>;
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
  results.apiVsRaw = comparisons;

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
  results.roundRobin = {
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
  for (const key of Object.keys(sizes) as (keyof typeof sizes)[]) {
    log(`seeding ${tableOf(key)} with ${sizes[key].toLocaleString('en')} tickets`);
    await env.useTable(tableOf(key));
    await copyStaff([admin!, ...agents]);
    await importRandomTickets(sizes[key], agents, await createCategories(4), sizes[key]);
  }

  log('dashboard cost, the two tables alternately');
  const counter = countDynamoCalls();
  const endpoints = ['/api/dashboard/metrics', '/api/dashboard/priority-distribution', '/api/dashboard/volume-data?days=90'];
  type Samples = { latencies: number[]; counts: CallCount[] };
  const samples = new Map(endpoints.map((e) => [e, { at1k: { latencies: [], counts: [] }, at20k: { latencies: [], counts: [] } } as Record<keyof typeof sizes, Samples>]));
  for (let i = 0; i < DASHBOARD_SAMPLES; i++) {
    for (const key of i % 2 === 0 ? (['at1k', 'at20k'] as const) : (['at20k', 'at1k'] as const)) {
      await env.useTable(tableOf(key));
      for (const endpoint of endpoints) {
        counter.take();
        const began = performance.now();
        await session.request('GET', endpoint);
        samples.get(endpoint)![key].latencies.push(performance.now() - began);
        samples.get(endpoint)![key].counts.push(counter.take());
      }
    }
  }
  const side = ({ latencies, counts }: Samples): DashboardSide => {
    const mean = (f: (c: CallCount) => number) => round2(counts.reduce((n, c) => n + f(c), 0) / counts.length);
    return { calls: mean((c) => c.calls), capacity: mean((c) => c.capacity), p50: round2(percentile(latencies, 50)), p99: round2(percentile(latencies, 99)) };
  };
  const within = (a: number, b: number) => Math.abs(b - a) <= DASHBOARD_TOLERANCE * a;
  const costs = endpoints.map((endpoint) => {
    const at1k = side(samples.get(endpoint)!.at1k);
    const at20k = side(samples.get(endpoint)!.at20k);
    return { endpoint, at1k, at20k, pass: at1k.calls === at20k.calls && within(at1k.capacity, at20k.capacity) && within(at1k.p50, at20k.p50) };
  });
  results.dashboard = costs;

  // ------------------------------------------------------------------------------------------------------------
  const out = resolve(import.meta.dirname, 'results.json');
  await writeFile(out, `${JSON.stringify(results, null, 2)}\n`);

  const row = (cells: (string | number)[], widths: number[]) => cells.map((c, i) => String(c).padEnd(widths[i]!)).join('  ');
  const w1 = [16, 34, 34, 6, 6, 4];
  console.log(`\nAPI against the DynamoDB calls it makes, ${CONCURRENCY} concurrent clients (${cpus().length} CPUs, Node ${process.version})`);
  console.log(row(['operation', 'raw: ops/s · p50 · p99 · CPU/op ms', 'API: ops/s · p50 · p99 · CPU/op ms', 'thr ×', 'p99 ×', 'pass'], w1));
  for (const c of comparisons) {
    const cell = (s: Summary) => `${s.throughput} · ${s.p50} · ${s.p99} · ${s.cpuMsPerOp}`;
    console.log(row([c.operation, cell(c.raw), cell(c.api), c.throughputRatio, c.p99Ratio, c.pass ? 'yes' : 'NO'], w1));
  }
  const rr = results.roundRobin as { perAgent: number[]; spread: number; seconds: number; pass: boolean };
  console.log(`\nRound robin, 200 concurrent creates, 5 agents: ${rr.perAgent.join(' / ')} (spread ${rr.spread}, ${rr.seconds} s) ${rr.pass ? 'pass' : 'FAIL'}`);
  const w2 = [36, 26, 26, 4];
  console.log('\nDashboard per request: DynamoDB calls (caller lookup included) · capacity units · p50 · p99 ms');
  console.log(row(['endpoint', '1,000 tickets', '20,000 tickets', 'pass'], w2));
  for (const c of costs) {
    const cell = (s: DashboardSide) => `${s.calls} · ${s.capacity} · ${s.p50} · ${s.p99}`;
    console.log(row([c.endpoint, cell(c.at1k), cell(c.at20k), c.pass ? 'yes' : 'NO'], w2));
  }
  console.log(`\nwritten to ${out}`);
} finally {
  load.stop();
  await env.stop();
}
