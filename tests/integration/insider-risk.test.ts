/**
 * Insider-risk alerts end to end (docs/decisions/097-insider-risk-alerts.md): staff open tickets and download files
 * through the API on a table of this file's own; the audit log records each view and, past the desk's thresholds,
 * exactly one `data_access_alert` per person, hour and kind; the table's stream reaches the real notifier, which alarms
 * every admin's socket with the person and the figures.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AuditEntry } from '#shared/schemas/audit.ts';
import type { AlarmMessage, ServerMessage } from '#shared/schemas/alarm.ts';
import { listSubscribedConnections } from '#functions/data/connections.ts';
import { reserveTicketNumbers } from '#functions/data/sequence.ts';
import { importTickets } from '#functions/data/ticket-import.ts';
import { newTicket, type TicketRecord } from '#functions/domain/tickets.ts';
import { handler as notifier } from '#functions/jobs/notifier.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import type { StreamPoller } from '#infra/local/stream-poller.ts';
import { png } from '../files.ts';
import { ApiClient, startApi } from './support/api.ts';
import { startTestStorage, type TestStorage, upload } from './support/storage.ts';
import { pollTableStream } from './support/stream.ts';
import { eventually } from './support/waiting.ts';
import { createTestApiKey, createTestCategory, type SignedIn, signedIn, useDedicatedTable } from './tickets-support.ts';
import type { Category } from '#shared/schemas/category.ts';

let table: Awaited<ReturnType<typeof useDedicatedTable>>;
let storage: TestStorage;
let api: Gateway;
let poller: StreamPoller;
let admin: SignedIn;
let secondAdmin: SignedIn;
let category: Category;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  storage = await startTestStorage();
  table = await useDedicatedTable('helpdesk-insider');
  api = await startApi();
  poller = await pollTableStream(table.tableName, [
    { handler: async () => notifier, functionName: 'helpdesk-notifier' },
  ]);
  [admin, secondAdmin] = await Promise.all([signedIn(api.url, 'admin'), signedIn(api.url, 'admin')]);
  category = await createTestCategory();
}, 60_000);
afterAll(async () => {
  for (const ws of sockets) ws.close();
  await poller?.stop();
  await api?.close();
  await table?.restore();
  await storage?.stop();
});

/** A socket of `who`, subscribed to their alarms; the frames it received so far. */
async function alarmSocket(who: SignedIn): Promise<ServerMessage[]> {
  const ws = new WebSocket(`${api.url.replace(/^http/, 'ws')}/ws`, {
    headers: { cookie: who.client.cookieHeader() },
    origin: api.url,
  });
  sockets.push(ws);
  const received: ServerMessage[] = [];
  ws.on('message', (data) => received.push(JSON.parse(data.toString()) as ServerMessage));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'subscribe', userId: who.user.id }));
  await eventually(async () => (await listSubscribedConnections(who.user.id)).length > 0, 'the subscription');
  return received;
}

const accessAlarms = (frames: ServerMessage[], userId: string) =>
  frames.filter(
    (m): m is Extract<AlarmMessage, { alarmType: 'data_access_alert' }> =>
      'alarmType' in m && m.alarmType === 'data_access_alert' && m.data.userId === userId,
  );

/** `count` open tickets written straight into the table, each of its own customer. */
async function ticketsOfDistinctCustomers(count: number): Promise<TicketRecord[]> {
  const run = randomUUID().slice(0, 8);
  const first = await reserveTicketNumbers(count);
  const now = new Date();
  const tickets = Array.from({ length: count }, (_, i) =>
    newTicket(
      {
        id: first + i,
        subject: 'Withdrawal stuck',
        description: 'My withdrawal has not arrived.',
        customerEmail: `insider-${run}-${i}@example.com`,
        category: { id: category.id, name: category.name },
        priority: 'medium',
        type: 'api',
        assignee: null,
        createdById: null,
        createdByApiKeyId: null,
      },
      now,
    ),
  );
  await importTickets(tickets);
  return tickets;
}

