/**
 * Routing by availability, capacity and skill, and the notification e-mails it leaves
 * (docs/decisions/006-routing-by-availability-capacity-skill.md), on a runtime of its own:
 *
 * 1. 50 agents with caps and skills, 200 concurrent creates through `POST /api/tickets`: how long the burst takes,
 *    that no agent ends over their cap (the counters and a recount agree), how many tickets wait, and the spread
 *    among the agents of one profile (same skills, no cap: eligible throughout for the tickets they could take).
 * 2. 200 agents, 180 with the desk open (a socket recorded) and 20 offline: the staff e-mails sent per ticket
 *    created. The mark is 0 to the offline ones (off the desk, not the assignee) and 0 to those with the desk open
 *    (they have the browser alarm).
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Language } from '#shared/constants.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import type { AgentRouting } from '#shared/schemas/user.ts';
import { putConnection } from '#functions/data/connections.ts';
import { keys } from '#functions/data/table.ts';
import { putNewUser, setAvailability } from '#functions/data/users.ts';
import { systemCaller } from '#functions/domain/caller.ts';
import { dynamo } from '#functions/lib/clients.ts';
import { config } from '#functions/lib/config.ts';
import { setAgentRouting } from '#functions/use-cases/routing/agent-routing.ts';
import { createStaffAccount } from '#functions/use-cases/staff/create-staff-account.ts';
import { Session } from './client.ts';
import { inParallel, log, round2, sleep } from './measure.ts';
import { onOwnRuntime } from './own-runtime.ts';
import { createCategories, PASSWORD } from './seed.ts';

const BURST = 200;
const BURST_AGENTS = 50;
const MAIL_AGENTS = 200;
const MAIL_OFFLINE = 20;
const MAIL_TICKETS = 20;
const SETTLE_MS = 8_000;

export interface RoutingResults {
  burst: {
    agents: number;
    creates: number;
    seconds: number;
    assigned: number;
    waiting: number;
    /** Agents holding more than their cap at the end, by the counters and by a recount (both must be 0). */
    overCap: number;
    /** Agents whose counter differs from a recount of the burst's tickets (must be 0). */
    counterMismatches: number;
    /** Max − min tickets among the uncapped agents of each skill profile. */
    spreadByProfile: Record<string, number>;
  };
  mail: {
    agents: number;
    deskOpen: number;
    offline: number;
    tickets: number;
    /** Staff notification e-mails about these tickets, per ticket created. */
    staffMailsPerTicket: number;
    toOffline: number;
    toDeskOpen: number;
  };
}

const SYSTEM = systemCaller('bench', 'Benchmark');

/** A directory entry without a Cognito account: the agents here never sign in. */
async function agent(i: number, tag: string) {
  return putNewUser({
    id: randomUUID(),
    email: `agent${i}-${tag}@routing.bench.local`,
    firstName: 'Agent',
    lastName: String(i),
    role: 'agent',
  });
}

/** The one supervisor: the creator of every ticket here, so no alarm of a new ticket is for them. */
async function adminSession(url: string): Promise<Session> {
  const admin = await createStaffAccount(SYSTEM, {
    email: 'admin@routing.bench.local',
    firstName: 'Bench',
    lastName: 'Admin',
    password: PASSWORD,
    role: 'admin',
  });
  return Session.signIn(url, admin.email, PASSWORD);
}

async function counterOf(userId: string): Promise<number> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.user(userId), ConsistentRead: true }),
  );
  return Number(Item?.openTickets ?? 0);
}

/**
 * A create as an upstream system sends it: with an Idempotency-Key, sent again (at most eight times, two seconds
 * apart) on a 503, which the API answers when a create ran past the function's time limit and may have committed (a
 * repeat then answers 200 with the same ticket).
 */
async function createRetrying(session: Session, key: string, body: Record<string, unknown>): Promise<Ticket> {
  for (let attempt = 0; ; attempt++) {
    try {
      return JSON.parse(await session.call('POST', '/api/tickets', body, { 'idempotency-key': key })) as Ticket;
    } catch (error) {
      if (attempt >= 8 || !/: 503 /.test((error as Error).message)) throw error;
      await sleep(2_000);
    }
  }
}

