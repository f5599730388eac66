/**
 * The SPA as a visitor's browser gets it (docs/benchmarks.md, "web"):
 * 1. the initial JavaScript: the files `index.html` loads (its module script and modulepreloads, and the English
 *    catalog its script preloads), each compressed with gzip -9 on its own as a CDN would, summed; the budget is 150 kB, judged by the stricter reading
 *    (1 kB = 1,000 bytes) and reported in KiB too. The largest lazy chunks are listed beside it;
 * 2. Lighthouse 12 (performance only, desktop and mobile presets) on the sign-in page and on the admin's
 *    dashboard, in headless Chromium, against the embedded runtime serving that build with the demo data, through
 *    HTTP/2 over TLS with gzip, which stands in for CloudFront (startFront).
 * Runs in a process of its own (see run.ts): the embedded runtime points the function code's clients at its
 * emulators for the life of the process.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream';
import { createGzip, gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import WebSocket from 'ws';
import { resetConfigForTests } from '#functions/lib/config.ts';
import { freePort } from '#infra/local/ports.ts';
import { startRuntime } from '#infra/local/runtime.ts';
import { DEMO_USERS, seedDemoData } from '#infra/local/seed.ts';
import { SIGNED_IN_HINT_COOKIE } from '#shared/signed-in-hint.ts';
import { CHROMIUM_PATH, OFFLINE_CHROMIUM_FLAGS } from '../scripts/chromium.ts';
import { sessionCookie } from './alarms.ts';
import { log, round2 } from './measure.ts';

/** The sign-in page's initial JavaScript with its language's texts: at most 150 kB gzip. */
const INITIAL_JS_BUDGET_BYTES = 150_000;
/** Lighthouse performance marks: sign-in 100 on desktop and at least 95 on mobile; the dashboard 100 and 90. */
const PASS_MARKS = {
  'sign-in': { desktop: 1, mobile: 0.95 },
  dashboard: { desktop: 1, mobile: 0.9 },
} as const;
const RUNS = 3;
/** Where the median run's full Lighthouse report of each page and form factor is kept (not committed). */
const REPORT_DIR = resolve(import.meta.dirname, 'lighthouse');
const CHROME_FLAGS = ['--headless=new', '--ignore-certificate-errors', ...OFFLINE_CHROMIUM_FLAGS];

export interface JsFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface InitialJs {
  files: JsFile[];
  gzipBytes: number;
  gzipKiB: number;
  gzipKB: number;
  budgetKB: number;
  pass: boolean;
  /** The largest chunks loaded later (routes, charts), gzip -9 each. */
  largestLazy: JsFile[];
  lazyChunks: number;
}

export type FormFactor = 'desktop' | 'mobile';

export interface LighthouseTarget {
  page: 'sign-in' | 'dashboard';
  formFactor: FormFactor;
  /** Performance scores of every run, 0–1, in run order. */
  scores: number[];
  /** The median run by score, and its metrics (ms; CLS unitless). */
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Script bytes the median run transferred (gzip as served), kB: the initial chunk plus what the page loads lazily. */
  scriptKB: number;
  /** Lighthouse's measure of the host's CPU speed in the median run; a busy machine scores low and runs slow. */
  benchmarkIndex: number;
  /** The median run's audits with the largest estimated savings, for reading a low score. */
  topSavings: Array<{ audit: string; savingsMs: number }>;
  /** The page's mark for this form factor (0–1) and whether the median run met it. */
  mark: number;
  pass: boolean;
}

export interface WebResults {
  initialJs: InitialJs;
  lighthouse: {
    version: string;
    chromium: string;
    runs: number;
    targets: LighthouseTarget[];
  };
}

