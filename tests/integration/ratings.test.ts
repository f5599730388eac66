import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishText } from '../english.ts';
import { ticketRatingSchema, type HistoryEntry, type Ticket } from '#shared/schemas/ticket.ts';
import { getAgentWeek, listDayStats } from '#functions/data/stats.ts';
import { getTicket } from '#functions/data/tickets/item.ts';
import { isoWeek } from '#functions/domain/metrics.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { ApiClient, startApi } from './support/api.ts';
import { createStaffUser, type StaffFixture } from './support/fixtures.ts';
import { createTestApiKey, createTestCategory, signedIn, ticketBody, type SignedIn } from './tickets-support.ts';

/** `POST /api/tickets/{id}/rating`: upstream systems record the customer's rating of a resolved ticket. */
let api: Gateway;
let admin: SignedIn;
let agent: StaffFixture;
let rater: ApiClient;
let rateKeyId: string;
let reader: ApiClient;
let categoryName: string;

beforeAll(async () => {
  api = await startApi();
  admin = await signedIn(api.url, 'admin');
  agent = await createStaffUser({ role: 'agent' });
  categoryName = (await createTestCategory()).name;
  const [rateKey, readKey] = await Promise.all([
    createTestApiKey(['tickets:rate'], 'Customer survey'),
    createTestApiKey(['tickets:read']),
  ]);
  rateKeyId = rateKey.id;
  rater = ApiClient.withApiKey(api.url, rateKey.secret);
  reader = ApiClient.withApiKey(api.url, readKey.secret);
});
afterAll(() => api?.close());

/** A new ticket assigned to the test's agent, moved to `status` by the admin. */
async function ticketIn(status: Ticket['status']): Promise<Ticket> {
  const created = await admin.client.post<Ticket>(
    '/api/tickets',
    ticketBody(categoryName, { assignedToId: agent.user.id }),
  );
  expect(created.status).toBe(201);
  if (status === 'open') return created.body;
  const moved = await admin.client.patch<Ticket>(`/api/tickets/${created.body.id}`, { status });
  expect(moved.status).toBe(200);
  return moved.body;
}

const rate = (id: number, body: unknown) => rater.post(`/api/tickets/${id}/rating`, body);
const history = async (id: number) => (await admin.client.get<HistoryEntry[]>(`/api/tickets/${id}/history`)).body;

/** The rating counters of the agent's week and of the day the ticket was resolved. */
async function ratingFigures(ticket: Ticket) {
  const day = ticket.resolvedAt!.slice(0, 10);
  const [week, days] = await Promise.all([
    getAgentWeek(agent.user.id, isoWeek(ticket.resolvedAt!)),
    listDayStats(day, day),
  ]);
  const dayCounters = days.get(day) ?? {};
  return {
    week: { sum: week.ratingSum ?? 0, count: week.ratingCount ?? 0 },
    day: { sum: dayCounters.ratingSum ?? 0, count: dayCounters.ratingCount ?? 0 },
  };
}

