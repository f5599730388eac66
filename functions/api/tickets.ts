/**
 * The ticket API (docs/product.md §7, §6): lists, details, create with round robin and Idempotency-Key, edit,
 * assign, bulk changes, comments, history and customer ratings. Each route parses, calls one use case in
 * functions/use-cases/tickets/, and shapes the answer.
 */
import * as z from 'zod';
import { issueText } from '#shared/i18n/messages.ts';
import {
  assignTicketSchema,
  bulkUpdateTicketsResultSchema,
  bulkUpdateTicketsSchema,
  commentSchema,
  createCommentSchema,
  createTicketSchema,
  historyEntrySchema,
  listTicketsQuerySchema,
  mergeTicketSchema,
  overdueTicketsSchema,
  postMessageSchema,
  rateTicketSchema,
  setParentSchema,
  threadQuerySchema,
  ticketIdParamsSchema,
  ticketListSchema,
  ticketRatingSchema,
  ticketSchema,
  updateTicketSchema,
} from '#shared/schemas/ticket.ts';
import { publicMessageSchema, publicThreadPageSchema } from '#shared/schemas/webhook.ts';
import {
  attachmentParamsSchema,
  createUploadSchema,
  downloadQuerySchema,
  removeAttachmentSchema,
  uploadAnswerSchema,
} from '#shared/schemas/attachment.ts';
import { customerParamsSchema, setAntiPhishingCodeSchema } from '#shared/schemas/customer.ts';
import { ATTACHMENT_ACCESS, CUSTOMER_ACCESS, TICKET_ACCESS } from '../domain/permissions.ts';
import { toApiTicket } from '../domain/tickets.ts';
import { ValidationError } from '../lib/errors.ts';
import { defineRoute } from '../http/handler.ts';
import { groupHandler } from './group-handler.ts';
import { assignTicket } from '../use-cases/tickets/assign-ticket.ts';
import { downloadAttachment, requestUpload } from '../use-cases/tickets/attachments.ts';
import { requestAttachmentRemoval } from '../use-cases/approvals/held-actions.ts';
import { heldAnswer } from './held.ts';
import { bulkUpdateTickets } from '../use-cases/tickets/bulk-update-tickets.ts';
import { clearAntiPhishingCode, setAntiPhishingCode } from '../use-cases/customers/anti-phishing.ts';
import { createTicket } from '../use-cases/tickets/create-ticket.ts';
import { linkToIncident, readChildren, unlinkFromIncident } from '../use-cases/tickets/incidents.ts';
import { mergeTickets } from '../use-cases/tickets/merge-tickets.ts';
import { rateTicket } from '../use-cases/tickets/rate-ticket.ts';
import { findOverdueTickets, findTickets, readHistory, readTicket } from '../use-cases/tickets/read-tickets.ts';
import { addStaffComment, readComments, readPublicThread, relayCustomerMessage } from '../use-cases/tickets/thread.ts';
import { updateTicket } from '../use-cases/tickets/update-ticket.ts';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** `Idempotency-Key` as this handler accepts it, for the OpenAPI document. */
const idempotencyHeadersSchema = z.object({
  'Idempotency-Key': z.string().regex(IDEMPOTENCY_KEY, issueText('validation.idempotencyKey.invalid')).optional(),
});

const TICKET_ID_PARAMETER = { id: 'The ticket number (`id`), not the `TKT-` code.' };
const NO_SUCH_TICKET = 'There is no ticket with this id.';

/** The `Idempotency-Key` header, if sent: 1 to 255 visible ASCII characters. */
function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined || IDEMPOTENCY_KEY.test(header)) return header;
  throw new ValidationError('validation.idempotencyKey.invalid', {
    'Idempotency-Key': 'validation.idempotencyKey.invalid',
  });
}

