/**
 * Webhooks end to end on the real parts (docs/decisions/052-webhooks.md): admins manage them over HTTP; ticket changes
 * made through the API reach DynamoDB Local, whose stream the embedded poller hands to the real dispatcher (and the
 * notifier); jobs go through the embedded SQS endpoint to the real webhook sender, which posts signed events to a
 * real HTTP receiver on 127.0.0.1.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Context, SQSEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { WEBHOOK_EVENT_TYPES } from '#shared/constants.ts';
import type { ApiCode, CodedText } from '#shared/i18n/messages.ts';
import type { ServerMessage } from '#shared/schemas/alarm.ts';
import {
  createdWebhookSchema,
  WEBHOOK_MESSAGES,
  webhookDeliveryListSchema,
  type WebhookEvent,
  webhookEventSchema,
  webhookListSchema,
} from '#shared/schemas/webhook.ts';
import { keys } from '#functions/data/table.ts';
import { verifySignature } from '#functions/domain/webhooks.ts';
import { handler as notifier } from '#functions/jobs/notifier.ts';
import { handler as dispatcher } from '#functions/jobs/outbox.ts';
import { handler as webhookSender } from '#functions/jobs/webhook-sender.ts';
import { dynamo } from '#functions/lib/clients.ts';
import { config } from '#functions/lib/config.ts';
import { logger } from '#functions/lib/logger.ts';
import { englishOfText } from '#functions/lib/messages.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { startQueues, type LocalQueues } from '#infra/local/queues.ts';
import type { StreamPoller } from '#infra/local/stream-poller.ts';
import { ApiClient, startApi } from './support/api.ts';
import { startReceiver, type ReceivedRequest, type Receiver } from './support/receiver.ts';
import { pollTableStream } from './support/stream.ts';
import { environmentOverride, eventually } from './support/waiting.ts';
import {
  createTestApiKey,
  createTestCategory,
  createTicketAs,
  signedIn,
  ticketBody,
  useDedicatedTable,
  type SignedIn,
} from './tickets-support.ts';

/**
 * A stub of the system resolver for names under `.resolver-stub.test`: the sender resolves a webhook's name itself
 * (functions/outbound/webhook-http.ts), and no real name resolves to the addresses the send-time check must refuse. Every
 * other name goes to the real resolver.
 */
const stubbedNames = vi.hoisted(() => new Map<string, string>());
vi.mock('node:dns/promises', async (importOriginal) => {
  const dns = await importOriginal<typeof import('node:dns/promises')>();
  const lookup = (async (name: string, options: { all?: boolean }) => {
    const address = stubbedNames.get(name);
    if (address === undefined) return dns.lookup(name, options);
    return options.all ? [{ address, family: 6 }] : { address, family: 6 };
  }) as typeof dns.lookup;
  return { ...dns, default: { ...dns, lookup }, lookup };
});

const WEBHOOK_QUEUE = 'helpdesk-webhook';
const MAIL_SINK = 'helpdesk-mail-sink';
/**
 * The retry window (and so the failing time after which an endpoint is disabled), shortened for the test that needs
 * it. Elsewhere it stays long: a job's age counts from the stream record's time, which DynamoDB Local rounds down.
 */
const RETRY_WINDOW_MS = 4_000;
const LONG_RETRY_WINDOW_MS = '600000';

let table: Awaited<ReturnType<typeof useDedicatedTable>>;
let api: Gateway;
let receiver: Receiver;
let queues: LocalQueues;
let poller: StreamPoller;
let admin: SignedIn;
let agent: SignedIn;
let category: string;
let rater: ApiClient;
let replier: ApiClient;
let previousLogLevel: ReturnType<typeof logger.getLevelName>;

const env = environmentOverride();
const setEnv = env.set;

