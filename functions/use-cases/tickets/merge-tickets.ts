/**
 * Merging one ticket into another (docs/product.md, "Merge"): the source's messages join the target's thread in the
 * order they were written, the source is closed and points at the target, and both histories say so. It cannot be
 * undone. Later e-mail replies to the source thread into the target (functions/use-cases/mail/receive-mail.ts).
 */
import type { MergeTicketInput } from '#shared/schemas/ticket.ts';
import { listComments, putCommentOnce } from '../../data/tickets/thread.ts';
import { historyPut, stillUnmerged, writeTicketChange } from '../../data/tickets/writes.ts';
import { staffActor, type Caller } from '../../domain/caller.ts';
import { assertMergeable, mergedCopy, mergedSource, mergeRefusals } from '../../domain/merge.ts';
import { staffMember, TICKET_ACCESS } from '../../domain/permissions.ts';
import type { TicketRecord } from '../../domain/tickets.ts';
import { settleWithConcurrency } from '../../lib/concurrency.ts';
import { requireVisibleTicket, retryWhileStale } from './common.ts';

/** Messages copied at the same time. */
const COPY_CONCURRENCY = 8;

/**
 * mergeTickets: decided on both tickets as read. The copies are written first, each at most once (a retry writes
 * none twice); then one transaction closes the source over the version read, records both histories, and checks
 * that the target was not merged meanwhile. A message that reached the source after the read makes the close stale,
 * and the merge starts again with it.
 */
export async function mergeTickets(
  caller: Caller,
  sourceId: number,
  input: MergeTicketInput,
  now = new Date(),
): Promise<{ source: TicketRecord; target: TicketRecord; moved: number }> {
  const user = staffMember(caller, TICKET_ACCESS.merge);
  if (sourceId === input.intoTicketId) throw mergeRefusals.intoItself();
  return retryWhileStale(async () => {
    const [source, target] = await Promise.all([
      requireVisibleTicket(caller, sourceId),
      requireVisibleTicket(caller, input.intoTicketId),
    ]);
    assertMergeable(user, source, target, input.allowDifferentCustomer);
    const copies = (await listComments(source.id)).map((comment) => mergedCopy(comment, target.id));
    const copied = await settleWithConcurrency(copies, COPY_CONCURRENCY, putCommentOnce);
    const failed = copied.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;

    const actor = staffActor(user);
    const written = await writeTicketChange(source, mergedSource(source, target, now), {
      actor,
      action: 'merged',
      now,
      extra: [
        historyPut(target.id, {
          at: now.toISOString(),
          actor,
          action: 'merged',
          changes: [{ field: 'mergedFrom', from: null, to: source.ticketId }],
        }),
        stillUnmerged(target.id),
      ],
    });
    return { source: written, target, moved: copies.length };
  });
}
