/**
 * Staff two-factor sign-in (docs/product.md §3 "Two-factor sign-in", docs/decisions/083-staff-two-factor.md): the
 * bodies and answers of the enrolment routes and of the sign-in's second step, and the desk's requirement.
 */
import * as z from 'zod';
import { issueText } from '../i18n/messages.ts';

/** Who the desk requires to sign in with a second factor (Desk Settings → Security). */
export const MFA_REQUIREMENTS = ['none', 'admins', 'adminsAndManagers', 'allStaff'] as const;
export type MfaRequirement = (typeof MFA_REQUIREMENTS)[number];

/** The six digits of an authenticator app (RFC 6238 with SHA-1 and 30-second steps, what every app shows). */
export const TOTP_DIGITS = 6;
/** Recovery codes handed out when two-factor sign-in is turned on. */
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code: 16 characters of Crockford's base-32 alphabet (80 bits), shown in four groups of four. */
export const RECOVERY_CODE_LENGTH = 16;
const RECOVERY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A code as typed, reduced to what it stands for: spaces and dashes dropped, letters upper-cased, and the letters
 * Crockford's alphabet reads as digits (I, L → 1; O → 0) mapped, so a code copied by hand still matches.
 */
export function normalizeCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase().replace(/[IL]/g, '1').replace(/O/g, '0');
}

/** Which kind of code a normalized text is, if any. */
export function codeKind(normalized: string): 'totp' | 'recovery' | undefined {
  if (new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normalized)) return 'totp';
  if (normalized.length === RECOVERY_CODE_LENGTH && [...normalized].every((c) => RECOVERY_ALPHABET.includes(c))) {
    return 'recovery';
  }
  return undefined;
}

/** A recovery code from 80 random bits, grouped for reading (`ABCD-EFGH-JKMN-PQRS`). */
export function recoveryCodeOf(bytes: Uint8Array): string {
  let bits = 0n;
  for (const byte of bytes.subarray(0, 10)) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) {
    code = RECOVERY_ALPHABET[Number(bits & 31n)] + code;
    bits >>= 5n;
  }
  return code.match(/.{4}/g)!.join('-');
}

const invalidCode = issueText('validation.mfa.code');

/**
 * `{ code }` of `POST /api/auth/mfa`, `POST /api/user/mfa/totp/verify` and `DELETE /api/user/mfa/totp`: six digits
 * from the authenticator app or, where a recovery code is accepted, a recovery code; normalized (normalizeCode).
 */
export const mfaCodeSchema = z.object({
  code: z
    .string({ error: invalidCode })
    .max(64, invalidCode)
    .transform(normalizeCode)
    .refine((code) => codeKind(code) !== undefined, invalidCode),
});

/** `POST /api/user/mfa/totp`: the new secret, as text and as the URI an authenticator app reads from a QR code. */
export const totpEnrolmentSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** `POST /api/user/mfa/totp/verify`: the recovery codes, shown this once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** `GET /api/user/mfa`: whether the caller has two-factor sign-in on, and whether the desk requires it of them. */
export const mfaStatusSchema = z.object({ enabled: z.boolean(), required: z.boolean() });
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** `POST /api/auth/agent-login` when the password was right and a code is needed next. */
export const mfaChallengeAnswerSchema = z.object({ mfaRequired: z.literal(true) });
export type MfaChallengeAnswer = z.infer<typeof mfaChallengeAnswerSchema>;