/** 50 agents in five profiles, 200 concurrent creates spread over the profiles' categories and languages. */
async function burst(session: Session): Promise<RoutingResults['burst']> {
  const categories = await createCategories(2);
  const [a, b] = categories.map((c) => c!);
  const profiles: Array<{ name: string; routing: AgentRouting; count: number }> = [
    { name: 'all, no cap', routing: { maxOpenTickets: null, categories: [], languages: [] }, count: 10 },
    { name: 'category A, no cap', routing: { maxOpenTickets: null, categories: [a!.id], languages: [] }, count: 10 },
    { name: 'German, no cap', routing: { maxOpenTickets: null, categories: [], languages: ['de'] }, count: 10 },
    { name: 'all, cap 3', routing: { maxOpenTickets: 3, categories: [], languages: [] }, count: 10 },
    { name: 'category B, cap 5', routing: { maxOpenTickets: 5, categories: [b!.id], languages: [] }, count: 10 },
  ];
  const agents: Array<{ id: string; profile: string; cap: number | null }> = [];
  let i = 0;
  for (const profile of profiles) {
    for (let n = 0; n < profile.count; n++) {
      const user = await agent(i++, 'burst');
      await setAgentRouting(SYSTEM, user.id, profile.routing);
      agents.push({ id: user.id, profile: profile.name, cap: profile.routing.maxOpenTickets });
    }
  }
  const languages: Language[] = ['en', 'de', 'fr'];
  log(`${BURST} concurrent creates over ${BURST_AGENTS} agents in ${profiles.length} profiles`);
  const started = Date.now();
  const run = Date.now();
  const tickets = await inParallel(BURST, BURST, (n) =>
    createRetrying(session, `bench-routing-${run}-${n}`, {
      customerEmail: `customer${n}@customers.example.com`,
      subject: `Routing question ${n}`,
      description: 'One of a burst of tickets to route.',
      category: (n % 2 ? a! : b!).name,
      priority: 'medium',
      type: 'api',
      customerLanguage: languages[n % languages.length],
    }),
  );
  const seconds = round2((Date.now() - started) / 1000);
  const held = new Map<string, number>();
  for (const t of tickets) if (t.assignedToId) held.set(t.assignedToId, (held.get(t.assignedToId) ?? 0) + 1);
  let overCap = 0;
  let counterMismatches = 0;
  for (const { id, cap } of agents) {
    const counter = await counterOf(id);
    if (counter !== (held.get(id) ?? 0)) counterMismatches++;
    if (cap !== null && Math.max(counter, held.get(id) ?? 0) > cap) overCap++;
  }
  const spreadByProfile: Record<string, number> = {};
  for (const profile of profiles.filter((p) => p.routing.maxOpenTickets === null)) {
    const counts = agents.filter((x) => x.profile === profile.name).map((x) => held.get(x.id) ?? 0);
    spreadByProfile[profile.name] = Math.max(...counts) - Math.min(...counts);
  }
  const assigned = tickets.filter((t) => t.assignedToId).length;
  log(`burst: ${seconds} s, ${assigned} assigned, ${overCap} over their cap`);
  // Off the desk for the e-mail part, which has agents of its own.
  for (const { id } of agents) await setAvailability(id, 'offline', new Date());
  return {
    agents: BURST_AGENTS,
    creates: BURST,
    seconds,
    assigned,
    waiting: BURST - assigned,
    overCap,
    counterMismatches,
    spreadByProfile,
  };
}

interface StoredMail {
  destination: { to: string[] };
  subject: string;
}

/** 200 agents, 180 with a socket and 20 offline; staff e-mails per ticket created. */
async function mail(session: Session, mailboxUrl: string): Promise<RoutingResults['mail']> {
  // Its own name: the burst's categories already hold `bench_0` and `bench_1` in this table.
  const [category] = await createCategories(1, 'bench_mail');
  const run = Date.now();
  const deskOpen: string[] = [];
  const offline: string[] = [];
  for (let n = 0; n < MAIL_AGENTS; n++) {
    const user = await agent(n, 'mail');
    if (n < MAIL_AGENTS - MAIL_OFFLINE) {
      await putConnection(`bench-${user.id}`, user.id, 'bench-session');
      deskOpen.push(user.email);
    } else {
      await setAvailability(user.id, 'offline', new Date());
      offline.push(user.email);
    }
  }
  log(`${MAIL_TICKETS} tickets with ${deskOpen.length} agents at the desk and ${offline.length} offline`);
  const codes = new Set<string>();
  for (let n = 0; n < MAIL_TICKETS; n++) {
    const ticket = await createRetrying(session, `bench-notify-${run}-${n}`, {
      customerEmail: `notify${n}@customers.example.com`,
      subject: `Notification question ${n}`,
      description: 'Who hears of this ticket by e-mail?',
      category: category!.name,
      priority: n % 2 ? 'high' : 'critical',
      type: 'api',
    });
    codes.add(ticket.ticketId);
  }
  await sleep(SETTLE_MS);
  const { emails } = (await (await fetch(`${mailboxUrl}/store`)).json()) as { emails: StoredMail[] };
  const staffMail = emails.filter(
    (m) =>
      codes.has(/^\[([^\]]+)\]/.exec(m.subject)?.[1] ?? '') &&
      m.destination.to.some((to) => to.includes('@routing.bench.local')),
  );
  const to = (list: string[]) => staffMail.filter((m) => m.destination.to.some((x) => list.some((e) => x.includes(e))));
  return {
    agents: MAIL_AGENTS,
    deskOpen: deskOpen.length,
    offline: offline.length,
    tickets: MAIL_TICKETS,
    staffMailsPerTicket: round2(staffMail.length / MAIL_TICKETS),
    toOffline: to(offline).length,
    toDeskOpen: to(deskOpen).length,
  };
}

/** Both parts on one runtime (the function code's clients are made once per process, for the first one it meets). */
export function benchRouting(): Promise<RoutingResults> {
  return onOwnRuntime('routing', async (runtime) => {
    const session = await adminSession(runtime.url);
    const burstResults = await burst(session);
    const mailResults = await mail(session, runtime.mailbox.url);
    return { burst: burstResults, mail: mailResults };
  });
}

export async function printRouting(r: RoutingResults): Promise<void> {
  const b = r.burst;
  console.log(
    `\nRouting, ${b.creates} concurrent creates over ${b.agents} agents with caps and skills: ${b.seconds} s, ` +
      `${b.assigned} assigned, ${b.waiting} waiting; ${b.overCap} over their cap, ${b.counterMismatches} counters off`,
  );
  for (const [profile, spread] of Object.entries(b.spreadByProfile)) console.log(`  spread (${profile}): ${spread}`);
  const m = r.mail;
  console.log(
    `Notification e-mails, ${m.agents} agents (${m.deskOpen} at the desk, ${m.offline} offline), ${m.tickets} tickets: ` +
      `${m.staffMailsPerTicket} staff e-mails per ticket; ${m.toOffline} to the offline ones, ${m.toDeskOpen} to those at the desk`,
  );
}
