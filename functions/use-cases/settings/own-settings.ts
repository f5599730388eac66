/**
 * A staff member's own settings and password (docs/product.md §2 "Settings"). Every use case acts on the caller only.
 */
import type { ChangePasswordInput, UserSettings } from '#shared/schemas/settings.ts';
import { getUserSettings, putUserSettings } from '../../data/settings.ts';
import type { Caller } from '../../domain/caller.ts';
import { SETTINGS_ACCESS, staffMember } from '../../domain/permissions.ts';
import { recordAudit } from '../../data/audit.ts';
import { withRetries } from '../../data/transactions.ts';
import { getStaffRecord, sessionsWrite } from '../../data/users.ts';
import { auditUser, clientAddressOf } from '../../domain/audit.ts';
import { onlySession } from '../../domain/sessions.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { changeOwnPassword, signInWithPassword, signOutEverywhere, type Tokens } from '../../lib/identity.ts';
import { englishText } from '../../lib/messages.ts';

/** getOwnSettings: the caller's settings, complete (the defaults where nothing valid is stored). */
export function getOwnSettings(caller: Caller): Promise<UserSettings> {
  return getUserSettings(staffMember(caller, SETTINGS_ACCESS.own).id);
}

/** saveOwnSettings: replaces the caller's settings whole. */
export function saveOwnSettings(caller: Caller, settings: UserSettings): Promise<UserSettings> {
  return putUserSettings(staffMember(caller, SETTINGS_ACCESS.own).id, settings);
}

/**
 * changePassword: with the caller's own live access token (Cognito changes only the password of the token's
 * owner); a wrong current password is a 400 on that field. Every other session of the caller ends (in the directory,
 * with the audit entry, in one write; and in Cognito, which revokes every refresh token where it can), while this
 * one goes on with fresh tokens, signed in with the new password.
 */
export async function changePassword(
  caller: Caller,
  accessToken: string,
  input: ChangePasswordInput,
  now = new Date(),
): Promise<{ message: string; tokens?: Tokens }> {
  const user = staffMember(caller, SETTINGS_ACCESS.own);
  const outcome = await changeOwnPassword(accessToken, input.currentPassword, input.newPassword);
  if (outcome === 'wrongCurrentPassword') {
    throw new ValidationError('error.settings.wrongCurrentPassword', {
      currentPassword: 'error.settings.wrongCurrentPassword',
    });
  }
  const sessionId = caller.kind === 'staff' ? caller.sessionId : undefined;
  await withRetries(
    { maxAttempts: 5, baseMs: 10, capMs: 100, exhausted: () => new ConflictError('error.settings.sessionsBusy') },
    async () => {
      const record = await getStaffRecord(user.id);
      if (!record) return;
      await recordAudit(
        { action: 'password_changed', actor: auditUser(user), clientAddress: clientAddressOf(caller), at: now },
        [sessionsWrite(user.id, onlySession(record.sessions, sessionId), record.sessionsVersion)],
      );
    },
  );
  await signOutEverywhere(user.id);
  const tokens = await signInWithPassword(user.email, input.newPassword);
  return { message: englishText('settings.passwordChanged'), ...(tokens ? { tokens } : {}) };
}
