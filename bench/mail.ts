/**
 * Acknowledgements under a burst (ADR 080): 200 tickets created at once through `POST /api/tickets` with an API key,
 * each for a customer address of its own, and each must get exactly one acknowledgement. Per ticket, the time from
 * its commit to its acknowledgement reaching the mailbox: table stream → outbox dispatcher → `mail` queue → mail
 * sender → SES emulator.
 *
 * Runs in a process of its own (see run.ts), against the embedded runtime as `npm start` runs it: the gateway, the
 * stream poller (every 200 ms), the queues and their senders in this process, the SES emulator `aws-ses-v2-local`
 * too, DynamoDB Local and cognito-local beside it. The emulator stamps each message it stores in whole seconds
 * only, so the bench reads its `GET /store` every 100 ms and takes the first time it sees a message as its arrival.
 */
import type { CreatedApiKey } from '#shared/schemas/api-key.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { listFailedJobs } from '#functions/data/outbound-jobs.ts';
import { systemCaller } from '#functions/domain/caller.ts';
import { MAIL_KIND } from '#functions/domain/mail-jobs.ts';
import { createStaffAccount } from '#functions/use-cases/staff/create-staff-account.ts';
import { Session } from './client.ts';
import { onOwnRuntime } from './own-runtime.ts';
import { log, round2, sleep, inParallel, percentile } from './measure.ts';
import { createCategories, PASSWORD } from './seed.ts';

const TICKETS = 200;
/** Creates in flight at once: a burst an upstream system could send. */
const CONCURRENCY = 25;
const AGENTS = 3;
const POLL_MS = 100;
/** Every acknowledgement must be in the mailbox by then, counted from the burst's start. */
const DELIVERY_TIMEOUT_MS = 180_000;
/** After the last acknowledgement, how long the mailbox is still read for late copies. */
const GRACE_MS = 5_000;

interface Latency {
  p50: number;
  p99: number;
  max: number;
}

export interface MailResults {
  tickets: number;
  concurrency: number;
  /** The mailbox was read this often; an arrival is known to within the gap between two reads. */
  pollIntervalMs: number;
  /** The gaps between reads that actually happened while the acknowledgements came in (p50 and max), ms. */
  readGapMs: { p50: number; max: number };
  /** First create sent to last 201 received, s. */
  burstSeconds: number;
  /** First create sent to the last acknowledgement seen in the mailbox, s. */
  deliveredSeconds: number;
  acknowledged: number;
  /** Staff notifications about the burst's tickets, sent through the same queue (default settings: e-mail on). */
  staffMails: number;
  /**
   * The create's 201 to the acknowledgement's arrival, ms: from commit, as the alarms section counts it. The write
   * commits just before the response, so this understates by the response's own way back.
   */
  fromCommit: Latency;
  /**
   * The ticket's `createdAt` to the acknowledgement's arrival, ms. `createdAt` is when the API took the request, before
   * the create waited for its round-robin turn, so this adds that wait (most of a create's time in a burst).
   */
  fromRequest: Latency;
}

/** A message as the SES emulator's `GET /store` lists it (the fields used here). */
interface StoredMail {
  messageId: string;
  destination: { to: string[] };
  subject: string;
}

interface SeenMail {
  to: string[];
  subject: string;
  /** Date.now() when the read that first listed it answered. */
  seenAt: number;
}

/** `"Name" <a@b>` or `a@b` → `a@b`, lower case. */
const bareAddress = (text: string) => (/<([^>]+)>/.exec(text)?.[1] ?? text).trim().toLowerCase();

