import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Priority } from '#shared/constants.ts';
import { overdueTicketsSchema, type UpdateTicketInput } from '#shared/schemas/ticket.ts';
import { getTotals } from '#functions/data/stats.ts';
import { keys } from '#functions/data/table.ts';
import { staffCaller } from '#functions/domain/caller.ts';
import { dynamo } from '#functions/lib/clients.ts';
import { config } from '#functions/lib/config.ts';
import { handler } from '#functions/jobs/overdue.ts';
import { createTicket } from '#functions/use-cases/tickets/create-ticket.ts';
import { sweepOverdue } from '#functions/use-cases/tickets/mark-overdue.ts';
import { updateTicket } from '#functions/use-cases/tickets/update-ticket.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { lambdaContext } from '#infra/local/lambda-context.ts';
import { scheduledEvent } from '#infra/local/scheduler.ts';
import { startApi } from './support/api.ts';
import { createTestCategory, signedIn, useDedicatedTable, type SignedIn } from './tickets-support.ts';

// The sweep reads the whole DUE partition, so this file counts marks in a table holding only its own tickets.
let table: Awaited<ReturnType<typeof useDedicatedTable>>;
let api: Gateway;
let manager: SignedIn;
let categoryName: string;

beforeAll(async () => {
  table = await useDedicatedTable('helpdesk-overdue');
  api = await startApi();
  manager = await signedIn(api.url, 'manager');
  categoryName = (await createTestCategory()).name;
});
afterAll(async () => {
  await api?.close();
  await table?.restore();
});

const HOUR = 3_600_000;
const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR);

/** A ticket filed `age` hours ago (the clock of the data layer is a parameter; the API's is not). */
async function ticketFiledAgo(age: number, priority: Priority, then?: UpdateTicketInput) {
  const filedAt = hoursAgo(age);
  const { ticket } = await createTicket(
    staffCaller(manager.user),
    {
      customerEmail: 'trader@example.com',
      subject: `A ${priority} ticket from ${age} h ago`,
      description: 'Filed in the past for the overdue tests.',
      category: categoryName,
      priority,
      type: 'api',
      assignedToId: manager.user.id,
    },
    { now: filedAt },
  );
  if (!then) return ticket;
  return updateTicket(staffCaller(manager.user), ticket.id, then, new Date(filedAt.getTime() + 60_000));
}

const stored = async (id: number) =>
  (await dynamo().send(new GetCommand({ TableName: config().tableName, Key: keys.ticket(id), ConsistentRead: true })))
    .Item!;

const overdueEntries = async (id: number) =>
  ((await manager.client.get(`/api/tickets/${id}/history`)).body as { action: string; actor: unknown }[]).filter(
    (e) => e.action === 'overdue',
  );

describe('the overdue sweep', () => {
  let past: { id: number }[];
  let notYet: { id: number }[];

  beforeAll(async () => {
    past = await Promise.all([
      ticketFiledAgo(3, 'critical'), // 2 h deadline
      ticketFiledAgo(80, 'low'), // 72 h deadline
      ticketFiledAgo(25, 'medium', { status: 'in_progress' }), // 24 h deadline
    ]);
    notYet = await Promise.all([
      ticketFiledAgo(3, 'high'), // 8 h deadline, 5 h to go
      ticketFiledAgo(3, 'critical', { status: 'resolved' }), // past, but resolved: not in the deadline index
      ticketFiledAgo(80, 'low', { status: 'closed' }),
      ticketFiledAgo(0, 'critical'),
    ]);
  });

  it('marks exactly the unresolved tickets past their deadline, once each, as the system', async () => {
    const result = await sweepOverdue();
    // The three past their deadline, and the high ticket of 3 h ago whose first response (60 min) is overdue.
    expect(result).toEqual({ examined: 4, marked: 4 });
    for (const { id } of past) {
      expect(await stored(id)).toMatchObject({ isOverdue: true, gsi5pk: 'OVERDUE' });
      expect(await overdueEntries(id)).toEqual([
        expect.objectContaining({ actor: { type: 'system', id: 'overdue-job', name: 'Overdue check' } }),
      ]);
    }
    for (const { id } of notYet) expect((await stored(id)).isOverdue).toBe(false);
    expect((await getTotals()).overdue).toBe(3);
  });

  it('marks nothing more when run again, or twice at once, or late', async () => {
    const runs = await Promise.all([sweepOverdue(), sweepOverdue(new Date(Date.now() + 60_000))]);
    expect(runs).toEqual([
      { examined: 0, marked: 0 },
      { examined: 0, marked: 0 },
    ]);
    for (const { id } of past) expect(await overdueEntries(id)).toHaveLength(1);
    expect((await getTotals()).overdue).toBe(3);
  });

  it('marks a ticket once when two sweeps race for it', async () => {
    const late = await ticketFiledAgo(9, 'high');
    const runs = await Promise.all([sweepOverdue(), sweepOverdue()]);
    expect(runs.reduce((n, r) => n + r.marked, 0)).toBe(1);
    expect(await overdueEntries(late.id)).toHaveLength(1);
    expect((await getTotals()).overdue).toBe(4);
  });

  it('runs as the scheduled Lambda handler', async () => {
    const late = await ticketFiledAgo(30, 'medium');
    const result = await handler(scheduledEvent(), lambdaContext('helpdesk-overdue'));
    expect(result).toEqual({ examined: 1, marked: 1 });
    expect((await stored(late.id)).isOverdue).toBe(true);
  });
});

