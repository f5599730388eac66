/**
 * Customer ratings. The rating arrives from the upstream system that talks to the customer (API keys with
 * `tickets:rate`), and lives on the ticket item, so it is written by the same versioned ticket transaction as every
 * other change: the counters move by "contributions after − before" (a replacement moves them by the difference of
 * the two scores) and the history records it.
 */
import type { RateTicketInput, TicketRating } from '#shared/schemas/ticket.ts';
import { ratingLinkClaim, recordRatingLinkUse } from '../../data/mail.ts';
import { writeTicketChange } from '../../data/tickets/writes.ts';
import { redactFields, redactionChanges } from '../../domain/redaction.ts';
import { actorOf, type Caller } from '../../domain/caller.ts';
import { assertAccess, TICKET_ACCESS } from '../../domain/permissions.ts';
import { rateTicket as rateTransition, toApiRating } from '../../domain/tickets.ts';
import { ConflictError } from '../../lib/errors.ts';
import { requireVisibleTicket, retryWhileStale } from './common.ts';

/** A rating link from a resolution e-mail: it rates its ticket once (its use is recorded with the rating). */
export interface RatingLinkUse {
  ticketId: number;
  nonce: string;
  expiresAt: Date;
}

/** The rating link was used before (or by a request that got there first). */
export class RatingLinkUsedError extends ConflictError {
  constructor() {
    super('error.ticket.ratingLinkUsed');
  }
}

/**
 * rateTicket: only on a resolved or closed ticket (409 otherwise, decided on the version written over); replaces an
 * earlier rating; `replaced` tells whether there was one. A rating from a rating link (`options.link`) records the
 * link's use in the same transaction, so the link works once even when two requests race.
 */
export async function rateTicket(
  caller: Caller,
  id: number,
  input: RateTicketInput,
  now = new Date(),
  options: { link?: RatingLinkUse } = {},
): Promise<{ rating: TicketRating; replaced: boolean }> {
  assertAccess(caller, TICKET_ACCESS.rate);
  const actor = actorOf(caller);
  const linkUse = options.link && ratingLinkClaim(options.link, now, () => new RatingLinkUsedError());
  const { value: clean, found } = redactFields(input, ['comment']);
  return retryWhileStale(async () => {
    const current = await requireVisibleTicket(caller, id);
    const transition = rateTransition(
      current,
      { ...clean, ratedByApiKeyId: actor.type === 'apiKey' ? actor.id : null },
      now,
    );
    const notes = redactionChanges(found.map((f) => ({ ...f, field: 'ratingComment' })));
    let ticket = current;
    if (transition.changes.length > 0) {
      ticket = await writeTicketChange(
        current,
        { ...transition, changes: [...transition.changes, ...notes] },
        { actor, action: 'updated', now, ...(linkUse ? { extra: [linkUse] } : {}) },
      );
    } else if (linkUse) {
      // The same rating again changes no ticket, but the link is still spent.
      await recordRatingLinkUse(linkUse);
    }
    return { rating: toApiRating(ticket)!, replaced: current.rating !== null };
  });
}
