/**
 * Incidents (docs/product.md, "Incidents"): linking a ticket to an incident (a parent ticket) and unlinking it, and
 * reading an incident's children. Each link is the child's own ticket write: its history says so, its webhooks and
 * alarms follow as for any edit.
 */
import type { SetParentInput } from '#shared/schemas/ticket.ts';
import {
  childCount,
  childLinkWrites,
  childUnlinkWrites,
  hasNoChildren,
  listChildren,
} from '../../data/tickets/incidents.ts';
import { writeTicketChange } from '../../data/tickets/writes.ts';
import { type Caller, staffActor } from '../../domain/caller.ts';
import { assertLinkable, incidentRefusals, linkedChild, unlinkedChild } from '../../domain/incidents.ts';
import { assertAccess, canEditTicket, staffMember, TICKET_ACCESS } from '../../domain/permissions.ts';
import type { TicketRecord } from '../../domain/tickets.ts';
import { requireVisibleTicket, retryWhileStale, visibleTickets } from './common.ts';

/**
 * linkToIncident: the ticket becomes a child of `parentId` (moved from its previous incident, if any), decided on
 * both tickets as read and written over the child's version, with the parent's count and checks in the same
 * transaction. Linking to the incident it is already part of changes nothing.
 */
export async function linkToIncident(
  caller: Caller,
  childId: number,
  { parentId }: SetParentInput,
  now = new Date(),
): Promise<TicketRecord> {
  const user = staffMember(caller, TICKET_ACCESS.edit);
  if (childId === parentId) throw incidentRefusals.ownParent();
  return retryWhileStale(async () => {
    const [child, parent] = await Promise.all([
      requireVisibleTicket(caller, childId),
      requireVisibleTicket(caller, parentId),
    ]);
    assertLinkable(user, child, parent);
    if (await childCount(child.id)) throw incidentRefusals.childIsParent();
    const transition = linkedChild(child, parent, now);
    if (transition.changes.length === 0) return child;
    const at = now.toISOString();
    return writeTicketChange(child, transition, {
      actor: staffActor(user),
      action: 'updated',
      now,
      extra: [
        ...(child.parentId ? childUnlinkWrites(child.parentId, child.id) : []),
        ...childLinkWrites(parent.id, child.id, at),
        hasNoChildren(child.id),
      ],
    });
  });
}

/** unlinkFromIncident: the ticket is no longer part of its incident (409 when it is part of none). */
export async function unlinkFromIncident(caller: Caller, childId: number, now = new Date()): Promise<TicketRecord> {
  const user = staffMember(caller, TICKET_ACCESS.edit);
  return retryWhileStale(async () => {
    const child = await requireVisibleTicket(caller, childId);
    if (!canEditTicket(user, child)) throw incidentRefusals.editDenied();
    const transition = unlinkedChild(child, now);
    return writeTicketChange(child, transition, {
      actor: staffActor(user),
      action: 'updated',
      now,
      extra: childUnlinkWrites(child.parentId!, child.id),
    });
  });
}

/** readChildren: an incident's children by ticket number (none for a ticket that is no incident). */
export async function readChildren(caller: Caller, parentId: number): Promise<TicketRecord[]> {
  assertAccess(caller, TICKET_ACCESS.read);
  await requireVisibleTicket(caller, parentId);
  return visibleTickets(caller, await listChildren(parentId)).tickets;
}
