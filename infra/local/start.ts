/**
 * `npm start`: the whole product on one machine. Builds the SPA when its sources are newer than the build,
 * starts the embedded runtime, seeds demo data on the first start, and stops every child on Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, readdir, stat, writeFile, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const WEB_DIST = join(ROOT, 'web/dist');

async function newestMtime(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const { mtimeMs } = await stat(join(entry.parentPath, entry.name));
    newest = Math.max(newest, mtimeMs);
  }
  return newest;
}

/** Rebuilds the SPA only when something it is built from changed since the last build. */
async function ensureWebBuilt(): Promise<void> {
  const built = await stat(join(WEB_DIST, 'index.html')).then(
    (s) => s.mtimeMs,
    () => 0,
  );
  const sources = Math.max(
    await newestMtime(join(ROOT, 'web/src')),
    await newestMtime(join(ROOT, 'shared')),
    ...(await Promise.all(
      ['web/index.html', 'web/vite.config.ts', 'web/prerender-plugin.ts'].map((file) =>
        stat(join(ROOT, file)).then((s) => s.mtimeMs),
      ),
    )),
  );
  if (built >= sources) return;
  console.log(built ? 'Web app sources changed: rebuilding…' : 'Building the web app (first start)…');
  await new Promise<void>((ok, fail) => {
    const child = spawn(
      process.execPath,
      [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
      {
        cwd: ROOT,
        stdio: 'inherit',
      },
    );
    child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`vite build exited with ${code}`))));
  });
}

/**
 * The demo password: DEMO_PASSWORD or a generated one on the first start, then the same one on every later start
 * (it is what the seeded accounts were given), kept beside the data.
 */
async function demoPassword(dataDir: string): Promise<string> {
  const file = join(dataDir, 'demo-password.txt');
  const saved = await readFile(file, 'utf8').then(
    (s) => s.trim(),
    () => undefined,
  );
  if (saved) {
    if (process.env.DEMO_PASSWORD && process.env.DEMO_PASSWORD !== saved) {
      console.warn(`DEMO_PASSWORD is ignored: the demo accounts in ${dataDir} were created with another password.`);
    }
    return saved;
  }
  const chosen = process.env.DEMO_PASSWORD || `Demo-${randomBytes(6).toString('base64url')}`;
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${chosen}\n`, { mode: 0o600 });
  return chosen;
}

async function main() {
  const port = Number(process.env.PORT ?? 3000);
  const dataDir = resolve(ROOT, process.env.DATA_DIR ?? '.data');
  const verbose = process.env.LOG_REQUESTS === '1';
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  // Loaded only now: the function modules read the settings above when they are first imported.
  const { startRuntime } = await import('./runtime.ts');
  const { seedDemoData, DEMO_USERS } = await import('./seed.ts');

  await ensureWebBuilt();
  const password = await demoPassword(dataDir);
  let seeded = false;
  const portOf = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
  const runtime = await startRuntime({
    dataDir,
    port,
    webDir: WEB_DIST,
    log: verbose ? (line) => console.log(line) : undefined,
    mail: {
      port: portOf('MAIL_PORT'),
      smtpPort: portOf('SMTP_PORT'),
      domain: process.env.MAIL_DOMAIN || undefined,
      publicBaseUrl: process.env.PUBLIC_BASE_URL || undefined,
    },
    storagePort: portOf('S3_PORT'),
    // Until the demo data is complete the gateway answers 503 with Retry-After, never half-seeded data.
    prepare: async () => {
      seeded = await seedDemoData({ password, log: (line) => console.log(line) });
    },
  });
  const url = runtime.url.replace('127.0.0.1', 'localhost');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  console.log(`Listening on ${url}; it answers 503 until the data is ready.`);
  await runtime.ready;
  console.log(`
Help desk is running on ${url}
Mailbox: ${runtime.mailbox.url}
Inbound mail: ${runtime.smtp.url}
Attachments: ${runtime.storage.url}/${runtime.storage.bucket} (the S3 emulator; files under ${dataDir}/s3)
  (the help desk's addresses: support@${runtime.mailDomain}, and reply+…@${runtime.mailDomain} in every e-mail it sends)
${seeded ? 'Demo data created.' : `Using the data kept in ${dataDir}.`}
Demo sign-ins (password: ${password}):
${DEMO_USERS.map((u) => `  ${u.role.padEnd(8)} ${u.email}`).join('\n')}
Press Ctrl-C to stop.`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
