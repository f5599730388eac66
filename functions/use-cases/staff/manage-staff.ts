/**
 * Staff management (docs/product.md §2 "Agent Management"): the staff list with each member's week, password resets,
 * role changes and deactivation. The directory in the table is the authority; Cognito only holds the credentials.
 */
import type { Role } from '#shared/constants.ts';
import type { StaffMember, User } from '#shared/schemas/user.ts';
import { listAgentWeeks } from '../../data/agent-weeks.ts';
import { auditEntryItem, recordAudit } from '../../data/audit.ts';
import { withRetries } from '../../data/transactions.ts';
import {
  compliancePermissionWrite,
  endAllSessions,
  getStaffRecord,
  getUser,
  listStaffRecords,
  writeStaffStatus,
} from '../../data/users.ts';
import { auditActorOf, clientAddressOf } from '../../domain/audit.ts';
import type { Caller } from '../../domain/caller.ts';
import { isDemotion, onlySession } from '../../domain/sessions.ts';
import { currentWeek, withWeekPerformance } from '../../domain/performance.ts';
import { assertAccess, STAFF_ACCESS } from '../../domain/permissions.ts';
import { adminSetChange, assertMayDeactivate, deactivated, lastAdminRefusal, withRole } from '../../domain/staff.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { disableUser, setPassword, signOutEverywhere } from '../../lib/identity.ts';
import { mfaDisableWrites } from '../../data/mfa.ts';
import { transact } from '../../data/transactions.ts';
import type { Approved } from '../approvals/hold.ts';

/**
 * listStaffWithWeek: admins and managers; everyone on the staff with this week's figures (one batch read per 100), their
 * availability, routing and open tickets (docs/decisions/006).
 */
export async function listStaffWithWeek(caller: Caller, now = new Date()): Promise<StaffMember[]> {
  assertAccess(caller, STAFF_ACCESS.list);
  const staff = await listStaffRecords();
  const weeks = await listAgentWeeks(
    staff.map(({ user }) => user.id),
    currentWeek(now),
  );
  return staff.map(({ user, routing, openTickets }) => ({
    ...withWeekPerformance(user, weeks.get(user.id), now),
    routing,
    openTickets,
  }));
}

async function existingUser(id: string): Promise<User> {
  const user = await getUser(id);
  if (!user) throw new NotFoundError('error.staff.notFound');
  return user;
}

/** The audit entry of an administrative change to a staff account, written with the change. */
const staffAudit = (
  caller: Caller,
  action: 'user_role_changed' | 'user_password_reset' | 'user_deactivated' | 'user_permissions_changed' | 'mfa_reset',
  user: User,
  details: string | null,
  at: Date,
  approved?: Approved,
) => ({
  action,
  actor: auditActorOf(caller),
  target: { type: 'user', id: user.id, name: user.email },
  details,
  clientAddress: clientAddressOf(caller),
  at,
  ...(approved ? { approvedBy: approved.approvedBy } : {}),
});

/**
 * resetStaffPassword: admins only; sets a staff member's password in Cognito, then ends every session of theirs
 * (with the audit entry, in one write) and revokes their refresh tokens where the identity provider can. Approved by a
 * second admin (docs/decisions/095-four-eyes-approval.md), the write comes first, with the request's decision, so that
 * only one approval sets the password; Cognito follows the commit.
 */
export async function resetStaffPassword(
  caller: Caller,
  id: string,
  password: string,
  now = new Date(),
  approved?: Approved,
): Promise<User> {
  assertAccess(caller, STAFF_ACCESS.manage);
  const user = await existingUser(id);
  const audit = staffAudit(caller, 'user_password_reset', user, null, now, approved);
  if (approved) {
    await recordAudit(audit, [endAllSessions(user.id), approved.decision()]);
    await setPassword(user.id, password);
  } else {
    await setPassword(user.id, password);
    await recordAudit(audit, [endAllSessions(user.id)]);
  }
  await signOutEverywhere(user.id);
  return user;
}

/**
 * resetStaffMfa: admins only, for another user (their own goes through Settings with a code); turns the user's
 * two-factor sign-in off, with the audit entry in the same write. A desk that requires it sends them to enrolment at
 * their next request (docs/decisions/083-staff-two-factor.md).
 */
export async function resetStaffMfa(caller: Caller, id: string, now = new Date(), approved?: Approved): Promise<User> {
  assertAccess(caller, STAFF_ACCESS.manage);
  if (caller.kind === 'staff' && caller.user.id === id) throw new ConflictError('error.mfa.resetOwn');
  const user = await existingUser(id);
  await transact([
    ...mfaDisableWrites(user.id, () => new ConflictError('error.mfa.notEnabled')),
    ...(approved ? [approved.decision()] : []),
    auditEntryItem(staffAudit(caller, 'mfa_reset', user, null, now, approved)),
  ]);
  return user;
}