beforeAll(async () => {
  // Every webhook gets every event of the table: a table of its own keeps other files' tickets out.
  table = await useDedicatedTable('helpdesk-webhooks');
  previousLogLevel = logger.getLevelName();
  // Failed deliveries are logged as errors on purpose; the assertions say what matters.
  logger.setLogLevel('CRITICAL');
  receiver = await startReceiver();
  queues = await startQueues({
    queues: [
      {
        name: WEBHOOK_QUEUE,
        handler: async () => async (event: SQSEvent, context: Context) => webhookSender(event, context),
        visibilityTimeoutSeconds: 2,
      },
      // The dispatcher plans e-mail for these tickets too; this file is about webhooks, so the mail jobs are taken
      // and dropped (tests/integration/mail-*.test.ts send them).
      { name: MAIL_SINK, handler: async () => async () => ({ batchItemFailures: [] }), visibilityTimeoutSeconds: 2 },
    ],
    log: () => undefined,
  });
  setEnv({
    SQS_ENDPOINT: queues.endpoint,
    WEBHOOK_QUEUE_URL: queues.queueUrl(WEBHOOK_QUEUE),
    MAIL_QUEUE_URL: queues.queueUrl(MAIL_SINK),
    WEBHOOK_RETRY_BASE_MS: '300',
    WEBHOOK_RETRY_CAP_MS: '1000',
    WEBHOOK_RETRY_MAX_AGE_MS: LONG_RETRY_WINDOW_MS,
  });
  api = await startApi();
  poller = await pollTableStream(table.tableName, [
    { handler: async () => dispatcher, functionName: 'helpdesk-outbox' },
    { handler: async () => notifier, functionName: 'helpdesk-notifier' },
  ]);
  [admin, agent] = await Promise.all([signedIn(api.url, 'admin'), signedIn(api.url, 'agent')]);
  category = (await createTestCategory()).name;
  rater = ApiClient.withApiKey(api.url, (await createTestApiKey(['tickets:rate'])).secret);
  replier = ApiClient.withApiKey(api.url, (await createTestApiKey(['tickets:reply', 'tickets:read'])).secret);
});

afterEach(async () => {
  // Each test's webhooks go with it, so that no later test's events reach them.
  const listed = webhookListSchema.parse((await admin.client.get('/api/webhooks')).body);
  for (const webhook of listed) await admin.client.delete(`/api/webhooks/${webhook.id}`);
});

