/**
 * Keeps the embedded runtime's parts (DynamoDB Local, cognito-local, and whatever else registers) running. When a
 * part's process ends on its own, the supervisor says so in one line, reports the part as down (the gateway answers
 * 503 meanwhile), and starts it again the way it was first started: same port, so every configured client keeps
 * working, and same data folder, so nothing is lost. One more line says when it is back.
 */
import { constants } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EmulatorProcess, ExitStatus } from './child.ts';

export interface PartDefinition<P extends EmulatorProcess> {
  /** How the part is named in what the runtime prints and answers ("DynamoDB Local"). */
  name: string;
  /**
   * Starts the part and resolves once it answers. Called for the first start and for every restart, so it must
   * reuse the port and the data folder of the first start.
   */
  start(): Promise<P>;
  /** Work to redo after a restart before the part counts as back (for example re-creating an in-memory table). */
  afterRestart?(part: P): Promise<void>;
}

export interface SupervisedPart<P extends EmulatorProcess> {
  readonly name: string;
  /** The running process (the last one started, while the part is down). */
  readonly process: P;
  readonly up: boolean;
}

export interface SupervisorOptions {
  /** Where the one-line reports go. */
  log?: (line: string) => void;
  /** Waits before each restart attempt; the number of entries bounds the attempts of one outage. */
  restartDelaysMs?: readonly number[];
}

/**
 * 250 ms, then doubling to 15 s: about two minutes of attempts before the supervisor gives up on a part. A part that
 * dies again within STABLE_MS of coming back continues this sequence instead of starting it over, so a part that
 * keeps dying is given up on rather than restarted forever.
 */
const DEFAULT_RESTART_DELAYS_MS = [250, 500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000, 15_000, 15_000];
const STABLE_MS = 60_000;

/** The leash exits with 128 + the signal's number when the emulator was killed, as a shell reports it. */
function describeExit(status: ExitStatus): string {
  if (status.signal) return `killed by ${status.signal}`;
  const code = status.code ?? -1;
  const signal = Object.entries(constants.signals).find(([, number]) => number === code - 128)?.[0];
  return signal ? `killed by ${signal}` : `exited with code ${status.code ?? 'unknown'}`;
}

const oneLine = (error: unknown): string => String((error as Error)?.message ?? error).split('\n')[0] ?? '';

class Part<P extends EmulatorProcess> implements SupervisedPart<P> {
  up = true;
  restarting: Promise<void> | undefined;
  /** Restart attempts made in the current series of outages (see STABLE_MS). */
  attempts = 0;
  upSince = Date.now();

  constructor(
    readonly definition: PartDefinition<P>,
    public process: P,
  ) {}

  get name(): string {
    return this.definition.name;
  }
}

export class Supervisor {
  private readonly parts = new Map<string, Part<EmulatorProcess>>();
  private readonly log: (line: string) => void;
  private readonly restartDelaysMs: readonly number[];
  private stopping = false;

  constructor(options: SupervisorOptions = {}) {
    this.log = options.log ?? ((line) => console.log(line));
    this.restartDelaysMs = options.restartDelaysMs ?? DEFAULT_RESTART_DELAYS_MS;
  }

  /** Starts a part and keeps it running from then on; a failed first start is thrown, not retried. */
  async add<P extends EmulatorProcess>(definition: PartDefinition<P>): Promise<SupervisedPart<P>> {
    if (this.parts.has(definition.name)) throw new Error(`A part named ${definition.name} is already supervised`);
    const part = new Part(definition, await definition.start());
    if (this.stopping) {
      await part.process.stop();
      throw new Error(`The supervisor stopped while ${definition.name} was starting`);
    }
    this.parts.set(definition.name, part as unknown as Part<EmulatorProcess>);
    this.watch(part);
    return part;
  }

  /** A supervised part by name. */
  part(name: string): SupervisedPart<EmulatorProcess> {
    const part = this.parts.get(name);
    if (!part) throw new Error(`No part named ${name} is supervised`);
    return part;
  }

  /** Names of the parts that are down right now (restarting, or given up on). */
  down(): string[] {
    return [...this.parts.values()].filter((part) => !part.up).map((part) => part.name);
  }

  /**
   * From now on a part that ends is neither reported nor restarted: whoever runs the parts is stopping them, and a
   * part may end before its turn (Ctrl-C reaches a whole process group at once).
   */
  standDown(): void {
    this.stopping = true;
  }

  /** Stops every part (and any restart under way); no part is restarted afterwards. */
  async stop(): Promise<void> {
    this.standDown();
    const parts = [...this.parts.values()];
    await Promise.allSettled(parts.map((part) => part.restarting));
    await Promise.allSettled(parts.map((part) => part.process.stop()));
  }

  private watch<P extends EmulatorProcess>(part: Part<P>): void {
    const watched = part.process;
    void watched.exited.then((status) => {
      if (this.stopping || part.process !== watched) return;
      part.up = false;
      if (Date.now() - part.upSince >= STABLE_MS) part.attempts = 0;
      this.log(`${part.name} stopped (${describeExit(status)}); answering 503 while it restarts with its data kept`);
      part.restarting = this.restart(part, Date.now()).finally(() => {
        part.restarting = undefined;
      });
    });
  }

  private async restart<P extends EmulatorProcess>(part: Part<P>, downSince: number): Promise<void> {
    let lastError: unknown = 'it died again soon after each restart';
    while (part.attempts < this.restartDelaysMs.length) {
      await sleep(this.restartDelaysMs[part.attempts++]!);
      if (this.stopping) return;
      let started: P | undefined;
      try {
        started = await part.definition.start();
        await part.definition.afterRestart?.(started);
      } catch (error) {
        lastError = error;
        await started?.stop();
        continue;
      }
      if (this.stopping) {
        await started.stop();
        return;
      }
      part.process = started;
      part.up = true;
      part.upSince = Date.now();
      this.log(`${part.name} is back after ${((Date.now() - downSince) / 1000).toFixed(1)} s`);
      this.watch(part);
      return;
    }
    this.log(
      `${part.name} could not be restarted (${this.restartDelaysMs.length} attempts; last: ${oneLine(lastError)}); ` +
        'the help desk answers 503 until it is stopped and started again',
    );
  }
}
