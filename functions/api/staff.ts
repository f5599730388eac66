/**
 * Staff management (docs/product.md §2 "Agent Management"): admins create users, change roles, reset passwords and
 * deactivate; admins and managers list the staff, set agents' routing and watch the routing queue. The use cases live
 * in functions/use-cases/staff/ and functions/use-cases/routing/.
 */
import {
  agentRoutingSchema,
  createUserSchema,
  resetPasswordSchema,
  updatePermissionsSchema,
  updateRoleSchema,
  userIdParamsSchema,
} from '#shared/schemas/user.ts';
import { ROUTING_ACCESS, STAFF_ACCESS } from '../domain/permissions.ts';
import { defineRoute } from '../http/handler.ts';
import { groupHandler } from './group-handler.ts';
import { listRoutingQueue, setAgentRouting } from '../use-cases/routing/agent-routing.ts';
import {
  requestMfaReset,
  requestPasswordReset,
  requestRoleChange,
  requestStaffAccount,
} from '../use-cases/approvals/held-actions.ts';
import { deactivateStaffMember, listStaffWithWeek, setStaffPermissions } from '../use-cases/staff/manage-staff.ts';
import { heldAnswer } from './held.ts';

export const handler = groupHandler('staff', {
  'GET /api/agents': defineRoute({
    access: STAFF_ACCESS.list,
    async handle({ caller }) {
      return { body: await listStaffWithWeek(caller) };
    },
  }),

  'POST /api/users': defineRoute({
    access: STAFF_ACCESS.manage,
    body: createUserSchema,
    async handle({ body, caller }) {
      return heldAnswer(await requestStaffAccount(caller, body), 201);
    },
  }),

  'PUT /api/users/{id}/password': defineRoute({
    access: STAFF_ACCESS.manage,
    params: userIdParamsSchema,
    body: resetPasswordSchema,
    async handle({ params, body, caller }) {
      return heldAnswer(await requestPasswordReset(caller, params.id, body.password));
    },
  }),

  'PUT /api/users/{id}/role': defineRoute({
    access: STAFF_ACCESS.manage,
    params: userIdParamsSchema,
    body: updateRoleSchema,
    async handle({ params, body, caller }) {
      return heldAnswer(await requestRoleChange(caller, params.id, body.role));
    },
  }),

  // Another user's two-factor sign-in turned off (docs/decisions/083-staff-two-factor.md), after a second admin's
  // approval where four-eyes applies (docs/decisions/095-four-eyes-approval.md).
  'DELETE /api/users/{id}/mfa': defineRoute({
    access: STAFF_ACCESS.manage,
    params: userIdParamsSchema,
    async handle({ params, caller }) {
      return heldAnswer(await requestMfaReset(caller, params.id));
    },
  }),

  'PUT /api/users/{id}/permissions': defineRoute({
    access: STAFF_ACCESS.manage,
    params: userIdParamsSchema,
    body: updatePermissionsSchema,
    async handle({ params, body, caller }) {
      return { body: await setStaffPermissions(caller, params.id, body) };
    },
  }),

  'PUT /api/agents/{id}/routing': defineRoute({
    access: ROUTING_ACCESS.manage,
    params: userIdParamsSchema,
    body: agentRoutingSchema,
    async handle({ params, body, caller }) {
      return { body: await setAgentRouting(caller, params.id, body) };
    },
  }),

  'GET /api/routing/queue': defineRoute({
    access: ROUTING_ACCESS.manage,
    async handle({ caller }) {
      return { body: await listRoutingQueue(caller) };
    },
  }),

  'DELETE /api/users/{id}': defineRoute({
    access: STAFF_ACCESS.manage,
    params: userIdParamsSchema,
    async handle({ params, caller }) {
      return { body: await deactivateStaffMember(caller, params.id) };
    },
  }),
});
