/**
 * A staff account is two records in two systems: the Cognito identity (sign-in) and the directory item (role,
 * active flag). This is the one sequence that makes both, used by `POST /api/users`, the demo seed and the
 * create-admin script.
 */
import type { CreateUserInput, User } from '#shared/schemas/user.ts';
import { auditEntryItem } from '../../data/audit.ts';
import { findUserIdByEmail, putNewUser } from '../../data/users.ts';
import { auditActorOf, clientAddressOf } from '../../domain/audit.ts';
import type { Caller } from '../../domain/caller.ts';
import { assertAccess, STAFF_ACCESS } from '../../domain/permissions.ts';
import { ConflictError } from '../../lib/errors.ts';
import { createCognitoUser, deleteCognitoUser } from '../../lib/identity.ts';
import type { Approved } from '../approvals/hold.ts';

/**
 * createStaffAccount: admins only; refused with nothing written when the e-mail is taken; never leaves half a user
 * behind (an identity without a directory entry could sign in nowhere and would block its address forever).
 */
export async function createStaffAccount(caller: Caller, input: CreateUserInput, approved?: Approved): Promise<User> {
  assertAccess(caller, STAFF_ACCESS.manage);
  // Checked first so that the common conflict writes nothing anywhere.
  if (await findUserIdByEmail(input.email)) throw new ConflictError('error.staff.duplicateEmail');

  const id = await createCognitoUser(input.email, input.password);
  if (!id) throw new ConflictError('error.staff.duplicateEmail');
  try {
    const audit = auditEntryItem({
      action: 'user_created',
      actor: auditActorOf(caller),
      target: { type: 'user', id, name: input.email },
      details: `role: ${input.role}`,
      clientAddress: clientAddressOf(caller),
      ...(approved ? { approvedBy: approved.approvedBy } : {}),
    });
    return await putNewUser(
      { id, email: input.email, firstName: input.firstName, lastName: input.lastName, role: input.role },
      new Date(),
      [audit, ...(approved ? [approved.decision()] : [])],
    );
  } catch (error) {
    await deleteCognitoUser(id);
    throw error;
  }
}