/** Opens each ticket as `who`, ten at a time; every answer must be 200. */
async function openAll(who: ApiClient, tickets: readonly TicketRecord[]) {
  for (let start = 0; start < tickets.length; start += 10) {
    const answers = await Promise.all(tickets.slice(start, start + 10).map((t) => who.get(`/api/tickets/${t.id}`)));
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
  }
}

async function auditOf(action: string, actor?: string): Promise<AuditEntry[]> {
  const res = await admin.client.get('/api/audit', { query: { action, ...(actor ? { actor } : {}), limit: '100' } });
  expect(res.status).toBe(200);
  return res.body.entries as AuditEntry[];
}

/**
 * The limits count per clock hour, so a test that opens many tickets must not straddle one: when less than a minute of
 * the hour is left, it waits for the next hour to begin.
 */
beforeEach(async () => {
  const left = 3_600_000 - (Date.now() % 3_600_000);
  if (left < 60_000) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}, 120_000);

describe('opening tickets', () => {
  it('records each view by a staff member in the audit log, and none by an API key', async () => {
    const agent = await signedIn(api.url, 'agent');
    const [ticket] = await ticketsOfDistinctCustomers(1);
    expect((await agent.client.get(`/api/tickets/${ticket!.id}`)).status).toBe(200);
    const key = ApiClient.withApiKey(api.url, (await createTestApiKey(['tickets:read'])).secret);
    expect((await key.get(`/api/tickets/${ticket!.id}`)).status).toBe(200);

    const views = await auditOf('ticket_viewed');
    const ofTicket = views.filter((entry) => entry.target?.id === String(ticket!.id));
    expect(ofTicket).toEqual([
      expect.objectContaining({
        action: 'ticket_viewed',
        actor: expect.objectContaining({ type: 'user', id: agent.user.id }),
        target: { type: 'ticket', id: String(ticket!.id), name: ticket!.ticketId },
        details: `Customer: ${ticket!.customerEmail}`,
      }),
    ]);
  });

  it('alarms every admin once, and logs one alert naming the person, when an agent opens a 201st customer in an hour', async () => {
    const [framesOfAdmin, framesOfSecond] = await Promise.all([alarmSocket(admin), alarmSocket(secondAdmin)]);
    const agent = await signedIn(api.url, 'agent');
    const tickets = await ticketsOfDistinctCustomers(201);

    // 200 customers, one of them twice: at the limit, not past it.
    await openAll(agent.client, [...tickets.slice(0, 200), tickets[0]!]);
    expect(await auditOf('data_access_alert', agent.user.id)).toEqual([]);

    await openAll(agent.client, tickets.slice(200));
    // Past the limit, more views raise nothing more this hour.
    await openAll(agent.client, tickets.slice(0, 3));
    const alerts = await auditOf('data_access_alert', agent.user.id);
    expect(alerts).toEqual([
      expect.objectContaining({
        action: 'data_access_alert',
        actor: expect.objectContaining({ type: 'user', id: agent.user.id }),
        target: expect.objectContaining({ type: 'user', id: agent.user.id }),
        details: expect.stringMatching(/^customers: 201 > 200; /),
      }),
    ]);
    expect(JSON.stringify(alerts[0])).not.toContain('facts');

    for (const frames of [framesOfAdmin, framesOfSecond]) {
      const [alarm] = await eventually(async () => {
        const found = accessAlarms(frames, agent.user.id);
        return found.length > 0 && found;
      }, 'the alarm to an admin');
      expect(alarm!.data).toMatchObject({ kind: 'customers', userId: agent.user.id, count: 201, limit: 200 });
      expect(alarm!.data.name).toContain(agent.user.email);
    }
    // Let any late repeat arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(accessAlarms(framesOfAdmin, agent.user.id)).toHaveLength(1);
    expect(accessAlarms(framesOfSecond, agent.user.id)).toHaveLength(1);
  }, 60_000);
});

