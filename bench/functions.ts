/**
 * The functions section: every Lambda's bundle as `cdk synth` writes it, how big it is and what importing it costs
 * (docs/benchmarks.md "functions", docs/decisions/100-function-bundles.md).
 *
 * 1. `cdk synth` of the project's app (infra/app.ts, through cdk.json) into a temporary cloud assembly, bundling on;
 * 2. each function of the main stack's template whose code is one of our ESM bundles (`index.mjs`): its size, minified
 *    (mark: at most 250 KB of 1,024 bytes, as esbuild counts them);
 * 3. its import time as a ratio against a bare `node -e 0`: a fresh `node` that imports the bundle and exits, each
 *    run right after a bare one, in rounds over all functions, medians of both (mark: at most 1.5×). The process gets
 *    the `NODE_OPTIONS` the function's environment sets (none: the functions no longer read source maps). Bundles
 *    that leave the AWS SDK out (the Lambda runtime's own is used) import `@aws-sdk/*` from the repository's
 *    node_modules, as the runtime resolves it from its own.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { log, percentile, round2 } from './measure.ts';

const SIZE_MARK_KB = 250;
const RATIO_MARK = 1.5;
const ROUNDS = 5;
const ROOT = resolve(import.meta.dirname, '..');

export interface FunctionFigures {
  /** The function's construct path in the main stack, e.g. `Http/TicketsFunction`. */
  name: string;
  sizeKb: number;
  sizePass: boolean;
  /** Medians over the rounds: a bare `node -e 0`, and a `node` that imports the bundle. */
  bareMs: number;
  importMs: number;
  ratio: number;
  ratioPass: boolean;
}

export interface FunctionsResults {
  marks: { sizeKb: number; ratio: number };
  rounds: number;
  /** Where the AWS SDK comes from when a function runs: the Lambda runtime (`runtime`) or its own bundle. */
  awsSdk: 'runtime' | 'bundled';
  /** Seconds `cdk synth` took, bundling included. */
  synthSeconds: number;
  functions: FunctionFigures[];
  pass: boolean;
}

interface TemplateResource {
  Type: string;
  Metadata?: Record<string, string>;
  Properties?: { Environment?: { Variables?: Record<string, unknown> } };
}

