/**
 * Rules of staff management: who counts as an active admin, what a role or active-flag change does to that
 * set, and what an admin may do to their own account. No AWS here; functions/use-cases/staff/ applies these and
 * functions/data/users.ts writes them in the transactions that make them race-free.
 */
import type { Role } from '#shared/constants.ts';
import type { User } from '#shared/schemas/user.ts';
import { ConflictError } from '../lib/errors.ts';

type StaffStatus = Pick<User, 'role' | 'isActive'>;

/** Whether a directory entry counts towards "at least one active admin". */
export const isActiveAdmin = (user: StaffStatus): boolean => user.role === 'admin' && user.isActive;

export type AdminSetChange = 'join' | 'leave' | 'none';

/** How a change of role or active flag moves a user into or out of the set of active admins. */
export function adminSetChange(before: StaffStatus, after: StaffStatus): AdminSetChange {
  const was = isActiveAdmin(before);
  const is = isActiveAdmin(after);
  if (was === is) return 'none';
  return is ? 'join' : 'leave';
}

/** The refusal given when a change would leave no active admin, worded for the change that was tried. */
export function lastAdminRefusal(attempted: 'deactivate' | 'changeRole'): ConflictError {
  return new ConflictError(
    attempted === 'deactivate' ? 'error.staff.lastAdminDeactivated' : 'error.staff.lastAdminDemoted',
  );
}

/** Admins may deactivate anyone but themselves: locking yourself out is never what the click meant. */
export function assertMayDeactivate(callerId: string, targetId: string): void {
  if (callerId === targetId) throw new ConflictError('error.staff.selfDeactivation');
}

/** The directory entry after a role change. */
export const withRole = (user: User, role: Role, now: Date): User => ({
  ...user,
  role,
  updatedAt: now.toISOString(),
});

/** The directory entry after deactivation. */
export const deactivated = (user: User, now: Date): User => ({
  ...user,
  isActive: false,
  updatedAt: now.toISOString(),
});