describe('the desk thresholds', () => {
  it('come from Desk Settings: a lower customer limit alarms sooner, and downloads past their own limit alarm too', async () => {
    const frames = await alarmSocket(admin);
    const saved = await admin.client.put('/api/desk-settings', {
      ...(await admin.client.get('/api/desk-settings')).body,
      insiderRisk: { maxCustomersPerHour: 3, maxDownloadsPerHour: 2 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.insiderRisk).toEqual({ maxCustomersPerHour: 3, maxDownloadsPerHour: 2 });
    try {
      const manager = await signedIn(api.url, 'manager');
      await openAll(manager.client, await ticketsOfDistinctCustomers(4));
      const [alert] = await auditOf('data_access_alert', manager.user.id);
      expect(alert?.details).toMatch(/^customers: 4 > 3; /);

      const agent = await signedIn(api.url, 'agent');
      const [ticket] = await ticketsOfDistinctCustomers(1);
      const file = await upload(agent.client, ticket!.id, {
        filename: 'shot.png',
        contentType: 'image/png',
        bytes: png(4, 4, 1),
      });
      const reply = await agent.client.post(`/api/tickets/${ticket!.id}/comments`, {
        content: 'The screenshot you asked for.',
        attachmentIds: [file.attachmentId],
      });
      expect(reply.status).toBe(201);
      const path = `/api/tickets/${ticket!.id}/attachments/${file.attachmentId}`;
      // Previews are not downloads.
      for (let i = 0; i < 3; i += 1)
        expect((await agent.client.get(path, { query: { preview: 'true' } })).status).toBe(302);
      for (let i = 0; i < 2; i += 1) expect((await agent.client.get(path)).status).toBe(302);
      expect(await auditOf('data_access_alert', agent.user.id)).toEqual([]);
      for (let i = 0; i < 2; i += 1) expect((await agent.client.get(path)).status).toBe(302);
      const downloads = await auditOf('data_access_alert', agent.user.id);
      expect(downloads.map((entry) => entry.details)).toEqual([expect.stringMatching(/^downloads: 3 > 2; /)]);
      const alarm = await eventually(async () => accessAlarms(frames, agent.user.id)[0], 'the download alarm');
      expect(alarm.data).toMatchObject({ kind: 'downloads', count: 3, limit: 2 });
    } finally {
      await admin.client.put('/api/desk-settings', {
        ...(await admin.client.get('/api/desk-settings')).body,
        insiderRisk: { maxCustomersPerHour: 200, maxDownloadsPerHour: 100 },
      });
    }
  }, 30_000);

  it('refuse a limit that is no whole number from 1 to 100000 with a 400', async () => {
    const current = (await admin.client.get('/api/desk-settings')).body;
    for (const insiderRisk of [
      { maxCustomersPerHour: 0, maxDownloadsPerHour: 100 },
      { maxCustomersPerHour: 200, maxDownloadsPerHour: 1.5 },
      { maxCustomersPerHour: 100_001, maxDownloadsPerHour: 100 },
      { maxCustomersPerHour: '200', maxDownloadsPerHour: 100 },
    ]) {
      const res = await admin.client.put('/api/desk-settings', { ...current, insiderRisk });
      expect(res.status).toBe(400);
    }
  });
});

describe('the audit filters', () => {
  it('list only the chosen action, and only to admins', async () => {
    const views = await auditOf('ticket_viewed');
    expect(views.length).toBeGreaterThan(0);
    expect(new Set(views.map((entry) => entry.action))).toEqual(new Set(['ticket_viewed']));
    const alerts = await auditOf('data_access_alert');
    expect(new Set(alerts.map((entry) => entry.action))).toEqual(new Set(['data_access_alert']));
    const agent = await signedIn(api.url, 'agent');
    expect((await agent.client.get('/api/audit', { query: { action: 'ticket_viewed' } })).status).toBe(403);
  });
});
