/**
 * The mail channel as staff see it (docs/product.md §7): a ticket customer's address status, and for admins the
 * e-mails set aside after failing, the inbound mail that was refused, and the new messages held over the per-sender
 * limit (release or dismiss).
 */
import { failedMailParamsSchema, mailPageQuerySchema, heldMailParamsSchema } from '#shared/schemas/mail.ts';
import { ticketIdParamsSchema } from '#shared/schemas/ticket.ts';
import { MAIL_ACCESS } from '../domain/permissions.ts';
import { defineRoute } from '../http/handler.ts';
import { groupHandler } from './group-handler.ts';
import {
  dismissHeldMail,
  listFailedMail,
  listHeldMailPage,
  listRefusedInboundMail,
  readCustomerMailStatus,
  releaseHeldMail,
  retryFailedMail,
} from '../use-cases/mail/manage-mail.ts';

export const handler = groupHandler('mail', {
  'GET /api/tickets/{id}/mail-status': defineRoute({
    access: MAIL_ACCESS.status,
    params: ticketIdParamsSchema,
    async handle({ params, caller }) {
      return { body: await readCustomerMailStatus(caller, params.id) };
    },
  }),

  'GET /api/mail/failed': defineRoute({
    access: MAIL_ACCESS.admin,
    query: mailPageQuerySchema,
    async handle({ query, caller }) {
      return { body: await listFailedMail(caller, query.cursor) };
    },
  }),

  'POST /api/mail/failed/{id}/retry': defineRoute({
    access: MAIL_ACCESS.admin,
    params: failedMailParamsSchema,
    async handle({ params, caller }) {
      await retryFailedMail(caller, params.id);
      return { status: 202, body: { id: params.id, status: 'queued' } };
    },
  }),

  'GET /api/mail/inbound-refusals': defineRoute({
    access: MAIL_ACCESS.admin,
    async handle({ caller }) {
      return { body: await listRefusedInboundMail(caller) };
    },
  }),

  'GET /api/mail/held': defineRoute({
    access: MAIL_ACCESS.admin,
    query: mailPageQuerySchema,
    async handle({ query, caller }) {
      return { body: await listHeldMailPage(caller, query.cursor) };
    },
  }),

  'POST /api/mail/held/{id}/release': defineRoute({
    access: MAIL_ACCESS.admin,
    params: heldMailParamsSchema,
    async handle({ params, caller }) {
      return { status: 201, body: await releaseHeldMail(caller, params.id) };
    },
  }),

  'DELETE /api/mail/held/{id}': defineRoute({
    access: MAIL_ACCESS.admin,
    params: heldMailParamsSchema,
    async handle({ params, caller }) {
      await dismissHeldMail(caller, params.id);
      return { status: 204 };
    },
  }),
});
