/**
 * A staff member's own settings and password (docs/product.md §2 "Settings"). Every use case acts on the caller only.
 */
import type { ChangePasswordInput, UserSettings } from '#shared/schemas/settings.ts';
import { getUserSettings, putUserSettings } from '../../data/settings.ts';
import type { Caller } from '../../domain/caller.ts';
import { SETTINGS_ACCESS, staffMember } from '../../domain/permissions.ts';
import { ValidationError } from '../../lib/errors.ts';
import { changeOwnPassword } from '../../lib/identity.ts';
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
 * owner); a wrong current password is a 400 on that field.
 */
export async function changePassword(caller: Caller, accessToken: string, input: ChangePasswordInput): Promise<string> {
  staffMember(caller, SETTINGS_ACCESS.own);
  const outcome = await changeOwnPassword(accessToken, input.currentPassword, input.newPassword);
  if (outcome === 'wrongCurrentPassword') {
    throw new ValidationError('error.settings.wrongCurrentPassword', {
      currentPassword: 'error.settings.wrongCurrentPassword',
    });
  }
  return englishText('settings.passwordChanged');
}
