import type { Page } from '@playwright/test';
import type { Category } from '#shared/schemas/category.ts';
import { reserveTicketNumbers } from '#functions/data/sequence.ts';
import { importTickets } from '#functions/data/ticket-import.ts';
import { LIST_EVALUATION_BUDGET } from '#functions/data/tickets/queries.ts';
import { editTicket, newTicket, type TicketRecord } from '#functions/domain/tickets.ts';
import { englishText } from '../english.ts';
import { apiAs, DEMO_EMAIL, expect, signIn, test } from './fixtures.ts';

/** More tickets than the list reads for one page (the old search read no further), and few enough to seed quickly. */
const TICKETS = LIST_EVALUATION_BUDGET + 100;
const DAY = 86_400_000;

/**
 * The tickets written straight into the runtime's table by the bulk import, with their term index (the test process
 * has the runtime's environment): the first, the oldest of all, alone holds `word` and its customer's address; the
 * others hold the same two words, so the index stays small. Resolved, so the overdue job leaves them alone.
 */
async function importManyTickets(category: Category, word: string, email: string): Promise<TicketRecord> {
  const first = await reserveTicketNumbers(TICKETS);
  const now = Date.now();
  const tickets = Array.from({ length: TICKETS }, (_, i) => {
    const createdAt = new Date(now - (i === 0 ? 400 : 1 + (TICKETS - i) / 100) * DAY);
    const ticket = newTicket(
      {
        id: first + i,
        subject: i === 0 ? 'Deposit never arrived' : 'Payment declined',
        description: i === 0 ? `The ${word} transfer has not reached my account.` : 'Payment declined.',
        customerEmail: i === 0 ? email : `bulk${i % 500}@example.com`,
        category: { id: category.id, name: category.name },
        priority: 'low',
        type: 'api',
        assignee: null,
        createdById: null,
        createdByApiKeyId: null,
      },
      createdAt,
    );
    return editTicket(ticket, { status: 'resolved' }, new Date(createdAt.getTime() + 3_600_000)).ticket;
  });
  await importTickets(tickets);
  return tickets[0]!;
}

async function searchFor(page: Page, text: string) {
  await page.getByPlaceholder(englishText('ticketFilters.searchPlaceholder')).fill(text);
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === text);
}

test(`search finds the oldest of ${TICKETS} tickets on the first page by a word, its e-mail and its code`, async ({
  page,
}) => {
  const admin = await apiAs(DEMO_EMAIL.admin);
  const [category] = (await (await admin.get('/api/categories?active=true')).json()) as Category[];
  const word = `quokka${Date.now().toString(36)}`;
  const email = `${word}@example.com`;
  // The browser signs in while the tickets are written.
  const [oldest] = await Promise.all([importManyTickets(category!, word, email), signIn(page, 'agent')]);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Tickets' }).click();
  const table = page.getByRole('table', { name: 'All tickets' });
  const rows = table.locator('tbody tr');
  const oldestRow = rows.filter({ hasText: oldest.ticketId });
  // The stream's consumers are still taking in the import, which on a loaded machine slows the first list down.
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await expect(oldestRow).toHaveCount(0);

  for (const text of [word, email.toUpperCase(), oldest.ticketId]) {
    await searchFor(page, text);
    await expect(oldestRow).toHaveCount(1);
    await expect(rows).toHaveCount(1);
  }
});