/** Reads the mailbox every POLL_MS until stopped, keeping when each message was first listed. */
export function watchMailbox(mailboxUrl: string) {
  const seen = new Map<string, SeenMail>();
  /** When each read answered. */
  const reads: number[] = [];
  let stopped = false;
  let failure: unknown;
  // `since` filters on the emulator's whole-second stamp: from the previous read's start, nothing new is skipped.
  let since = Math.floor(Date.now() / 1000) - 1;
  const loop = (async () => {
    while (!stopped) {
      const began = Date.now();
      try {
        const res = await fetch(`${mailboxUrl}/store?since=${since}`);
        const seenAt = Date.now();
        reads.push(seenAt);
        const { emails } = (await res.json()) as { emails: StoredMail[] };
        for (const mail of emails) {
          if (seen.has(mail.messageId)) continue;
          seen.set(mail.messageId, { to: mail.destination.to.map(bareAddress), subject: mail.subject, seenAt });
        }
        since = Math.floor(began / 1000) - 1;
      } catch (error) {
        failure ??= error;
      }
      await sleep(Math.max(0, POLL_MS - (Date.now() - began)));
    }
  })();
  return {
    /** Every message seen so far. */
    mails: () => [...seen.values()],
    /** The gaps between consecutive reads that answered within [from, to], ms. */
    gaps(from: number, to: number) {
      const within = reads.filter((at) => at >= from && at <= to);
      return within.slice(1).map((at, i) => at - within[i]!);
    },
    async stop() {
      stopped = true;
      await loop;
      if (failure) throw new Error(`reading the mailbox failed: ${String(failure)}`);
    },
  };
}

const latency = (values: number[]): Latency => ({
  p50: round2(percentile(values, 50)),
  p99: round2(percentile(values, 99)),
  max: round2(Math.max(...values)),
});

