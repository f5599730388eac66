/**
 * `npm test`: every layer in one command — lint (Biome, knip), type check, unit + integration + infra + component tests (vitest),
 * the SPA build, and the browser flows (Playwright in Chromium against the embedded runtime). Every step runs even
 * when an earlier one failed, so one run shows everything; the last line sums up the tests.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const RESULTS = join(ROOT, 'test-results');
const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const steps: Array<{ name: string; ok: boolean; seconds: number }> = [];

function run(name: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n━━ ${name}: ${[command.replace(`${ROOT}/`, ''), ...args].join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  steps.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
}

// biome-ignore lint/suspicious/noExplicitAny: reports of two tools, read field by field with defaults.
function readJson(file: string): any {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function vitestCounts(file: string): Counts | undefined {
  const report = readJson(join(RESULTS, file));
  if (!report) return undefined;
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

function playwrightCounts(): Counts | undefined {
  const report = readJson(join(RESULTS, 'playwright.json'));
  if (!report?.stats) return undefined;
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  return { passed: expected + flaky, failed: unexpected, skipped };
}

rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });
const only = process.argv[2];

if (!only || only === 'lint') {
  run('lint and formatting (Biome, import cycles included)', bin('biome'), ['ci', '.']);
  run('unused files, exports and dependencies (knip)', bin('knip'), ['--no-progress']);
  run('floors of functions/: no import goes the wrong way', bin('tsx'), ['scripts/check-floors.ts']);
}
if (!only || only === 'typecheck') run('type check', bin('tsc'), ['--noEmit', '-p', '.']);
/**
 * The bursts (200 creates in one round-robin line, 300 against agents' caps) run first, in a process and emulators of
 * their own: after the forty other integration files the shared emulators answer more slowly, and a line of 200 slowed
 * past the function's 30 s limit measures that, not the code. The incident of 500 children runs next, alone as well:
 * beside the bursts its stream backlog slows their line past that limit, and after the other files it took over 300 s
 * for what takes 45 s alone. The other integration tests run after them and alone, so that the component tests do not
 * take the CPU from them.
 */
const BURSTS = ['tests/integration/tickets-round-robin.test.ts', 'tests/integration/routing.test.ts'];
const BIG_INCIDENT = 'tests/integration/incident-fan-out.test.ts';
const VITEST_RUNS = [
  { name: 'concurrency bursts', args: ['--project', 'integration', ...BURSTS], report: 'vitest-bursts.json' },
  {
    name: 'incident of 500 children',
    args: ['--project', 'integration', BIG_INCIDENT],
    report: 'vitest-incident.json',
  },
  {
    name: 'integration tests',
    args: ['--project', 'integration', ...[...BURSTS, BIG_INCIDENT].flatMap((file) => ['--exclude', file])],
    report: 'vitest-integration.json',
  },
  {
    name: 'unit, infra and component tests',
    args: ['--project', 'unit', '--project', 'infra', '--project', 'component'],
    report: 'vitest.json',
  },
];
if (!only || only === 'vitest') {
  for (const { name, args, report } of VITEST_RUNS) {
    run(name, bin('vitest'), [
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(RESULTS, report)}`,
    ]);
  }
}
if (!only || only === 'browser') {
  if (run('web build', bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'])) {
    run('browser tests', bin('playwright'), ['test'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: join(RESULTS, 'playwright.json'),
    });
  }
}

const counts = [...VITEST_RUNS.map(({ report }) => vitestCounts(report)), playwrightCounts()].filter((c): c is Counts =>
  Boolean(c),
);
const total = counts.reduce(
  (a, c) => ({ passed: a.passed + c.passed, failed: a.failed + c.failed, skipped: a.skipped + c.skipped }),
  {
    passed: 0,
    failed: 0,
    skipped: 0,
  },
);
console.log('\n━━ Summary');
for (const s of steps) console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds}s)`);
const failedSteps = steps.filter((s) => !s.ok).length;
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedSteps || total.failed ? 1 : 0);
