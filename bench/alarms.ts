/**
 * Alarm fan-out (ADR 020): 200 staff members signed in, each with a subscribed WebSocket on `/ws`, and tickets
 * created one after another through the API. Each `ticket_created` goes to every one of them (the default alarm
 * settings include it; the assignee gets `ticket_assigned` instead, one alarm per person per change), so every
 * ticket makes 200 deliveries: table stream → notifier → `@connections` → socket. Per delivery, the time from the
 * create's commit (its API response) to the client's receipt.
 *
 * Runs in a process of its own (see run.ts), against the embedded runtime as `npm start` runs it: the gateway,
 * the stream poller (polling every 200 ms, its default) and the notifier in this process, DynamoDB Local and
 * cognito-local beside it. The clients share the process too, so their receipt is timed on the same clock.
 */
import WebSocket from 'ws';
import type { ServerMessage } from '#shared/schemas/alarm.ts';
import type { User } from '#shared/schemas/user.ts';
import { listSubscribedConnections } from '#functions/data/connections.ts';
import { getUserSettings, putUserSettings } from '#functions/data/settings.ts';
import { systemCaller } from '#functions/domain/caller.ts';
import { createStaffAccount } from '#functions/use-cases/staff/create-staff-account.ts';
import { Session } from './client.ts';
import { onOwnRuntime } from './own-runtime.ts';
import { log, round2, sleep, inParallel, percentile } from './measure.ts';
import { createCategories, PASSWORD } from './seed.ts';

const CLIENTS = 200;
const TICKETS = 10;
/** Setup calls (accounts, sign-ins, sockets) at a time: enough to be quick, few enough not to trip timeouts. */
const SETUP_CONCURRENCY = 10;
/** A ticket whose 200 alarms have not all arrived by then counts the missing ones as lost. */
const DELIVERY_TIMEOUT_MS = 10_000;
const SUBSCRIBE_TIMEOUT_MS = 20_000;

export interface AlarmResults {
  clients: number;
  tickets: number;
  /** The local stream poller's interval: a delivery waits up to this long before the notifier sees the change. */
  pollIntervalMs: number;
  deliveries: number;
  expected: number;
  lost: number;
  duplicates: number;
  /** Commit (API response) to receipt, over all deliveries, ms. */
  p50: number;
  p99: number;
  max: number;
  /**
   * Per ticket, in creation order, commit to the first and to the last of its 200 receipts, ms: the first is the
   * stream's and the notifier's reaction, the gap to the last is the fan-out itself.
   */
  firstPerTicket: number[];
  lastPerTicket: number[];
  pass: boolean;
}