export const handler = groupHandler('tickets', {
  'GET /api/tickets': defineRoute({
    access: TICKET_ACCESS.read,
    query: listTicketsQuerySchema,
    doc: {
      operationId: 'listTickets',
      summary: 'List tickets, newest first',
      description:
        'One page at a time: pass `nextCursor` back as `cursor` until it is null. Filters combine. With ' +
        '`customerEmail`, the customer’s tickets of any age come back from an index of their own.',
      parameters: {
        limit: 'Page size. A page may hold fewer tickets and still have a `nextCursor`.',
        customerEmail: 'Only the tickets of this customer: the whole address, matched in any case.',
        q:
          'A ticket code (that ticket), a whole customer e-mail address (their tickets), or words: tickets whose ' +
          'subject, description or public messages hold every word, the last also as a prefix. Any case, any age.',
        cursor: 'The `nextCursor` of the previous page.',
        assignedToId: 'Only tickets assigned to this staff member.',
      },
      response: { status: 200, description: 'One page of tickets.', schema: ticketListSchema },
    },
    async handle({ query, caller }) {
      const { tickets, nextCursor, restrictedCount } = await findTickets(caller, query);
      return {
        body: {
          tickets: tickets.map(toApiTicket),
          nextCursor,
          ...(restrictedCount === undefined ? {} : { restrictedCount }),
        },
      };
    },
  }),

  'POST /api/tickets': defineRoute({
    access: TICKET_ACCESS.create,
    body: createTicketSchema,
    doc: {
      operationId: 'createTicket',
      summary: 'Create a ticket',
      description:
        'A ticket created with an API key is of type `api` and records the key (`createdByApiKeyId`). Without ' +
        '`assignedToId` it is assigned round robin to the next active agent. Send an `Idempotency-Key` to make ' +
        'retries safe: the same key with the same body within 24 hours answers with the ticket first created.',
      headers: idempotencyHeadersSchema,
      parameters: {
        'Idempotency-Key': 'Your unique id for this create (a UUID, say); remembered for 24 hours, per API key.',
      },
      response: { status: 201, description: 'The new ticket.', schema: ticketSchema },
      alsoAnswers: {
        status: 200,
        description:
          'A repeat of a create already made with this `Idempotency-Key`: the ticket it created, as it is now.',
        headers: { 'Idempotent-Replayed': { description: 'Always `true` on a replay.', schema: z.literal('true') } },
      },
      conflict: 'The `Idempotency-Key` was already used with a different body.',
    },
    async handle({ body, caller, headers }) {
      const idempotencyKey = idempotencyKeyOf(headers['idempotency-key']);
      const { ticket, replayed } = await createTicket(caller, body, { idempotencyKey });
      return {
        status: replayed ? 200 : 201,
        body: toApiTicket(ticket),
        ...(replayed ? { headers: { 'idempotent-replayed': 'true' } } : {}),
      };
    },
  }),

  'GET /api/tickets/overdue': defineRoute({
    access: TICKET_ACCESS.read,
    doc: {
      operationId: 'listOverdueTickets',
      summary: 'List overdue tickets',
      description:
        'Unresolved tickets past their deadline or with their first response overdue, earliest due time first, at most 100.',
      response: { status: 200, description: 'Overdue tickets.', schema: overdueTicketsSchema },
    },
    async handle({ caller }) {
      return { body: (await findOverdueTickets(caller)).map(toApiTicket) };
    },
  }),

  // Staff only (docs/product.md §6): each ticket is checked and changed as if edited alone, so the answer is 200 with
  // one result per ticket, refusals included.
  'POST /api/tickets/bulk': defineRoute({
    access: TICKET_ACCESS.edit,
    body: bulkUpdateTicketsSchema,
    doc: {
      operationId: 'bulkUpdateTickets',
      summary: 'Change several tickets at once',
      description:
        'Sets the same `status`, `priority`, `category` (an active category’s name) or assignee (`assignedToId`, ' +
        'an active staff member) on 1 to 100 distinct tickets. Each ticket is checked and changed exactly as ' +
        '`PATCH /api/tickets/{id}` and `POST /api/tickets/{id}/assign` would, with its own history entries, alarms ' +
        'and webhooks; a refused ticket does not stop the others. The answer holds one result per ticket, in the ' +
        'order of `ticketIds`: `ok`, or the error `code` the single-ticket route would have answered ' +
        '(`error.ticket.editDenied`, `error.ticket.notFound`, …). An agent may change only the tickets assigned ' +
        'to them, and may not assign. `parentId` links each ticket to an incident as `PUT /api/tickets/{id}/parent` ' +
        'does (`null` unlinks). At least one change is required.',
      response: {
        status: 200,
        description: 'One result per ticket, in request order.',
        schema: bulkUpdateTicketsResultSchema,
      },
    },
    async handle({ body, caller }) {
      return { body: { results: await bulkUpdateTickets(caller, body) } };
    },
  }),

  'GET /api/tickets/{id}': defineRoute({
    access: TICKET_ACCESS.read,
    params: ticketIdParamsSchema,
    doc: {
      operationId: 'getTicket',
      summary: 'Get one ticket',
      parameters: TICKET_ID_PARAMETER,
      response: { status: 200, description: 'The ticket.', schema: ticketSchema },
      notFound: NO_SUCH_TICKET,
    },
    async handle({ params, caller }) {
      return { body: toApiTicket(await readTicket(caller, params.id)) };
    },
  }),

  'PATCH /api/tickets/{id}': defineRoute({
    access: TICKET_ACCESS.edit,
    params: ticketIdParamsSchema,
    body: updateTicketSchema,
    async handle({ params, body, caller }) {
      return { body: toApiTicket(await updateTicket(caller, params.id, body)) };
    },
  }),

  'POST /api/tickets/{id}/assign': defineRoute({
    access: TICKET_ACCESS.assign,
    params: ticketIdParamsSchema,
    body: assignTicketSchema,
    async handle({ params, body, caller }) {
      return { body: toApiTicket(await assignTicket(caller, params.id, body.agentId)) };
    },
  }),

  'POST /api/tickets/{id}/merge': defineRoute({
    access: TICKET_ACCESS.merge,
    params: ticketIdParamsSchema,
    body: mergeTicketSchema,
    async handle({ params, body, caller }) {
      const { source, target, moved } = await mergeTickets(caller, params.id, body);
      return { body: { ticket: toApiTicket(source), into: toApiTicket(target), movedMessages: moved } };
    },
  }),

  'PUT /api/tickets/{id}/parent': defineRoute({
    access: TICKET_ACCESS.edit,
    params: ticketIdParamsSchema,
    body: setParentSchema,
    async handle({ params, body, caller }) {
      return { body: toApiTicket(await linkToIncident(caller, params.id, body)) };
    },
  }),

  'DELETE /api/tickets/{id}/parent': defineRoute({
    access: TICKET_ACCESS.edit,
    params: ticketIdParamsSchema,
    async handle({ params, caller }) {
      return { body: toApiTicket(await unlinkFromIncident(caller, params.id)) };
    },
  }),

  'GET /api/tickets/{id}/children': defineRoute({
    access: TICKET_ACCESS.read,
    params: ticketIdParamsSchema,
    doc: {
      operationId: 'listIncidentChildren',
      summary: "List an incident's tickets",
      description:
        'The tickets linked to this one as their incident, by ticket number; none for a ticket that is no incident.',
      parameters: TICKET_ID_PARAMETER,
      response: { status: 200, description: 'The children.', schema: z.array(ticketSchema) },
      notFound: NO_SUCH_TICKET,
    },
    async handle({ params, caller }) {
      return { body: (await readChildren(caller, params.id)).map(toApiTicket) };
    },
  }),

  'GET /api/tickets/{id}/comments': defineRoute({
    access: TICKET_ACCESS.read,
    params: ticketIdParamsSchema,
    doc: {
      operationId: 'listTicketComments',
      summary: "List a ticket's comments",
      description:
        'Oldest first, at most 1,000. Internal staff notes are never shown to API keys. For the conversation as the ' +
        'customer may see it, paged, use `GET /api/tickets/{id}/messages`.',
      parameters: TICKET_ID_PARAMETER,
      response: { status: 200, description: 'The comments.', schema: z.array(commentSchema) },
      notFound: NO_SUCH_TICKET,
    },
    async handle({ params, caller }) {
      return { body: await readComments(caller, params.id) };
    },
  }),

  'POST /api/tickets/{id}/comments': defineRoute({
    access: TICKET_ACCESS.comment,
    params: ticketIdParamsSchema,
    body: createCommentSchema,
    async handle({ params, body, caller }) {
      // A reply the reply guard held is accepted, not sent: 202 with `held: true` (docs/decisions/099-reply-guard.md).
      const comment = await addStaffComment(caller, params.id, body);
      return { status: comment.held ? 202 : 201, body: comment };
    },
  }),

  'GET /api/tickets/{id}/history': defineRoute({
    access: TICKET_ACCESS.read,
    params: ticketIdParamsSchema,
    doc: {
      operationId: 'listTicketHistory',
      summary: "List a ticket's history",
      description: 'Who changed what and when, oldest first.',
      parameters: TICKET_ID_PARAMETER,
      response: { status: 200, description: 'The history.', schema: z.array(historyEntrySchema) },
      notFound: NO_SUCH_TICKET,
    },
    async handle({ params, caller }) {
      return { body: await readHistory(caller, params.id) };
    },
  }),

  // The customer's rating arrives from the upstream system that talks to the customer: API keys with tickets:rate
  // only (docs/product.md §6), so no staff role may call it.
  'POST /api/tickets/{id}/rating': defineRoute({
    access: TICKET_ACCESS.rate,
    params: ticketIdParamsSchema,
    body: rateTicketSchema,
    doc: {
      operationId: 'rateTicket',
      summary: "Record the customer's rating of a ticket",
      description:
        'Only for a resolved or closed ticket. One rating per ticket: a new one replaces the previous one, and the ' +
        'rating counts towards the week of the agent who resolved the ticket. Sending the same rating again changes ' +
        'nothing.',
      parameters: TICKET_ID_PARAMETER,
      response: { status: 201, description: "The ticket's first rating.", schema: ticketRatingSchema },
      alsoAnswers: { status: 200, description: 'The ticket was rated before: this rating replaced that one.' },
      notFound: NO_SUCH_TICKET,
      conflict: 'The ticket is not resolved or closed.',
    },
    async handle({ params, body, caller }) {
      const { rating, replaced } = await rateTicket(caller, params.id, body);
      return { status: replaced ? 200 : 201, body: rating };
    },
  }),

  // The conversation with the customer, for the upstream system that talks to them: public messages only.
  'GET /api/tickets/{id}/messages': defineRoute({
    access: TICKET_ACCESS.read,
    params: ticketIdParamsSchema,
    query: threadQuerySchema,
    doc: {
      operationId: 'listTicketMessages',
      summary: 'The conversation with the customer',
      description:
        'The customer’s messages and the staff’s public replies, oldest first, a page at a time: never an internal ' +
        'note, never a staff member’s e-mail address. Pass `nextCursor` back as `cursor` until it is null.',
      parameters: { ...TICKET_ID_PARAMETER, cursor: 'The `nextCursor` of the previous page.' },
      response: { status: 200, description: 'One page of the thread.', schema: publicThreadPageSchema },
      notFound: NO_SUCH_TICKET,
    },
    async handle({ params, query, caller }) {
      return { body: await readPublicThread(caller, params.id, query) };
    },
  }),

  // The customer's answer, relayed by that system: recorded as the customer's, as an e-mailed reply would be.
  'POST /api/tickets/{id}/messages': defineRoute({
    access: TICKET_ACCESS.reply,
    params: ticketIdParamsSchema,
    body: postMessageSchema,
    doc: {
      operationId: 'postTicketMessage',
      summary: "Pass on the customer's answer",
      description:
        'Recorded as the customer’s message, exactly as an e-mailed reply would be: a resolved or closed ticket ' +
        'reopens, and the assignee hears of it. Staff cannot use this route: they reply with a comment.',
      parameters: TICKET_ID_PARAMETER,
      response: { status: 201, description: 'The message as the thread shows it.', schema: publicMessageSchema },
      notFound: NO_SUCH_TICKET,
    },
    async handle({ params, body, caller }) {
      return { status: 201, body: await relayCustomerMessage(caller, params.id, body) };
    },
  }),

  // Files (docs/decisions/094-attachments.md): announce one, then POST it straight to storage with the form answered.
  'POST /api/tickets/{id}/attachments': defineRoute({
    access: ATTACHMENT_ACCESS.upload,
    params: ticketIdParamsSchema,
    body: createUploadSchema,
    doc: {
      operationId: 'createTicketAttachmentUpload',
      summary: 'Announce a file to attach to the next message',
      description:
        'Answers a presigned POST form for exactly `size` bytes of `contentType`: send its `fields` and then the file ' +
        'as the `file` field of a `multipart/form-data` POST to `url`, within 15 minutes. Then name the ' +
        '`attachmentId` in `attachmentIds` of `POST /api/tickets/{id}/messages`: the file is verified then (it exists, ' +
        'its size, its type sniffed from the bytes, this ticket, this key, not attached before). At most 25 MB a file ' +
        'and 10 files a message; images, PDF, plain text, CSV and office documents only.',
      parameters: TICKET_ID_PARAMETER,
      response: { status: 201, description: 'The upload form.', schema: uploadAnswerSchema },
      notFound: NO_SUCH_TICKET,
    },
    async handle({ params, body, caller }) {
      return { status: 201, body: await requestUpload(caller, params.id, body) };
    },
  }),

  'GET /api/tickets/{id}/attachments/{attachmentId}': defineRoute({
    access: TICKET_ACCESS.read,
    params: ticketIdParamsSchema.extend(attachmentParamsSchema.shape),
    query: downloadQuerySchema,
    doc: {
      operationId: 'downloadTicketAttachment',
      summary: 'Download a file of a ticket',
      description:
        'Redirects to a link that lives 60 seconds and serves the file as a download (`Content-Disposition: ' +
        'attachment`) with the type sniffed from its bytes. A file still being scanned for malware answers 409, an ' +
        'infected one 403. Each download is recorded in the ticket’s history; `preview=true` (an image shown as a ' +
        'thumbnail: PNG, JPEG, GIF or WebP) is not.',
      parameters: { ...TICKET_ID_PARAMETER, attachmentId: 'The file’s id, as the message lists it.' },
      response: { status: 302, description: 'To the file’s download link (`Location`).' },
      notFound: 'There is no such file on this ticket, or it was removed.',
      conflict: 'The file is still being scanned for malware.',
    },
    async handle({ params, query, caller }) {
      return {
        redirect: await downloadAttachment(caller, params.id, params.attachmentId, {
          preview: query.preview === 'true',
        }),
        headers: { 'x-content-type-options': 'nosniff' },
      };
    },
  }),

  'DELETE /api/tickets/{id}/attachments/{attachmentId}': defineRoute({
    access: ATTACHMENT_ACCESS.remove,
    params: ticketIdParamsSchema.extend(attachmentParamsSchema.shape),
    body: removeAttachmentSchema,
    async handle({ params, body, caller }) {
      return heldAnswer(await requestAttachmentRemoval(caller, params.id, params.attachmentId, body.reason));
    },
  }),

  // The customer's anti-phishing code (docs/decisions/096-anti-phishing-code.md): set and cleared by the upstream
  // system with an API key that has customers:write; never readable, by staff or by keys.
  'PUT /api/customers/{email}/anti-phishing-code': defineRoute({
    access: CUSTOMER_ACCESS.write,
    params: customerParamsSchema,
    body: setAntiPhishingCodeSchema,
    doc: {
      operationId: 'setAntiPhishingCode',
      summary: "Set the customer's anti-phishing code",
      description:
        'Every e-mail the help desk sends to this customer from now on starts with the code, so that the customer ' +
        'can tell real e-mails from phishing. 4 to 32 letters, digits, spaces, `-` or `_`; replaces the code set ' +
        'before. The code is never shown again: no answer of the API carries it.',
      parameters: { email: "The customer's e-mail address (any case)." },
      response: { status: 204, description: 'Set.' },
    },
    async handle({ params, body, caller }) {
      await setAntiPhishingCode(caller, params.email, body);
      return { status: 204 };
    },
  }),

  'DELETE /api/customers/{email}/anti-phishing-code': defineRoute({
    access: CUSTOMER_ACCESS.write,
    params: customerParamsSchema,
    doc: {
      operationId: 'clearAntiPhishingCode',
      summary: "Clear the customer's anti-phishing code",
      description: 'The customer’s e-mails carry no code from now on. Clearing a code that is not set changes nothing.',
      parameters: { email: "The customer's e-mail address (any case)." },
      response: { status: 204, description: 'Cleared.' },
    },
    async handle({ params, caller }) {
      await clearAntiPhishingCode(caller, params.email);
      return { status: 204 };
    },
  }),
});
