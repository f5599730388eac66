/**
 * Staff management (docs/product.md §2 "Agent Management"): admins create users, change roles, reset passwords and
 * deactivate; admins and managers list the staff. The use cases live in functions/use-cases/staff/.
 */
import { createUserSchema, resetPasswordSchema, updateRoleSchema, userIdParamsSchema } from '#shared/schemas/user.ts';
import { STAFF_ACCESS } from '../domain/permissions.ts';
import { defineRoute, httpHandler } from '../lib/http.ts';
import { createStaffAccount } from '../use-cases/staff/create-staff-account.ts';
import {
  changeStaffRole,
  deactivateStaffMember,
  listStaffWithWeek,
  resetStaffPassword,
} from '../use-cases/staff/manage-staff.ts';

export const handler = httpHandler('staff', {
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
      return { status: 201, body: await createStaffAccount(caller, body) };
    },
  }),

  'PUT /api/users/{id}/password': defineRoute({
    access: STAFF_ACCESS.manage,
    params: userIdParamsSchema,
    body: resetPasswordSchema,
    async handle({ params, body, caller }) {
      return { body: await resetStaffPassword(caller, params.id, body.password) };
    },
  }),

  'PUT /api/users/{id}/role': defineRoute({
    access: STAFF_ACCESS.manage,
    params: userIdParamsSchema,
    body: updateRoleSchema,
    async handle({ params, body, caller }) {
      return { body: await changeStaffRole(caller, params.id, body.role) };
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
