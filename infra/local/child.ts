import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Exit code of the leash when the emulator's command could not be started at all (as a shell would say). */
export const EXIT_COMMAND_NOT_FOUND = 127;
/** How long the leash waits after SIGTERM before it SIGKILLs the emulator. */
const LEASH_GRACE_MS = 5_000;
/** How long stop() waits after SIGTERM before SIGKILL; longer than the leash's own grace for the emulator. */
const STOP_GRACE_MS = 10_000;
const OUTPUT_LINES_KEPT = 60;
/** How long (× 50 ms) to wait for an orphaned emulator to disappear after SIGKILL. */
const ORPHAN_WAIT_STEPS = 40;

/**
 * Runs in a small Node process between us and an emulator. Neither java nor cognito-local notices when the
 * process that started it dies, and a parent's exit handlers do not run when it is SIGKILLed or crashes hard.
 * The IPC channel to the parent closes in every one of those cases, so this leash stops the emulator then,
 * as well as on SIGTERM/SIGINT/SIGHUP, and exits with the emulator's exit code.
 * Plain CommonJS in a string because it is run with `node -e`, untouched by any TypeScript loader.
 */
const LEASH = `
const { spawn } = require('node:child_process');
const { constants } = require('node:os');
const [command, ...args] = process.argv.slice(1);
const child = spawn(command, args, { stdio: 'inherit' });
if (child.pid !== undefined && process.send) process.send({ emulatorPid: child.pid });
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  child.kill('SIGTERM');
  setTimeout(() => child.kill('SIGKILL'), ${LEASH_GRACE_MS}).unref();
};
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, stop);
process.on('disconnect', stop);
child.on('error', (err) => {
  process.stderr.write('cannot start ' + command + ': ' + err.message + '\\n');
  process.exit(${EXIT_COMMAND_NOT_FOUND});
});
child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
`;

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** An emulator process started under the leash. */
export interface Supervised {
  /** PID of the leash; signalling it stops the emulator. */
  readonly pid: number;
  /** PID of the emulator process itself, once the leash has reported it (it does so right after starting it). */
  emulatorPid(): number | undefined;
  readonly exited: Promise<ExitStatus>;
  hasExited(): boolean;
  /** The last lines the emulator printed (stdout and stderr), colour codes removed, for error messages. */
  recentOutput(): string;
  /** SIGTERM, then SIGKILL after a bounded wait; resolves once the process has exited. Safe to call twice. */
  stop(): Promise<void>;
}

/** Starts `command args` under the leash, with its output captured (not printed). */
export function startSupervised(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Supervised {
  // The parent's Node options (test runners and loaders put theirs here) mean nothing to the emulators.
  const { NODE_OPTIONS: _ignored, ...env } = options.env;
  const child = spawn(process.execPath, ['-e', LEASH, '--', command, ...args], {
    cwd: options.cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    // A process group of its own: a terminal's Ctrl-C signals only its foreground group, so the runtime alone hears
    // it and stops the emulators in its own order (stop() below), none of them ending early as if it had crashed.
    detached: true,
  });

  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes begin with ESC.
      const clean = line.replace(/\u001b\[[0-9;]*m/g, '').trimEnd();
      if (clean) lines.push(clean);
    }
    if (lines.length > OUTPUT_LINES_KEPT) lines.splice(0, lines.length - OUTPUT_LINES_KEPT);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let emulatorPid: number | undefined;
  child.on('message', (message: { emulatorPid?: unknown }) => {
    if (typeof message?.emulatorPid === 'number') emulatorPid = message.emulatorPid;
  });
  /** Whether a process still runs: it exists and, where /proc tells, is not a zombie waiting to be reaped. */
  const isAlive = (target: number): boolean => {
    try {
      process.kill(target, 0);
    } catch {
      return false;
    }
    try {
      // The state follows the parenthesised command name: `pid (comm) S ...`.
      const stat = readFileSync(`/proc/${target}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
    } catch {
      return true;
    }
  };
  /** Kills the emulator if it outlived its leash, and waits (bounded) until it is gone. */
  const reapOrphan = async (): Promise<void> => {
    const orphan = emulatorPid;
    if (orphan === undefined || !isAlive(orphan)) return;
    try {
      process.kill(orphan, 'SIGKILL');
    } catch {
      return;
    }
    // SIGKILL ends it at once; the wait covers the moment the kernel takes to release its port.
    for (let i = 0; i < ORPHAN_WAIT_STEPS && isAlive(orphan); i++) await new Promise((r) => setTimeout(r, 50));
  };

  let status: ExitStatus | undefined;
  const exited = new Promise<ExitStatus>((resolve) => {
    child.once('exit', (code, signal) => {
      // A leash killed outright (SIGKILL) leaves its emulator running, holding the port a restart needs.
      void reapOrphan().then(() => {
        status = { code, signal };
        resolve(status);
      });
    });
    child.once('error', (err) => {
      collect(Buffer.from(String(err)));
      status = { code: null, signal: null };
      resolve(status);
    });
  });

  if (child.pid === undefined) throw new Error(`Could not start ${process.execPath} to supervise ${command}`);
  const pid = child.pid;

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (status) return;
      child.kill('SIGTERM');
      const escalate = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(escalate);
    })();
    return stopping;
  };

  return {
    pid,
    emulatorPid: () => emulatorPid,
    exited,
    hasExited: () => status !== undefined,
    recentOutput: () => lines.join('\n'),
    stop,
  };
}

/** What a started emulator offers whoever runs it: its process ids, its end, and a way to stop it. */
export type EmulatorProcess = Pick<Supervised, 'pid' | 'emulatorPid' | 'exited' | 'stop'>;

/** Thrown when an emulator exits before it answers. */
export class EmulatorExitedError extends Error {
  override name = 'EmulatorExitedError';
  constructor(
    message: string,
    readonly status: ExitStatus,
    readonly output: string,
  ) {
    super(message);
  }
}

/**
 * Polls `probe` until it returns true. Rejects with EmulatorExitedError if the process exits first, or with a
 * timeout error after `timeoutMs`. Each probe is given an AbortSignal so that one hung request cannot outlive
 * the deadline.
 */
export async function waitUntilReady(
  name: string,
  emulator: Supervised,
  probe: (signal: AbortSignal) => Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const pollMs = 50;
  while (Date.now() < deadline) {
    if (emulator.hasExited()) {
      const status = await emulator.exited;
      throw new EmulatorExitedError(
        `${name} exited (code ${status.code ?? status.signal}) before it was ready. Its output:\n${emulator.recentOutput()}`,
        status,
        emulator.recentOutput(),
      );
    }
    const ready = await probe(AbortSignal.timeout(Math.max(1, Math.min(2_000, deadline - Date.now())))).catch(
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`${name} did not answer within ${timeoutMs} ms. Its output:\n${emulator.recentOutput()}`);
}
