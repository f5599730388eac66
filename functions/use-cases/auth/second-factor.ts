/**
 * Checking a two-factor code (docs/decisions/083-staff-two-factor.md), for the sign-in's second step and for the
 * enrolment routes alike: a TOTP code of the user's secret (the step before or after the current one too) not older
 * than the last one used, or one of their unused recovery codes. A right code comes back as the write that uses it up,
 * for the transaction of the action it allows; wrong codes are throttled per user and per address like passwords,
 * and audited.
 */
import { verify } from 'otplib';
import type { ApiCode } from '#shared/i18n/messages.ts';
import { codeKind } from '#shared/schemas/mfa.ts';
import type { User } from '#shared/schemas/user.ts';
import { recordAudit } from '../../data/audit.ts';
import { recoveryCodeUse, totpStepUse, type UserMfa } from '../../data/mfa.ts';
import type { ThrottleSubject } from '../../data/sign-in-throttle.ts';
import type { GuardedItem } from '../../data/transactions.ts';
import { auditUser } from '../../domain/audit.ts';
import { recoveryCodeHash, TOTP_TOLERANCE_SECONDS } from '../../domain/mfa.ts';
import { unseal } from '../../lib/secrets.ts';
import { assertNotLocked, countFailures } from './throttle.ts';

/** A right code: which kind it was, and the write that uses it up. */
export interface CodeUse {
  kind: 'totp' | 'recovery';
  write: GuardedItem;
}

/** The TOTP time step `code` belongs to under a sealed secret, if it is right and newer than `afterStep`. */
export async function totpStepOf(
  sealedSecret: string,
  code: string,
  now: Date,
  afterStep?: number,
): Promise<number | undefined> {
  const secret = (await unseal('totp-secret', sealedSecret))?.toString('utf8');
  if (!secret || codeKind(code) !== 'totp') return undefined;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(afterStep === undefined ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/**
 * The use of a (normalized) code against a user's confirmed two-factor state, or undefined when it is wrong. `used` is
 * the error when another request used the same code a moment earlier.
 */
export async function codeUse(
  userId: string,
  mfa: UserMfa | undefined,
  code: string,
  now: Date,
  used: () => Error,
): Promise<CodeUse | undefined> {
  if (!mfa?.secret) return undefined;
  if (codeKind(code) === 'recovery') {
    const hash = recoveryCodeHash(code);
    return mfa.recoveryCodeHashes.includes(hash)
      ? { kind: 'recovery', write: recoveryCodeUse(userId, hash, used) }
      : undefined;
  }
  const step = await totpStepOf(mfa.secret, code, now, mfa.lastStep);
  return step === undefined ? undefined : { kind: 'totp', write: totpStepUse(userId, step, used) };
}

/** What a code's attempts are counted on: the user (not cleared by a right password) and the client's address. */
export const codeSubjects = (userId: string, clientAddress: string | null): ThrottleSubject[] => [
  { scope: 'mfa', value: userId },
  ...(clientAddress ? [{ scope: 'address' as const, value: clientAddress }] : []),
];

/** Refuses (429) while the user's codes or the address are locked. */
export const assertCodesNotLocked = (userId: string, clientAddress: string | null, now: Date) =>
  assertNotLocked(codeSubjects(userId, clientAddress), now);

/** A wrong code: counted, audited, and the error `refusal` thrown. */
export async function refuseWrongCode(
  user: User,
  clientAddress: string | null,
  now: Date,
  refusal: (code: ApiCode) => Error,
): Promise<never> {
  await countFailures(codeSubjects(user.id, clientAddress), now);
  await recordAudit({ action: 'mfa_code_failed', actor: auditUser(user), clientAddress, at: now });
  throw refusal('error.mfa.invalidCode');
}
