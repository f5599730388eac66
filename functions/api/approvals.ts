/**
 * Four-eyes approval (docs/decisions/095-four-eyes-approval.md): admins list the requests waiting for a second admin,
 * approve or reject them; a requester reveals the secret their approved request made, once. The use cases live in
 * functions/use-cases/approvals/.
 */
import { approvalIdParamsSchema, rejectApprovalSchema } from '#shared/schemas/approval.ts';
import { APPROVAL_ACCESS } from '../domain/permissions.ts';
import { defineRoute } from '../http/handler.ts';
import { groupHandler } from './group-handler.ts';
import {
  approveRequest,
  listApprovals,
  rejectRequest,
  revealApprovalSecret,
} from '../use-cases/approvals/manage-approvals.ts';

export const handler = groupHandler('approvals', {
  'GET /api/approvals': defineRoute({
    access: APPROVAL_ACCESS.decide,
    async handle({ caller }) {
      return { body: await listApprovals(caller) };
    },
  }),

  'POST /api/approvals/{id}/approve': defineRoute({
    access: APPROVAL_ACCESS.decide,
    params: approvalIdParamsSchema,
    async handle({ params, caller }) {
      return { body: await approveRequest(caller, params.id) };
    },
  }),

  'POST /api/approvals/{id}/reject': defineRoute({
    access: APPROVAL_ACCESS.decide,
    params: approvalIdParamsSchema,
    body: rejectApprovalSchema,
    async handle({ params, body, caller }) {
      return { body: await rejectRequest(caller, params.id, body.reason) };
    },
  }),

  'POST /api/approvals/{id}/secret': defineRoute({
    access: APPROVAL_ACCESS.decide,
    params: approvalIdParamsSchema,
    async handle({ params, caller }) {
      return { body: await revealApprovalSecret(caller, params.id) };
    },
  }),
});
