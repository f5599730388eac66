/**
 * What SQS and its Lambda event source mappings are in AWS, on one machine: for each queue the runtime defines, the
 * queue itself (queue-store.ts: messages, visibility, dead letters, FIFO order and deduplication) and the mapping
 * that feeds its handler module (queue-mapping.ts), all reached by the function code through one HTTP endpoint on
 * 127.0.0.1 that speaks the SQS JSON protocol (queue-endpoint.ts). This module starts and stops them together and
 * keeps the queued and dead-lettered messages across restarts when given a state file
 * (docs/decisions/051-outbound-delivery.md).
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { sqsEndpoint } from './queue-endpoint.ts';
import { EventSourceMapping, type SqsHandler } from './queue-mapping.ts';
import { ACCOUNT_ID, type DeadLetter, QueueStore, type StoredMessage } from './queue-store.ts';

export interface LocalQueueDefinition {
  /** The queue's name: the last segment of its URL. */
  name: string;
  /** The handler fed with this queue's messages (like an event source mapping's function). */
  handler: () => Promise<SqsHandler>;
  functionName?: string;
  /** Records per invocation (SQS's mapping allows up to 10 for standard batching). Default 10. */
  batchSize?: number;
  /** Invocations in flight at once (the mapping's maximum concurrency). Default 2. */
  maxConcurrency?: number;
  /** How long a received message stays invisible before it is delivered again. Default 30 s. */
  visibilityTimeoutSeconds?: number;
  /** The function's timeout, which its context counts down from (getRemainingTimeInMillis). Default 30 s, as on AWS. */
  timeoutSeconds?: number;
  /** Receives after which the next one moves the message to the dead-letter list instead. Default 5. */
  maxReceiveCount?: number;
}

export interface LocalQueues {
  /** What SQS_ENDPOINT is set to. */
  endpoint: string;
  /** The URL of a queue, as the function code's `<KIND>_QUEUE_URL`. */
  queueUrl(name: string): string;
  /** Messages waiting or in flight on a queue. */
  depth(name: string): number;
  /** What the queue moved to its dead-letter list, oldest first. */
  deadLetters(name: string): readonly DeadLetter[];
  /** Stops delivering, waits (bounded) for the invocations in flight, saves the state (if a file was given), closes. */
  stop(): Promise<void>;
}

export interface LocalQueuesOptions {
  queues: readonly LocalQueueDefinition[];
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  region?: string;
  /** Queued and dead-lettered messages are kept here across restarts (read at start, written at stop). */
  stateFile?: string;
  /** Messages one queue holds at most; a send beyond it is refused as SQS refuses one over its limits. */
  maxMessagesPerQueue?: number;
  log?: (line: string) => void;
}

/** One queue and the mapping that feeds its handler. */
interface LocalQueue {
  store: QueueStore;
  mapping: EventSourceMapping;
}

/** Starts the endpoint and one delivery loop per queue. */
export async function startQueues(options: LocalQueuesOptions): Promise<LocalQueues> {
  const host = options.host ?? '127.0.0.1';
  const region = options.region ?? 'us-east-1';
  const log = options.log ?? ((line: string) => console.warn(line));
  const queues = new Map<string, LocalQueue>();
  for (const definition of options.queues) {
    if (queues.has(definition.name)) throw new Error(`Queue ${definition.name} is defined twice`);
    const store = new QueueStore(
      definition.name,
      region,
      {
        maxMessages: options.maxMessagesPerQueue ?? 100_000,
        maxReceiveCount: definition.maxReceiveCount ?? 5,
        visibilityTimeoutSeconds: definition.visibilityTimeoutSeconds ?? 30,
      },
      log,
    );
    const mapping = new EventSourceMapping(
      store,
      {
        handler: definition.handler,
        functionName: definition.functionName ?? definition.name,
        batchSize: definition.batchSize ?? 10,
        maxConcurrency: definition.maxConcurrency ?? 2,
        timeoutSeconds: definition.timeoutSeconds ?? 30,
      },
      log,
    );
    queues.set(definition.name, { store, mapping });
  }
  if (options.stateFile) await loadState(options.stateFile, queues);

  const server = sqsEndpoint((name) => queues.get(name)?.store, log);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const endpoint = `http://${host}:${port}`;
  for (const queue of queues.values()) queue.mapping.start();

  // The runtime's own helpers (not the SQS protocol) find a FIFO queue by its name without `.fifo` too.
  const named = (name: string) => {
    const queue = queues.get(name) ?? queues.get(`${name}.fifo`);
    if (!queue) throw new Error(`No local queue named ${name}`);
    return queue.store;
  };
  let stopping: Promise<void> | undefined;
  return {
    endpoint,
    queueUrl: (name) => `${endpoint}/${ACCOUNT_ID}/${named(name).name}`,
    depth: (name) => named(name).messages.size,
    deadLetters: (name) => named(name).deadLetters,
    stop() {
      stopping ??= (async () => {
        server.closeAllConnections();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        await Promise.all([...queues.values()].map((queue) => queue.mapping.stop()));
        await closed;
        if (options.stateFile) await saveState(options.stateFile, queues);
      })();
      return stopping;
    },
  };
}

interface SavedState {
  queues: Record<string, { messages: StoredMessage[]; deadLetters: DeadLetter[] }>;
}

/** Messages kept by the last stop come back; those a handler had are delivered again at once, as after a crash. */
async function loadState(file: string, queues: Map<string, LocalQueue>): Promise<void> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!text) return;
  const saved = JSON.parse(text) as SavedState;
  for (const [name, state] of Object.entries(saved.queues ?? {})) {
    // A queue saved before its kind became FIFO (`helpdesk-mail`) comes back in its successor (`helpdesk-mail.fifo`).
    const queue = (queues.get(name) ?? queues.get(`${name}.fifo`))?.store;
    if (!queue) continue;
    for (const message of state.messages) queue.messages.set(message.messageId, { ...message, inFlight: false });
    queue.deadLetters.push(...state.deadLetters);
  }
}

async function saveState(file: string, queues: Map<string, LocalQueue>): Promise<void> {
  const state: SavedState = { queues: {} };
  for (const [name, { store }] of queues) {
    state.queues[name] = {
      messages: [...store.messages.values()].map(({ inFlight: _busy, ...message }) => message),
      deadLetters: store.deadLetters,
    };
  }
  // Written aside and renamed, so a crash mid-write leaves the previous state rather than half a file.
  await writeFile(`${file}.tmp`, `${JSON.stringify(state)}\n`);
  await rename(`${file}.tmp`, file);
}
