/**
 * Incidents through the HTTP API (docs/product.md, "Incidents"): linking tickets to a parent and unlinking them, the
 * parent's children, one level only, and the link in bulk changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyEntrySchema, ticketSchema, type Ticket } from '#shared/schemas/ticket.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { startApi } from './support/api.ts';
import { createTestCategory, type SignedIn, signedIn, ticketBody } from './tickets-support.ts';

let api: Gateway;
let admin: SignedIn;
let agent: SignedIn;
let category: string;

beforeAll(async () => {
  api = await startApi();
  [admin, agent] = await Promise.all([signedIn(api.url, 'admin'), signedIn(api.url, 'agent')]);
  category = (await createTestCategory()).name;
});
afterAll(() => api?.close());

async function newTicket(assignedToId = agent.user.id): Promise<Ticket> {
  const res = await admin.client.post('/api/tickets', ticketBody(category, { assignedToId }));
  expect(res.status).toBe(201);
  return ticketSchema.parse(res.body);
}

const childrenOf = async (id: number) =>
  ticketSchema.array().parse((await admin.client.get(`/api/tickets/${id}/children`)).body);
const link = (client: SignedIn['client'], id: number, parentId: unknown) =>
  client.put(`/api/tickets/${id}/parent`, { parentId });

describe('linking tickets to an incident', () => {
  it('links and unlinks, lists the children by number, and says so in the child’s history', async () => {
    const parent = await newTicket();
    const [a, b] = [await newTicket(), await newTicket()];
    const linked = await link(agent.client, b.id, parent.id);
    expect(linked.status).toBe(200);
    expect(ticketSchema.parse(linked.body).parentId).toBe(parent.id);
    expect((await link(agent.client, a.id, parent.id)).status).toBe(200);
    // Linking again to the same incident changes nothing.
    expect((await link(agent.client, a.id, parent.id)).status).toBe(200);
    expect((await childrenOf(parent.id)).map((t) => t.id)).toEqual([a.id, b.id]);
    expect(await childrenOf(a.id)).toEqual([]);

    const history = historyEntrySchema.array().parse((await admin.client.get(`/api/tickets/${a.id}/history`)).body);
    expect(history.filter((e) => e.changes.some((c) => c.field === 'parent'))).toHaveLength(1);

    const unlinked = await agent.client.delete(`/api/tickets/${a.id}/parent`);
    expect(unlinked.status).toBe(200);
    expect(ticketSchema.parse(unlinked.body).parentId).toBeNull();
    expect((await childrenOf(parent.id)).map((t) => t.id)).toEqual([b.id]);
    expect((await agent.client.delete(`/api/tickets/${a.id}/parent`)).status).toBe(409);
  });

  it('moves a child from one incident to another', async () => {
    const [first, second, child] = [await newTicket(), await newTicket(), await newTicket()];
    expect((await link(admin.client, child.id, first.id)).status).toBe(200);
    expect((await link(admin.client, child.id, second.id)).status).toBe(200);
    expect(await childrenOf(first.id)).toEqual([]);
    expect((await childrenOf(second.id)).map((t) => t.id)).toEqual([child.id]);
  });

  it('keeps incidents one level deep and refuses what an agent may not edit', async () => {
    const [parent, child, other] = [await newTicket(), await newTicket(), await newTicket()];
    expect((await link(admin.client, child.id, parent.id)).status).toBe(200);
    const underChild = await link(admin.client, other.id, child.id);
    expect([underChild.status, underChild.body.code]).toEqual([409, 'error.incident.parentIsChild']);
    const parentUnder = await link(admin.client, parent.id, other.id);
    expect([parentUnder.status, parentUnder.body.code]).toEqual([409, 'error.incident.childIsParent']);
    expect((await link(admin.client, other.id, other.id)).status).toBe(400);
    expect((await link(admin.client, other.id, 'TKT-1')).status).toBe(400);
    expect((await link(admin.client, other.id, 99_999_999)).status).toBe(404);

    const notTheirs = await newTicket(admin.user.id);
    const refused = await link(agent.client, notTheirs.id, parent.id);
    expect([refused.status, refused.body.code]).toEqual([403, 'error.ticket.editDenied']);
    expect((await childrenOf(parent.id)).map((t) => t.id)).toEqual([child.id]);
  });

  it('links many tickets at once through bulk changes, each refused or changed alone', async () => {
    const parent = await newTicket();
    const mine = [await newTicket(), await newTicket()];
    const notMine = await newTicket(admin.user.id);
    const res = await agent.client.post('/api/tickets/bulk', {
      ticketIds: [...mine.map((t) => t.id), notMine.id],
      changes: { parentId: parent.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { id: mine[0]!.id, ok: true },
      { id: mine[1]!.id, ok: true },
      { id: notMine.id, ok: false, code: 'error.ticket.editDenied' },
    ]);
    expect((await childrenOf(parent.id)).map((t) => t.id)).toEqual(mine.map((t) => t.id));
    const unlink = await agent.client.post('/api/tickets/bulk', {
      ticketIds: mine.map((t) => t.id),
      changes: { parentId: null },
    });
    expect(unlink.body.results.every((r: { ok: boolean }) => r.ok)).toBe(true);
    expect(await childrenOf(parent.id)).toEqual([]);
  });
});
