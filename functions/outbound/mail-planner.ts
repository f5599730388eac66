/**
 * The `mail` planner (docs/decisions/080-mail.md): which e-mails a committed change of the table calls for, from the
 * stream record alone (no reads, no clock), so that a redelivered record plans the same jobs with the same ids.
 * - a new ticket: the customer's acknowledgement;
 * - a staff member's public comment (never an internal note, never the customer's own message): the reply, to the
 *   customer, naming its files by id (the sender attaches or links them, docs/decisions/094-attachments.md);
 * - the customer's e-mailed reply that carried files over the size limit: one answer naming them, to the customer
 *   (never for a new ticket's sender, docs/decisions/094-attachments.md);
 * - a ticket leaving open/in progress for resolved or closed: the resolution notice with the rating link;
 * - any ticket change that raises alarms (functions/domain/alarms.ts, the notifier's rules): one `staff-alarms` job,
 *   which becomes a notification e-mail for each person whose settings want it.
 * Ticket items written without a `lastWrite` (the bulk import of seeded history) plan nothing: nobody should be
 * e-mailed about tickets that were never filed by a person or a system.
 */
import { isTicketAlert, UNRESOLVED_STATUSES } from '#shared/constants.ts';
import type { Comment } from '#shared/schemas/ticket.ts';
import { keys, PREFIX, ticketIdOfKey } from '../data/table.ts';
import { alarmsForChange, type TicketImage } from '../domain/alarms.ts';
import { tooLargeFiles } from '../domain/inbound-files.ts';
import { MAIL_KIND, type MailPayload } from '../domain/mail-jobs.ts';
import type { PlannedDelivery, Planner, StreamChange } from '../domain/outbound.ts';
import { ticketCode } from '../domain/tickets.ts';

type MailImage = TicketImage & { type?: string; lastWrite?: TicketImage['lastWrite'] };

const isUnresolved = (image: MailImage) => UNRESOLVED_STATUSES.includes(image.status);

/**
 * The group of every e-mail to a ticket's customer: they reach the customer in the order their changes committed
 * (a reply written a second before the resolution arrives before the resolution notice; docs/decisions/051, "Order").
 */
const customerMailGroup = (ticketId: number) => `ticket-${ticketId}`;

function ticketMail(change: StreamChange, ticketId: number): PlannedDelivery<MailPayload>[] {
  const before = change.before as MailImage | undefined;
  const after = change.after as MailImage | undefined;
  if (!after?.lastWrite) return [];
  const planned: PlannedDelivery<MailPayload>[] = [];
  if (!before)
    planned.push({
      recipient: 'customer:acknowledgement',
      group: customerMailGroup(ticketId),
      payload: { type: 'acknowledgement', ticketId },
    });
  if (before && isUnresolved(before) && !isUnresolved(after)) {
    planned.push({
      recipient: 'customer:resolution',
      group: customerMailGroup(ticketId),
      payload: { type: 'resolution', ticketId },
    });
  }
  // A ticket change raises ticket alarms only; the filter tells the type system so.
  const alarms = alarmsForChange(before, after).flatMap((alarm) =>
    isTicketAlert(alarm.alarmType) ? [{ ...alarm, alarmType: alarm.alarmType }] : [],
  );
  if (alarms.length) {
    planned.push({
      recipient: 'staff',
      payload: {
        type: 'staff-alarms',
        ticketId,
        ticket: {
          code: after.ticketId ?? ticketCode(ticketId),
          subject: after.subject,
          priority: after.priority,
          status: after.status,
          customerEmail: after.customerEmail,
        },
        alarms,
      },
    });
  }
  return planned;
}

/**
 * The customer's own reply by e-mail (never a message a merge copied) that carried files over the size limit: one
 * answer naming them. Only a reply gets here, from the ticket's own customer and never automated (the inbound use
 * case refuses anything else before it is a message), so the answer cannot start a loop or reach a stranger.
 */
function refusedFilesMail(comment: Partial<Comment>, ticketId: number): PlannedDelivery<MailPayload>[] {
  if (comment.authorType !== 'customer' || comment.channel !== 'email' || comment.mergedFrom || !comment.id) return [];
  const filenames = tooLargeFiles(comment.attachments ?? []).map((file) => file.filename);
  if (!filenames.length) return [];
  return [
    {
      recipient: `customer:attachment-refused:${comment.id}`,
      group: customerMailGroup(ticketId),
      payload: { type: 'attachmentRefused', ticketId, commentId: comment.id, filenames },
    },
  ];
}

function commentMail(change: StreamChange, ticketId: number): PlannedDelivery<MailPayload>[] {
  const comment = change.after as Partial<Comment> | undefined;
  if (change.eventName !== 'INSERT' || !comment) return [];
  if (comment.authorType === 'customer') return refusedFilesMail(comment, ticketId);
  // Comments stored before the thread model knew authors were staff comments in the app.
  const byStaff = (comment.authorType ?? 'staff') === 'staff' && !!comment.userId;
  if (!byStaff || comment.isInternal !== false || typeof comment.comment !== 'string' || !comment.id) return [];
  // A reply a merge copied onto the target's thread reached the customer when it was first written.
  if (comment.mergedFrom) return [];
  const attachmentIds = (comment.attachments ?? []).flatMap((file) => (file.state === 'available' ? [file.id] : []));
  return [
    {
      recipient: `customer:reply:${comment.id}`,
      group: customerMailGroup(ticketId),
      payload: {
        type: 'reply',
        ticketId,
        commentId: comment.id,
        content: comment.comment,
        authorFirstName: comment.author?.firstName ?? '',
        ...(attachmentIds.length ? { attachmentIds } : {}),
      },
    },
  ];
}

export const mailPlanner: Planner<MailPayload> = {
  kind: MAIL_KIND,
  plan(change) {
    if (change.eventName === 'REMOVE') return [];
    const ticketId = ticketIdOfKey(change.pk);
    if (ticketId === undefined) return [];
    if (change.sk === keys.ticket(ticketId).sk) return ticketMail(change, ticketId);
    if (change.sk.startsWith(PREFIX.comment)) return commentMail(change, ticketId);
    return [];
  },
};
