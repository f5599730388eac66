/**
 * Real-time alarms end to end in the embedded runtime: WebSocket clients against the gateway's `/ws`, tickets
 * changed through the API, the table's stream fed to the notifier by the local poller, frames posted back through
 * the gateway's `@connections` endpoint.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AlarmMessage, ServerMessage, TicketsChangedMessage } from '#shared/schemas/alarm.ts';
import type { UserSettings } from '#shared/schemas/settings.ts';
import { listSubscribedConnections, putConnection, subscribeConnection } from '#functions/data/connections.ts';
import { keys } from '#functions/data/table.ts';
import { markTicketOverdue } from '#functions/use-cases/tickets/mark-overdue.ts';
import { addCustomerMessage } from '#functions/use-cases/tickets/thread.ts';
import { deactivateStaffMember } from '#functions/use-cases/staff/manage-staff.ts';
import { DEFAULT_USER_SETTINGS } from '#functions/domain/settings.ts';
import { handler as notifier } from '#functions/jobs/notifier.ts';
import { dynamo } from '#functions/lib/clients.ts';
import { config } from '#functions/lib/config.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import type { StreamPoller } from '#infra/local/stream-poller.ts';
import { ApiClient, startApi } from './support/api.ts';
import { pollTableStream } from './support/stream.ts';
import { TEST_SYSTEM } from './support/fixtures.ts';
import { createTestCategory, signedIn, ticketBody, useDedicatedTable, type SignedIn } from './tickets-support.ts';

// `ticket_created` goes to every active staff member: a table of its own keeps that audience to this file's people.
let table: Awaited<ReturnType<typeof useDedicatedTable>>;
let api: Gateway;
let poller: StreamPoller;
let manager: SignedIn;
let category: string;
const sockets: AlarmSocket[] = [];

beforeAll(async () => {
  table = await useDedicatedTable('helpdesk-alarms');
  api = await startApi();
  poller = await pollTableStream(table.tableName, [
    { handler: async () => notifier, functionName: 'helpdesk-notifier' },
  ]);
  manager = await signedIn(api.url, 'manager');
  category = (await createTestCategory()).name;
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await poller?.stop();
  await api?.close();
  await table?.restore();
});

// ---------------------------------------------------------------------------------------------------------------
// A WebSocket client as the SPA uses it

/** Polls `check` every 25 ms until it returns something truthy; fails after `timeoutMs`. */
async function eventually<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

class AlarmSocket {
  readonly received: Array<{ at: number; message: ServerMessage }> = [];
  private readonly waiters = new Set<() => void>();
  /** Settles with the close code once the socket has closed, whoever closed it. */
  readonly closed: Promise<number>;

  constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.once('close', (code) => resolve(code)));
    ws.on('message', (data) => {
      this.received.push({ at: Date.now(), message: JSON.parse(data.toString()) as ServerMessage });
      for (const wake of this.waiters) wake();
    });
  }

  get alarms(): AlarmMessage[] {
    return this.alarmsSince(0);
  }

  /** The alarms among the frames received from position `mark` on. */
  alarmsSince(mark: number): AlarmMessage[] {
    return this.received
      .slice(mark)
      .map((r) => r.message)
      .filter((m): m is AlarmMessage => 'alarmType' in m);
  }

  send(message: unknown) {
    this.ws.send(JSON.stringify(message));
  }

  /** A position in the frames received so far, for `next(…, { since })` and `alarmsSince`. */
  mark(): number {
    return this.received.length;
  }

  /** The first frame received from `since` on (or yet to come) that matches; fails after `timeoutMs`. */
  next<T extends ServerMessage>(
    matches: (message: ServerMessage) => message is T,
    { since = 0, timeoutMs = 3_000 }: { since?: number; timeoutMs?: number } = {},
  ): Promise<{ at: number; message: T }> {
    return new Promise((resolve, reject) => {
      const look = () => {
        const found = this.received.slice(since).find((r) => matches(r.message));
        if (!found) return false;
        this.waiters.delete(look);
        clearTimeout(timer);
        resolve(found as { at: number; message: T });
        return true;
      };
      const timer = setTimeout(() => {
        this.waiters.delete(look);
        reject(new Error(`No matching frame within ${timeoutMs} ms; received ${JSON.stringify(this.received)}`));
      }, timeoutMs);
      if (!look()) this.waiters.add(look);
    });
  }

  close() {
    this.ws.close();
  }
}

