/**
 * The notifier's delivery guarantees under failures the emulators cannot produce: the management API throttling
 * a send, and many slow sends at once. The table is real (DynamoDB Local); only the management API is mocked.
 * The 410 path, and sockets closed when their session ends, are tested for real, through the gateway, in
 * alarms.test.ts; here, what delivery does with connections of sessions that ended without their sockets being closed.
 */
import { randomUUID } from 'node:crypto';
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  LimitExceededException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmMessage } from '#shared/schemas/alarm.ts';
import { putConnection, subscribeConnection } from '#functions/data/connections.ts';
import { keys } from '#functions/data/table.ts';
import { transact } from '#functions/data/transactions.ts';
import { getStaffRecord, putNewUser, sessionsWrite } from '#functions/data/users.ts';
import type { TicketImage } from '#functions/domain/alarms.ts';
import { withNewSession, withoutSession } from '#functions/domain/sessions.ts';
import { notify } from '#functions/use-cases/alarms/notify.ts';
import { dynamo } from '#functions/lib/clients.ts';
import { config, resetConfigForTests } from '#functions/lib/config.ts';
import { logger } from '#functions/lib/logger.ts';
import { useDedicatedTable } from './tickets-support.ts';

let table: Awaited<ReturnType<typeof useDedicatedTable>>;
const managementApi = mockClient(ApiGatewayManagementApiClient);
let previousLogLevel: ReturnType<typeof logger.getLevelName>;

beforeAll(async () => {
  table = await useDedicatedTable('helpdesk-alarm-delivery');
  // Never called for real: every send below is answered by the mock.
  process.env.WS_MANAGEMENT_ENDPOINT = 'http://127.0.0.1:9';
  resetConfigForTests();
  // Every failed delivery below is logged as an error on purpose; the assertions say what matters.
  previousLogLevel = logger.getLevelName();
  logger.setLogLevel('CRITICAL');
});
afterEach(() => managementApi.reset());
afterAll(async () => {
  logger.setLogLevel(previousLogLevel);
  managementApi.restore();
  await table?.restore();
});

/** Opens a session for the user, as a sign-in does; returns its id. */
async function openSession(userId: string): Promise<string> {
  const sessionId = randomUUID();
  const record = (await getStaffRecord(userId))!;
  await transact([
    sessionsWrite(userId, withNewSession(record.sessions, sessionId, new Date()), record.sessionsVersion),
  ]);
  return sessionId;
}

/** A subscribed connection of the user's session; without one, as recorded before sockets carried their session. */
async function subscribedConnection(userId: string, sessionId: string | undefined): Promise<string> {
  const connectionId = `${randomUUID()}=`;
  await putConnection(connectionId, userId, sessionId ?? 'none');
  if (sessionId === undefined) {
    await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: keys.connection(connectionId),
        UpdateExpression: 'REMOVE sessionId',
      }),
    );
  }
  await subscribeConnection(connectionId, userId);
  return connectionId;
}

/** An active agent, signed in once, with `count` subscribed connections of that session; returns the ids. */
async function agentWithConnections(
  count: number,
): Promise<{ userId: string; sessionId: string; connectionIds: string[] }> {
  const userId = randomUUID();
  await putNewUser({ id: userId, email: `${userId}@test.local`, firstName: 'Ada', lastName: 'Agent', role: 'agent' });
  const sessionId = await openSession(userId);
  const connectionIds: string[] = [];
  for (let i = 0; i < count; i++) connectionIds.push(await subscribedConnection(userId, sessionId));
  return { userId, sessionId, connectionIds };
}

let sequence = 1_000;
let ticketNumber = 900_000;

const ticketImage = (overrides: Partial<TicketImage> = {}): TicketImage => {
  const id = ++ticketNumber;
  return {
    id,
    ticketId: `TKT-${id}`,
    subject: 'Deposit not credited',
    priority: 'medium',
    customerEmail: 'trader@example.com',
    status: 'open',
    assignedToId: null,
    isOverdue: false,
    ...overrides,
  };
};