afterAll(async () => {
  await poller?.stop();
  await queues?.stop();
  await receiver?.close();
  await api?.close();
  env.restore();
  logger.setLogLevel(previousLogLevel);
  await table?.restore();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A path on the receiver no other test uses. */
const freshPath = (name: string) => `/${name}-${randomUUID().slice(0, 8)}`;

async function createWebhookAt(url: string, events = ['ticket.created'], client = admin.client) {
  const res = await client.post('/api/webhooks', { url, events, description: 'Tests' });
  expect(res.status).toBe(201);
  return createdWebhookSchema.parse(res.body);
}

const createWebhook = (path: string, events: string[], client = admin.client) =>
  createWebhookAt(`${receiver.url}${path}`, events, client);

const ALL_EVENTS = [...WEBHOOK_EVENT_TYPES];

const eventOf = (request: ReceivedRequest): WebhookEvent => webhookEventSchema.parse(JSON.parse(request.body));
const eventsOn = (path: string) => receiver.on(path).map(eventOf);
const ofTicket = (path: string, id: number) =>
  eventsOn(path).filter((event) => event.type !== 'ping' && event.data.ticket.id === id);

const newTicket = (overrides: Record<string, unknown> = {}) =>
  createTicketAs(admin.client, ticketBody(category, { assignedToId: agent.user.id, ...overrides }));

const deliveriesOf = async (webhookId: string) => {
  const res = await admin.client.get(`/api/webhooks/${webhookId}/deliveries`);
  expect(res.status).toBe(200);
  return webhookDeliveryListSchema.parse(res.body);
};

describe('managing webhooks', () => {
  it('shows the secret once and stores it sealed, never in the list', async () => {
    const { webhook, secret } = await createWebhook(freshPath('manage'), ['ticket.created', 'ticket.created']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(webhook).toMatchObject({ events: ['ticket.created'], description: 'Tests', disabledAt: null });
    expect(webhook.createdBy).toEqual({ id: admin.user.id, email: admin.email });

    const listed = await admin.client.get('/api/webhooks');
    expect(listed.body).toEqual([webhook]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: config().tableName, Key: keys.webhook(webhook.id), ConsistentRead: true }),
    );
    expect(Item?.sealedSecret).toEqual(expect.any(String));
    expect(JSON.stringify(Item)).not.toContain(secret.slice('whsec_'.length));
  });

  it('is for admins only, and refuses bad input with a 400 that changes nothing', async () => {
    const manager = await signedIn(api.url, 'manager');
    expect((await manager.client.get('/api/webhooks')).status).toBe(403);
    expect(
      (await manager.client.post('/api/webhooks', { url: 'https://example.com', events: ALL_EVENTS })).status,
    ).toBe(403);
    const key = ApiClient.withApiKey(api.url, (await createTestApiKey(['tickets:read'])).secret);
    expect((await key.get('/api/webhooks')).status).toBe(403);

    const bad = await admin.client.post('/api/webhooks', { url: 'not a url', events: [] });
    expect(bad.status).toBe(400);
    const noEvents = await admin.client.post('/api/webhooks', { url: 'https://example.com/h', events: [] });
    expect(noEvents.body.errors).toEqual({ events: englishOfText(WEBHOOK_MESSAGES.eventsRequired) });
    expect(noEvents.body.fieldCodes).toEqual({ events: { code: WEBHOOK_MESSAGES.eventsRequired } });
    const unknown = await admin.client.post('/api/webhooks', { url: 'https://example.com/h', events: ['ticket.gone'] });
    expect(unknown.status).toBe(400);
    expect((await admin.client.delete(`/api/webhooks/${randomUUID()}`)).status).toBe(404);
    expect((await admin.client.post(`/api/webhooks/${randomUUID()}/test`)).status).toBe(404);
    expect((await admin.client.get(`/api/webhooks/${randomUUID()}/deliveries`)).status).toBe(404);
    expect((await admin.client.get('/api/webhooks')).body).toEqual([]);
  });
});

describe('events', () => {
  it('arrive once per change, of every type, signed with the secret, with the event id in the header', async () => {
    const path = freshPath('all');
    const resolvedOnly = freshPath('resolved-only');
    const { secret } = await createWebhook(path, ALL_EVENTS);
    await createWebhook(resolvedOnly, ['ticket.resolved']);

    const ticket = await newTicket({ priority: 'low' });
    expect((await admin.client.patch(`/api/tickets/${ticket.id}`, { priority: 'high' })).status).toBe(200);
    expect(
      (await agent.client.post(`/api/tickets/${ticket.id}/comments`, { content: 'We are on it.', isInternal: false }))
        .status,
    ).toBe(201);
    expect((await replier.post(`/api/tickets/${ticket.id}/messages`, { content: 'Thanks, waiting.' })).status).toBe(
      201,
    );
    expect((await admin.client.patch(`/api/tickets/${ticket.id}`, { status: 'resolved' })).status).toBe(200);
    expect((await rater.post(`/api/tickets/${ticket.id}/rating`, { score: 5 })).status).toBe(201);
    // Merged into another ticket of the same customer: closed (an update) and merged.
    const into = await newTicket({ customerEmail: ticket.customerEmail });
    expect((await admin.client.post(`/api/tickets/${ticket.id}/merge`, { intoTicketId: into.id })).status).toBe(200);

    const expected = [...ALL_EVENTS, 'ticket.updated', 'ticket.updated'].sort();
    await eventually(() => ofTicket(path, ticket.id).length >= expected.length, 'every event');
    await pause(1_500);
    const events = ofTicket(path, ticket.id);
    expect(events.map((event) => event.type).sort()).toEqual(expected);
    expect(ofTicket(resolvedOnly, ticket.id).map((event) => event.type)).toEqual(['ticket.resolved']);

    for (const request of receiver.on(path)) {
      const event = eventOf(request);
      expect(request.headers['helpdesk-event-id']).toBe(event.id);
      expect(request.headers['helpdesk-event-type']).toBe(event.type);
      expect(request.headers['content-type']).toBe('application/json');
      const signature = String(request.headers['helpdesk-signature']);
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verifySignature(secret, request.body, signature, new Date())).toBe(true);
      expect(verifySignature('whsec_wrong', request.body, signature, new Date())).toBe(false);
    }
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);

    const byType = new Map(events.map((event) => [event.type, event]));
    const created = byType.get('ticket.created')!;
    expect(created.data).toMatchObject({
      ticket: {
        id: ticket.id,
        ticketId: ticket.ticketId,
        status: 'open',
        assignee: { id: agent.user.id, name: `${agent.user.firstName} ${agent.user.lastName}` },
      },
    });
    // Never a staff member's e-mail: only the assignee's name.
    for (const request of receiver.on(path)) {
      expect(request.body).not.toContain(agent.email);
      expect(request.body).not.toContain(admin.email);
    }
    const updates = events.filter((event) => event.type === 'ticket.updated');
    expect(updates.map((event) => (event.type === 'ticket.updated' ? event.data.changes : []))).toEqual(
      expect.arrayContaining([
        [{ field: 'priority', from: 'low', to: 'high' }],
        [{ field: 'status', from: 'open', to: 'resolved' }],
      ]),
    );
    const replied = byType.get('ticket.replied')!;
    expect(replied.type === 'ticket.replied' && replied.data.message).toMatchObject({
      content: 'We are on it.',
      authorType: 'staff',
      authorName: `${agent.user.firstName} ${agent.user.lastName}`,
    });
    const customer = byType.get('ticket.customer_replied')!;
    expect(customer.type === 'ticket.customer_replied' && customer.data.message).toMatchObject({
      content: 'Thanks, waiting.',
      authorType: 'customer',
      channel: 'api',
      authorName: null,
    });
    expect(byType.get('ticket.rated')!.data).toMatchObject({ ticket: { rating: { score: 5, comment: null } } });
    expect(byType.get('ticket.resolved')!.data).toMatchObject({ ticket: { status: 'resolved' } });
    expect(byType.get('ticket.merged')!.data).toMatchObject({
      ticket: { id: ticket.id, status: 'closed', mergedIntoId: into.id },
      into: { id: into.id, ticketId: into.ticketId },
    });
  });

  it('never include an internal note', async () => {
    const path = freshPath('notes');
    await createWebhook(path, ALL_EVENTS);
    const ticket = await newTicket();
    const note = `Internal: check the ledger ${randomUUID()}`;
    await agent.client.post(`/api/tickets/${ticket.id}/comments`, { content: note, isInternal: true });
    await agent.client.post(`/api/tickets/${ticket.id}/comments`, { content: 'Public answer.', isInternal: false });

    await eventually(() => ofTicket(path, ticket.id).some((e) => e.type === 'ticket.replied'), 'the public reply');
    await pause(1_500);
    expect(
      ofTicket(path, ticket.id)
        .map((event) => event.type)
        .sort(),
    ).toEqual(['ticket.created', 'ticket.replied']);
    for (const request of receiver.on(path)) expect(request.body).not.toContain(note);
  });

  it('carry only the code and status of a restricted case, and no message of its thread', async () => {
    const path = freshPath('restricted');
    await createWebhook(path, ALL_EVENTS);
    const compliance = await signedIn(api.url, 'agent');
    expect((await admin.client.put(`/api/users/${compliance.user.id}/permissions`, { compliance: true })).status).toBe(
      200,
    );
    const restricted = (await createTestCategory({ restricted: true })).name;
    const subject = `Law-enforcement request ${randomUUID().slice(0, 8)}`;
    const ticket = await createTicketAs(admin.client, ticketBody(restricted, { subject }));
    // A restricted case takes only an approved macro, unedited (ADR 099).
    const macro = await compliance.client.post('/api/macros', {
      title: `Holding reply ${randomUUID()}`,
      body: { en: `We are looking into your request ${randomUUID()}` },
      approvedForRestricted: true,
    });
    expect(macro.status).toBe(201);
    const reply = (await compliance.client.get(`/api/tickets/${ticket.id}/macros/${macro.body.id}/preview`)).body
      .content as string;
    expect(
      (
        await compliance.client.post(`/api/tickets/${ticket.id}/comments`, {
          content: reply,
          isInternal: false,
          macroId: macro.body.id,
        })
      ).status,
    ).toBe(201);

    await eventually(() => ofTicket(path, ticket.id).some((e) => e.type === 'ticket.replied'), 'the reply event');
    const events = ofTicket(path, ticket.id);
    expect(events.map((event) => event.type).sort()).toEqual(['ticket.created', 'ticket.replied']);
    for (const event of events) {
      expect(event.data).toEqual({
        ticket: { id: ticket.id, ticketId: ticket.ticketId, status: 'open', restricted: true },
      });
    }
    for (const request of receiver.on(path)) {
      for (const secret of [subject, reply, ticket.customerEmail]) expect(request.body).not.toContain(secret);
    }
  });
});

