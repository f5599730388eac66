/**
 * The jobs of the `incident` kind of outbound delivery (docs/decisions/093-incident-fan-out.md): what happens to an
 * incident's children when its parent is resolved or answered with `toChildren`. Like staff notifications it goes in
 * two steps, because the children are read from the table, which a planner may not do for a comment: a `*-children`
 * job lists the incident's children and queues one `*-child` job per child, under an id made from its own, and each
 * child job changes one ticket once (its write carries a claim on the job's id).
 */
import * as z from 'zod';
import { TICKET_STATUSES } from '#shared/constants.ts';
import { actorSchema } from '#shared/schemas/ticket.ts';
import { type DeliveryGuarantee, jobId } from './outbound.ts';

export const INCIDENT_KIND = 'incident';

const ticketId = z.number().int().positive();
/** The status the parent went to; its children follow it. */
export const settledStatus = z.enum(TICKET_STATUSES).extract(['resolved', 'closed']);

/** A public staff reply on the parent, as the stream record carried it. */
const parentReplySchema = z.object({
  commentId: z.string(),
  content: z.string(),
  /** Sent from this macro: each child gets the macro in its own customer's language. */
  macroId: z.string().optional(),
  author: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
});
export type ParentReply = z.infer<typeof parentReplySchema>;

export const incidentPayloadSchema = z.discriminatedUnion('type', [
  /** The parent was resolved or closed by `resolvedBy` (a user id, when a person did it): queue each child's job. */
  z.object({ type: z.literal('resolve-children'), parentId: ticketId, status: settledStatus, resolvedBy: z.string() }),
  /** One child follows its parent, as `actor`, unless it is settled already or left the incident. */
  z.object({
    type: z.literal('resolve-child'),
    parentId: ticketId,
    childId: ticketId,
    status: settledStatus,
    actor: actorSchema,
  }),
  /** A public reply on the parent with `toChildren`: queue each child's job. */
  z.object({ type: z.literal('reply-children'), parentId: ticketId, reply: parentReplySchema }),
  /** The reply becomes a public reply on one unresolved child (and so an e-mail to its customer). */
  z.object({ type: z.literal('reply-child'), parentId: ticketId, childId: ticketId, reply: parentReplySchema }),
]);
export type IncidentPayload = z.infer<typeof incidentPayloadSchema>;

/**
 * incidentGuarantee: every step may run again. A list job only queues child jobs under ids made from its own, which
 * their claims deduplicate; a child job's write holds a claim on its id, so a second run changes nothing.
 */
export const incidentGuarantee = (): DeliveryGuarantee => 'at-least-once';

/** The id of a child's job: from the list job's id and the child, the same on every run of the list job. */
export const childJobId = (listJobId: string, childId: number): string =>
  jobId(INCIDENT_KIND, listJobId, `child:${childId}`);
