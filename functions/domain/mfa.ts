/**
 * Staff two-factor sign-in (docs/decisions/083-staff-two-factor.md): who must use it, how long a sign-in waits for
 * its code, and how recovery codes are made and stored. No AWS here: functions/data/mfa.ts keeps the state,
 * functions/use-cases/auth/mfa.ts applies it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '#shared/constants.ts';
import { RECOVERY_CODE_COUNT, recoveryCodeOf, type MfaRequirement, normalizeCode } from '#shared/schemas/mfa.ts';

/** A sign-in that passed its password waits this long for its code (the challenge cookie's life). */
export const MFA_CHALLENGE_SECONDS = 5 * 60;

/** A code of the time step before or after the current one is still taken (a clock a little off, a slow typist). */
export const TOTP_TOLERANCE_SECONDS = 30;

/** The roles each requirement covers. */
const REQUIRED_OF: Readonly<Record<MfaRequirement, readonly Role[]>> = {
  none: [],
  admins: ['admin'],
  adminsAndManagers: ['admin', 'manager'],
  allStaff: ['admin', 'manager', 'agent'],
};

/** Whether the desk's requirement covers a role. */
export const mfaRequiredFor = (role: Role, requirement: MfaRequirement): boolean =>
  REQUIRED_OF[requirement].includes(role);

/**
 * The stored form of a recovery code: SHA-256 of its normalized text. The code carries 80 random bits, so a slow,
 * salted hash would add nothing: nobody can try 2^80 candidates against a leaked hash.
 */
export const recoveryCodeHash = (code: string): string =>
  createHash('sha256').update(normalizeCode(code)).digest('base64url');

/** A fresh set of recovery codes, as shown to the user once. */
export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCodeOf(randomBytes(10)));

/** A challenge cookie's value (256 random bits) and the key its item is stored under (its SHA-256). */
export const newChallengeToken = (): string => randomBytes(32).toString('base64url');
export const challengeHash = (token: string): string => createHash('sha256').update(token).digest('base64url');
