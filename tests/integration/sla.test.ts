/**
 * The SLA clocks end to end against DynamoDB Local (docs/product.md §9, docs/decisions/005-sla-clocks.md): the
 * policy's routes, the due times of each priority on the 24/7 clock and on a business calendar, waiting on the
 * customer (the deadline moves by exactly the time paused), the 80 % warning once, and the overdue list.
 */
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIORITIES, type Priority } from '#shared/constants.ts';
import { DEFAULT_SLA_POLICY, type SlaPolicy } from '#shared/schemas/sla.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { getTicket } from '#functions/data/tickets/item.ts';
import { type Alarm, alarmsForChange, type TicketImage } from '#functions/domain/alarms.ts';
import { staffCaller } from '#functions/domain/caller.ts';
import { createTicket } from '#functions/use-cases/tickets/create-ticket.ts';
import { sweepOverdue } from '#functions/use-cases/tickets/mark-overdue.ts';
import { addCustomerMessage } from '#functions/use-cases/tickets/thread.ts';
import { updateTicket } from '#functions/use-cases/tickets/update-ticket.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import type { StreamPoller } from '#infra/local/stream-poller.ts';
import { startApi } from './support/api.ts';
import { pollTableStream } from './support/stream.ts';
import { eventually } from './support/waiting.ts';
import { createTestCategory, signedIn, type SignedIn, useDedicatedTable } from './tickets-support.ts';

// The policy is the desk's one item, and the sweep reads whole partitions: this file has a table of its own.
let table: Awaited<ReturnType<typeof useDedicatedTable>>;
let api: Gateway;
let poller: StreamPoller;
let admin: SignedIn;
let agent: SignedIn;
let category: string;
/** Every ticket change the stream carried, with the alarms it raises. */
const changes: { id: number; alarms: Alarm[] }[] = [];

beforeAll(async () => {
  table = await useDedicatedTable('helpdesk-sla');
  api = await startApi();
  poller = await pollTableStream(table.tableName, [
    {
      functionName: 'sla-alarm-recorder',
      handler: async () => async (event: DynamoDBStreamEvent) => {
        for (const record of event.Records) {
          const image = (raw?: Record<string, AttributeValue>) =>
            raw ? (unmarshall(raw as never) as TicketImage & { sk?: string }) : undefined;
          const [before, after] = [image(record.dynamodb?.OldImage), image(record.dynamodb?.NewImage)];
          if (after?.sk !== 'TICKET') continue;
          changes.push({ id: after.id, alarms: alarmsForChange(before, after) });
        }
        return undefined;
      },
    },
  ]);
  [admin, agent] = await Promise.all([signedIn(api.url, 'admin'), signedIn(api.url, 'agent')]);
  category = (await createTestCategory()).name;
});
afterAll(async () => {
  await poller?.stop();
  await api?.close();
  await table?.restore();
});

const MINUTE = 60_000;

async function ticketAt(at: Date, priority: Priority) {
  const { ticket } = await createTicket(
    staffCaller(admin.user),
    {
      customerEmail: 'trader@example.com',
      subject: `A ${priority} ticket`,
      description: 'Filed for the SLA clock tests.',
      category,
      priority,
      type: 'direct',
      assignedToId: agent.user.id,
    },
    { now: at },
  );
  return ticket;
}

const businessPolicy = (): SlaPolicy => ({
  targets: Object.fromEntries(
    PRIORITIES.map((p) => [p, { ...DEFAULT_SLA_POLICY.targets[p], clock: 'business' }]),
  ) as SlaPolicy['targets'],
  businessCalendar: { ...DEFAULT_SLA_POLICY.businessCalendar, timeZone: 'America/New_York', holidays: ['2025-03-17'] },
});