describe('delivery', () => {
  it('retries a receiver answering 500 twice, with the same event id, and lists the delivery', async () => {
    const path = freshPath('flaky');
    receiver.answer(path, [500, 500, 200]);
    const { webhook } = await createWebhook(path, ['ticket.created']);
    const ticket = await newTicket();

    await eventually(() => receiver.on(path).length >= 3, 'three attempts');
    await pause(1_000);
    const attempts = receiver.on(path);
    expect(attempts).toHaveLength(3);
    const ids = attempts.map((request) => request.headers['helpdesk-event-id']);
    expect(new Set(ids).size).toBe(1);
    expect(attempts.map((request) => eventOf(request).id)).toEqual(ids);
    expect(eventOf(attempts[2]!).data).toMatchObject({ ticket: { id: ticket.id } });

    const [delivery] = await eventually(async () => {
      const list = await deliveriesOf(webhook.id);
      return list[0]?.status === 'delivered' && list;
    }, 'the delivered entry');
    expect(delivery).toMatchObject({
      eventId: ids[0],
      type: 'ticket.created',
      attempts: 3,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
      deliveredAt: expect.any(String),
    });
  });

  it('sends a ping on request, to that webhook alone', async () => {
    const path = freshPath('ping');
    const other = freshPath('not-pinged');
    const { webhook, secret } = await createWebhook(path, ['ticket.resolved']);
    await createWebhook(other, ['ticket.resolved']);
    const res = await admin.client.post(`/api/webhooks/${webhook.id}/test`);
    expect(res.status).toBe(202);

    const [ping] = await eventually(() => receiver.on(path).length > 0 && receiver.on(path), 'the ping');
    expect(eventOf(ping!)).toMatchObject({ type: 'ping', data: { webhook: { id: webhook.id, url: webhook.url } } });
    expect(verifySignature(secret, ping!.body, String(ping!.headers['helpdesk-signature']), new Date())).toBe(true);
    await eventually(async () => (await deliveriesOf(webhook.id))[0]?.status === 'delivered', 'the logged ping');
    expect((await deliveriesOf(webhook.id))[0]).toMatchObject({ type: 'ping', lastStatusCode: 200, attempts: 1 });
    expect(receiver.on(other)).toEqual([]);
  });

  it('sends nothing to a deleted webhook, not even the retries already planned', async () => {
    const deleted = freshPath('deleted');
    const failing = freshPath('deleted-failing');
    const kept = freshPath('kept');
    receiver.answer(failing, [500]);
    const gone = await createWebhook(deleted, ['ticket.created']);
    const retrying = await createWebhook(failing, ['ticket.created']);
    await createWebhook(kept, ['ticket.created']);
    expect((await admin.client.delete(`/api/webhooks/${gone.webhook.id}`)).status).toBe(204);

    const ticket = await newTicket();
    await eventually(() => ofTicket(kept, ticket.id).length > 0, 'the kept webhook’s event');
    await eventually(() => receiver.on(failing).length > 0, 'the first failed attempt');
    expect((await admin.client.delete(`/api/webhooks/${retrying.webhook.id}`)).status).toBe(204);
    const attemptsAtDeletion = receiver.on(failing).length;
    await pause(2_500);
    expect(receiver.on(deleted)).toEqual([]);
    expect(receiver.on(failing).length).toBe(attemptsAtDeletion);
    expect((await admin.client.get(`/api/webhooks/${retrying.webhook.id}/deliveries`)).status).toBe(404);
  });

  it('disables an endpoint that failed for the whole retry window, and alarms the admins', async () => {
    setEnv({ WEBHOOK_RETRY_MAX_AGE_MS: String(RETRY_WINDOW_MS) });
    try {
      await endpointDisabledAfterWindow();
    } finally {
      setEnv({ WEBHOOK_RETRY_MAX_AGE_MS: LONG_RETRY_WINDOW_MS });
    }
  });

  async function endpointDisabledAfterWindow() {
    const path = freshPath('down');
    receiver.answer(path, [503]);
    const socket = await adminSocket(admin);
    const { webhook } = await createWebhook(path, ['ticket.created']);
    await newTicket();
    await eventually(() => receiver.on(path).length > 0, 'the first failed attempt');
    const firstFailure = receiver.on(path)[0]!.at;

    // Still failing once the window has passed: the next failed attempt disables it.
    await pause(Math.max(0, firstFailure + RETRY_WINDOW_MS + 200 - Date.now()));
    await admin.client.post(`/api/webhooks/${webhook.id}/test`);
    const disabled = await eventually(async () => {
      const listed = webhookListSchema.parse((await admin.client.get('/api/webhooks')).body);
      return listed.find((w) => w.id === webhook.id && w.disabledAt);
    }, 'the webhook disabled');
    expect(disabled.disabledAt).toEqual(expect.any(String));

    const alarm = await eventually(
      () => socket.received.find((m) => 'alarmType' in m && m.alarmType === 'webhook_disabled'),
      'the admin alarm',
      5_000,
    );
    expect(alarm).toMatchObject({ data: { webhookId: webhook.id, url: webhook.url } });
    socket.close();

    // Nothing more goes to it.
    const before = receiver.on(path).length;
    await newTicket();
    await pause(1_500);
    expect(receiver.on(path).length).toBe(before);
  }
});