/** Builds the SPA into `outDir` (not web/dist, which a browser test run may be serving at the same time). */
async function buildSpa(outDir: string): Promise<void> {
  const root = resolve(import.meta.dirname, '..');
  const vite = join(root, 'node_modules/.bin/vite');
  await new Promise<void>((done, fail) => {
    const child = spawn(
      vite,
      ['build', '--config', 'web/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`vite build exited with ${code}`))));
  });
}

const gzipSize = (content: Buffer) => gzipSync(content, { level: 9 }).length;

/** The JavaScript `index.html` makes the browser fetch before anything renders, against the budget. */
export async function measureInitialJs(distDir: string): Promise<InitialJs> {
  const html = await readFile(join(distDir, 'index.html'), 'utf8');
  const tags = [
    ...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ];
  // The visitor's catalog (English, the language of the bench's browser), which index.html's script preloads beside
  // the entry: its first part, the sign-in pages' texts (ADR 081).
  const catalogs = /link\.href = (\{[^}]*\})\[language\]/.exec(html)?.[1];
  if (!catalogs) throw new Error("index.html's script preloads no catalog: the bench no longer reads it right");
  const english = (JSON.parse(catalogs) as Record<string, string>).en;
  if (!english) throw new Error("index.html's script has no English catalog");
  const initial = [...new Set([...tags.map((m) => m[1]!), english].map((file) => file.replace(/^\//, '')))];
  const sized = async (file: string): Promise<JsFile> => {
    const content = await readFile(join(distDir, file));
    return { file, bytes: content.length, gzipBytes: gzipSize(content) };
  };
  const files = await Promise.all(initial.map(sized));
  const lazyNames = (await readdir(join(distDir, 'assets')))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `assets/${name}`)
    .filter((file) => !initial.includes(file));
  const lazy = (await Promise.all(lazyNames.map(sized))).sort((a, b) => b.gzipBytes - a.gzipBytes);
  const gzipBytes = files.reduce((n, f) => n + f.gzipBytes, 0);
  return {
    files,
    gzipBytes,
    gzipKiB: round2(gzipBytes / 1024),
    gzipKB: round2(gzipBytes / 1000),
    budgetKB: INITIAL_JS_BUDGET_BYTES / 1000,
    pass: files.length > 0 && gzipBytes <= INITIAL_JS_BUDGET_BYTES,
    largestLazy: lazy.slice(0, 5),
    lazyChunks: lazy.length,
  };
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json)|image\/svg\+xml)/;

/** Hop-by-hop headers: HTTP/2 has none, and refuses a response that carries one. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'];

/**
 * A certificate for 127.0.0.1 made for this run with openssl, in `dir`; the bench's Chromium is told to accept it
 * (`--ignore-certificate-errors`), since no authority signed it.
 */
async function frontCertificate(dir: string): Promise<{ key: Buffer; cert: Buffer }> {
  const key = join(dir, 'front-key.pem');
  const cert = join(dir, 'front-cert.pem');
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1'].concat([
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ]),
    { stdio: 'ignore' },
  );
  if (made.status !== 0)
    throw new Error(`openssl could not make the front's certificate (${made.error?.message ?? `exit ${made.status}`})`);
  return { key: await readFile(key), cert: await readFile(cert) };
}

/**
 * What CloudFront adds in front of the site in AWS and the embedded gateway does not:
 * - HTTP/2 over TLS (infra/constructs/web.ts serves HTTP/2 and 3). Over HTTP/1.1 a browser opens at most six
 *   connections to a host, so the hundred small files of a signed-in page would queue behind each other: a wait that
 *   visitors of the deployed site do not have;
 * - compression (CDK's default `compress: true` on the site's behaviours). Without it Lighthouse would time the
 *   download of the raw files, about three and a half times the bytes a visitor gets.
 * Everything else, upgrades to `/ws` included (over HTTP/1.1, as a browser opens them), passes through untouched, Host
 * and Origin as the browser sent them.
 */
async function startFront(upstream: URL, dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const agent = new http.Agent({ keepAlive: true });
  const server = http2.createSecureServer({ ...(await frontCertificate(dir)), allowHTTP1: true }, (req, res) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!name.startsWith(':')) headers[name] = value;
    headers.host = req.headers[':authority'] ?? req.headers.host;
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent },
      (upstreamRes) => {
        const answer = { ...upstreamRes.headers };
        for (const name of HOP_BY_HOP) delete answer[name];
        const compress =
          /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') &&
          !answer['content-encoding'] &&
          COMPRESSIBLE.test(answer['content-type'] ?? '') &&
          req.method !== 'HEAD';
        if (!compress) {
          res.writeHead(upstreamRes.statusCode ?? 502, answer);
          pipeline(upstreamRes, res, () => undefined);
          return;
        }
        delete answer['content-length'];
        res.writeHead(upstreamRes.statusCode ?? 502, {
          ...answer,
          'content-encoding': 'gzip',
          vary: 'accept-encoding',
        });
        pipeline(upstreamRes, createGzip(), res, () => undefined);
      },
    );
    forward.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    pipeline(req, forward, () => undefined);
  });
  const sockets = new Set<net.Socket>();
  server.on('secureConnection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const upstreamSocket = net.connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstreamSocket.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstreamSocket.write(head);
      socket.pipe(upstreamSocket).pipe(socket);
    });
    const end = () => {
      socket.destroy();
      upstreamSocket.destroy();
    };
    socket.on('error', end).on('close', end);
    upstreamSocket.on('error', end).on('close', end);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

