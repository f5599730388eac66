/**
 * Who else is on a ticket (docs/product.md §7 "WebSocket"), end to end in the embedded runtime: staff WebSocket
 * clients against the gateway's `/ws` send presence, the `$default` handler records it and posts each connection its
 * list through the gateway's `@connections`; `$disconnect` removes a closed socket's entries.
 */
import { randomInt } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { PresenceMessage } from '#shared/schemas/presence.ts';
import { listConnections } from '#functions/data/connections.ts';
import { listPresence } from '#functions/data/presence.ts';
import { keys } from '#functions/data/table.ts';
import { dynamo } from '#functions/lib/clients.ts';
import { config } from '#functions/lib/config.ts';
import { handler as defaultHandler } from '#functions/ws/default.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { startApi } from './support/api.ts';
import { signedIn, type SignedIn } from './tickets-support.ts';

let api: Gateway;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await api?.close();
});

/** A staff member's socket, and the presence frames it received. */
class StaffSocket {
  readonly frames: PresenceMessage[] = [];
  private readonly waiters = new Set<() => void>();

  constructor(
    readonly ws: WebSocket,
    readonly who: SignedIn,
  ) {
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type?: string };
      if (message.type !== 'presence') return;
      this.frames.push(message as PresenceMessage);
      for (const wake of this.waiters) wake();
    });
  }

  presence(ticketId: number, state: 'viewing' | 'replying' | 'left') {
    this.ws.send(JSON.stringify({ type: 'presence', ticketId, state }));
  }

  /** The first presence frame from position `since` on that matches; fails after 3 s. */
  next(matches: (message: PresenceMessage) => boolean, since = 0): Promise<PresenceMessage> {
    return new Promise((resolve, reject) => {
      const look = () => {
        const found = this.frames.slice(since).find(matches);
        if (!found) return false;
        this.waiters.delete(look);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        this.waiters.delete(look);
        reject(new Error(`No matching presence frame; received ${JSON.stringify(this.frames)}`));
      }, 3_000);
      if (!look()) this.waiters.add(look);
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

async function open(who: SignedIn): Promise<StaffSocket> {
  const ws = new WebSocket(`${api.url.replace(/^http/, 'ws')}/ws`, {
    headers: { cookie: who.client.cookieHeader() },
    origin: api.url,
  });
  sockets.push(ws);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return new StaffSocket(ws, who);
}

/** A ticket number no other test uses: presence needs no ticket item. */
const someTicket = () => randomInt(500_000_000, 900_000_000);

const names = (message: PresenceMessage) =>
  message.viewers.map((viewer) => `${viewer.firstName} ${viewer.lastName}: ${viewer.state}`);

/** Two staff members with names of their own, each with a socket open. */
async function pair() {
  const [priya, marco] = await Promise.all([
    signedIn(api.url, 'agent', { firstName: 'Priya', lastName: 'Nair' }),
    signedIn(api.url, 'manager', { firstName: 'Marco', lastName: 'Rossi' }),
  ]);
  return { priya: await open(priya), marco: await open(marco) };
}

describe('presence on a ticket', () => {
  it('shows two staff members each other viewing, then replying, and drops one who left', async () => {
    const ticketId = someTicket();
    const { priya, marco } = await pair();

    priya.presence(ticketId, 'viewing');
    // Alone on the ticket: her own list is empty.
    expect((await priya.next((m) => m.ticketId === ticketId)).viewers).toEqual([]);

    marco.presence(ticketId, 'viewing');
    const marcoSees = await marco.next((m) => m.ticketId === ticketId);
    expect(marcoSees).toEqual({
      type: 'presence',
      ticketId,
      viewers: [{ userId: priya.who.user.id, firstName: 'Priya', lastName: 'Nair', state: 'viewing' }],
    });
    await priya.next((m) => names(m).includes('Marco Rossi: viewing'));

    const mark = marco.frames.length;
    priya.presence(ticketId, 'replying');
    await marco.next((m) => names(m).join() === 'Priya Nair: replying', mark);

    const leftMark = priya.frames.length;
    marco.presence(ticketId, 'left');
    await priya.next((m) => m.viewers.length === 0, leftMark);
    expect((await listPresence(ticketId)).map((e) => e.userId)).toEqual([priya.who.user.id]);
  });

  it('answers a heartbeat that changes nothing to its sender only', async () => {
    const ticketId = someTicket();
    const { priya, marco } = await pair();
    priya.presence(ticketId, 'viewing');
    await priya.next((m) => m.ticketId === ticketId);
    marco.presence(ticketId, 'viewing');
    await priya.next((m) => m.viewers.length === 1);
    await marco.next((m) => m.viewers.length === 1);

    const [priyaMark, marcoMark] = [priya.frames.length, marco.frames.length];
    marco.presence(ticketId, 'viewing');
    await marco.next((m) => m.viewers.length === 1, marcoMark);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(priya.frames.length).toBe(priyaMark);
  });

  it('leaves out an entry whose last message is more than 30 s old', async () => {
    const ticketId = someTicket();
    const { priya, marco } = await pair();
    priya.presence(ticketId, 'viewing');
    await priya.next((m) => m.ticketId === ticketId);
    const [entry] = await listPresence(ticketId);
    // Priya went quiet 31 s ago (her tab was closed without a `left`).
    await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: keys.presence(ticketId, entry!.connectionId),
        UpdateExpression: 'SET lastSeenAt = :old',
        ExpressionAttributeValues: { ':old': new Date(Date.now() - 31_000).toISOString() },
      }),
    );

    marco.presence(ticketId, 'viewing');
    expect((await marco.next((m) => m.ticketId === ticketId)).viewers).toEqual([]);
    expect(await listPresence(ticketId)).toHaveLength(1);
  });

  it('removes a closed socket’s entries and tells the others', async () => {
    const ticketId = someTicket();
    const { priya, marco } = await pair();
    priya.presence(ticketId, 'viewing');
    marco.presence(ticketId, 'replying');
    await marco.next((m) => m.viewers.length === 1);
    await priya.next((m) => names(m).join() === 'Marco Rossi: replying');
    const [connection] = await listConnections(marco.who.user.id);
    const item = await dynamo().send(
      new GetCommand({ TableName: config().tableName, Key: keys.connection(connection!.connectionId) }),
    );
    expect(item.Item?.presenceTickets).toEqual(new Set([ticketId]));

    const mark = priya.frames.length;
    await marco.close();
    await priya.next((m) => m.viewers.length === 0, mark);
    expect((await listPresence(ticketId)).map((e) => e.userId)).toEqual([priya.who.user.id]);
  });
});