describe('targets under the AWS configuration (no loopback)', () => {
  it('refuses http, private and loopback literals up front, and a name resolving to loopback at send time', async () => {
    setEnv({ WEBHOOK_ALLOW_LOOPBACK: 'false' });
    try {
      const refused = async (url: string, message: CodedText<ApiCode>) => {
        const res = await admin.client.post('/api/webhooks', { url, events: ['ticket.created'] });
        expect(res.status, url).toBe(400);
        expect(res.body.errors, url).toEqual({ url: englishOfText(message) });
        expect(res.body.fieldCodes, url).toEqual({ url: { code: message } });
      };
      await refused(`${receiver.url}/hook`, WEBHOOK_MESSAGES.httpsOnly);
      await refused('https://127.0.0.1/hook', WEBHOOK_MESSAGES.privateAddress);
      await refused('https://10.1.2.3/hook', WEBHOOK_MESSAGES.privateAddress);
      await refused('https://169.254.169.254/latest/meta-data', WEBHOOK_MESSAGES.privateAddress);
      await refused('https://[::1]/hook', WEBHOOK_MESSAGES.privateAddress);
      await refused('https://[::ffff:192.168.1.1]/hook', WEBHOOK_MESSAGES.privateAddress);
      await refused('https://[fd00::1]/hook', WEBHOOK_MESSAGES.privateAddress);
      await refused('https://user:pw@example.com/hook', WEBHOOK_MESSAGES.credentialsInUrl);

      // A name is only resolved when sending: there it is refused, and nothing is sent.
      const port = new URL(receiver.url).port;
      const path = freshPath('localhost');
      const res = await admin.client.post('/api/webhooks', {
        url: `https://localhost:${port}${path}`,
        events: ['ticket.created'],
      });
      expect(res.status).toBe(201);
      const { webhook } = createdWebhookSchema.parse(res.body);
      await newTicket();
      const [delivery] = await eventually(async () => {
        const list = await deliveriesOf(webhook.id);
        return list[0]?.status === 'failed' && list;
      }, 'the refused delivery');
      expect(delivery).toMatchObject({ attempts: 1, lastStatusCode: null, nextAttemptAt: null });
      expect(delivery!.lastError).toMatch(/^Refused: localhost resolves to .* loopback address/);
      expect(receiver.on(path)).toEqual([]);
    } finally {
      setEnv({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
    }
  });
});

describe('IPv6 forms of private IPv4 addresses', () => {
  /** 169.254.169.254 (cloud metadata) in four IPv6 forms, each with the form's name. */
  const METADATA = [
    ['::169.254.169.254', 'IPv4-compatible'],
    ['::ffff:0:a9fe:a9fe', 'IPv4-translated'],
    ['64:ff9b:1::a9fe:a9fe', 'local-use NAT64'],
    ['2002:a9fe:a9fe::1', '6to4'],
  ] as const;

  it('are refused as a webhook URL with a 400 that stores nothing', async () => {
    for (const [literal] of METADATA) {
      const url = `https://[${literal}]/latest/meta-data`;
      const res = await admin.client.post('/api/webhooks', { url, events: ['ticket.created'] });
      expect(res.status, url).toBe(400);
      expect(res.body.errors, url).toEqual({ url: englishOfText(WEBHOOK_MESSAGES.privateAddress) });
      expect(res.body.fieldCodes, url).toEqual({ url: { code: WEBHOOK_MESSAGES.privateAddress } });
    }
    expect((await admin.client.get('/api/webhooks')).body).toEqual([]);
  });

  it('are refused at send time when the name resolves to one, and nothing is sent', async () => {
    setEnv({ WEBHOOK_ALLOW_LOOPBACK: 'false' });
    try {
      const webhooks = [];
      for (const [i, [literal, form]] of METADATA.entries()) {
        const name = `metadata-${i}-${randomUUID().slice(0, 8)}.resolver-stub.test`;
        stubbedNames.set(name, literal);
        const { webhook } = await createWebhookAt(`https://${name}/hook`);
        expect((await admin.client.post(`/api/webhooks/${webhook.id}/test`)).status).toBe(202);
        webhooks.push({ webhook, name, literal, form });
      }
      for (const { webhook, name, literal, form } of webhooks) {
        const [delivery] = await eventually(async () => {
          const list = await deliveriesOf(webhook.id);
          return list[0]?.status === 'failed' && list;
        }, `the refused delivery to ${literal}`);
        expect(delivery).toMatchObject({ attempts: 1, lastStatusCode: null, nextAttemptAt: null });
        expect(delivery!.lastError).toBe(
          `Refused: ${name} resolves to ${literal} carries 169.254.169.254 (${form}), a private, link-local, multicast or reserved address`,
        );
      }
    } finally {
      setEnv({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------

/** An admin's alarm socket, subscribed, as the SPA opens it. */
async function adminSocket(who: SignedIn): Promise<{ received: ServerMessage[]; close(): void }> {
  const ws = new WebSocket(`${api.url.replace(/^http/, 'ws')}/ws`, {
    headers: { cookie: who.client.cookieHeader() },
    origin: api.url,
  });
  const received: ServerMessage[] = [];
  ws.on('message', (data) => received.push(JSON.parse(data.toString()) as ServerMessage));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'subscribe', userId: who.user.id }));
  const { listSubscribedConnections } = await import('#functions/data/connections.ts');
  await eventually(async () => (await listSubscribedConnections(who.user.id)).length > 0, 'the subscription');
  return { received, close: () => ws.close() };
}