const metric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

function scriptKB(lhr: Result): number {
  const requests =
    (
      lhr.audits['network-requests']?.details as
        | { items?: Array<{ resourceType?: string; transferSize?: number }> }
        | undefined
    )?.items ?? [];
  return round2(
    requests.filter((r) => r.resourceType === 'Script').reduce((n, r) => n + (r.transferSize ?? 0), 0) / 1000,
  );
}

/** Audits that failed with an estimated saving, largest first. */
function topSavings(lhr: Result): LighthouseTarget['topSavings'] {
  return Object.values(lhr.audits)
    .map((audit) => {
      const details = audit.details as { overallSavingsMs?: number } | undefined;
      const savings = Math.max(
        details?.overallSavingsMs ?? 0,
        ...Object.values(audit.metricSavings ?? {}).map((v) => v ?? 0),
      );
      return { audit: audit.id, savingsMs: Math.round(savings), score: audit.score };
    })
    .filter((a) => a.savingsMs > 0 && a.score !== null && a.score < 1)
    .sort((a, b) => b.savingsMs - a.savingsMs)
    .slice(0, 3)
    .map(({ audit, savingsMs }) => ({ audit, savingsMs }));
}

/**
 * Signs the browser in: the session's cookies (`name=value; …`) go into its cookie jar for `url`, as a browser that
 * signed in holds them, so that the page's inline script reads the signed-in hint (shared/signed-in-hint.ts) and the
 * server gets the session. Sending them as Lighthouse's extra headers would reach the server only: the page would
 * start as it does for a visitor without a session and paint the sign-in page first. Lighthouse clears caches and
 * storage before each run, not cookies.
 */
async function signInBrowser(chromePort: number, url: string, cookieHeader: string): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${chromePort}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const cookies = cookieHeader.split('; ').map((pair) => {
    const name = pair.slice(0, pair.indexOf('='));
    return { name, value: pair.slice(name.length + 1), url, httpOnly: name !== SIGNED_IN_HINT_COOKIE, sameSite: 'Lax' };
  });
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  try {
    await once(socket, 'open');
    const answered = once(socket, 'message');
    socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies } }));
    const [data] = (await answered) as [Buffer];
    const reply = JSON.parse(data.toString('utf8')) as { error?: { message: string } };
    if (reply.error) throw new Error(`Chromium did not take the session's cookies: ${reply.error.message}`);
  } finally {
    socket.close();
  }
}