type Opened = { socket: AlarmSocket } | { refusedWith: number };

/** Opens `/ws` with this Cookie header (or none), from a page of the app's own origin unless told otherwise. */
function connect(cookie?: string, origin = api.url): Promise<Opened> {
  const ws = new WebSocket(`${api.url.replace(/^http/, 'ws')}/ws`, { headers: cookie ? { cookie } : {}, origin });
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      const socket = new AlarmSocket(ws);
      sockets.push(socket);
      resolve({ socket });
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve({ refusedWith: res.statusCode ?? 0 });
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

/** A socket of `who`, subscribed to their own alarms (once the table says so). */
async function subscribedSocket(who: SignedIn): Promise<{ socket: AlarmSocket; connectionId: string }> {
  const before = new Set((await listSubscribedConnections(who.user.id)).map((c) => c.connectionId));
  const opened = await connect(who.client.cookieHeader());
  if (!('socket' in opened)) throw new Error(`Socket refused with ${opened.refusedWith}`);
  opened.socket.send({ type: 'subscribe', userId: who.user.id });
  const connectionId = await eventually(async () => {
    const now = await listSubscribedConnections(who.user.id);
    return now.find((c) => !before.has(c.connectionId))?.connectionId;
  }, 'the subscription');
  return { socket: opened.socket, connectionId };
}

const isAlarm =
  (alarmType: AlarmMessage['alarmType'], id: number) =>
  (message: ServerMessage): message is AlarmMessage =>
    'alarmType' in message && message.alarmType === alarmType && 'id' in message.data && message.data.id === id;

/** The per-batch "tickets changed" hint naming `id`: once it arrives, every alarm of that change has been sent. */
const isChangeOf =
  (id: number) =>
  (message: ServerMessage): message is TicketsChangedMessage =>
    'type' in message && message.type === 'tickets_changed' && message.data.ids.includes(id);

const alarmSettings = (alertTypes: UserSettings['alarmSettings']['alertTypes']): UserSettings => ({
  ...DEFAULT_USER_SETTINGS,
  alarmSettings: { ...DEFAULT_USER_SETTINGS.alarmSettings, alertTypes },
});

async function createTicket(overrides: Record<string, unknown> = {}) {
  const res = await manager.client.post(
    '/api/tickets',
    ticketBody(category, { assignedToId: manager.user.id, ...overrides }),
  );
  expect(res.status).toBe(201);
  return res.body as { id: number; ticketId: string; subject: string; priority: string; customerEmail: string };
}

const connectionItem = async (connectionId: string) =>
  (await dynamo().send(new GetCommand({ TableName: config().tableName, Key: keys.connection(connectionId) }))).Item;

// ---------------------------------------------------------------------------------------------------------------

describe('who may open the alarm socket', () => {
  it('refuses an upgrade without a session cookie with a 401', async () => {
    expect(await connect()).toEqual({ refusedWith: 401 });
  });

  it('refuses an upgrade with a forged access token with a 401', async () => {
    expect(await connect('hd_access=not-a-jwt')).toEqual({ refusedWith: 401 });
  });

  it("refuses an upgrade from another site's page even with a valid session cookie", async () => {
    const agent = await signedIn(api.url, 'agent');
    expect(await connect(agent.client.cookieHeader(), 'https://evil.example')).toEqual({ refusedWith: 401 });
  });

  it('refuses a deactivated user whose session cookie is still valid', async () => {
    const agent = await signedIn(api.url, 'agent');
    await deactivateStaffMember(TEST_SYSTEM, agent.user.id);
    expect(await connect(agent.client.cookieHeader())).toEqual({ refusedWith: 401 });
  });

  it("ignores a subscription for another user's id: no alarm of theirs reaches the socket", async () => {
    const agent = await signedIn(api.url, 'agent');
    const other = await signedIn(api.url, 'agent');
    const opened = await connect(agent.client.cookieHeader());
    if (!('socket' in opened)) throw new Error('the agent could not connect');
    opened.socket.send({ type: 'subscribe', userId: other.user.id });
    const { socket: othersOwn } = await subscribedSocket(other);

    const ticket = await createTicket({ assignedToId: other.user.id });
    await othersOwn.next(isAlarm('ticket_assigned', ticket.id));
    await othersOwn.next(isChangeOf(ticket.id));
    expect(opened.socket.received).toEqual([]);
    expect(await listSubscribedConnections(agent.user.id)).toEqual([]);
  });
});

describe('alarm delivery', () => {
  it('delivers ticket_assigned to the subscribed agent within 2 s of the assignment', async () => {
    const agent = await signedIn(api.url, 'agent');
    const { socket } = await subscribedSocket(agent);
    const ticket = await createTicket({ priority: 'low' });

    const assigning = Date.now();
    const res = await manager.client.post(`/api/tickets/${ticket.id}/assign`, { agentId: agent.user.id });
    expect(res.status).toBe(200);

    const { at, message } = await socket.next(isAlarm('ticket_assigned', ticket.id));
    expect(at - assigning).toBeLessThan(2_000);
    expect(message).toEqual({
      alarmType: 'ticket_assigned',
      data: {
        id: ticket.id,
        ticketId: ticket.ticketId,
        subject: ticket.subject,
        priority: 'low',
        customerEmail: ticket.customerEmail,
      },
      eventId: expect.any(String),
    });
  });

  it('sends ticket_created only to staff whose alarm settings include it', async () => {
    const wantsIt = await signedIn(api.url, 'agent');
    const optedOut = await signedIn(api.url, 'agent');
    const saved = await optedOut.client.put('/api/user/settings', alarmSettings(['ticket_assigned', 'high_priority']));
    expect(saved.status).toBe(200);
    const { socket: wanting } = await subscribedSocket(wantsIt);
    const { socket: notWanting } = await subscribedSocket(optedOut);

    const ticket = await createTicket();
    await wanting.next(isAlarm('ticket_created', ticket.id));
    await notWanting.next(isChangeOf(ticket.id));
    expect(notWanting.alarms.filter((alarm) => 'id' in alarm.data && alarm.data.id === ticket.id)).toEqual([]);
  });

  it('sends nothing to a user who switched alarms off, whatever the types', async () => {
    const agent = await signedIn(api.url, 'agent');
    const settings = alarmSettings(['ticket_assigned', 'ticket_created']);
    await agent.client.put('/api/user/settings', {
      ...settings,
      alarmSettings: { ...settings.alarmSettings, enabled: false },
    });
    const { socket } = await subscribedSocket(agent);

    const ticket = await createTicket({ assignedToId: agent.user.id });
    await socket.next(isChangeOf(ticket.id));
    expect(socket.alarms).toEqual([]);
  });

  it('sends one alarm per person per change: the assignee of a new high-priority ticket hears ticket_assigned', async () => {
    const agent = await signedIn(api.url, 'agent');
    const { socket } = await subscribedSocket(agent);

    const ticket = await createTicket({ assignedToId: agent.user.id, priority: 'high' });
    await socket.next(isChangeOf(ticket.id));
    expect(
      socket.alarms
        .filter((alarm) => 'id' in alarm.data && alarm.data.id === ticket.id)
        .map((alarm) => alarm.alarmType),
    ).toEqual(['ticket_assigned']);
  });

  it('sends ticket_overdue to the supervisors who want it when the overdue job marks a ticket', async () => {
    const agent = await signedIn(api.url, 'agent');
    const supervisor = await signedIn(api.url, 'manager');
    await supervisor.client.put('/api/user/settings', alarmSettings(['ticket_overdue']));
    const { socket: agentSocket } = await subscribedSocket(agent);
    const { socket: supervisorSocket } = await subscribedSocket(supervisor);
    const ticket = await createTicket({ assignedToId: agent.user.id, priority: 'critical' });
    await agentSocket.next(isChangeOf(ticket.id));
    const marked = agentSocket.mark();

    // Three hours on, a critical ticket (two-hour deadline) is overdue.
    expect(await markTicketOverdue(ticket.id, new Date(Date.now() + 3 * 3_600_000))).toBe(true);
    const { message } = await supervisorSocket.next(isAlarm('ticket_overdue', ticket.id));
    expect(message.data).toMatchObject({ ticketId: ticket.ticketId, priority: 'critical' });
    expect(supervisorSocket.alarms.map((alarm) => alarm.alarmType)).toEqual(['ticket_overdue']);
    // The agent keeps the default alert types, which do not include ticket_overdue.
    await agentSocket.next(isChangeOf(ticket.id), { since: marked });
    expect(agentSocket.alarmsSince(marked)).toEqual([]);
  });

  it("sends customer_reply to the assignee when the customer writes in, and ticket_status_changed when someone else resolves the assignee's ticket", async () => {
    const agent = await signedIn(api.url, 'agent');
    const { socket } = await subscribedSocket(agent);
    const ticket = await createTicket({ assignedToId: agent.user.id });
    await socket.next(isAlarm('ticket_assigned', ticket.id));

    await addCustomerMessage({ ticketId: ticket.id, content: 'Any news?', channel: 'email' });
    await socket.next(isAlarm('customer_reply', ticket.id));

    expect((await manager.client.patch(`/api/tickets/${ticket.id}`, { status: 'resolved' })).status).toBe(200);
    await socket.next(isAlarm('ticket_status_changed', ticket.id));

    // The assignee's own status change is no news to them.
    const marked = socket.mark();
    expect((await agent.client.patch(`/api/tickets/${ticket.id}`, { status: 'closed' })).status).toBe(200);
    await socket.next(isChangeOf(ticket.id), { since: marked });
    expect(socket.alarmsSince(marked)).toEqual([]);
  });

  it('leaves out the alarms whose Notifications toggle a person switched off', async () => {
    const agent = await signedIn(api.url, 'agent');
    await agent.client.put('/api/user/settings', {
      ...DEFAULT_USER_SETTINGS,
      notifications: { ...DEFAULT_USER_SETTINGS.notifications, ticketAssigned: false, ticketCreated: false },
    });
    const { socket } = await subscribedSocket(agent);
    const ticket = await createTicket({ assignedToId: agent.user.id, priority: 'high' });
    // Assigned and created are off: of the three meant for them, the high-priority alarm is what they get.
    await socket.next(isChangeOf(ticket.id));
    expect(
      socket.alarms
        .filter((alarm) => 'id' in alarm.data && alarm.data.id === ticket.id)
        .map((alarm) => alarm.alarmType),
    ).toEqual(['high_priority']);
  });

  it('tells everyone of a new message on a ticket even when the ticket item itself does not change', async () => {
    const agent = await signedIn(api.url, 'agent');
    const { socket } = await subscribedSocket(agent);
    const ticket = await createTicket();
    await socket.next(isChangeOf(ticket.id));
    const marked = socket.mark();
    const res = await manager.client.post(`/api/tickets/${ticket.id}/comments`, {
      content: 'Noted.',
      isInternal: true,
    });
    expect(res.status).toBe(201);
    await socket.next(isChangeOf(ticket.id), { since: marked });
  });

  it('tells every subscribed staff member when a ticket changes without any alarm, so lists refresh', async () => {
    const agent = await signedIn(api.url, 'agent');
    const { socket } = await subscribedSocket(agent);
    const ticket = await createTicket();
    await socket.next(isChangeOf(ticket.id));
    const marked = socket.mark();

    const res = await manager.client.patch(`/api/tickets/${ticket.id}`, { subject: 'Withdrawal now confirmed' });
    expect(res.status).toBe(200);
    const { message } = await socket.next(isChangeOf(ticket.id), { since: marked });
    expect(message).toEqual({ type: 'tickets_changed', data: { ids: [ticket.id] } });
    expect(socket.alarmsSince(marked)).toEqual([]);
  });
});

describe('connections that went away', () => {
  it('deletes a connection whose socket is gone on the next send, and still reaches the live one', async () => {
    const agent = await signedIn(api.url, 'agent');
    const { socket: leaving, connectionId: goneId } = await subscribedSocket(agent);
    const { socket: staying, connectionId: liveId } = await subscribedSocket(agent);

    // The socket closes, but its $disconnect never arrives (API Gateway delivers it on a best-effort basis):
    // wait for the local gateway's $disconnect, then put the item back as it was.
    const { sessionId } = (await connectionItem(goneId))!;
    leaving.close();
    await eventually(async () => !(await connectionItem(goneId)), 'the $disconnect');
    await putConnection(goneId, agent.user.id, sessionId);
    expect(await subscribeConnection(goneId, agent.user.id)).toBe(true);

    const ticket = await createTicket({ assignedToId: agent.user.id });
    await staying.next(isAlarm('ticket_assigned', ticket.id));
    await eventually(async () => !(await connectionItem(goneId)), 'the gone connection to be deleted');
    expect((await listSubscribedConnections(agent.user.id)).map((c) => c.connectionId)).toEqual([liveId]);
  });
});

describe('sockets end with their session (docs/decisions/070-sessions-that-end.md)', () => {
  /** Another session of the same person, signed in on a second device. */
  async function secondSession(who: SignedIn): Promise<SignedIn> {
    const client = new ApiClient(api.url);
    await client.signIn(who.email, who.password);
    return { ...who, client };
  }

  /** Settles once the socket has closed; fails after `timeoutMs`. */
  function closedWithin(socket: AlarmSocket, timeoutMs = 3_000): Promise<number> {
    return Promise.race([
      socket.closed,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`The socket was still open after ${timeoutMs} ms`)), timeoutMs),
      ),
    ]);
  }

  /** A ticket assigned to `who` (a ticket_assigned and a ticket_created alarm for them), heard on `listening`. */
  async function ticketHeardOn(listening: AlarmSocket, who: SignedIn) {
    const ticket = await createTicket({ assignedToId: who.user.id });
    await listening.next(isAlarm('ticket_assigned', ticket.id));
    await listening.next(isChangeOf(ticket.id));
    return ticket;
  }

  it('closes the socket of a signed-out session at once, and it hears nothing after; the same user elsewhere still does', async () => {
    const laptop = await signedIn(api.url, 'agent');
    const phone = await secondSession(laptop);
    const { socket: signedOut, connectionId } = await subscribedSocket(laptop);
    const { socket: stays } = await subscribedSocket(phone);
    expect((await connectionItem(connectionId))?.sessionId).toEqual(expect.any(String));

    const marked = signedOut.mark();
    expect((await laptop.client.get('/api/logout')).status).toBe(302);
    await closedWithin(signedOut);
    // The socket is closed first, then its item deleted: the close may reach the client a moment before.
    await eventually(async () => (await connectionItem(connectionId)) === undefined, 'the connection item to go');

    await ticketHeardOn(stays, phone);
    expect(signedOut.received.slice(marked)).toEqual([]);
  });

  it('closes the sockets of the sessions a password change ended, while the session that changed it keeps hearing', async () => {
    const agent = await signedIn(api.url, 'agent');
    const elsewhere = await secondSession(agent);
    const { socket: changer } = await subscribedSocket(agent);
    const { socket: ended } = await subscribedSocket(elsewhere);

    const marked = ended.mark();
    const res = await agent.client.post('/api/user/change-password', {
      currentPassword: agent.password,
      newPassword: 'brand-new-secret-2',
    });
    expect(res.status).toBe(200);
    await closedWithin(ended);

    await ticketHeardOn(changer, agent);
    expect(ended.received.slice(marked)).toEqual([]);
    expect(changer.ws.readyState).toBe(WebSocket.OPEN);
  });

  it("closes every socket of the user on an admin's password reset, and on a deactivation", async () => {
    const admin = await signedIn(api.url, 'admin');
    const agent = await signedIn(api.url, 'agent');
    const { socket: one } = await subscribedSocket(agent);
    const { socket: two } = await subscribedSocket(await secondSession(agent));
    const reset = await admin.client.put(`/api/users/${agent.user.id}/password`, { password: 'reset-by-admin-2' });
    expect(reset.status).toBe(200);
    await Promise.all([closedWithin(one), closedWithin(two)]);

    const again = await secondSession({ ...agent, password: 'reset-by-admin-2' });
    const { socket: three } = await subscribedSocket(again);
    expect((await admin.client.delete(`/api/users/${agent.user.id}`)).status).toBe(200);
    await closedWithin(three);
    await eventually(async () => (await listSubscribedConnections(agent.user.id)).length === 0, 'the items to go');
  });
});
