/**
 * An incident carried to its children (docs/decisions/093-incident-fan-out.md), on real parts: the table's stream read
 * by the embedded poller and handed to the real dispatcher, the `incident` and `mail` queues feeding the real senders,
 * and the SES emulator's mailbox, where the e-mails are counted.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '#shared/schemas/category.ts';
import { macroSchema } from '#shared/schemas/macro.ts';
import { commentSchema, historyEntrySchema, ticketSchema, type Ticket } from '#shared/schemas/ticket.ts';
import { reserveTicketNumbers } from '#functions/data/sequence.ts';
import { importTickets } from '#functions/data/ticket-import.ts';
import { getTicket } from '#functions/data/tickets/item.ts';
import type { Language } from '#shared/constants.ts';
import { childJobId, INCIDENT_KIND, type IncidentPayload } from '#functions/domain/incident-jobs.ts';
import type { Job } from '#functions/domain/outbound.ts';
import { newTicket } from '#functions/domain/tickets.ts';
import { deliverIncidentWork } from '#functions/use-cases/tickets/incident-fan-out.ts';
import { eventually, type MailHarness, startMailHarness } from './support/mail.ts';
import { createTestCategory, signedIn, ticketBody, type SignedIn, useDedicatedTable } from './tickets-support.ts';

let mail: MailHarness;
let admin: SignedIn;
let category: Category;

beforeAll(async () => {
  mail = await startMailHarness(await useDedicatedTable('helpdesk-incident-fan-out'));
  admin = await signedIn(mail.gateway.url, 'admin');
  category = await createTestCategory();
});
afterAll(() => mail?.stop());

/**
 * `count` open tickets written straight into the table (no acknowledgement is owed for imported tickets), each with
 * its own customer, linked to `parent` through the API a hundred at a time.
 */
async function childrenOf(parent: Ticket, count: number, languages: readonly Language[] = ['en']) {
  const run = randomUUID().slice(0, 8);
  const first = await reserveTicketNumbers(count);
  const now = new Date();
  const tickets = Array.from({ length: count }, (_, i) =>
    newTicket(
      {
        id: first + i,
        subject: 'Withdrawal stuck',
        description: 'My withdrawal has not arrived.',
        customerEmail: `child-${run}-${i}@example.com`,
        customerLanguage: languages[i % languages.length],
        category: { id: category.id, name: category.name },
        priority: 'high',
        type: 'api',
        assignee: null,
        createdById: null,
        createdByApiKeyId: null,
      },
      now,
    ),
  );
  await importTickets(tickets);
  for (let start = 0; start < count; start += 100) {
    const ticketIds = tickets.slice(start, start + 100).map((ticket) => ticket.id);
    const res = await admin.client.post('/api/tickets/bulk', { ticketIds, changes: { parentId: parent.id } });
    expect(res.status).toBe(200);
    expect((res.body as { results: { ok: boolean }[] }).results.every((result) => result.ok)).toBe(true);
  }
  return tickets;
}

async function newParent(): Promise<Ticket> {
  const res = await admin.client.post('/api/tickets', ticketBody(category.name, { subject: 'Withdrawals delayed' }));
  expect(res.status).toBe(201);
  return ticketSchema.parse(res.body);
}

/** The e-mails each of these customers got whose text has `marker`, by address. */
async function mailsBy(addresses: readonly string[], marker: string): Promise<Map<string, number>> {
  const wanted = new Set(addresses);
  const counts = new Map<string, number>();
  for (const message of await mail.sent()) {
    const to = message.destination.to.join(',').toLowerCase();
    const address = [...wanted].find((a) => to.includes(a));
    if (address && message.body.text?.includes(marker)) counts.set(address, (counts.get(address) ?? 0) + 1);
  }
  return counts;
}