describe('the SLA policy', () => {
  it('starts as the defaults and is for admins only', async () => {
    const res = await admin.client.get('/api/sla-policy');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DEFAULT_SLA_POLICY);
    expect((await agent.client.get('/api/sla-policy')).status).toBe(403);
    expect((await agent.client.put('/api/sla-policy', businessPolicy())).status).toBe(403);
  });

  it('refuses an unknown time zone, a target of zero and a calendar without an open day, changing nothing', async () => {
    const bad = [
      { ...businessPolicy(), businessCalendar: { ...businessPolicy().businessCalendar, timeZone: 'Mars/Olympus' } },
      {
        ...businessPolicy(),
        targets: { ...businessPolicy().targets, low: { ...businessPolicy().targets.low, resolutionMinutes: 0 } },
      },
      {
        ...businessPolicy(),
        businessCalendar: {
          ...businessPolicy().businessCalendar,
          weeklyHours: { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null },
        },
      },
    ];
    for (const body of bad) {
      const res = await admin.client.put('/api/sla-policy', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toMatch(/^validation\.sla\./);
    }
    expect((await admin.client.get('/api/sla-policy')).body).toEqual(DEFAULT_SLA_POLICY);
  });

  it('is replaced whole by an admin, with an audit entry', async () => {
    const res = await admin.client.put('/api/sla-policy', businessPolicy());
    expect(res.status).toBe(200);
    expect((await admin.client.get('/api/sla-policy')).body).toEqual(businessPolicy());
    const audit = await admin.client.get('/api/audit', { query: { action: 'sla_policy_changed' } });
    expect(audit.body.entries).toEqual([
      expect.objectContaining({ action: 'sla_policy_changed', details: expect.stringContaining('America/New_York') }),
    ]);
    await admin.client.put('/api/sla-policy', DEFAULT_SLA_POLICY);
  });
});

describe('due times', () => {
  it.each([
    ['critical', '2025-03-05T08:15:00.000Z', '2025-03-05T10:00:00.000Z'],
    ['high', '2025-03-05T09:00:00.000Z', '2025-03-05T16:00:00.000Z'],
    ['medium', '2025-03-05T12:00:00.000Z', '2025-03-06T08:00:00.000Z'],
    ['low', '2025-03-05T16:00:00.000Z', '2025-03-08T08:00:00.000Z'],
  ] as const)(
    'sets a %s ticket on the 24/7 clock its first response %s and deadline %s',
    async (priority, first, deadline) => {
      const ticket = await ticketAt(new Date('2025-03-05T08:00:00.000Z'), priority);
      expect(ticket).toMatchObject({
        firstResponseDueAt: first,
        deadline,
        firstResponseAt: null,
        waitingOnCustomer: false,
      });
    },
  );

  describe('on the business calendar (New York, Monday to Friday 9 to 5, 17 March a holiday)', () => {
    beforeAll(async () => {
      expect((await admin.client.put('/api/sla-policy', businessPolicy())).status).toBe(200);
    });
    afterAll(async () => {
      await admin.client.put('/api/sla-policy', DEFAULT_SLA_POLICY);
    });

    // Friday 7 March 2025, 18:00 in New York (EST): after closing. The clocks go forward on Sunday the 9th.
    const fridayEvening = new Date('2025-03-07T23:00:00.000Z');
    it.each([
      ['critical', '2025-03-10T13:15:00.000Z', '2025-03-10T15:00:00.000Z'], // Monday 09:15 and 11:00 EDT
      ['high', '2025-03-10T14:00:00.000Z', '2025-03-10T21:00:00.000Z'], // Monday 10:00 and 17:00
      ['medium', '2025-03-10T17:00:00.000Z', '2025-03-12T21:00:00.000Z'], // Monday 13:00, Wednesday 17:00
      ['low', '2025-03-10T21:00:00.000Z', '2025-03-21T21:00:00.000Z'], // Monday 17:00; nine days, Monday 17th off
    ] as const)(
      'starts a %s ticket created Friday evening on Monday morning: first response %s, deadline %s',
      async (priority, first, deadline) => {
        const ticket = await ticketAt(fridayEvening, priority);
        expect(ticket).toMatchObject({ firstResponseDueAt: first, deadline });
      },
    );

    it('keeps the targets a ticket was created with when the policy changes', async () => {
      const ticket = await ticketAt(fridayEvening, 'critical');
      await admin.client.put('/api/sla-policy', DEFAULT_SLA_POLICY);
      expect((await agent.client.get(`/api/tickets/${ticket.id}`)).body.deadline).toBe('2025-03-10T15:00:00.000Z');
      await admin.client.put('/api/sla-policy', businessPolicy());
    });

    it('moves the deadline by the business time paused: a wait over the weekend counts Friday afternoon only', async () => {
      const ticket = await ticketAt(new Date('2025-03-13T14:00:00.000Z'), 'medium'); // Thursday 10:00 EDT
      const start = ticket.deadline;
      // Waits from Friday 16:00 EDT to Monday 08:00 EDT: one business hour.
      await updateTicket(
        staffCaller(agent.user),
        ticket.id,
        { waitingOnCustomer: true },
        new Date('2025-03-14T20:00:00.000Z'),
      );
      await addCustomerMessage(
        { ticketId: ticket.id, content: 'Here is the hash.', channel: 'api' },
        new Date('2025-03-17T12:00:00.000Z'),
      );
      const after = (await getTicket(ticket.id))!;
      expect(after).toMatchObject({ waitingOnCustomer: false, slaPausedAt: null, slaPausedMs: 60 * MINUTE });
      // 24 business hours from Thursday 10:00 (Thursday 7, Friday 8, the 17th a holiday, Tuesday 8): Wednesday 10:00
      // EDT; one business hour later, 11:00.
      expect(start).toBe('2025-03-19T14:00:00.000Z');
      expect(after.deadline).toBe('2025-03-19T15:00:00.000Z');
    });
  });
});

