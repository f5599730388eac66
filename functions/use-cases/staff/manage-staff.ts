/**
 * Staff management (docs/product.md §2 "Agent Management"): the staff list with each member's week, password resets,
 * role changes and deactivation. The directory in the table is the authority; Cognito only holds the credentials.
 */
import type { Role } from '#shared/constants.ts';
import type { Agent, User } from '#shared/schemas/user.ts';
import { listAgentWeeks } from '../../data/agent-weeks.ts';
import { withRetries } from '../../data/transactions.ts';
import { getUser, listStaff, writeStaffStatus } from '../../data/users.ts';
import type { Caller } from '../../domain/caller.ts';
import { currentWeek, withWeekPerformance } from '../../domain/performance.ts';
import { assertAccess, STAFF_ACCESS } from '../../domain/permissions.ts';
import { adminSetChange, assertMayDeactivate, deactivated, lastAdminRefusal, withRole } from '../../domain/staff.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { disableUser, setPassword, signOutEverywhere } from '../../lib/identity.ts';

/** listStaffWithWeek: admins and managers; everyone on the staff with this week's figures (one batch read per 100). */
export async function listStaffWithWeek(caller: Caller, now = new Date()): Promise<Agent[]> {
  assertAccess(caller, STAFF_ACCESS.list);
  const staff = await listStaff();
  const weeks = await listAgentWeeks(
    staff.map((user) => user.id),
    currentWeek(now),
  );
  return staff.map((user) => withWeekPerformance(user, weeks.get(user.id), now));
}

async function existingUser(id: string): Promise<User> {
  const user = await getUser(id);
  if (!user) throw new NotFoundError('error.staff.notFound');
  return user;
}

/** resetStaffPassword: admins only; sets a staff member's password in Cognito. */
export async function resetStaffPassword(caller: Caller, id: string, password: string): Promise<User> {
  assertAccess(caller, STAFF_ACCESS.manage);
  const user = await existingUser(id);
  await setPassword(user.id, password);
  return user;
}

/** changeStaffRole: admins only; never takes the role away from the last active admin. */
export function changeStaffRole(caller: Caller, id: string, role: Role, now = new Date()): Promise<User> {
  assertAccess(caller, STAFF_ACCESS.manage);
  return changeStaffStatus(id, (user) => withRole(user, role, now), 'changeRole');
}

/**
 * deactivateStaffMember: admins only, never themselves, never the last active admin; idempotent. The directory
 * first: from that write on, every request, refresh and sign-in of the user is refused; then Cognito.
 */
export async function deactivateStaffMember(caller: Caller, id: string, now = new Date()): Promise<User> {
  assertAccess(caller, STAFF_ACCESS.manage);
  if (caller.kind === 'staff') assertMayDeactivate(caller.user.id, id);
  const user = await changeStaffStatus(id, (u) => (u.isActive ? deactivated(u, now) : u), 'deactivate');
  await disableUser(user.id);
  await signOutEverywhere(user.id);
  return user;
}

/** Read, decide, write only over what was read; a user changed meanwhile is read and decided again, a few times. */
function changeStaffStatus(
  id: string,
  change: (user: User) => User,
  attempted: 'deactivate' | 'changeRole',
): Promise<User> {
  return withRetries(
    { maxAttempts: 3, baseMs: 10, capMs: 50, exhausted: () => new ConflictError('error.staff.changedMeanwhile') },
    async () => {
      const before = await existingUser(id);
      const after = change(before);
      if (after.role === before.role && after.isActive === before.isActive) return before;
      await writeStaffStatus(before, after, {
        change: adminSetChange(before, after),
        lastAdmin: () => lastAdminRefusal(attempted),
      });
      return after;
    },
  );
}