describe('resolving an incident', () => {
  it('resolves each of its 500 open children once, and each customer gets exactly one resolution e-mail', async () => {
    const parent = await newParent();
    const children = await childrenOf(parent, 500);
    const addresses = children.map((child) => child.customerEmail);
    // One child was settled before: it keeps its status and gets no second notice.
    const settled = children[0]!;
    expect((await admin.client.patch(`/api/tickets/${settled.id}`, { status: 'closed' })).status).toBe(200);

    expect((await admin.client.patch(`/api/tickets/${parent.id}`, { status: 'resolved' })).status).toBe(200);
    const counts = await eventually(
      async () => {
        const found = await mailsBy(addresses, '/r/');
        return found.size === addresses.length ? found : undefined;
      },
      'a resolution e-mail to every child’s customer',
      240_000,
      1_000,
    );
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect((await getTicket(settled.id))?.status).toBe('closed');
    const resolved = await Promise.all(children.slice(1).map((child) => getTicket(child.id)));
    expect(resolved.every((child) => child?.status === 'resolved')).toBe(true);
    const history = historyEntrySchema
      .array()
      .parse((await admin.client.get(`/api/tickets/${children[1]!.id}/history`)).body);
    expect(history.filter((entry) => entry.changes.some((change) => change.field === 'incident'))).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ type: 'user', id: admin.user.id }),
        changes: expect.arrayContaining([{ field: 'incident', from: null, to: parent.ticketId }]),
      }),
    ]);

    // The stream hands the parent's resolution over again: nothing more happens.
    for (const batch of mail.streamBatches.splice(0)) await mail.dispatch(batch);
    // A child's job that ran once changes the child no more, however often it runs again: reopened after it ran, the
    // child stays open.
    const reopened = children[2]!;
    const reopen = () => admin.client.patch(`/api/tickets/${reopened.id}`, { status: 'open' });
    expect((await reopen()).status).toBe(200);
    const again: Job<IncidentPayload> = {
      id: childJobId('0'.repeat(32), reopened.id),
      kind: INCIDENT_KIND,
      attempt: 1,
      round: 0,
      startedAt: new Date().toISOString(),
      payload: {
        type: 'resolve-child',
        parentId: parent.id,
        childId: reopened.id,
        status: 'resolved',
        actor: { type: 'user', id: admin.user.id, name: 'Admin' },
      },
    };
    expect(await deliverIncidentWork(again)).toEqual({ detail: `${reopened.ticketId} resolved` });
    expect((await reopen()).status).toBe(200);
    expect(await deliverIncidentWork(again)).toEqual({ detail: 'Nothing to change' });
    expect((await getTicket(reopened.id))?.status).toBe('open');

    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const after = await mailsBy(addresses, '/r/');
    // The reopened child was resolved twice (by the incident, then by the job run here): two notices, one each time.
    expect(after.get(reopened.customerEmail)).toBe(2);
    expect([...after].filter(([address]) => address !== reopened.customerEmail).every(([, n]) => n === 1)).toBe(true);
  }, 300_000);
});

describe('a reply to the incident’s tickets', () => {
  it('lands on each open child from the macro in its customer’s language, and goes out to each customer', async () => {
    const created = await admin.client.post('/api/macros', {
      title: `Outage ${randomUUID().slice(0, 6)}`,
      body: {
        en: 'Hello {{customer.email}}, {{ticket.code}} is fixed. {{agent.firstName}}',
        es: 'Hola {{customer.email}}, {{ticket.code}} está resuelto. {{agent.firstName}}',
      },
      shared: true,
    });
    expect(created.status).toBe(201);
    const macro = macroSchema.parse(created.body);
    const parent = await newParent();
    const [spanish, german, done] = await childrenOf(parent, 3, ['es', 'de', 'en']);
    expect((await admin.client.patch(`/api/tickets/${done!.id}`, { status: 'resolved' })).status).toBe(200);

    const internal = await admin.client.post(`/api/tickets/${parent.id}/comments`, {
      content: 'Note',
      isInternal: true,
      toChildren: true,
    });
    expect([internal.status, internal.body.code]).toEqual([400, 'validation.comment.toChildrenInternal']);

    const reply = await admin.client.post(`/api/tickets/${parent.id}/comments`, {
      content: 'Hello, it is fixed.',
      isInternal: false,
      macroId: macro.id,
      toChildren: true,
    });
    expect(reply.status).toBe(201);
    expect(commentSchema.parse(reply.body).toChildren).toBe(true);

    const expected = [
      [spanish!, `Hola ${spanish!.customerEmail}, ${spanish!.ticketId} está resuelto. ${admin.user.firstName}`],
      [german!, `Hello ${german!.customerEmail}, ${german!.ticketId} is fixed. ${admin.user.firstName}`],
    ] as const;
    for (const [child, text] of expected) {
      const message = await eventually(
        async () => (await mail.sentTo(child.customerEmail)).find((m) => m.body.text?.includes(text)),
        `the reply to ${child.ticketId}`,
      );
      expect(message).toBeDefined();
      const thread = commentSchema.array().parse((await admin.client.get(`/api/tickets/${child.id}/comments`)).body);
      expect(thread.filter((c) => c.fromIncident)).toEqual([
        expect.objectContaining({ comment: text, fromIncident: { ticketId: parent.id, commentId: reply.body.id } }),
      ]);
    }
    const doneThread = commentSchema.array().parse((await admin.client.get(`/api/tickets/${done!.id}/comments`)).body);
    expect(doneThread.filter((c) => c.fromIncident)).toEqual([]);
  });
});
