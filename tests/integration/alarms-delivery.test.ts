/**
 * The notifier's delivery guarantees under failures the emulators cannot produce: the management API throttling
 * a send, and many slow sends at once. The table is real (DynamoDB Local); only the management API is mocked.
 * The 410 path is tested for real, through the gateway, in alarms.test.ts.
 */
import { randomUUID } from 'node:crypto';
import {
  ApiGatewayManagementApiClient,
  LimitExceededException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmMessage } from '#shared/schemas/alarm.ts';
import { putConnection, subscribeConnection } from '#functions/data/connections.ts';
import { keys } from '#functions/data/table.ts';
import { putNewUser } from '#functions/data/users.ts';
import type { TicketImage } from '#functions/domain/alarms.ts';
import { notify } from '#functions/jobs/notifier.ts';
import { resetConfigForTests } from '#functions/lib/config.ts';
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

/** An active agent with `count` subscribed connections; returns the connection ids. */
async function agentWithConnections(count: number): Promise<{ userId: string; connectionIds: string[] }> {
  const userId = randomUUID();
  await putNewUser({ id: userId, email: `${userId}@test.local`, firstName: 'Ada', lastName: 'Agent', role: 'agent' });
  const connectionIds = Array.from({ length: count }, () => `${randomUUID()}=`);
  for (const connectionId of connectionIds) {
    await putConnection(connectionId, userId);
    await subscribeConnection(connectionId, userId);
  }
  return { userId, connectionIds };
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

/** A stream record of a new item, as the event source mapping (or the local poller) hands it over. */
function inserted(image: TicketImage, itemKey = keys.ticket(image.id)): DynamoDBRecord {
  const item = { ...itemKey, ...image };
  return {
    eventID: randomUUID(),
    eventName: 'INSERT',
    eventSource: 'aws:dynamodb',
    dynamodb: {
      Keys: marshall(itemKey) as never,
      NewImage: marshall(item, { removeUndefinedValues: true }) as never,
      SequenceNumber: String(++sequence).padStart(21, '0'),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  };
}

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

    const failedRun = await notify(batch(first, second));
    expect(failedRun).toEqual({ batchItemFailures: [{ itemIdentifier: first.dynamodb!.SequenceNumber }] });
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
