/**
 * Staff management (docs/product.md §2 "Agent Management"): admins create users, change roles, reset passwords and
 * deactivate; admins and managers list the staff. The directory in the table is the authority; Cognito only
 * holds the credentials.
 */
import { createUserSchema, resetPasswordSchema, updateRoleSchema, userIdParamsSchema } from '#shared/schemas/user.ts';
import { listAgentWeeks } from '../data/agent-weeks.ts';
import { deactivateUser, getUser, listStaff, setUserRole } from '../data/users.ts';
import { currentWeek, withWeekPerformance } from '../domain/performance.ts';
import { assertMayDeactivate, STAFF_MESSAGES, STAFF_ROLES } from '../domain/staff.ts';
import { NotFoundError } from '../lib/errors.ts';
import { defineRoute, httpHandler } from '../lib/http.ts';
import { createStaffAccount } from '../lib/staff-accounts.ts';
import { disableUser, setPassword, signOutEverywhere } from '../lib/identity.ts';
import { DENIED } from '../domain/permissions.ts';

export const handler = httpHandler('staff', {
  'GET /api/agents': defineRoute({
    access: { roles: STAFF_ROLES.list, deniedMessage: DENIED.staffList },
    async handle() {
      const now = new Date();
      const staff = await listStaff();
      // Everyone who can hold tickets has a week item; one batch read per 100 staff, never per ticket.
      const weeks = await listAgentWeeks(
        staff.map((user) => user.id),
        currentWeek(now),
      );
      return { body: staff.map((user) => withWeekPerformance(user, weeks.get(user.id), now)) };
    },
  }),

  'POST /api/users': defineRoute({
    access: { roles: STAFF_ROLES.manage, deniedMessage: DENIED.staffManage },
    body: createUserSchema,
    async handle({ body }) {
      return { status: 201, body: await createStaffAccount(body) };
    },
  }),

  'PUT /api/users/{id}/password': defineRoute({
    access: { roles: STAFF_ROLES.manage, deniedMessage: DENIED.staffManage },
    params: userIdParamsSchema,
    body: resetPasswordSchema,
    async handle({ params, body }) {
      const user = await getUser(params.id);
      if (!user) throw new NotFoundError(STAFF_MESSAGES.userNotFound);
      await setPassword(user.id, body.password);
      return { body: user };
    },
  }),

  'PUT /api/users/{id}/role': defineRoute({
    access: { roles: STAFF_ROLES.manage, deniedMessage: DENIED.staffManage },
    params: userIdParamsSchema,
    body: updateRoleSchema,
    async handle({ params, body }) {
      return { body: await setUserRole(params.id, body.role) };
    },
  }),

  'DELETE /api/users/{id}': defineRoute({
    access: { roles: STAFF_ROLES.manage, deniedMessage: DENIED.staffManage },
    params: userIdParamsSchema,
    async handle({ params, caller }) {
      if (caller.kind === 'staff') assertMayDeactivate(caller.user.id, params.id);
      // The directory first: from this write on, every request, refresh and sign-in of the user is refused.
      const user = await deactivateUser(params.id);
      await disableUser(user.id);
      await signOutEverywhere(user.id);
      return { body: user };
    },
  }),
});