/** The web section: builds the SPA, measures its initial JavaScript, serves it with the demo data and runs Lighthouse. */
export async function benchWeb(): Promise<WebResults> {
  const work = await mkdtemp(join(tmpdir(), 'helpdesk-bench-web-'));
  const stops: Array<() => Promise<unknown>> = [() => rm(work, { recursive: true, force: true })];
  try {
    const distDir = join(work, 'dist');
    log('building the SPA');
    await buildSpa(distDir);
    const initialJs = await measureInitialJs(distDir);
    log(
      `initial JavaScript: ${initialJs.gzipKB} kB (${initialJs.gzipKiB} KiB) gzip in ${initialJs.files.length} files`,
    );

    log('starting the embedded runtime with the demo data');
    const password = 'Bench-Demo-1';
    const runtime = await startRuntime({
      dataDir: join(work, 'data'),
      port: await freePort(),
      webDir: distDir,
      inMemory: true,
      schedule: false,
    });
    stops.push(() => runtime.stop());
    resetConfigForTests();
    await seedDemoData({ password });
    const admin = DEMO_USERS.find((u) => u.role === 'admin')!;
    const front = await startFront(new URL(runtime.url), work);
    stops.push(() => front.close());
    // Signed in at the runtime itself (the front's certificate is Chromium's to accept): a host's cookies do not
    // depend on its port.
    const cookie = await sessionCookie(runtime.url, admin.email, password);

    const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    stops.push(async () => chrome.kill());
    const chromium = (
      (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser: string }
    ).Browser;

    const targets: LighthouseTarget[] = [];
    let version = '';
    // HELPDESK_BENCH_PAGES=sign-in limits the Lighthouse runs to some pages, for quicker turns while tuning.
    const pages = (['sign-in', 'dashboard'] as const).filter(
      (p) => !process.env.HELPDESK_BENCH_PAGES || process.env.HELPDESK_BENCH_PAGES.split(',').includes(p),
    );
    for (const page of pages) {
      // The sign-in page is measured first, without a session; the dashboard with one.
      if (page === 'dashboard') await signInBrowser(chrome.port, front.url, cookie);
      for (const formFactor of ['desktop', 'mobile'] as const) {
        const flags: Flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        };
        // Lighthouse's own presets: the default config is mobile (Moto G Power, slow 4G, 4× CPU), the desktop one
        // a dense-4G desktop.
        const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
        const runs: Result[] = [];
        for (let i = 0; i < RUNS; i++) {
          const result = await lighthouse(`${front.url}/admin`, flags, config);
          if (!result) throw new Error('Lighthouse returned no result');
          if (result.lhr.runtimeError)
            throw new Error(`Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
          runs.push(result.lhr);
        }
        version = runs[0]!.lighthouseVersion;
        const scoreOf = (lhr: Result) => lhr.categories.performance?.score ?? 0;
        const median = [...runs].sort((a, b) => scoreOf(a) - scoreOf(b))[Math.floor(runs.length / 2)]!;
        const target: LighthouseTarget = {
          page,
          formFactor,
          scores: runs.map(scoreOf),
          score: scoreOf(median),
          fcp: Math.round(metric(median, 'first-contentful-paint')),
          lcp: Math.round(metric(median, 'largest-contentful-paint')),
          tbt: Math.round(metric(median, 'total-blocking-time')),
          cls: round2(metric(median, 'cumulative-layout-shift')),
          scriptKB: scriptKB(median),
          benchmarkIndex: Math.round(median.environment.benchmarkIndex),
          topSavings: topSavings(median),
          mark: PASS_MARKS[page][formFactor],
          pass: scoreOf(median) >= PASS_MARKS[page][formFactor],
        };
        targets.push(target);
        // The whole report of the median run, for what the summary leaves out (long tasks, request chains, ...).
        await mkdir(REPORT_DIR, { recursive: true });
        await writeFile(join(REPORT_DIR, `${page}-${formFactor}.json`), JSON.stringify(median));
        log(`lighthouse ${page} ${formFactor}: ${target.scores.map((s) => Math.round(s * 100)).join(', ')}`);
      }
    }
    return { initialJs, lighthouse: { version, chromium, runs: RUNS, targets } };
  } finally {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  }
}

/** The web section's lines of the printed table. */
export function printWeb(results: WebResults): void {
  const { initialJs: js, lighthouse: lh } = results;
  console.log(
    `\nInitial JavaScript (gzip -9 per file, ${js.files.length} files): ${js.gzipBytes.toLocaleString('en')} bytes = ${js.gzipKB} kB = ${js.gzipKiB} KiB; ` +
      `budget ${js.budgetKB} kB (1 kB = 1,000 bytes) ${js.pass ? 'pass' : 'FAIL'}`,
  );
  console.log(
    `Largest of ${js.lazyChunks} lazy chunks: ${js.largestLazy.map((f) => `${f.file.replace(/^assets\//, '')} ${round2(f.gzipBytes / 1000)} kB`).join(', ')}`,
  );
  const row = (cells: (string | number)[], widths: number[]) =>
    cells.map((c, i) => String(c).padEnd(widths[i] ?? 0)).join('  ');
  const w = [18, 14, 6, 6, 6, 5, 8, 9, 8];
  console.log(
    `\nLighthouse ${lh.version} performance, median of ${lh.runs} runs by score (${lh.chromium}); times in ms`,
  );
  console.log(
    row(
      ['page', 'scores', 'FCP', 'LCP', 'TBT', 'CLS', 'JS kB', 'CPU index', 'mark', 'largest estimated savings, ms'],
      w,
    ),
  );
  for (const t of lh.targets) {
    const pass = `${Math.round(t.mark * 100)} ${t.pass ? 'yes' : 'NO'}`;
    const savings = t.topSavings.map((s) => `${s.audit} ${s.savingsMs}`).join(', ') || '-';
    const scores = t.scores.map((s) => Math.round(s * 100)).join(' / ');
    console.log(
      row(
        [`${t.page} ${t.formFactor}`, scores, t.fcp, t.lcp, t.tbt, t.cls, t.scriptKB, t.benchmarkIndex, pass, savings],
        w,
      ),
    );
  }
}
