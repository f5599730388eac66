/**
 * The `incident` kind's planner (docs/decisions/093-incident-fan-out.md):
 * - a ticket leaving open/in progress for resolved or closed, when it has children, becomes one `resolve-children`
 *   job (which tickets of the batch have children is read once per batch, and only when the batch settles some);
 * - a staff member's public reply sent with `toChildren` becomes one `reply-children` job.
 * Children never have children, so a settled child plans nothing; nor does an item written without `lastWrite` (the
 * bulk import of history).
 */
import { UNRESOLVED_STATUSES } from '#shared/constants.ts';
import { incidentsAmong } from '../data/tickets/incidents.ts';
import { keys, PREFIX, ticketIdOfKey } from '../data/table.ts';
import { INCIDENT_KIND, type IncidentPayload, type ParentReply, settledStatus } from '../domain/incident-jobs.ts';
import type { BatchPlanner, PlannedDelivery, StreamChange } from '../domain/outbound.ts';

const isUnresolved = (status: unknown) => (UNRESOLVED_STATUSES as readonly unknown[]).includes(status);

/** A ticket that is no child and was just resolved or closed by someone: its id, new status and who did it. */
function settledTicket(change: StreamChange) {
  const ticketId = ticketIdOfKey(change.pk);
  const { before, after } = change;
  if (change.eventName !== 'MODIFY' || ticketId === undefined || change.sk !== keys.ticket(ticketId).sk) return;
  if (!before || !after || after.parentId || after.mergedIntoId) return;
  const lastWrite = after.lastWrite as { actorType?: unknown; actorId?: unknown } | undefined;
  const status = settledStatus.safeParse(after.status);
  if (!lastWrite || !status.success || !isUnresolved(before.status)) return;
  return { ticketId, status: status.data, by: lastWrite.actorType === 'user' ? String(lastWrite.actorId) : '' };
}

/** A staff member's public reply on a ticket, sent to the incident's children too. */
function replyToChildren(change: StreamChange): PlannedDelivery<IncidentPayload>[] {
  const ticketId = ticketIdOfKey(change.pk);
  const comment = change.after;
  if (change.eventName !== 'INSERT' || ticketId === undefined || !change.sk.startsWith(PREFIX.comment)) return [];
  if (comment?.toChildren !== true || comment.isInternal !== false || comment.mergedFrom) return [];
  if (typeof comment.userId !== 'string') {
    return [];
  }
  const author = comment.author as Omit<ParentReply['author'], 'id'> | undefined;
  if (!author || typeof comment.id !== 'string' || typeof comment.comment !== 'string') return [];
  const reply: ParentReply = {
    commentId: comment.id,
    content: comment.comment,
    ...(typeof comment.macroId === 'string' ? { macroId: comment.macroId } : {}),
    author: { id: comment.userId, firstName: author.firstName, lastName: author.lastName, email: author.email },
  };
  return [
    { recipient: `children:reply:${comment.id}`, payload: { type: 'reply-children', parentId: ticketId, reply } },
  ];
}

export const incidentPlanner: BatchPlanner<IncidentPayload> = {
  kind: INCIDENT_KIND,
  async forBatch(changes) {
    const settled = changes.flatMap((change) => settledTicket(change)?.ticketId ?? []);
    const incidents = await incidentsAmong(settled);
    return {
      kind: INCIDENT_KIND,
      plan(change) {
        const parent = settledTicket(change);
        if (parent && incidents.has(parent.ticketId)) {
          const { ticketId, status, by } = parent;
          return [
            {
              recipient: 'children:resolve',
              payload: { type: 'resolve-children', parentId: ticketId, status, resolvedBy: by },
            },
          ];
        }
        return replyToChildren(change);
      },
    };
  },
};
