/**
 * The incident fan-out (docs/decisions/093-incident-fan-out.md), run by the `incident` kind's sender: resolving an
 * incident resolves its unresolved children, and a reply sent to the children lands on each unresolved one. A list
 * job queues one job per child; each child job is one ticket write, as if its author had made it on that ticket (its
 * history, alarms, webhooks and e-mail follow from the stream as for any edit), holding a claim on the job's id so
 * that however often the job runs, the child changes once.
 */
import type { Actor, Comment } from '#shared/schemas/ticket.ts';
import { ticketCode } from '#shared/format.ts';
import { UNRESOLVED_STATUSES } from '#shared/constants.ts';
import { getMacro } from '../../data/macros.ts';
import { idempotencyScope } from '../../data/table.ts';
import { idempotencyClaim } from '../../data/tickets/idempotency.ts';
import { listChildIds } from '../../data/tickets/incidents.ts';
import { getTicket } from '../../data/tickets/item.ts';
import { commentPut } from '../../data/tickets/thread.ts';
import { writeTicketChange } from '../../data/tickets/writes.ts';
import { getUser } from '../../data/users.ts';
import { staffActor } from '../../domain/caller.ts';
import { childJobId, INCIDENT_KIND, type IncidentPayload } from '../../domain/incident-jobs.ts';
import { renderMacro } from '../../domain/macros.ts';
import type { Job } from '../../domain/outbound.ts';
import { stableId } from '../../domain/stable-id.ts';
import { staffComment } from '../../domain/thread.ts';
import { commentOnTicket, editTicket, type TicketRecord, type Transition } from '../../domain/tickets.ts';
import { ConflictError } from '../../lib/errors.ts';
import { enqueue } from '../../outbound/queue.ts';
import { retryWhileStale } from './common.ts';

type Payload<T extends IncidentPayload['type']> = Extract<IncidentPayload, { type: T }>;

/** The child's job ran before: its change is on the ticket already. */
class AlreadyDoneError extends ConflictError {
  constructor() {
    super('error.ticket.busy');
  }
}

/** A child job's claim, in its ticket write: held for a day, longer than the kind retries a job (QUEUE_KINDS). */
const claimOf = (job: Pick<Job, 'id'>, childId: number, now: Date) =>
  idempotencyClaim(
    { scope: idempotencyScope.system(INCIDENT_KIND), key: job.id, fingerprint: job.id },
    childId,
    now,
    () => new AlreadyDoneError(),
  );

/** A child still in the incident and still open or in progress: the only kind the fan-out changes. */
const stillOpenChild = (ticket: TicketRecord | undefined, parentId: number): ticket is TicketRecord =>
  !!ticket && ticket.parentId === parentId && !ticket.mergedIntoId && UNRESOLVED_STATUSES.includes(ticket.status);

/** Writes a child's change under its job's claim; false when there was nothing to do or it was done before. */
async function writeChildOnce(
  job: Job<{ parentId: number; childId: number }>,
  decide: (child: TicketRecord, now: Date) => { transition: Transition; actor: Actor; extra?: Comment },
): Promise<boolean> {
  const { parentId, childId } = job.payload;
  try {
    return await retryWhileStale(async () => {
      const child = await getTicket(childId);
      if (!stillOpenChild(child, parentId)) return false;
      const now = new Date();
      const { transition, actor, extra } = decide(child, now);
      await writeTicketChange(child, transition, {
        actor,
        action: extra ? 'commented' : 'updated',
        now,
        extra: [...(extra ? [commentPut(extra)] : []), claimOf(job, childId, now)],
      });
      return true;
    });
  } catch (error) {
    if (error instanceof AlreadyDoneError) return false;
    throw error;
  }
}

/** Queues one job per child of the incident, each under an id made from the list job's. */
async function queueChildJobs(
  job: Job<Payload<'resolve-children' | 'reply-children'>>,
  payloadFor: (childId: number) => IncidentPayload,
): Promise<{ detail: string }> {
  const childIds = await listChildIds(job.payload.parentId);
  const startedAt = new Date().toISOString();
  const jobs: Job<IncidentPayload>[] = childIds.map((childId) => ({
    id: childJobId(job.id, childId),
    kind: INCIDENT_KIND,
    attempt: 1,
    round: 0,
    startedAt,
    payload: payloadFor(childId),
  }));
  if (jobs.length) await enqueue(INCIDENT_KIND, jobs);
  return { detail: `${jobs.length} child job(s) queued for ${ticketCode(job.payload.parentId)}` };
}

/** Who resolved the parent, as the children's history names them: the person, or the incident itself. */
async function resolverActor(parentId: number, userId: string): Promise<Actor> {
  const user = userId ? await getUser(userId) : undefined;
  return user ? staffActor(user) : { type: 'system', id: INCIDENT_KIND, name: ticketCode(parentId) };
}

/** The reply as the child's customer reads it: the macro in their language when it was sent from one that remains. */
async function replyContent(reply: Payload<'reply-child'>['reply'], child: TicketRecord): Promise<string> {
  const macro = reply.macroId ? await getMacro(reply.macroId) : undefined;
  return macro ? renderMacro(macro, { ticket: child, agent: reply.author }).content : reply.content;
}

/** deliverIncidentWork: one attempt at an incident job; resolves with what was done, throws when it failed. */
export async function deliverIncidentWork(job: Job<IncidentPayload>): Promise<{ detail: string }> {
  const { payload } = job;
  switch (payload.type) {
    case 'resolve-children': {
      const actor = await resolverActor(payload.parentId, payload.resolvedBy);
      return queueChildJobs({ ...job, payload }, (childId) => ({
        type: 'resolve-child',
        parentId: payload.parentId,
        childId,
        status: payload.status,
        actor,
      }));
    }
    case 'reply-children':
      return queueChildJobs({ ...job, payload }, (childId) => ({
        type: 'reply-child',
        parentId: payload.parentId,
        childId,
        reply: payload.reply,
      }));
    case 'resolve-child': {
      const changed = await writeChildOnce({ ...job, payload }, (child, now) => {
        const transition = editTicket(child, { status: payload.status }, now);
        return {
          actor: payload.actor,
          transition: {
            ...transition,
            changes: [...transition.changes, { field: 'incident', from: null, to: ticketCode(payload.parentId) }],
          },
        };
      });
      return { detail: changed ? `${ticketCode(payload.childId)} ${payload.status}` : 'Nothing to change' };
    }
    case 'reply-child': {
      const child = await getTicket(payload.childId);
      if (!stillOpenChild(child, payload.parentId)) return { detail: 'Nothing to change' };
      const content = await replyContent(payload.reply, child);
      const author = payload.reply.author;
      const changed = await writeChildOnce({ ...job, payload }, (current, now) => {
        const comment: Comment = {
          ...staffComment(current.id, author, { content, isInternal: false }, stableId('incident', job.id), now),
          fromIncident: { ticketId: payload.parentId, commentId: payload.reply.commentId },
        };
        const transition = commentOnTicket(current, comment, now);
        return {
          actor: staffActor(author),
          transition: {
            ...transition,
            changes: [...transition.changes, { field: 'incident', from: null, to: ticketCode(payload.parentId) }],
          },
          extra: comment,
        };
      });
      return { detail: changed ? `Reply on ${ticketCode(payload.childId)}` : 'Nothing to change' };
    }
  }
}
