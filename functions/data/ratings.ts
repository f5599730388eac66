/**
 * Customer ratings. A rating lives on the ticket item, so it is written by the same versioned ticket transaction as
 * every other change: the aggregate counters move by "contributions after − before" (a replacement moves them by the
 * difference of the two scores) and the history records it.
 */
import type { Actor, TicketRating } from '#shared/schemas/ticket.ts';
import { rateTicket as rateTransition, toApiRating } from '../domain/tickets.ts';
import { changeTicket } from './tickets.ts';

export interface RatingInput {
  score: number;
  comment: string | null;
}

/**
 * rateTicket: only on a resolved or closed ticket (409 otherwise, decided on the version written over); replaces an
 * earlier rating; `replaced` tells whether there was one.
 */
export async function rateTicket(
  id: number,
  input: RatingInput,
  actor: Actor,
  now = new Date(),
): Promise<{ rating: TicketRating; replaced: boolean }> {
  let replaced = false;
  const ticket = await changeTicket(id, actor, now, (current) => {
    // Decided again on every attempt: the last decision is the one written.
    replaced = current.rating !== null;
    const transition = rateTransition(
      current,
      { ...input, ratedByApiKeyId: actor.type === 'apiKey' ? actor.id : null },
      now,
    );
    return { transition, action: 'updated' };
  });
  return { rating: toApiRating(ticket)!, replaced };
}