/** Runs a command to its end; rejects unless it exits with 0, with the end of what it wrote to stderr. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} ${args[0]} exited with ${code}:\n${stderr}`)),
    );
  });
}

/** Milliseconds from spawning a `node` with `args` to its exit. */
function timeNode(args: string[], env: NodeJS.ProcessEnv): number {
  const began = performance.now();
  const result = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - began;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${result.stderr.toString().slice(0, 2000)}`);
  return ms;
}

export async function benchFunctions(): Promise<FunctionsResults> {
  const out = await mkdtemp(join(tmpdir(), 'helpdesk-functions-'));
  try {
    // The stack deploys the built SPA; build it once when this checkout has none.
    if (!existsSync(join(ROOT, 'web/dist/index.html'))) {
      log('functions: building the web app the stack deploys');
      await run(join(ROOT, 'node_modules/.bin/vite'), [
        'build',
        '--config',
        'web/vite.config.ts',
        '--logLevel',
        'error',
      ]);
    }
    log('functions: cdk synth with bundling');
    const began = performance.now();
    await run(
      join(ROOT, 'node_modules/.bin/cdk'),
      ['synth', '--no-notices', '--quiet', '--output', out, '-c', 'mailDomain=bench.example.com'],
      { ...process.env, CDK_DISABLE_VERSION_CHECK: '1', CDK_DISABLE_CLI_TELEMETRY: '1' },
    );
    const synthSeconds = round2((performance.now() - began) / 1000);

    const template = JSON.parse(await readFile(join(out, 'Helpdesk.template.json'), 'utf8')) as {
      Resources: Record<string, TemplateResource>;
    };
    const bundles: { name: string; file: string; nodeOptions: string }[] = [];
    for (const resource of Object.values(template.Resources)) {
      const asset = resource.Metadata?.['aws:asset:path'];
      if (resource.Type !== 'AWS::Lambda::Function' || !asset) continue;
      const file = join(out, asset, 'index.mjs');
      if (!existsSync(file)) continue; // CDK's own handlers (custom resources), not ours
      const name = resource.Metadata!['aws:cdk:path']!.replace(/^Helpdesk\//, '').replace(/\/Resource$/, '');
      const nodeOptions = resource.Properties?.Environment?.Variables?.NODE_OPTIONS;
      bundles.push({ name, file, nodeOptions: typeof nodeOptions === 'string' ? nodeOptions : '' });
    }
    if (bundles.length === 0) throw new Error('the synthesized template has no function bundles');
    bundles.sort((a, b) => a.name.localeCompare(b.name));
    // The runtime provides the SDK: the bundles import it from a node_modules above them, this repository's.
    await symlink(join(ROOT, 'node_modules'), join(out, 'node_modules'), 'dir');

    const env = (nodeOptions: string): NodeJS.ProcessEnv => ({
      PATH: process.env.PATH,
      AWS_REGION: 'us-east-1',
      NODE_OPTIONS: nodeOptions,
      NODE_NO_WARNINGS: '1',
    });
    const bare: number[][] = bundles.map(() => []);
    const imported: number[][] = bundles.map(() => []);
    log(`functions: ${bundles.length} bundles, ${ROUNDS} rounds of a bare node and an import each`);
    for (let round = 0; round < ROUNDS; round++) {
      bundles.forEach((bundle, i) => {
        const e = env(bundle.nodeOptions);
        bare[i]!.push(timeNode(['-e', '0'], e));
        const code = `await import(${JSON.stringify(pathToFileURL(bundle.file).href)})`;
        imported[i]!.push(timeNode(['--input-type=module', '-e', code], e));
      });
    }

    const functions: FunctionFigures[] = [];
    for (const [i, bundle] of bundles.entries()) {
      const sizeKb = round2((await stat(bundle.file)).size / 1024);
      const bareMs = round2(percentile(bare[i]!, 50));
      const importMs = round2(percentile(imported[i]!, 50));
      const ratio = round2(importMs / bareMs);
      functions.push({
        name: bundle.name,
        sizeKb,
        sizePass: sizeKb <= SIZE_MARK_KB,
        bareMs,
        importMs,
        ratio,
        ratioPass: ratio <= RATIO_MARK,
      });
    }
    // A bundle that leaves the SDK out imports it by its package name.
    const leavesSdkOut = /from\s*"@aws-sdk\//.test(await readFile(bundles[0]!.file, 'utf8'));
    return {
      marks: { sizeKb: SIZE_MARK_KB, ratio: RATIO_MARK },
      rounds: ROUNDS,
      awsSdk: leavesSdkOut ? 'runtime' : 'bundled',
      synthSeconds,
      functions,
      pass: functions.every((f) => f.sizePass && f.ratioPass),
    };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

export async function printFunctions(results: FunctionsResults): Promise<void> {
  const widths = [34, 10, 5, 26, 7, 5];
  const row = (cells: (string | number)[]) => cells.map((c, i) => String(c).padEnd(widths[i]!)).join('  ');
  console.log(
    `\nFunction bundles from cdk synth (${results.synthSeconds} s): minified size (mark ${results.marks.sizeKb} KB) and ` +
      `import time against a bare node, medians of ${results.rounds} rounds (mark ${results.marks.ratio}×); ` +
      `AWS SDK: ${results.awsSdk === 'runtime' ? "the Lambda runtime's, imported from node_modules" : 'bundled'}`,
  );
  console.log(row(['function', 'KB', 'pass', 'import · bare ms', 'ratio', 'pass']));
  for (const f of results.functions) {
    console.log(
      row([
        f.name,
        f.sizeKb,
        f.sizePass ? 'yes' : 'NO',
        `${f.importMs} · ${f.bareMs}`,
        f.ratio,
        f.ratioPass ? 'yes' : 'NO',
      ]),
    );
  }
}