/** A stream record of an item's change, as the event source mapping (or the local poller) hands it over. */
function streamRecord(
  itemKey: Record<string, string>,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
): DynamoDBRecord {
  const image = (item: Record<string, unknown>) => marshall({ ...itemKey, ...item }, { removeUndefinedValues: true });
  return {
    eventID: randomUUID(),
    eventName: before ? 'MODIFY' : 'INSERT',
    eventSource: 'aws:dynamodb',
    dynamodb: {
      Keys: marshall(itemKey) as never,
      ...(before ? { OldImage: image(before) as never } : {}),
      NewImage: image(after) as never,
      SequenceNumber: String(++sequence).padStart(21, '0'),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  };
}

/** A stream record of a new item. */
const inserted = (image: TicketImage, itemKey = keys.ticket(image.id)) =>
  streamRecord(itemKey, undefined, { ...image });

type SessionsOf = { isActive: boolean; sessions: Record<string, string> };

/** A stream record of a change of a user's directory item: active or not, and the sessions they hold. */
const userChanged = (userId: string, before: SessionsOf, after: SessionsOf) =>
  streamRecord(keys.user(userId), { id: userId, ...before }, { id: userId, ...after });

const batch = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

/**
 * Alarm frames the mock accepted for these connections, as `eventId → connection ids` (staff made by earlier tests
 * of this file hear `ticket_created` too).
 */
function deliveredAlarms(
  accepted: Array<{ connectionId: string; body: string }>,
  among: string[],
): Map<string, string[]> {
  const delivered = new Map<string, string[]>();
  for (const { connectionId, body } of accepted) {
    const message = JSON.parse(body) as Partial<AlarmMessage>;
    if (!message.alarmType || !among.includes(connectionId)) continue;
    delivered.set(message.eventId!, [...(delivered.get(message.eventId!) ?? []), connectionId].sort());
  }
  return delivered;
}

/** Answers every send through `answer`, keeping what it accepted. */
function acceptSends(answer: (connectionId: string) => Promise<void> = async () => undefined) {
  const accepted: Array<{ connectionId: string; body: string }> = [];
  managementApi.on(PostToConnectionCommand).callsFake(async (input: { ConnectionId: string; Data: Uint8Array }) => {
    await answer(input.ConnectionId);
    accepted.push({ connectionId: input.ConnectionId, body: new TextDecoder().decode(input.Data) });
    return {};
  });
  return accepted;
}

describe('a throttled send', () => {
  it('is retried from the failed record, and nobody is sent the same alarm twice', async () => {
    const agents = await Promise.all([agentWithConnections(1), agentWithConnections(1), agentWithConnections(1)]);
    const all = agents.flatMap((a) => a.connectionIds).sort();
    const throttled = agents[1]!.connectionIds[0]!;
    let throttledOnce = false;
    const accepted = acceptSends(async (connectionId) => {
      if (connectionId === throttled && !throttledOnce) {
        throttledOnce = true;
        throw new LimitExceededException({ message: 'Rate exceeded', $metadata: { httpStatusCode: 429 } });
      }
    });
    const first = inserted(ticketImage());
    const second = inserted(ticketImage({ priority: 'high' }));

    // The failed record and every one after it are reported: the mapping retries from the lowest.
    const failedRun = await notify(batch(first, second));
    expect(failedRun).toEqual({
      batchItemFailures: [first, second].map((r) => ({ itemIdentifier: r.dynamodb!.SequenceNumber })),
    });
    expect(Object.fromEntries(deliveredAlarms(accepted, all))).toEqual({
      [first.eventID!]: all.filter((id) => id !== throttled),
    });

    // The event source mapping hands the batch over again from the reported record.
    expect(await notify(batch(first, second))).toEqual({ batchItemFailures: [] });
    expect(Object.fromEntries(deliveredAlarms(accepted, all))).toEqual({
      [first.eventID!]: all,
      [second.eventID!]: all,
    });
  });

  it('keeps reporting the record while one send keeps failing, and never repeats the healthy send', async () => {
    const { connectionIds } = await agentWithConnections(2);
    const [healthy, failing] = connectionIds as [string, string];
    const accepted = acceptSends(async (connectionId) => {
      if (connectionId === failing) throw new LimitExceededException({ message: 'Rate exceeded', $metadata: {} });
    });
    const record = inserted(ticketImage());

    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await notify(batch(record))).toEqual({
        batchItemFailures: [{ itemIdentifier: record.dynamodb!.SequenceNumber }],
      });
    }
    expect(deliveredAlarms(accepted, connectionIds).get(record.eventID!)).toEqual([healthy]);
  });
});

