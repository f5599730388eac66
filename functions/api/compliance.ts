/**
 * The compliance group (docs/decisions/099-reply-guard.md): staff with the compliance permission review the replies
 * the reply guard held and edit its terms (functions/use-cases/compliance/).
 */
import { guardTermsInputSchema, heldReplyParamsSchema, returnHeldReplySchema } from '#shared/schemas/reply-guard.ts';
import { COMPLIANCE_ACCESS } from '../domain/permissions.ts';
import { defineRoute } from '../http/handler.ts';
import { groupHandler } from './group-handler.ts';
import {
  listHeld,
  readGuardTerms,
  releaseHeldReply,
  returnHeldReply,
  saveGuardTerms,
} from '../use-cases/compliance/reply-guard.ts';

export const handler = groupHandler('compliance', {
  'GET /api/compliance/held-replies': defineRoute({
    access: COMPLIANCE_ACCESS.review,
    async handle({ caller }) {
      return { body: await listHeld(caller) };
    },
  }),

  'POST /api/compliance/held-replies/{id}/{commentId}/release': defineRoute({
    access: COMPLIANCE_ACCESS.review,
    params: heldReplyParamsSchema,
    async handle({ params, caller }) {
      return { body: await releaseHeldReply(caller, params.id, params.commentId) };
    },
  }),

  'POST /api/compliance/held-replies/{id}/{commentId}/return': defineRoute({
    access: COMPLIANCE_ACCESS.review,
    params: heldReplyParamsSchema,
    body: returnHeldReplySchema,
    async handle({ params, body, caller }) {
      return { body: await returnHeldReply(caller, params.id, params.commentId, body) };
    },
  }),

  'GET /api/compliance/guard-terms': defineRoute({
    access: COMPLIANCE_ACCESS.review,
    async handle({ caller }) {
      return { body: await readGuardTerms(caller) };
    },
  }),

  'PUT /api/compliance/guard-terms': defineRoute({
    access: COMPLIANCE_ACCESS.review,
    body: guardTermsInputSchema,
    async handle({ body, caller }) {
      return { body: await saveGuardTerms(caller, body) };
    },
  }),
});
