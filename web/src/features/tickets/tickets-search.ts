/**
 * The search params of All Tickets. Parsed by hand, not with zod: route options (unlike route components) are part
 * of the initial bundle, and even `zod/mini` would add about 5 KB gzip to a budget with less than that to spare.
 */

/** Staff ids are UUIDs; anything much longer is not one. */
const MAX_ID_LENGTH = 100;

/** `?assignedToId=<staff id>`: the list narrowed to one person's tickets (Agent Management links here). */
export interface TicketsSearch {
  assignedToId?: string;
}

/** Keeps a usable `assignedToId` and drops anything else, so a mangled link shows every ticket, not an error. */
export function parseTicketsSearch(search: { assignedToId?: unknown }): TicketsSearch {
  // The router merges this result over the raw params: an unusable value has to be overwritten, not left out.
  const id = typeof search.assignedToId === 'string' ? search.assignedToId.trim() : '';
  return { assignedToId: id && id.length <= MAX_ID_LENGTH ? id : undefined };
}
