/**
 * `npm run profile:dashboard`: where the dashboard's main thread goes, long task by long task (ADR 101, amendment of
 * 2026-11-28). Builds the SPA unminified (names in the profile; `--minified` keeps the production build), serves it
 * with the demo data from the embedded runtime, opens the admin's dashboard in headless Chromium at a phone's size
 * with the CPU slowed 4× (Lighthouse's mobile preset), and records a CPU profile and a trace until the page has been
 * quiet for four seconds. It prints every task over 50 ms with its functions by own time and by time within them, and
 * keeps the profile and the trace (open them in Chromium's DevTools) in the directory it names.
 *
 * Lighthouse (`npm run bench -- --only web`) scores the page; this says which code to look at.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { resetConfigForTests } from '#functions/lib/config.ts';
import { freePort } from '#infra/local/ports.ts';
import { startRuntime } from '#infra/local/runtime.ts';
import { DEMO_USERS, seedDemoData } from '#infra/local/seed.ts';
import { sessionCookie } from '../bench/alarms.ts';
import { CHROMIUM_PATH, OFFLINE_CHROMIUM_FLAGS } from './chromium.ts';

const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const QUIET_MS = 4_000;
const PASSWORD = 'Profile-Demo-1';

/** The parts of a V8 CPU profile (the DevTools protocol's `Profiler.Profile`) read here. */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/** The renderer's main thread: the thread named CrRendererMain that ran the most tasks. */
function mainThreadTasks(events: TraceEvent[]): TraceEvent[] {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasksOf = (m: TraceEvent) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask');
  const busiest = mains.map(tasksOf).sort((a, b) => b.length - a.length)[0] ?? [];
  return busiest.filter((task) => (task.dur ?? 0) > LONG_TASK_MS * 1000);
}

/** A profile node as a line: function, file and line. */
const frameOf = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop() ?? ''}:${node.callFrame.lineNumber + 1}`;

/** Each long task's functions, by own time and by time within them, as shares of the task's samples. */
function describeTasks(tasks: TraceEvent[], profile: CpuProfile): string[] {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  let at = profile.startTime;
  const samples = (profile.samples ?? []).map((id, i) => {
    at += profile.timeDeltas?.[i] ?? 0;
    return { id, at };
  });
  const start = tasks[0]?.ts ?? 0;
  const lines: string[] = [];
  const top = (counts: Map<string, number>, total: number, n: number) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([frame, count]) => `${frame} ${Math.round((100 * count) / total)} %`)
      .join(' · ');
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const own = new Map<string, number>();
    const within = new Map<string, number>();
    let total = 0;
    for (const sample of samples) {
      if (sample.at < task.ts || sample.at > end) continue;
      total++;
      const leaf = nodes.get(sample.id);
      if (leaf) own.set(frameOf(leaf), (own.get(frameOf(leaf)) ?? 0) + 1);
      const seen = new Set<string>();
      for (let id: number | undefined = sample.id; id !== undefined; id = parents.get(id)) {
        const node = nodes.get(id);
        if (!node?.callFrame.url) continue;
        const frame = frameOf(node);
        if (!seen.has(frame)) within.set(frame, (within.get(frame) ?? 0) + 1);
        seen.add(frame);
      }
    }
    lines.push(
      `\n${Math.round((task.ts - start) / 1000)} ms after the first long task: ${Math.round((task.dur ?? 0) / 1000)} ms (${total} samples)`,
    );
    if (!total) continue;
    lines.push(`  own time:    ${top(own, total, 6)}`);
    lines.push(`  time within: ${top(within, total, 12)}`);
  }
  return lines;
}

const { values } = parseArgs({ options: { minified: { type: 'boolean', default: false } } });
const root = resolve(import.meta.dirname, '..');
const work = await mkdtemp(join(tmpdir(), 'helpdesk-profile-'));
const distDir = join(work, 'dist');
const build = spawnSync(
  join(root, 'node_modules/.bin/vite'),
  [
    'build',
    '--config',
    'web/vite.config.ts',
    '--outDir',
    distDir,
    '--emptyOutDir',
    '--logLevel',
    'error',
    ...(values.minified ? [] : ['--minify', 'false']),
  ],
  { cwd: root, stdio: 'inherit' },
);
if (build.status !== 0) throw new Error(`vite build exited with ${build.status}`);

const runtime = await startRuntime({
  dataDir: join(work, 'data'),
  port: await freePort(),
  webDir: distDir,
  inMemory: true,
  schedule: false,
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...OFFLINE_CHROMIUM_FLAGS] });
try {
  resetConfigForTests();
  await seedDemoData({ password: PASSWORD });
  const admin = DEMO_USERS.find((user) => user.role === 'admin');
  if (!admin) throw new Error('the demo data has no admin');
  const cookie = await sessionCookie(runtime.url, admin.email, PASSWORD);

  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    extraHTTPHeaders: { Cookie: cookie },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await cdp.send('Profiler.start');
  await page.goto(`${runtime.url}/admin`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(QUIET_MS);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  const trace = await browser.stopTracing();
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;

  await writeFile(join(work, 'dashboard.cpuprofile'), JSON.stringify(profile));
  await writeFile(join(work, 'dashboard-trace.json'), trace);
  const tasks = mainThreadTasks(events);
  const blocking = tasks.reduce((sum, task) => sum + (task.dur ?? 0) / 1000 - LONG_TASK_MS, 0);
  console.log(
    `The dashboard at ${CPU_SLOWDOWN}× slowdown, ${values.minified ? 'minified' : 'unminified'} build: ${tasks.length} tasks over ${LONG_TASK_MS} ms, ${Math.round(blocking)} ms over ${LONG_TASK_MS} ms in all.`,
  );
  for (const line of describeTasks(tasks, profile)) console.log(line);
  console.log(`\nProfile and trace: ${work}`);
} finally {
  await browser.close();
  await runtime.stop();
}