describe('rating a ticket', () => {
  it('rates a resolved ticket: 201, the rating, a history entry by the key, and the figures of the resolving agent', async () => {
    const ticket = await ticketIn('resolved');
    const before = await ratingFigures(ticket);

    const res = await rate(ticket.id, { score: 4, comment: '  Quick and kind  ' });

    expect(res.status).toBe(201);
    expect(ticketRatingSchema.parse(res.body)).toEqual({
      ticketId: ticket.id,
      score: 4,
      comment: 'Quick and kind',
      ratedAt: expect.any(String),
    });
    expect((await history(ticket.id)).at(-1)).toMatchObject({
      action: 'updated',
      actor: { type: 'apiKey', id: rateKeyId, name: 'Customer survey' },
      changes: [{ field: 'rating', from: null, to: 4 }],
    });
    const after = await ratingFigures(ticket);
    expect(after.week).toEqual({ sum: before.week.sum + 4, count: before.week.count + 1 });
    expect(after.day).toEqual({ sum: before.day.sum + 4, count: before.day.count + 1 });
  });

  it('shows the rating on the ticket to staff and to upstream readers, without the key that sent it', async () => {
    const ticket = await ticketIn('resolved');
    expect((await admin.client.get<Ticket>(`/api/tickets/${ticket.id}`)).body.rating).toBeNull();
    expect((await rate(ticket.id, { score: 2, comment: 'Slow' })).status).toBe(201);

    const expected = { score: 2, comment: 'Slow', ratedAt: expect.any(String) };
    expect((await admin.client.get<Ticket>(`/api/tickets/${ticket.id}`)).body.rating).toEqual(expected);
    expect((await reader.get<Ticket>(`/api/tickets/${ticket.id}`)).body.rating).toEqual(expected);
    const listed = await admin.client.get<{ tickets: Ticket[] }>('/api/tickets', {
      query: { customerEmail: ticket.customerEmail },
    });
    expect(listed.body.tickets.find((t) => t.id === ticket.id)?.rating).toEqual(expected);
  });

  it('rates a closed ticket', async () => {
    const ticket = await ticketIn('closed');
    expect((await rate(ticket.id, { score: 5 })).status).toBe(201);
  });

  it('replaces an earlier rating: 200, and the figures move by the difference only', async () => {
    const ticket = await ticketIn('resolved');
    expect((await rate(ticket.id, { score: 2, comment: 'Took too long' })).status).toBe(201);
    const before = await ratingFigures(ticket);

    const res = await rate(ticket.id, { score: 5 });

    expect(res).toMatchObject({ status: 200, body: { ticketId: ticket.id, score: 5, comment: null } });
    expect((await getTicket(ticket.id))?.rating).toMatchObject({ score: 5, comment: null, ratedByApiKeyId: rateKeyId });
    expect((await history(ticket.id)).at(-1)?.changes).toEqual([{ field: 'rating', from: 2, to: 5 }]);
    const after = await ratingFigures(ticket);
    expect(after.week).toEqual({ sum: before.week.sum + 3, count: before.week.count });
    expect(after.day).toEqual({ sum: before.day.sum + 3, count: before.day.count });
  });

  it('changes nothing when the same rating is sent again', async () => {
    const ticket = await ticketIn('resolved');
    const first = await rate(ticket.id, { score: 3, comment: 'Fine' });
    const entries = (await history(ticket.id)).length;

    const again = await rate(ticket.id, { score: 3, comment: 'Fine' });

    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(await history(ticket.id)).toHaveLength(entries);
  });

  it('takes the rating out of the figures while the ticket is reopened, and counts it again once resolved', async () => {
    const ticket = await ticketIn('resolved');
    await rate(ticket.id, { score: 1 });
    const rated = await ratingFigures(ticket);

    expect((await admin.client.patch(`/api/tickets/${ticket.id}`, { status: 'in_progress' })).status).toBe(200);
    expect(await ratingFigures(ticket)).toEqual({
      week: { sum: rated.week.sum - 1, count: rated.week.count - 1 },
      day: { sum: rated.day.sum - 1, count: rated.day.count - 1 },
    });

    // Resolved again moments later: the same day and week, so the figures are back where they were.
    const resolvedAgain = await admin.client.patch<Ticket>(`/api/tickets/${ticket.id}`, { status: 'resolved' });
    expect(await ratingFigures(resolvedAgain.body)).toEqual(rated);
    expect((await getTicket(ticket.id))?.rating?.score).toBe(1);
  });
});

describe('refusals', () => {
  it.each(['open', 'in_progress'] as const)('refuses a %s ticket with 409 and writes nothing', async (status) => {
    const ticket = await ticketIn(status);
    const entries = (await history(ticket.id)).length;

    const res = await rate(ticket.id, { score: 5 });

    expect(res).toMatchObject({ status: 409, body: { message: englishText('error.ticket.notRatable') } });
    expect(await history(ticket.id)).toHaveLength(entries);
    expect((await getTicket(ticket.id))?.rating).toBeNull();
  });

  it.each([
    ['no score', {}, 'score', englishText('validation.rating.score', { min: 1, max: 5 })],
    ['a score of 0', { score: 0 }, 'score', englishText('validation.rating.score', { min: 1, max: 5 })],
    ['a score of 6', { score: 6 }, 'score', englishText('validation.rating.score', { min: 1, max: 5 })],
    ['a score of 3.5', { score: 3.5 }, 'score', englishText('validation.rating.score', { min: 1, max: 5 })],
    ['a score sent as text', { score: '4' }, 'score', englishText('validation.rating.score', { min: 1, max: 5 })],
    [
      'a comment over 1,000 characters',
      { score: 4, comment: 'x'.repeat(1_001) },
      'comment',
      englishText('validation.comment.tooLong', { max: 1000 }),
    ],
  ])('answers 400 for %s', async (_label, body, field, message) => {
    const ticket = await ticketIn('resolved');
    const res = await rate(ticket.id, body);
    expect(res).toMatchObject({ status: 400, body: { message, errors: { [field]: message } } });
    expect((await getTicket(ticket.id))?.rating).toBeNull();
  });

  it('answers 404 for an unknown ticket', async () => {
    const res = await rate(999_999_999, { score: 5 });
    expect(res).toMatchObject({ status: 404, body: { message: englishText('error.ticket.notFound') } });
  });

  it('refuses staff, keys without tickets:rate and anonymous callers', async () => {
    const ticket = await ticketIn('resolved');
    const calls = [
      admin.client.post(`/api/tickets/${ticket.id}/rating`, { score: 5 }),
      reader.post(`/api/tickets/${ticket.id}/rating`, { score: 5 }),
      new ApiClient(api.url).post(`/api/tickets/${ticket.id}/rating`, { score: 5 }),
    ];
    const [staff, ...others] = await Promise.all(calls);
    expect(staff).toMatchObject({ status: 403, body: { message: englishText('error.ticket.ratingByKeysOnly') } });
    expect(others.map((res) => res.status)).toEqual([403, 401]);
    expect((await getTicket(ticket.id))?.rating).toBeNull();
  });
});
