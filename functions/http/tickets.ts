/**
 * The ticket API (docs/product.md §7, docs/product.md §6): lists, details, create with round robin and Idempotency-Key, edit,
 * assign, comments, history and customer ratings. Rules live in functions/domain, writes in functions/data/tickets.ts.
 */
import { createHash } from 'node:crypto';
import { LIST_LIMITS } from '#shared/constants.ts';
import { MESSAGES } from '#shared/messages.ts';
import {
  assignTicketSchema,
  createCommentSchema,
  createTicketSchema,
  listTicketsQuerySchema,
  rateTicketSchema,
  TICKET_MESSAGES,
  ticketIdParamsSchema,
  updateTicketSchema,
  type Actor,
} from '#shared/schemas/ticket.ts';
import { rateTicket } from '../data/ratings.ts';
import {
  addComment,
  assignTicket,
  createTicket,
  listComments,
  listHistory,
  listOverdueTickets,
  listTickets,
  requireTicket,
  staffActor,
  updateTicket,
} from '../data/tickets.ts';
import { idempotencyScope } from '../data/table.ts';
import type { Caller } from '../domain/caller.ts';
import { canEditTicket, TICKET_ACCESS } from '../domain/permissions.ts';
import { toApiTicket } from '../domain/tickets.ts';
import { ForbiddenError, ValidationError } from '../lib/errors.ts';
import { defineRoute, httpHandler } from '../lib/http.ts';

/** Only staff reach the routes that use this: API keys are refused by the route table's scopes before. */
function staffOf(caller: Caller) {
  if (caller.kind !== 'staff') throw new ForbiddenError('Only staff can do this');
  return caller.user;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

function idempotencyOf(header: string | undefined, scope: string, body: unknown) {
  if (header === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(header)) {
    throw new ValidationError(TICKET_MESSAGES.invalidIdempotencyKey, {
      'Idempotency-Key': TICKET_MESSAGES.invalidIdempotencyKey,
    });
  }
  const fingerprint = createHash('sha256').update(JSON.stringify(body)).digest('base64url');
  return { scope, key: header, fingerprint };
}

export const handler = httpHandler('tickets', {
  'GET /api/tickets': defineRoute({
    access: TICKET_ACCESS.read,
    query: listTicketsQuerySchema,
    async handle({ query }) {
      const { limit, cursor, ...filters } = query;
      const page = await listTickets(filters, limit, cursor);
      return { body: { tickets: page.tickets.map(toApiTicket), nextCursor: page.nextCursor } };
    },
  }),

  'POST /api/tickets': defineRoute({
    access: TICKET_ACCESS.create,
    body: createTicketSchema,
    async handle({ body, caller, headers }) {
      let actor: Actor;
      let scope: string;
      if (caller.kind === 'apiKey') {
        actor = { type: 'apiKey', id: caller.apiKey.id, name: caller.apiKey.name };
        scope = idempotencyScope.apiKey(caller.apiKey.id);
      } else {
        const user = staffOf(caller);
        actor = staffActor(user);
        scope = idempotencyScope.staff(user.id);
      }
      const { ticket, replayed } = await createTicket({
        // Upstream systems file through the API by definition; only staff record phone calls as direct.
        request: caller.kind === 'apiKey' ? { ...body, type: 'api' } : body,
        actor,
        createdById: caller.kind === 'staff' ? caller.user.id : null,
        createdByApiKeyId: caller.kind === 'apiKey' ? caller.apiKey.id : null,
        idempotency: idempotencyOf(headers['idempotency-key'], scope, body),
      });
      return {
        status: replayed ? 200 : 201,
        body: toApiTicket(ticket),
        ...(replayed ? { headers: { 'idempotent-replayed': 'true' } } : {}),
      };
    },
  }),

  'GET /api/tickets/overdue': defineRoute({
    access: TICKET_ACCESS.read,
    async handle() {
      const tickets = await listOverdueTickets(new Date(), LIST_LIMITS.fullList);
      return { body: tickets.map(toApiTicket) };
    },
  }),

  'GET /api/tickets/{id}': defineRoute({
    access: TICKET_ACCESS.read,
    params: ticketIdParamsSchema,
    async handle({ params }) {
      return { body: toApiTicket(await requireTicket(params.id)) };
    },
  }),

  'PATCH /api/tickets/{id}': defineRoute({
    access: TICKET_ACCESS.edit,
    params: ticketIdParamsSchema,
    body: updateTicketSchema,
    async handle({ params, body, caller }) {
      const user = staffOf(caller);
      const ticket = await updateTicket(params.id, body, staffActor(user), (current) => {
        if (!canEditTicket(user, current)) throw new ForbiddenError(MESSAGES.editNotAllowed);
      });
      return { body: toApiTicket(ticket) };
    },
  }),

  'POST /api/tickets/{id}/assign': defineRoute({
    access: TICKET_ACCESS.assign,
    params: ticketIdParamsSchema,
    body: assignTicketSchema,
    async handle({ params, body, caller }) {
      const ticket = await assignTicket(params.id, body.agentId, staffActor(staffOf(caller)));
      return { body: toApiTicket(ticket) };
    },
  }),

  'GET /api/tickets/{id}/comments': defineRoute({
    access: TICKET_ACCESS.read,
    params: ticketIdParamsSchema,
    async handle({ params, caller }) {
      const comments = await listComments(params.id);
      // Internal notes are for staff; an upstream system may show what it reads to the customer.
      return { body: caller.kind === 'staff' ? comments : comments.filter((c) => !c.isInternal) };
    },
  }),

  'POST /api/tickets/{id}/comments': defineRoute({
    access: TICKET_ACCESS.comment,
    params: ticketIdParamsSchema,
    body: createCommentSchema,
    async handle({ params, body, caller }) {
      return { status: 201, body: await addComment(params.id, body, staffOf(caller)) };
    },
  }),

  'GET /api/tickets/{id}/history': defineRoute({
    access: TICKET_ACCESS.read,
    params: ticketIdParamsSchema,
    async handle({ params }) {
      return { body: await listHistory(params.id) };
    },
  }),

  // The customer's rating arrives from the upstream system that talks to the customer: API keys with tickets:rate
  // only (docs/product.md §6), so no staff role may call it.
  'POST /api/tickets/{id}/rating': defineRoute({
    access: TICKET_ACCESS.rate,
    params: ticketIdParamsSchema,
    body: rateTicketSchema,
    async handle({ params, body, caller }) {
      // Staff never get here (no role is admitted); the check only tells TypeScript the caller is a key.
      if (caller.kind !== 'apiKey') throw new ForbiddenError(TICKET_MESSAGES.ratingByKeysOnly);
      const actor: Actor = { type: 'apiKey', id: caller.apiKey.id, name: caller.apiKey.name };
      const { rating, replaced } = await rateTicket(params.id, body, actor);
      return { status: replaced ? 200 : 201, body: rating };
    },
  }),
});
