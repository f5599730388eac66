/**
 * The Audit page's search params: its filters live in the URL, so a filtered log survives a reload and back/forward
 * and can be sent as a link. Parsed by hand (like the tickets lists' params: route options are in the initial bundle);
 * an unusable value is dropped, so a mangled link shows the unfiltered log.
 */
import { AUDIT_ACTIONS, type AuditAction } from '#shared/audit-actions.ts';

/** The filters of `GET /api/audit` the page sets. */
export interface AuditSearch {
  /** An actor's id (a staff member's), or the e-mail address of an unknown sign-in. */
  actor?: string;
  action?: AuditAction;
  /** First and last day, YYYY-MM-DD (UTC), both included. */
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** The longest actor the API takes (an e-mail address). */
const ACTOR_MAX = 254;

export function parseAuditSearch(search: Record<string, unknown>): AuditSearch {
  const actor = typeof search.actor === 'string' ? search.actor.trim() : '';
  const day = (value: unknown) => (typeof value === 'string' && DAY.test(value) ? value : undefined);
  const from = day(search.from);
  const to = day(search.to);
  return {
    actor: actor && actor.length <= ACTOR_MAX ? actor : undefined,
    action: AUDIT_ACTIONS.find((action) => action === search.action),
    from,
    // A period that ends before it starts is dropped at its end, as the API would refuse it.
    to: to && (!from || from <= to) ? to : undefined,
  };
}
