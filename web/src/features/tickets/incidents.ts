/**
 * What the incident screens share (docs/product.md §2 "Incidents"): how an incident is named when typed, its tickets
 * as the page reads them, and how many of them are still open.
 */
import { useQuery } from '@tanstack/react-query';
import { UNRESOLVED_STATUSES } from '#shared/constants.ts';
import { ticketNumberOfCode } from '#shared/format.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { incidentChildrenQuery } from './queries.ts';

/** The incident's ticket as people type it: its code (`TKT-000042`, `tkt-42`), as Merge reads it, or its number. */
export function incidentNumberOf(text: string): number | undefined {
  const trimmed = text.trim();
  const number = /^\d{1,10}$/.test(trimmed) ? Number(trimmed) : undefined;
  return ticketNumberOfCode(trimmed) ?? (number && number > 0 ? number : undefined);
}

/** An incident's tickets: only a ticket that is not part of an incident can have any. */
export function useIncidentChildren(ticket: Pick<Ticket, 'id' | 'parentId'>) {
  return useQuery({ ...incidentChildrenQuery(ticket.id), enabled: ticket.parentId === null });
}

/** Whether a ticket is still open (not resolved or closed): a reply to its incident can go on to it. */
const isOpenTicket = (ticket: Ticket): boolean => UNRESOLVED_STATUSES.includes(ticket.status);

/** How many of an incident's tickets are still open. */
export const openCount = (children: readonly Ticket[] | undefined): number =>
  children?.filter(isOpenTicket).length ?? 0;