describe('waiting on the customer', () => {
  it('moves the deadline by exactly the time paused, and the customer’s message ends the wait', async () => {
    const t0 = new Date('2025-04-01T10:00:00.000Z');
    const ticket = await ticketAt(t0, 'high');
    const paused = await updateTicket(
      staffCaller(agent.user),
      ticket.id,
      { waitingOnCustomer: true },
      new Date(t0.getTime() + 10 * MINUTE),
    );
    expect(paused).toMatchObject({
      waitingOnCustomer: true,
      slaPausedAt: '2025-04-01T10:10:00.000Z',
      deadline: ticket.deadline,
    });
    await addCustomerMessage(
      { ticketId: ticket.id, content: 'Sorry, here it is.', channel: 'email' },
      new Date(t0.getTime() + 10 * MINUTE + 4_321_000),
    );
    const resumed = (await getTicket(ticket.id))!;
    expect(resumed).toMatchObject({ waitingOnCustomer: false, slaPausedAt: null });
    expect(Date.parse(resumed.deadline) - Date.parse(ticket.deadline)).toBe(4_321_000);
  });

  it('through the API: a pause of N seconds moves the deadline by N (±1 s)', async () => {
    const ticket = (
      await agent.client.post('/api/tickets', {
        customerEmail: 'n@example.com',
        subject: 'Pause me please',
        description: 'A ticket to pause through the API.',
        category,
        priority: 'low',
        type: 'direct',
        assignedToId: agent.user.id,
      })
    ).body as Ticket;
    const pausedAt = Date.now();
    const pause = await agent.client.patch(`/api/tickets/${ticket.id}`, { waitingOnCustomer: true });
    expect(pause.status).toBe(200);
    expect(pause.body).toMatchObject({ waitingOnCustomer: true });
    // The pause lasts until the clock has moved on by at least three seconds (no fixed sleep: it is the N measured).
    await eventually(async () => Date.now() - pausedAt >= 3_000 || undefined, 'three seconds', 10_000);
    const resume = await agent.client.patch(`/api/tickets/${ticket.id}`, { waitingOnCustomer: false });
    const resumedAt = Date.now();
    const n = Date.parse(resume.body.deadline) - Date.parse(ticket.deadline);
    expect(resume.body).toMatchObject({ waitingOnCustomer: false, slaPausedAt: null });
    expect(Math.abs(n - (resumedAt - pausedAt))).toBeLessThanOrEqual(1_000);
    expect(n).toBeGreaterThanOrEqual(3_000 - 1_000);
  });

  it('refuses to wait on a resolved ticket (409) and takes only true or false (400)', async () => {
    const ticket = await ticketAt(new Date(), 'low');
    await updateTicket(staffCaller(agent.user), ticket.id, { status: 'resolved' });
    expect((await agent.client.patch(`/api/tickets/${ticket.id}`, { waitingOnCustomer: true })).status).toBe(409);
    expect((await agent.client.patch(`/api/tickets/${ticket.id}`, { waitingOnCustomer: 'yes' })).status).toBe(400);
  });

  it('stops the ticket from turning overdue while it waits', async () => {
    const t0 = new Date(Date.now() - 200 * MINUTE);
    const ticket = await ticketAt(t0, 'critical'); // deadline 120 min after creation: passed
    await updateTicket(
      staffCaller(agent.user),
      ticket.id,
      { waitingOnCustomer: true },
      new Date(t0.getTime() + 60 * MINUTE),
    );
    await sweepOverdue();
    expect((await getTicket(ticket.id))!).toMatchObject({ isOverdue: false, waitingOnCustomer: true });
  });
});

