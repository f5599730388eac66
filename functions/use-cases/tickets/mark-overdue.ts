/**
 * The overdue sweep (docs/product.md §9), run every minute by functions/jobs/overdue.ts. It reads only tickets whose
 * deadline has passed and are not yet marked (the DUE partition of the sparse byDeadline index, in deadline order)
 * and marks each in its own transaction. Running twice, or late, marks nothing twice: a marked ticket has left DUE,
 * and each mark is decided on the ticket as read and written over that version.
 */
import type { Actor } from '#shared/schemas/ticket.ts';
import { listDueTickets } from '../../data/tickets/deadlines.ts';
import { requireTicket } from '../../data/tickets/item.ts';
import { writeTicketChange } from '../../data/tickets/writes.ts';
import { markOverdue } from '../../domain/tickets.ts';
import { retryWhileStale } from './common.ts';

export const SYSTEM_OVERDUE_ACTOR: Actor = { type: 'system', id: 'overdue-job', name: 'Overdue check' };

/** Most tickets one run examines; the next run, a minute later, carries on. */
const MAX_PER_RUN = 1_000;
const PAGE_SIZE = 100;
/** Marks written at once: enough to keep up, few enough not to crowd out requests. */
const CONCURRENCY = 8;

/**
 * markTicketOverdue: marks one ticket overdue, only if it is still unresolved, unmarked and past its deadline when
 * written (over the version read); false when there was nothing to mark.
 */
export function markTicketOverdue(id: number, now = new Date()): Promise<boolean> {
  return retryWhileStale(async () => {
    const current = await requireTicket(id);
    const transition = markOverdue(current, now);
    if (transition.changes.length === 0) return false;
    await writeTicketChange(current, transition, { actor: SYSTEM_OVERDUE_ACTOR, action: 'overdue', now });
    return true;
  });
}

export interface SweepResult {
  examined: number;
  marked: number;
}

/** sweepOverdue: marks every unresolved ticket whose deadline is at or before `now` (up to `maxTickets`). */
export async function sweepOverdue(now = new Date(), maxTickets = MAX_PER_RUN): Promise<SweepResult> {
  const result: SweepResult = { examined: 0, marked: 0 };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await listDueTickets(now, Math.min(PAGE_SIZE, maxTickets - result.examined), startKey);
    const queue = [...page.tickets];
    result.examined += queue.length;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let ticket = queue.shift(); ticket; ticket = queue.shift()) {
          if (await markTicketOverdue(ticket.id, now)) result.marked++;
        }
      }),
    );
    startKey = page.next;
  } while (startKey && result.examined < maxTickets);
  return result;
}