describe('presence messages refused', () => {
  const event = (body: string, userId?: string) =>
    ({
      body,
      isBase64Encoded: false,
      requestContext: {
        connectionId: 'presence-test-connection',
        routeKey: '$default',
        ...(userId ? { authorizer: { userId } } : {}),
      },
    }) as unknown as Parameters<typeof defaultHandler>[0];

  it('refuses presence from a connection without a staff member, recording nothing', async () => {
    const ticketId = someTicket();
    const result = await defaultHandler(event(JSON.stringify({ type: 'presence', ticketId, state: 'viewing' })));
    expect(result).toMatchObject({ statusCode: 403 });
    expect(await listPresence(ticketId)).toEqual([]);
  });

  it.each([
    ['an unknown state', { type: 'presence', ticketId: 42, state: 'typing' }],
    ['a ticket code for a number', { type: 'presence', ticketId: 'TKT-000042', state: 'viewing' }],
    ['no ticket', { type: 'presence', state: 'viewing' }],
  ])('refuses %s with a 400', async (_what, message) => {
    const result = await defaultHandler(event(JSON.stringify(message), 'some-user'));
    expect(result).toMatchObject({ statusCode: 400 });
  });

  it('refuses a frame that is not JSON with a 400', async () => {
    expect(await defaultHandler(event('presence please', 'some-user'))).toMatchObject({ statusCode: 400 });
  });
});
