/**
 * Notification e-mails reach whom they concern (docs/decisions/006-routing-by-availability-capacity-skill.md), end to
 * end on the real parts (support/mail.ts): a ticket change committed through the API, planned from the stream, fanned
 * out by the mail sender and sent to the SES emulator's mailbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketSchema, type Ticket } from '#shared/schemas/ticket.ts';
import { putConnection } from '#functions/data/connections.ts';
import { setAvailability } from '#functions/data/users.ts';
import { eventually, type MailHarness, mailSettled, startMailHarness } from './support/mail.ts';
import { createTestCategory, signedIn, ticketBody, type SignedIn, useDedicatedTable } from './tickets-support.ts';

let mail: MailHarness;
let admin: SignedIn;
let manager: SignedIn;
let category: string;

beforeAll(async () => {
  mail = await startMailHarness(await useDedicatedTable('helpdesk-mail-notify'));
  [admin, manager] = await Promise.all([signedIn(mail.gateway.url, 'admin'), signedIn(mail.gateway.url, 'manager')]);
  category = (await createTestCategory()).name;
});
afterAll(async () => {
  await mail?.stop();
});

async function newTicket(assignee: SignedIn, overrides: Record<string, unknown> = {}): Promise<Ticket> {
  const res = await admin.client.post(
    '/api/tickets',
    ticketBody(category, { assignedToId: assignee.user.id, ...overrides }),
  );
  expect(res.status).toBe(201);
  return ticketSchema.parse(res.body);
}

/** Notification e-mails to `person` about `ticket` (by its code in the subject). */
const notificationsTo = async (person: SignedIn, ticket: Ticket) =>
  (await mail.sentTo(person.email)).filter((m) => m.subject.includes(ticket.ticketId));

/** Generous bounds: the stream, the queue and the sender share a loaded machine with the rest of the suite. */
const WAIT_MS = 60_000;
const settle = () => mailSettled(mail, WAIT_MS);

describe('notification e-mails', () => {
  it('send the assignee at most one e-mail for 20 edits of one ticket within the window', async () => {
    const agent = await signedIn(mail.gateway.url, 'agent');
    const ticket = await newTicket(agent);
    await eventually(async () => (await notificationsTo(agent, ticket)).length >= 1, 'the assignment e-mail', WAIT_MS);
    // An admin and a manager take turns moving the status back and forth: each is a status change for the assignee.
    for (let i = 0; i < 20; i++) {
      const editor = i % 2 ? manager : admin;
      const res = await editor.client.patch(`/api/tickets/${ticket.id}`, {
        status: i % 2 ? 'open' : 'in_progress',
        priority: i % 3 ? 'medium' : 'low',
      });
      expect(res.status).toBe(200);
    }
    await settle();
    expect(await notificationsTo(agent, ticket)).toHaveLength(1);
  }, 300_000);

  it('send nothing to someone with the desk open: their browser has the alarm', async () => {
    const agent = await signedIn(mail.gateway.url, 'agent');
    await putConnection(`conn-${agent.user.id}`, agent.user.id, 'session');
    const ticket = await newTicket(agent);
    await settle();
    expect(await notificationsTo(agent, ticket)).toEqual([]);
  }, 180_000);

  it('tell of a new ticket to available eligible agents only, never to one who is away or offline', async () => {
    const [available, away, offline] = await Promise.all([0, 1, 2].map(() => signedIn(mail.gateway.url, 'agent')));
    await setAvailability(away!.user.id, 'away', new Date());
    await setAvailability(offline!.user.id, 'offline', new Date());
    // Filed for the manager, so no agent is its assignee: agents hear of it as news of the desk or not at all.
    const ticket = await newTicket(manager, { priority: 'high' });
    await eventually(
      async () => (await notificationsTo(available!, ticket)).length >= 1,
      'the e-mail of the news',
      WAIT_MS,
    );
    await settle();
    expect(await notificationsTo(away!, ticket)).toEqual([]);
    expect(await notificationsTo(offline!, ticket)).toEqual([]);
    expect(await notificationsTo(available!, ticket)).toHaveLength(1);
  }, 180_000);
});
