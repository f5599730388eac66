/**
 * The ticket API (docs/product.md §7, §6): lists, details, create with round robin and Idempotency-Key, edit,
 * assign, comments, history and customer ratings. Each route parses, calls one use case in
 * functions/use-cases/tickets/, and shapes the answer.
 */
import {
  assignTicketSchema,
  createCommentSchema,
  createTicketSchema,
  listTicketsQuerySchema,
  rateTicketSchema,
  ticketIdParamsSchema,
  updateTicketSchema,
} from '#shared/schemas/ticket.ts';
import { TICKET_ACCESS } from '../domain/permissions.ts';
import { toApiTicket } from '../domain/tickets.ts';
import { ValidationError } from '../lib/errors.ts';
import { defineRoute, httpHandler } from '../lib/http.ts';
import { assignTicket } from '../use-cases/tickets/assign-ticket.ts';
import { createTicket } from '../use-cases/tickets/create-ticket.ts';
import { rateTicket } from '../use-cases/tickets/rate-ticket.ts';
import { findOverdueTickets, findTickets, readHistory, readTicket } from '../use-cases/tickets/read-tickets.ts';
import { addStaffComment, readComments } from '../use-cases/tickets/thread.ts';
import { updateTicket } from '../use-cases/tickets/update-ticket.ts';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The `Idempotency-Key` header, if sent: 1 to 255 visible ASCII characters. */
function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined || IDEMPOTENCY_KEY.test(header)) return header;
  throw new ValidationError('validation.idempotencyKey.invalid', {
    'Idempotency-Key': 'validation.idempotencyKey.invalid',
  });
}

export const handler = httpHandler('tickets', {
  'GET /api/tickets': defineRoute({
    access: TICKET_ACCESS.read,
    query: listTicketsQuerySchema,
    async handle({ query, caller }) {
      const page = await findTickets(caller, query);
      return { body: { tickets: page.tickets.map(toApiTicket), nextCursor: page.nextCursor } };
    },
  }),

  'POST /api/tickets': defineRoute({
    access: TICKET_ACCESS.create,
    body: createTicketSchema,
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
    async handle({ caller }) {
      return { body: (await findOverdueTickets(caller)).map(toApiTicket) };
    },
  }),

  'GET /api/tickets/{id}': defineRoute({
    access: TICKET_ACCESS.read,
    params: ticketIdParamsSchema,
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

  'GET /api/tickets/{id}/comments': defineRoute({
    access: TICKET_ACCESS.read,
    params: ticketIdParamsSchema,
    async handle({ params, caller }) {
      return { body: await readComments(caller, params.id) };
    },
  }),

  'POST /api/tickets/{id}/comments': defineRoute({
    access: TICKET_ACCESS.comment,
    params: ticketIdParamsSchema,
    body: createCommentSchema,
    async handle({ params, body, caller }) {
      return { status: 201, body: await addStaffComment(caller, params.id, body) };
    },
  }),

  'GET /api/tickets/{id}/history': defineRoute({
    access: TICKET_ACCESS.read,
    params: ticketIdParamsSchema,
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
    async handle({ params, body, caller }) {
      const { rating, replaced } = await rateTicket(caller, params.id, body);
      return { status: replaced ? 200 : 201, body: rating };
    },
  }),
});