describe('fan-out', () => {
  it('keeps at most 10 sends in flight and still reaches all 25 connections', async () => {
    const { userId, connectionIds } = await agentWithConnections(25);
    let inFlight = 0;
    let peak = 0;
    const accepted = acceptSends(async () => {
      peak = Math.max(peak, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
    });
    const record = inserted(ticketImage({ assignedToId: userId }));

    expect(await notify(batch(record))).toEqual({ batchItemFailures: [] });
    expect(deliveredAlarms(accepted, connectionIds).get(record.eventID!)).toEqual([...connectionIds].sort());
    expect(peak).toBe(10);
  });

  it('raises no alarm for items that share a ticket partition, and only names the ticket as changed', async () => {
    const { connectionIds } = await agentWithConnections(1);
    const accepted = acceptSends();
    const image = ticketImage();
    const comment = inserted(image, keys.ticketComment(image.id, new Date().toISOString(), randomUUID()));

    expect(await notify(batch(comment))).toEqual({ batchItemFailures: [] });
    const ours = accepted.filter((send) => connectionIds.includes(send.connectionId));
    expect(ours.map((send) => JSON.parse(send.body))).toEqual([{ type: 'tickets_changed', data: { ids: [image.id] } }]);
  });
});

describe('connections of sessions that ended', () => {
  const connectionItem = async (connectionId: string) =>
    (await dynamo().send(new GetCommand({ TableName: config().tableName, Key: keys.connection(connectionId) }))).Item;

  /** Ends one of the user's sessions, as a sign-out does. */
  async function signOut(userId: string, sessionId: string): Promise<void> {
    const record = (await getStaffRecord(userId))!;
    await transact([sessionsWrite(userId, withoutSession(record.sessions, sessionId), record.sessionsVersion)]);
  }

  const closed = () =>
    managementApi.commandCalls(DeleteConnectionCommand).map((call) => call.args[0].input.ConnectionId);

  it('sends neither alarms nor change notices to a connection whose session ended or that has none, and closes both', async () => {
    const { userId, connectionIds } = await agentWithConnections(1);
    const live = connectionIds[0]!;
    const endedSession = await openSession(userId);
    const ofEndedSession = await subscribedConnection(userId, endedSession);
    await signOut(userId, endedSession);
    const withoutASession = await subscribedConnection(userId, undefined);
    const accepted = acceptSends();
    const record = inserted(ticketImage({ assignedToId: userId }));

    expect(await notify(batch(record))).toEqual({ batchItemFailures: [] });
    const ours = [live, ofEndedSession, withoutASession];
    expect(deliveredAlarms(accepted, ours).get(record.eventID!)).toEqual([live]);
    expect(accepted.filter((send) => send.connectionId !== live && ours.includes(send.connectionId))).toEqual([]);
    expect(closed().sort()).toEqual([ofEndedSession, withoutASession].sort());
    expect(await connectionItem(ofEndedSession)).toBeUndefined();
    expect(await connectionItem(withoutASession)).toBeUndefined();
    expect(await connectionItem(live)).toBeDefined();
  });

  it("closes the sockets of the sessions a change of the user's item ended, subscribed or not, and no other", async () => {
    const { userId, sessionId: stays, connectionIds } = await agentWithConnections(1);
    const ends = await openSession(userId);
    const subscribed = await subscribedConnection(userId, ends);
    const notSubscribed = `${randomUUID()}=`;
    await putConnection(notSubscribed, userId, ends);
    const before = (await getStaffRecord(userId))!;
    await signOut(userId, ends);
    acceptSends();

    const change = userChanged(
      userId,
      { isActive: true, sessions: before.sessions },
      { isActive: true, sessions: { [stays]: before.sessions[stays]! } },
    );
    expect(await notify(batch(change))).toEqual({ batchItemFailures: [] });
    expect(closed().sort()).toEqual([subscribed, notSubscribed].sort());
    expect(await connectionItem(subscribed)).toBeUndefined();
    expect(await connectionItem(notSubscribed)).toBeUndefined();
    expect(await connectionItem(connectionIds[0]!)).toBeDefined();
  });

  it('retries from the record when a socket could not be closed, and then closes only what is still ended', async () => {
    const { userId, sessionId: ends, connectionIds } = await agentWithConnections(1);
    const ofEnded = connectionIds[0]!;
    const before = (await getStaffRecord(userId))!;
    await signOut(userId, ends);
    const change = userChanged(userId, { isActive: true, sessions: before.sessions }, { isActive: true, sessions: {} });
    managementApi
      .on(DeleteConnectionCommand)
      .rejectsOnce(new LimitExceededException({ message: 'Rate exceeded', $metadata: { httpStatusCode: 429 } }));

    expect(await notify(batch(change))).toEqual({
      batchItemFailures: [{ itemIdentifier: change.dynamodb!.SequenceNumber }],
    });
    expect(await connectionItem(ofEnded)).toBeDefined();

    // Meanwhile the user signed in again and opened a socket: the retried record must not close it.
    const opened = await subscribedConnection(userId, await openSession(userId));
    expect(await notify(batch(change))).toEqual({ batchItemFailures: [] });
    expect(closed()).toEqual([ofEnded, ofEnded]);
    expect(await connectionItem(ofEnded)).toBeUndefined();
    expect(await connectionItem(opened)).toBeDefined();
  });
});