/** Staff, an API key and the burst on a runtime of its own; everything is stopped at the end. */
export async function benchMail(): Promise<MailResults> {
  return onOwnRuntime('mail', async (runtime, defer) => {
    const watcher = watchMailbox(runtime.mailbox.url);
    defer(() => watcher.stop());

    log(`1 admin, ${AGENTS} agents, an API key with tickets:create`);
    const [category] = await createCategories(1);
    const account = (role: 'admin' | 'agent', i: number) =>
      createStaffAccount(systemCaller('bench', 'Benchmark'), {
        email: `${role}${i}@mail.bench.local`,
        firstName: 'Bench',
        lastName: `${role} ${i}`,
        password: PASSWORD,
        role,
      });
    const admin = await account('admin', 0);
    for (let i = 0; i < AGENTS; i++) await account('agent', i);
    const session = await Session.signIn(runtime.url, admin.email, PASSWORD);
    const { secret } = await session.request<CreatedApiKey>('POST', '/api/api-keys', {
      name: 'Mail benchmark',
      scopes: ['tickets:create'],
    });

    const create = async (customerEmail: string, subject: string) => {
      const res = await fetch(new URL('/api/tickets', runtime.url), {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          customerEmail,
          subject,
          description: 'One of a burst of tickets from an upstream system.',
          category: category!.name,
          priority: 'medium',
        }),
      });
      const respondedAt = Date.now();
      if (res.status !== 201) throw new Error(`POST /api/tickets: ${res.status} ${await res.text()}`);
      return { ticket: (await res.json()) as Ticket, respondedAt };
    };
    const acksTo = (address: string) => watcher.mails().filter((m) => m.to.includes(address));

    // One ticket first, unmeasured: the first send loads the dispatcher's and the sender's modules and clients.
    const warmUp = await create('warm-up@customers.example.com', 'Warm-up ticket');
    for (const deadline = Date.now() + 30_000; acksTo(warmUp.ticket.customerEmail).length === 0; await sleep(50)) {
      if (Date.now() > deadline) throw new Error('the warm-up ticket got no acknowledgement within 30 s');
    }
    const before = new Set(watcher.mails());

    log(`${TICKETS} tickets, ${CONCURRENCY} in flight at once`);
    const started = Date.now();
    const created = await inParallel(TICKETS, CONCURRENCY, (i) =>
      create(`customer${i}@customers.example.com`, `Withdrawal question ${i}`),
    );
    const burstEnded = Date.now();
    log(`burst done in ${((burstEnded - started) / 1000).toFixed(1)} s; waiting for the acknowledgements`);
    const addresses = new Set(created.map((c) => c.ticket.customerEmail.toLowerCase()));
    const delivered = () =>
      new Set(watcher.mails().flatMap((m) => m.to.filter((to) => addresses.has(to)))).size === addresses.size;
    while (!delivered() && Date.now() - started < DELIVERY_TIMEOUT_MS) await sleep(POLL_MS);
    await sleep(GRACE_MS);

    const burstMails = watcher.mails().filter((m) => !before.has(m));
    const problems: string[] = [];
    const fromCommit: number[] = [];
    const fromRequest: number[] = [];
    let lastSeen = 0;
    for (const { ticket, respondedAt } of created) {
      const mails = burstMails.filter((m) => m.to.includes(ticket.customerEmail.toLowerCase()));
      const acks = mails.filter((m) => m.subject.startsWith(`[${ticket.ticketId}] `));
      if (acks.length !== 1)
        problems.push(`${ticket.ticketId} <${ticket.customerEmail}>: ${acks.length} acknowledgements`);
      for (const m of mails.filter((m) => !acks.includes(m))) {
        problems.push(`${ticket.ticketId} <${ticket.customerEmail}>: unexpected mail "${m.subject}"`);
      }
      const first = acks.map((m) => m.seenAt).sort((a, b) => a - b)[0];
      if (first === undefined) continue;
      fromCommit.push(first - respondedAt);
      fromRequest.push(first - Date.parse(ticket.createdAt));
      lastSeen = Math.max(lastSeen, first);
    }
    if (problems.length > 0) {
      const parked = (await listFailedJobs(MAIL_KIND, { limit: 100 })).jobs.length;
      throw new Error(
        `Not exactly one acknowledgement per ticket, ${problems.length} problem(s) (${parked} mail jobs parked as ` +
          `failed): ${problems.slice(0, 20).join('; ')}`,
      );
    }
    const codes = new Set(created.map((c) => c.ticket.ticketId));
    const staffMails = burstMails.filter(
      (m) => !m.to.some((to) => addresses.has(to)) && codes.has(/^\[([^\]]+)\]/.exec(m.subject)?.[1] ?? ''),
    ).length;
    const results: MailResults = {
      tickets: TICKETS,
      concurrency: CONCURRENCY,
      pollIntervalMs: POLL_MS,
      readGapMs: (({ p50, max }) => ({ p50, max }))(latency(watcher.gaps(started, lastSeen))),
      burstSeconds: round2((burstEnded - started) / 1000),
      deliveredSeconds: round2((lastSeen - started) / 1000),
      acknowledged: fromCommit.length,
      staffMails,
      fromCommit: latency(fromCommit),
      fromRequest: latency(fromRequest),
    };
    log(`acknowledgements: ${results.acknowledged} of ${TICKETS}, all in ${results.deliveredSeconds} s`);
    return results;
  });
}

/** The mail section's lines of the printed table. */
export async function printMail(r: MailResults): Promise<void> {
  const cell = (l: Latency) => `p50 ${l.p50} · p99 ${l.p99} · max ${l.max} ms`;
  console.log(
    `\nAcknowledgements, ${r.tickets} tickets created ${r.concurrency} at a time with an API key ` +
      `(mailbox read every ${r.pollIntervalMs} ms, in fact p50 ${r.readGapMs.p50} · max ${r.readGapMs.max} ms apart): ${r.acknowledged} of ${r.tickets}, each exactly once`,
  );
  console.log(`  commit (201) → mailbox:      ${cell(r.fromCommit)}`);
  console.log(`  request (createdAt) → mailbox: ${cell(r.fromRequest)}`);
  console.log(
    `  burst ${r.burstSeconds} s (first request to last 201); last acknowledgement ${r.deliveredSeconds} s after the ` +
      `first request; ${r.staffMails} staff notifications about these tickets through the same queue`,
  );
}