describe('GET /api/tickets/overdue', () => {
  it('lists marked and not-yet-marked tickets past deadline, earliest first, with the assignee e-mail', async () => {
    const unmarked = await ticketFiledAgo(4, 'critical');
    const res = await manager.client.get('/api/tickets/overdue');
    expect(res.status).toBe(200);
    const tickets = overdueTicketsSchema.parse(res.body);
    expect(tickets.map((t) => t.id)).toContain(unmarked.id);
    // Past the deadline, or with the first response overdue (docs/product.md §9): earliest passed due time first.
    const passed = (t: (typeof tickets)[number]) =>
      [t.deadline, !t.firstResponseAt ? t.firstResponseDueAt : null]
        .filter((at): at is string => at !== null && Date.parse(at) <= Date.now())
        .sort()[0];
    expect(tickets.every((t) => passed(t) !== undefined)).toBe(true);
    expect(tickets.every((t) => t.status === 'open' || t.status === 'in_progress')).toBe(true);
    expect(tickets.map(passed)).toEqual([...tickets.map(passed)].sort());
    expect(tickets.every((t) => t.assignedTo?.email === manager.email)).toBe(true);
    expect(tickets.find((t) => t.id === unmarked.id)?.isOverdue).toBe(false);
  });
});

describe('deadline moves', () => {
  it('takes a resolved ticket out of the deadline index and brings it back overdue on reopen', async () => {
    const ticket = await ticketFiledAgo(5, 'critical');
    await sweepOverdue();
    const before = (await getTotals()).overdue ?? 0;

    const resolved = await manager.client.patch(`/api/tickets/${ticket.id}`, { status: 'resolved' });
    expect(resolved.status).toBe(200);
    expect((await stored(ticket.id)).gsi5pk).toBeUndefined();
    expect((await getTotals()).overdue).toBe(before - 1);

    await manager.client.patch(`/api/tickets/${ticket.id}`, { status: 'open' });
    expect(await stored(ticket.id)).toMatchObject({ isOverdue: true, gsi5pk: 'OVERDUE' });
    expect((await getTotals()).overdue).toBe(before);
  });

  it.each([
    [
      'raising the priority past the deadline makes it overdue at once',
      3,
      'high',
      'critical',
      { isOverdue: true, gsi5pk: 'OVERDUE' },
    ],
    [
      'lowering it to a deadline still ahead makes it due again',
      30,
      'medium',
      'low',
      { isOverdue: false, gsi5pk: 'DUE' },
    ],
  ] as const)('%s', async (_label, age, from, to, expected) => {
    const ticket = await ticketFiledAgo(age, from);
    await sweepOverdue();
    const res = await manager.client.patch(`/api/tickets/${ticket.id}`, { priority: to });
    expect(res.status).toBe(200);
    expect(await stored(ticket.id)).toMatchObject(expected);
  });
});
