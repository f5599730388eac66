/**
 * Resolving an incident (ADR 093): a parent ticket with 500 open children, each with a customer address of its own, is
 * resolved through `PATCH /api/tickets/{id}`; every child must end resolved and its customer must get exactly one
 * resolution e-mail. Timed from the PATCH's 200: the last child seen resolved (the children's items read every
 * 250 ms) and the last e-mail seen in the mailbox (read every 100 ms). The way: table stream → outbox dispatcher →
 * `incident` queue → list job → 500 child jobs → 500 ticket transactions → stream → `mail` queue → SES emulator.
 *
 * Runs in a process of its own (see run.ts), against the embedded runtime as `npm start` runs it. The children are
 * written by the bulk import (no acknowledgements) and linked through `POST /api/tickets/bulk`, 100 at a time.
 */
import type { Ticket } from '#shared/schemas/ticket.ts';
import { listFailedJobs } from '#functions/data/outbound-jobs.ts';
import { reserveTicketNumbers } from '#functions/data/sequence.ts';
import { importTickets } from '#functions/data/ticket-import.ts';
import { listChildren } from '#functions/data/tickets/incidents.ts';
import { systemCaller } from '#functions/domain/caller.ts';
import { INCIDENT_KIND } from '#functions/domain/incident-jobs.ts';
import { MAIL_KIND } from '#functions/domain/mail-jobs.ts';
import { newTicket } from '#functions/domain/tickets.ts';
import { createStaffAccount } from '#functions/use-cases/staff/create-staff-account.ts';
import { Session } from './client.ts';
import { watchMailbox } from './mail.ts';
import { log, percentile, round2, sleep } from './measure.ts';
import { onOwnRuntime } from './own-runtime.ts';
import { createCategories, PASSWORD } from './seed.ts';

const CHILDREN = 500;
const READ_CHILDREN_MS = 250;
/** Every child resolved and every e-mail in the mailbox by then, counted from the parent's resolution. */
const TIMEOUT_MS = 300_000;
/** After the last e-mail, how long the mailbox is still read for late copies. */
const GRACE_MS = 5_000;

export interface IncidentResults {
  children: number;
  /** The parent's PATCH answered to the last child seen resolved, s. */
  lastResolvedSeconds: number;
  /** The parent's PATCH answered to the last resolution e-mail seen in the mailbox, s. */
  lastMailSeconds: number;
  /** When the children's e-mails arrived, from the PATCH's answer: p50 and p99, s. */
  mailSeconds: { p50: number; p99: number };
  /** Children whose customer got exactly one e-mail (the resolution notice): all of them, or the section fails. */
  exactlyOnce: number;
}

export async function benchIncident(): Promise<IncidentResults> {
  return onOwnRuntime('incident', async (runtime, defer) => {
    const watcher = watchMailbox(runtime.mailbox.url);
    defer(() => watcher.stop());
    const [category] = await createCategories(1);
    const admin = await createStaffAccount(systemCaller('bench', 'Benchmark'), {
      email: 'admin@incident.bench.local',
      firstName: 'Bench',
      lastName: 'Admin',
      password: PASSWORD,
      role: 'admin',
    });
    const session = await Session.signIn(runtime.url, admin.email, PASSWORD);
    const parent = await session.request<Ticket>('POST', '/api/tickets', {
      customerEmail: 'status-page@exchange.example.com',
      subject: 'Withdrawals delayed',
      description: 'Withdrawals are delayed while a node catches up.',
      category: category!.name,
      priority: 'high',
    });

    log(`${CHILDREN} open children, linked 100 at a time`);
    const first = await reserveTicketNumbers(CHILDREN);
    const now = new Date();
    const children = Array.from({ length: CHILDREN }, (_, i) =>
      newTicket(
        {
          id: first + i,
          subject: 'Withdrawal stuck',
          description: 'My withdrawal has not arrived.',
          customerEmail: `stuck${i}@customers.example.com`,
          category: { id: category!.id, name: category!.name },
          priority: 'high',
          type: 'api',
          assignee: null,
          createdById: null,
          createdByApiKeyId: null,
        },
        now,
      ),
    );
    await importTickets(children);
    for (let start = 0; start < CHILDREN; start += 100) {
      const ticketIds = children.slice(start, start + 100).map((child) => child.id);
      const { results } = await session.request<{ results: { ok: boolean }[] }>('POST', '/api/tickets/bulk', {
        ticketIds,
        changes: { parentId: parent.id },
      });
      if (!results.every((result) => result.ok)) throw new Error('some children could not be linked');
    }
    // The links' own stream records are handled before the clock starts.
    await sleep(3_000);

    log('resolving the incident');
    await session.request('PATCH', `/api/tickets/${parent.id}`, { status: 'resolved' });
    const resolvedAt = Date.now();
    const addresses = new Set(children.map((child) => child.customerEmail));
    const mailsToChildren = () => watcher.mails().filter((m) => m.to.some((to) => addresses.has(to)));
    let lastResolved = 0;
    while (Date.now() - resolvedAt < TIMEOUT_MS) {
      if (!lastResolved) {
        const now = await listChildren(parent.id);
        if (now.every((child) => child.status === 'resolved')) lastResolved = Date.now();
      }
      const reached = new Set(mailsToChildren().flatMap((m) => m.to)).size;
      if (lastResolved && reached >= addresses.size) break;
      await sleep(READ_CHILDREN_MS);
    }
    await sleep(GRACE_MS);

    const mails = mailsToChildren();
    const perChild = new Map<string, number[]>();
    for (const mail of mails) {
      for (const to of mail.to) if (addresses.has(to)) perChild.set(to, [...(perChild.get(to) ?? []), mail.seenAt]);
    }
    const exactlyOnce = [...perChild.values()].filter((seen) => seen.length === 1).length;
    if (!lastResolved || exactlyOnce !== CHILDREN) {
      const parked = [
        ...(await listFailedJobs(INCIDENT_KIND, { limit: 100 })).jobs,
        ...(await listFailedJobs(MAIL_KIND, { limit: 100 })).jobs,
      ].length;
      throw new Error(
        `${lastResolved ? 'all' : 'not all'} children resolved; ${exactlyOnce} of ${CHILDREN} customers got exactly ` +
          `one e-mail (${mails.length} e-mails to them, ${parked} jobs parked as failed)`,
      );
    }
    const arrivals = [...perChild.values()].map(([seenAt]) => (seenAt! - resolvedAt) / 1000);
    const results: IncidentResults = {
      children: CHILDREN,
      lastResolvedSeconds: round2((lastResolved - resolvedAt) / 1000),
      lastMailSeconds: round2(Math.max(...arrivals)),
      mailSeconds: { p50: round2(percentile(arrivals, 50)), p99: round2(percentile(arrivals, 99)) },
      exactlyOnce,
    };
    log(`last child resolved after ${results.lastResolvedSeconds} s, last e-mail after ${results.lastMailSeconds} s`);
    return results;
  });
}

/** The incident section's lines of the printed table. */
export async function printIncident(r: IncidentResults): Promise<void> {
  console.log(
    `\nResolving an incident with ${r.children} open children: last child resolved ${r.lastResolvedSeconds} s and ` +
      `last resolution e-mail in the mailbox ${r.lastMailSeconds} s after the parent's PATCH answered ` +
      `(e-mails p50 ${r.mailSeconds.p50} · p99 ${r.mailSeconds.p99} s); ${r.exactlyOnce} of ${r.children} ` +
      'customers got exactly one e-mail',
  );
}