/**
 * setStaffPermissions: admins only, never on themselves (an admin who could grant themselves compliance would open the
 * restricted cases alone); grants or takes back the compliance permission, audited in the same write. Unchanged
 * permissions write nothing.
 */
export async function setStaffPermissions(
  caller: Caller,
  id: string,
  permissions: { compliance: boolean },
  now = new Date(),
): Promise<User> {
  assertAccess(caller, STAFF_ACCESS.manage);
  if (caller.kind === 'staff' && caller.user.id === id) throw new ForbiddenError('error.staff.permissionsOwn');
  const user = await existingUser(id);
  if (user.compliance === permissions.compliance) return user;
  const details = `compliance: ${user.compliance} → ${permissions.compliance}`;
  await recordAudit(staffAudit(caller, 'user_permissions_changed', user, details, now), [
    compliancePermissionWrite(user.id, permissions.compliance, now),
  ]);
  return { ...user, compliance: permissions.compliance, updatedAt: now.toISOString() };
}

/**
 * changeStaffRole: admins only; never takes the role away from the last active admin. A lower role ends every
 * session of the user, so that what they may do is decided again at their next sign-in.
 */
export async function changeStaffRole(
  caller: Caller,
  id: string,
  role: Role,
  now = new Date(),
  approved?: Approved,
): Promise<User> {
  assertAccess(caller, STAFF_ACCESS.manage);
  let demoted = false;
  const user = await changeStaffStatus(
    caller,
    id,
    (before) => withRole(before, role, now),
    'changeRole',
    (before, after) => {
      demoted = isDemotion(before.role, after.role);
      return {
        endSessions: demoted,
        audit: staffAudit(caller, 'user_role_changed', before, `role: ${before.role} → ${after.role}`, now, approved),
      };
    },
    approved,
  );
  // Cognito's global sign-out would take the refresh token of the session an admin demotes themself in; the
  // directory has already ended their other sessions.
  const self = caller.kind === 'staff' && caller.user.id === id;
  if (demoted && !self) await signOutEverywhere(user.id);
  return user;
}

/**
 * deactivateStaffMember: admins only, never themselves, never the last active admin; idempotent. The directory
 * first: from that write on, every request, refresh and sign-in of the user is refused; then Cognito.
 */
export async function deactivateStaffMember(caller: Caller, id: string, now = new Date()): Promise<User> {
  assertAccess(caller, STAFF_ACCESS.manage);
  if (caller.kind === 'staff') assertMayDeactivate(caller.user.id, id);
  const user = await changeStaffStatus(
    caller,
    id,
    (u) => (u.isActive ? deactivated(u, now) : u),
    'deactivate',
    (before) => ({ endSessions: true, audit: staffAudit(caller, 'user_deactivated', before, null, now) }),
  );
  await disableUser(user.id);
  await signOutEverywhere(user.id);
  return user;
}

/**
 * Read, decide, write only over what was read; a user changed meanwhile is read and decided again, a few times. When
 * the change ends the user's sessions, an admin who changes their own role keeps the session they made it in (as a
 * password change does); every other session ends.
 */
function changeStaffStatus(
  caller: Caller,
  id: string,
  change: (user: User) => User,
  attempted: 'deactivate' | 'changeRole',
  consequences: (before: User, after: User) => { endSessions: boolean; audit: Parameters<typeof auditEntryItem>[0] },
  approved?: Approved,
): Promise<User> {
  return withRetries(
    { maxAttempts: 3, baseMs: 10, capMs: 50, exhausted: () => new ConflictError('error.staff.changedMeanwhile') },
    async () => {
      const record = await getStaffRecord(id);
      if (!record) throw new NotFoundError('error.staff.notFound');
      const before = record.user;
      const after = change(before);
      if (after.role === before.role && after.isActive === before.isActive) {
        // Nothing to change; an approval is still decided, once.
        if (approved) await transact([approved.decision()]);
        return before;
      }
      const { endSessions, audit } = consequences(before, after);
      const own = caller.kind === 'staff' && caller.user.id === id ? caller.sessionId : undefined;
      await writeStaffStatus(
        before,
        after,
        { change: adminSetChange(before, after), lastAdmin: () => lastAdminRefusal(attempted) },
        endSessions ? onlySession(record.sessions, own) : undefined,
        [auditEntryItem(audit), ...(approved ? [approved.decision()] : [])],
      );
      return after;
    },
  );
}
