/**
 * A staff member's own two-factor sign-in (docs/product.md §3 "Two-factor sign-in",
 * docs/decisions/083-staff-two-factor.md): its status, enrolment (a new TOTP secret, pending, then confirmed with a
 * first code, which hands out the recovery codes), and turning it off with a current code. Every step is audited in
 * the transaction that takes it; wrong codes are throttled and audited (second-factor.ts). Also whether a signed-in
 * user is kept to enrolment by the desk's requirement.
 */
import { generateSecret, generateURI } from 'otplib';
import { PRODUCT_NAME } from '#shared/constants.ts';
import type { ApiCode } from '#shared/i18n/messages.ts';
import type { MfaStatus, RecoveryCodes, TotpEnrolment } from '#shared/schemas/mfa.ts';
import { recordAudit } from '../../data/audit.ts';
import { getUserMfa, mfaDisableWrites, mfaEnableWrites, pendingSecretWrite } from '../../data/mfa.ts';
import { getDeskSettings, recentDeskSettings } from '../../data/settings.ts';
import { forgetFailures } from '../../data/sign-in-throttle.ts';
import type { StaffRecord } from '../../data/users.ts';
import { auditUser, clientAddressOf } from '../../domain/audit.ts';
import type { Caller } from '../../domain/caller.ts';
import { mfaRequiredFor, newRecoveryCodes, recoveryCodeHash } from '../../domain/mfa.ts';
import { SETTINGS_ACCESS, staffMember } from '../../domain/permissions.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { seal } from '../../lib/secrets.ts';
import { assertCodesNotLocked, codeUse, refuseWrongCode, totpStepOf } from './second-factor.ts';

/** A wrong code from someone signed in is a 400: a 401 would end their session. */
const wrongCode = (code: ApiCode) => new ValidationError(code);

/**
 * Whether a signed-in staff member is kept to enrolment: the desk requires a second factor of their role and they
 * have not turned it on. Asked on every request, so it reads the desk's settings only for someone without it, and then
 * as recently read by this function (data/settings.ts REQUEST_PATH_SETTINGS_MAX_AGE_MS).
 */
export async function mustEnrolInMfa(record: StaffRecord): Promise<boolean> {
  if (record.mfaEnabled) return false;
  return mfaRequiredFor(record.user.role, (await recentDeskSettings()).security.requireMfa);
}

/** readMfaStatus: whether the caller has two-factor sign-in on and whether the desk requires it of them. */
export async function readMfaStatus(caller: Caller): Promise<MfaStatus> {
  const user = staffMember(caller, SETTINGS_ACCESS.own);
  const [mfa, desk] = await Promise.all([getUserMfa(user.id), getDeskSettings()]);
  return { enabled: !!mfa?.secret, required: mfaRequiredFor(user.role, desk.security.requireMfa) };
}

/**
 * startTotpEnrolment: a new secret for the caller, stored sealed and pending (a new start replaces one not confirmed);
 * 409 while two-factor sign-in is on.
 */
export async function startTotpEnrolment(caller: Caller, now = new Date()): Promise<TotpEnrolment> {
  const user = staffMember(caller, SETTINGS_ACCESS.own);
  const secret = generateSecret();
  await recordAudit(
    { action: 'mfa_enrolment_started', actor: auditUser(user), clientAddress: clientAddressOf(caller), at: now },
    [
      pendingSecretWrite(
        user.id,
        await seal('totp-secret', secret),
        now,
        () => new ConflictError('error.mfa.alreadyEnabled'),
      ),
    ],
  );
  // Authenticator apps show the product name beside the account.
  return { secret, otpauthUrl: generateURI({ issuer: PRODUCT_NAME, label: user.email, secret }) };
}

/**
 * confirmTotpEnrolment: a first code of the pending secret turns two-factor sign-in on and hands out the recovery
 * codes, stored as hashes only. 409 without a pending enrolment; a wrong code is a 400, counted like a sign-in's.
 */
export async function confirmTotpEnrolment(caller: Caller, code: string, now = new Date()): Promise<RecoveryCodes> {
  const user = staffMember(caller, SETTINGS_ACCESS.own);
  const clientAddress = clientAddressOf(caller);
  const mfa = await getUserMfa(user.id);
  if (mfa?.secret) throw new ConflictError('error.mfa.alreadyEnabled');
  if (!mfa?.pendingSecret) throw new ConflictError('error.mfa.noEnrolment');
  await assertCodesNotLocked(user.id, clientAddress, now);
  const step = await totpStepOf(mfa.pendingSecret, code, now);
  if (step === undefined) return refuseWrongCode(user, clientAddress, now, wrongCode);
  const recoveryCodes = newRecoveryCodes();
  await recordAudit(
    { action: 'mfa_enabled', actor: auditUser(user), clientAddress, at: now },
    mfaEnableWrites(
      user.id,
      { pendingSecret: mfa.pendingSecret, step, recoveryCodeHashes: recoveryCodes.map(recoveryCodeHash), now },
      () => new ConflictError('error.mfa.noEnrolment'),
    ),
  );
  await forgetFailures({ scope: 'mfa', value: user.id });
  return { recoveryCodes };
}

/**
 * disableTotp: a current code (TOTP or recovery, used up) turns the caller's two-factor sign-in off and forgets its
 * secret and recovery codes. 409 when it is off; a wrong code is a 400, counted like a sign-in's.
 */
export async function disableTotp(caller: Caller, code: string, now = new Date()): Promise<void> {
  const user = staffMember(caller, SETTINGS_ACCESS.own);
  const clientAddress = clientAddressOf(caller);
  const mfa = await getUserMfa(user.id);
  const off = () => new ConflictError('error.mfa.notEnabled');
  if (!mfa?.secret) throw off();
  await assertCodesNotLocked(user.id, clientAddress, now);
  const use = await codeUse(user.id, mfa, code, now, () => wrongCode('error.mfa.invalidCode'));
  if (!use) return refuseWrongCode(user, clientAddress, now, wrongCode);
  // The code's own write is not needed: the item it would change goes with the rest.
  await recordAudit(
    { action: 'mfa_disabled', actor: auditUser(user), clientAddress, at: now },
    mfaDisableWrites(user.id, off),
  );
  await forgetFailures({ scope: 'mfa', value: user.id });
}