describe('warnings and breaches', () => {
  it('warns the assignee once at 80 % of the resolution target, and marks the breach', async () => {
    const t0 = new Date(Date.now() - 24 * 60 * MINUTE);
    const ticket = await ticketAt(t0, 'critical'); // first response due in 15 min, resolution in 120, warnings at 12 / 96
    await agent.client.post(`/api/tickets/${ticket.id}/comments`, { content: 'Looking into it.', isInternal: false });
    const at = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE);

    await sweepOverdue(at(95));
    expect((await getTicket(ticket.id))!.resolutionWarned).toBe(false);
    await sweepOverdue(at(97));
    await sweepOverdue(at(98));
    expect((await getTicket(ticket.id))!).toMatchObject({ resolutionWarned: true, isOverdue: false });
    await sweepOverdue(at(121));
    expect((await getTicket(ticket.id))!.isOverdue).toBe(true);

    const alarms = await eventually(async () => {
      const raised = changes.filter((c) => c.id === ticket.id).flatMap((c) => c.alarms);
      return raised.some((a) => a.alarmType === 'ticket_overdue') && raised;
    }, 'the overdue alarm on the stream');
    const warnings = alarms.filter((a) => a.alarmType === 'sla_warning');
    expect(warnings).toEqual([{ alarmType: 'sla_warning', audience: { userIds: [agent.user.id], roles: [] } }]);
    const history = (await admin.client.get(`/api/tickets/${ticket.id}/history`)).body as {
      changes: { field: string }[];
    }[];
    expect(history.flatMap((e) => e.changes).filter((c) => c.field === 'resolutionWarning')).toHaveLength(1);
  });

  it('warns at 80 % of the first-response target, breaches it, and lists the ticket with the overdue ones', async () => {
    const t0 = new Date(Date.now() - 20 * MINUTE);
    const ticket = await ticketAt(t0, 'critical'); // first response due 15 min after creation: overdue now
    await sweepOverdue(new Date(t0.getTime() + 13 * MINUTE));
    expect((await getTicket(ticket.id))!).toMatchObject({ firstResponseWarned: true, isFirstResponseOverdue: false });
    await sweepOverdue();
    expect((await getTicket(ticket.id))!).toMatchObject({ isFirstResponseOverdue: true, isOverdue: false });

    const overdue = (await admin.client.get('/api/tickets/overdue')).body as Ticket[];
    expect(overdue.map((t) => t.id)).toContain(ticket.id);
    const alarms = await eventually(async () => {
      const raised = changes.filter((c) => c.id === ticket.id).flatMap((c) => c.alarms);
      return raised.some((a) => a.alarmType === 'ticket_overdue') && raised;
    }, 'the first-response breach on the stream');
    expect(alarms.filter((a) => a.alarmType === 'sla_warning')).toHaveLength(1);

    // The first public reply stops the clock and takes the ticket off the list; an internal note does not.
    await agent.client.post(`/api/tickets/${ticket.id}/comments`, { content: 'Internal: checking', isInternal: true });
    expect((await getTicket(ticket.id))!.firstResponseAt).toBeNull();
    await agent.client.post(`/api/tickets/${ticket.id}/comments`, { content: 'We are on it.', isInternal: false });
    expect((await getTicket(ticket.id))!.firstResponseAt).not.toBeNull();
    const after = (await admin.client.get('/api/tickets/overdue')).body as Ticket[];
    expect(after.map((t) => t.id)).not.toContain(ticket.id);
  });
});

describe('attainment', () => {
  it('counts first responses and resolutions met and breached, for the desk and the agent', async () => {
    const before = (await admin.client.get('/api/dashboard/sla-attainment', { query: { days: '7' } })).body;
    const late = await ticketAt(new Date(Date.now() - 30 * MINUTE), 'critical'); // first response 15 min: late
    const onTime = await ticketAt(new Date(), 'critical');
    for (const t of [late, onTime]) {
      await agent.client.post(`/api/tickets/${t.id}/comments`, { content: 'On it.', isInternal: false });
      await agent.client.patch(`/api/tickets/${t.id}`, { status: 'resolved' });
    }
    const res = await admin.client.get('/api/dashboard/sla-attainment', { query: { days: '7' } });
    expect(res.status).toBe(200);
    expect(res.body.firstResponse.met - before.firstResponse.met).toBe(1);
    expect(res.body.firstResponse.breached - before.firstResponse.breached).toBe(1);
    expect(res.body.resolution.met - before.resolution.met).toBe(2);
    const mine = res.body.agents.find((a: { agentId: string }) => a.agentId === agent.user.id);
    expect(mine).toMatchObject({ name: expect.any(String), firstResponse: { percent: expect.any(Number) } });
    expect((await agent.client.get('/api/dashboard/sla-attainment')).status).toBe(200);
  });
});
