/**
 * The load generator, in a process of its own so that its work (HTTP client, or the SDK calls of the raw side) is
 * not charged to the API, which runs in the parent as it would on its own machine. Driven over IPC by run.ts.
 */
import { resetConfigForTests } from '#functions/lib/config.ts';
import { requireTicket } from '#functions/data/tickets/item.ts';
import { listTickets } from '#functions/data/tickets/queries.ts';
import { staffCaller } from '#functions/domain/caller.ts';
import { noteTicketView } from '#functions/use-cases/insider-risk/access-watch.ts';
import { createTicket } from '#functions/use-cases/tickets/create-ticket.ts';
import { getUser } from '#functions/data/users.ts';
import type { User } from '#shared/schemas/user.ts';
import { Session } from './client.ts';
import { closedLoop, type LoadResult } from './measure.ts';
import { prng } from './seed.ts';

export type Operation = 'get' | 'list' | 'create';
export type Side = 'api' | 'raw';

export interface LoadContext {
  env: Record<string, string>;
  url: string;
  admin: User;
  password: string;
  ticketIds: number[];
  categoryNames: string[];
  listLimit: number;
}

export type Request =
  | { type: 'configure'; context: LoadContext }
  | { type: 'run'; side: Side; operation: Operation; total: number; concurrency: number };

export type Reply =
  | { type: 'ready' }
  /** `cpuMs`: this process's CPU time during the run (the raw side's DynamoDB work, or the API side's HTTP client). */
  | { type: 'result'; result: LoadResult; cpuMs: number }
  | { type: 'error'; message: string };

let context: LoadContext;
let session: Session;
const random = prng(11);
let serial = 0;

const anyId = () => context.ticketIds[Math.floor(random() * context.ticketIds.length)]!;
const newTicket = () => {
  const i = serial++;
  return {
    customerEmail: `load${i}@example.com`,
    subject: `Deposit ${i} not credited`,
    description: 'Created by the benchmark; round robin assigns it.',
    category: context.categoryNames[i % context.categoryNames.length]!,
    priority: 'medium' as const,
    type: 'api' as const,
  };
};

/** Each operation as the SPA would call it, and as the data-layer calls that request makes. */
const operations: Record<Operation, Record<Side, () => Promise<unknown>>> = {
  get: {
    api: () => session.call('GET', `/api/tickets/${anyId()}`),
    raw: async () => {
      // Every API request reads the caller's directory entry first; so does the raw side.
      await getUser(context.admin.id);
      const ticket = await requireTicket(anyId());
      // A staff member's view is recorded and counted (ADR 097): writes the request makes, so the raw side makes them.
      await noteTicketView(staffCaller(context.admin), ticket);
    },
  },
  list: {
    api: () => session.call('GET', `/api/tickets?limit=${context.listLimit}`),
    raw: async () => {
      await getUser(context.admin.id);
      await listTickets({}, context.listLimit);
    },
  },
  create: {
    api: () => session.call('POST', '/api/tickets', newTicket()),
    raw: async () => {
      await getUser(context.admin.id);
      await createTicket(staffCaller(context.admin), newTicket());
    },
  },
};

const reply = (message: Reply) => process.send!(message);

process.on('message', (message: Request) => {
  void (async () => {
    try {
      if (message.type === 'configure') {
        context = message.context;
        Object.assign(process.env, context.env);
        resetConfigForTests();
        session = await Session.signIn(context.url, context.admin.email, context.password);
        reply({ type: 'ready' });
      } else {
        const run = operations[message.operation][message.side];
        const cpu = process.cpuUsage();
        const result = await closedLoop(message.total, message.concurrency, run);
        const used = process.cpuUsage(cpu);
        reply({ type: 'result', result, cpuMs: (used.user + used.system) / 1000 });
      }
    } catch (error) {
      reply({ type: 'error', message: String((error as Error).stack ?? error) });
    }
  })();
});
process.on('disconnect', () => process.exit(0));