/** The session cookies of a staff member after `POST /api/auth/agent-login`, as a `Cookie` header. */
export async function sessionCookie(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(new URL('/api/auth/agent-login', url), {
    method: 'POST',
    // Cookie-authenticated writes must come from the app's own origin (docs/product.md §6).
    headers: { 'content-type': 'application/json', origin: new URL(url).origin },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`Sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
}

/** A signed-in staff member's alarm socket, recording when each alarm arrived (by ticket id). */
class AlarmClient {
  /** Ticket id → receipt times (performance.now()); more than one is a duplicate. */
  readonly received = new Map<number, number[]>();
  private listeners = new Set<() => void>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const at = performance.now();
      const message = JSON.parse(data.toString()) as ServerMessage;
      if (!('alarmType' in message) || !('ticketId' in message.data) || message.data.id === undefined) return;
      this.received.set(message.data.id, [...(this.received.get(message.data.id) ?? []), at]);
      for (const listener of this.listeners) listener();
    });
  }

  /** Opens `/ws` with the session's cookie from a page of the app's own origin, as the SPA does. */
  static open(url: string, cookie: string): Promise<AlarmClient> {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, { headers: { cookie }, origin: url });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new AlarmClient(ws)));
      ws.once('unexpected-response', (_req, res) => {
        ws.terminate();
        reject(new Error(`/ws refused the upgrade with ${res.statusCode}`));
      });
      ws.once('error', reject);
    });
  }

  subscribe(userId: string) {
    this.ws.send(JSON.stringify({ type: 'subscribe', userId }));
  }

  onAlarm(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Closes the socket; resolves once the close handshake is over. */
  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((done) => {
      this.ws.once('close', () => done());
      this.ws.close();
    });
  }
}

/** Resolves once every client holds an alarm for `ticketId`, or after the timeout (the rest are lost). */
function allReceived(clients: readonly AlarmClient[], ticketId: number, timeoutMs: number): Promise<void> {
  return new Promise((done) => {
    const offs: Array<() => void> = [];
    const finish = () => {
      clearTimeout(timer);
      for (const off of offs) off();
      done();
    };
    const check = () => {
      if (clients.every((c) => c.received.has(ticketId))) finish();
    };
    const timer = setTimeout(finish, timeoutMs);
    for (const client of clients) offs.push(client.onAlarm(check));
    check();
  });
}

/** Staff, sockets and tickets on a runtime of its own; everything is closed at the end. */
export async function benchAlarms(): Promise<AlarmResults> {
  return onOwnRuntime('alarms', async (runtime, defer) => {
    const clients: AlarmClient[] = [];
    const agents: User[] = [];
    defer(async () => {
      await Promise.all(clients.map((c) => c.close()));
      // `$disconnect` deletes each connection's item after its socket closed: stopping DynamoDB Local under those
      // calls would fail them, so wait until the items are gone (bounded).
      for (const deadline = Date.now() + 5_000; Date.now() < deadline; await sleep(100)) {
        const open = await inParallel(
          agents.length,
          SETUP_CONCURRENCY,
          async (i) => (await listSubscribedConnections(agents[i]!.id)).length,
        );
        if (open.every((n) => n === 0)) break;
      }
    });

    log(`${CLIENTS} agents signed in, each with a subscribed socket`);
    const [category] = await createCategories(1);
    const account = (role: 'admin' | 'agent', i: number) =>
      createStaffAccount(systemCaller('bench', 'Benchmark'), {
        email: `${role}${i}@alarms.bench.local`,
        firstName: 'Bench',
        lastName: `${role} ${i}`,
        password: PASSWORD,
        role,
      });
    // The creator has no socket: every delivery measured is to one of the 200 agents.
    const creator = await account('admin', 0);
    agents.push(...(await inParallel(CLIENTS, SETUP_CONCURRENCY, (i) => account('agent', i))));
    // This section times the browser alarm alone: with e-mail notifications on (the default), every ticket would
    // also e-mail the 200 agents from the same process. The mail section measures e-mail.
    await inParallel(CLIENTS, SETUP_CONCURRENCY, async (i) => {
      const settings = await getUserSettings(agents[i]!.id);
      await putUserSettings(agents[i]!.id, {
        ...settings,
        notifications: { ...settings.notifications, emailNotifications: false },
      });
    });
    const cookies = await inParallel(CLIENTS, SETUP_CONCURRENCY, (i) =>
      sessionCookie(runtime.url, agents[i]!.email, PASSWORD),
    );
    clients.push(
      ...(await inParallel(CLIENTS, SETUP_CONCURRENCY, async (i) => {
        const client = await AlarmClient.open(runtime.url, cookies[i]!);
        client.subscribe(agents[i]!.id);
        return client;
      })),
    );
    // `$default` does not answer a subscribe: the table says when it has taken.
    let pending = agents.map((a) => a.id);
    for (const deadline = Date.now() + SUBSCRIBE_TIMEOUT_MS; pending.length > 0; await sleep(100)) {
      if (Date.now() > deadline) throw new Error(`${pending.length} of ${CLIENTS} subscriptions did not take`);
      const subscribed = await inParallel(
        pending.length,
        SETUP_CONCURRENCY,
        async (i) => (await listSubscribedConnections(pending[i]!)).length > 0,
      );
      pending = pending.filter((_, i) => !subscribed[i]);
    }

    const session = await Session.signIn(runtime.url, creator.email, PASSWORD);
    const create = (label: string) =>
      session.request<{ id: number }>('POST', '/api/tickets', {
        customerEmail: `fanout-${label}@example.com`,
        subject: `Fan-out ticket ${label}`,
        description: 'Every connected staff member hears about this one.',
        category: category!.name,
        priority: 'medium',
      });
    // One ticket first, unmeasured: the notifier's first run loads its module and opens its connections.
    const warmUp = await create('warm-up');
    await allReceived(clients, warmUp.id, DELIVERY_TIMEOUT_MS);

    log(`${TICKETS} tickets, one after another, each awaited by all ${CLIENTS} sockets`);
    const latencies: number[] = [];
    const firstPerTicket: number[] = [];
    const lastPerTicket: number[] = [];
    let lost = 0;
    let duplicates = 0;
    for (let i = 0; i < TICKETS; i++) {
      const ticket = await create(String(i + 1));
      const committed = performance.now();
      await allReceived(clients, ticket.id, DELIVERY_TIMEOUT_MS);
      // Late copies would land within the next ticket's wait; a moment's grace lets them show here.
      await sleep(50);
      let first = Infinity;
      let last = 0;
      for (const client of clients) {
        const times = client.received.get(ticket.id) ?? [];
        if (times.length === 0) lost++;
        duplicates += Math.max(0, times.length - 1);
        if (times[0] !== undefined) {
          latencies.push(times[0] - committed);
          first = Math.min(first, times[0] - committed);
          last = Math.max(last, times[0] - committed);
        }
      }
      firstPerTicket.push(Math.round(first));
      lastPerTicket.push(Math.round(last));
    }
    const expected = CLIENTS * TICKETS;
    log(`alarms: ${latencies.length} of ${expected} delivered, last per ticket ${lastPerTicket.join(', ')} ms`);
    return {
      clients: CLIENTS,
      tickets: TICKETS,
      pollIntervalMs: 200,
      deliveries: latencies.length,
      expected,
      lost,
      duplicates,
      p50: round2(percentile(latencies, 50)),
      p99: round2(percentile(latencies, 99)),
      max: round2(Math.max(...latencies)),
      firstPerTicket,
      lastPerTicket,
      pass: lost === 0 && duplicates === 0,
    };
  });
}

/** The alarm section's lines of the printed table. */
export function printAlarms(r: AlarmResults): void {
  console.log(
    `\nAlarm fan-out, ${r.clients} subscribed sockets × ${r.tickets} tickets (stream polled every ${r.pollIntervalMs} ms): ` +
      `commit → receipt p50 ${r.p50} · p99 ${r.p99} · max ${r.max} ms`,
  );
  console.log(
    `per ticket, first receipt ${r.firstPerTicket.join(' / ')} ms; last of ${r.clients} ${r.lastPerTicket.join(' / ')} ms`,
  );
  console.log(
    `delivered ${r.deliveries} of ${r.expected}, ` +
      `lost ${r.lost}, duplicates ${r.duplicates} ${r.pass ? 'pass' : 'FAIL'}`,
  );
}
