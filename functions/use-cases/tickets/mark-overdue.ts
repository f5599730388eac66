/**
 * The overdue sweep (docs/product.md §9), run every minute by functions/jobs/overdue.ts. It reads only tickets with a
 * mark due on one of their SLA clocks (the WARN and DUE partitions of the sparse byDeadline and byFirstResponse
 * indexes, up to now, in due order) and marks each in its own transaction: the 80 % warning, the breach. Running
 * twice, or late, marks nothing twice: a marked ticket has moved on to the next partition, and each mark is decided
 * on the ticket as read and written over that version. Its cost follows the tickets due, not the table's size.
 */
import type { Actor } from '#shared/schemas/ticket.ts';
import { type Clock, listClockPartition } from '../../data/tickets/deadlines.ts';
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
 * markTicketOverdue: marks what has fallen due on one ticket (a warning, a breach), only if it is still unresolved
 * and unmarked when written (over the version read); false when there was nothing to mark.
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

/** The partitions a sweep reads, each up to now: the warnings, then the breaches, of both clocks. */
const DUE_PARTITIONS: readonly [Clock, 'warn' | 'due'][] = [
  ['resolution', 'warn'],
  ['resolution', 'due'],
  ['firstResponse', 'warn'],
  ['firstResponse', 'due'],
];

/**
 * sweepOverdue: marks every unresolved ticket with a warning or a breach due at or before `now` (up to `maxTickets`
 * tickets); a ticket found in several partitions is examined once.
 */
export async function sweepOverdue(now = new Date(), maxTickets = MAX_PER_RUN): Promise<SweepResult> {
  const result: SweepResult = { examined: 0, marked: 0 };
  const seen = new Set<number>();
  for (const [clock, partition] of DUE_PARTITIONS) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await listClockPartition(clock, partition, now, PAGE_SIZE, startKey);
      const queue = page.tickets.filter((t) => !seen.has(t.id)).slice(0, maxTickets - result.examined);
      for (const ticket of queue) seen.add(ticket.id);
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
    if (result.examined >= maxTickets) break;
  }
  return result;
}
