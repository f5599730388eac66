/**
 * The demo data of `npm start` (and of the browser flows) is made through the same use cases as the API, so it must
 * pass their rules: a seed that the rules refuse would leave `npm start` without demo data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, TICKET_STATUSES } from '#shared/constants.ts';
import { listMacros } from '#functions/data/macros.ts';
import { getTotals } from '#functions/data/stats.ts';
import { listTickets } from '#functions/data/tickets/queries.ts';
import { listHistory } from '#functions/data/tickets/thread.ts';
import { listStaff } from '#functions/data/users.ts';
import { DEMO_USERS, seedDemoData } from '#infra/local/seed.ts';
import { useDedicatedTable } from './tickets-support.ts';

let table: Awaited<ReturnType<typeof useDedicatedTable>>;
beforeAll(async () => {
  table = await useDedicatedTable('helpdesk-seed');
});
afterAll(() => table?.restore());

describe('seedDemoData', () => {
  it('makes the demo staff and tickets of every status once, through the use cases', async () => {
    const now = new Date();
    expect(await seedDemoData({ password: 'Seed-Demo-1', ticketCount: 12, now })).toBe(true);

    expect((await listStaff()).map((u) => u.email).sort()).toEqual(DEMO_USERS.map((u) => u.email).sort());
    const { tickets } = await listTickets({}, 100);
    expect(tickets).toHaveLength(12);
    expect(new Set(tickets.map((t) => t.status))).toEqual(new Set(TICKET_STATUSES));
    expect((await getTotals()).total).toBe(12);
    // Shared macros to try `/` in the composer with, one of them in every language.
    const macros = await listMacros('nobody');
    expect(macros.map((m) => m.shared)).toEqual([true, true]);
    expect(macros.some((m) => LANGUAGES.every((language) => m.body[language]))).toBe(true);
    // Ticket 4 (the fourth made) was reassigned before it was moved on: its new agent moved it.
    const reassigned = tickets.find((t) => t.id === Math.min(...tickets.map((x) => x.id)) + 3)!;
    const history = await listHistory(reassigned.id);
    expect(history.slice(0, 3).map((e) => e.action)).toEqual(['created', 'assigned', 'commented']);
    const statusChange = history.find((e) => e.changes.some((c) => c.field === 'status'));
    expect(statusChange?.actor).toMatchObject({ type: 'user', id: reassigned.assignedToId });

    expect(await seedDemoData({ password: 'Seed-Demo-1', ticketCount: 12, now })).toBe(false);
    expect((await listTickets({}, 100)).tickets).toHaveLength(12);
  }, 120_000);
});
