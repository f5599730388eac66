/**
 * Staff sign-in and sign-out. Cognito proves the credentials; the staff directory decides who may sign in; each
 * sign-in opens a session in the directory (functions/domain/sessions.ts) and sign-out ends it. Failed sign-ins are
 * counted and throttled per account and per client address (functions/domain/sign-in-throttle.ts), and every
 * attempt is in the audit log. A user with two-factor sign-in on gets a challenge instead of a session after their
 * password, and the session after their code (docs/decisions/083-staff-two-factor.md).
 */
import type { ApiCode } from '#shared/i18n/messages.ts';
import type { AuditAction } from '#shared/schemas/audit.ts';
import type { User } from '#shared/schemas/user.ts';
import { recordAudit } from '../../data/audit.ts';
import { getMfaChallenge, getUserMfa, mfaChallengeConsume, putMfaChallenge } from '../../data/mfa.ts';
import { forgetFailures, type ThrottleSubject } from '../../data/sign-in-throttle.ts';
import { type GuardedItem, withRetries } from '../../data/transactions.ts';
import { findUserIdByEmail, getStaffRecord, type StaffRecord, sessionsWrite } from '../../data/users.ts';
import { auditUser } from '../../domain/audit.ts';
import { challengeHash, MFA_CHALLENGE_SECONDS, newChallengeToken } from '../../domain/mfa.ts';
import { type SessionList, withNewSession, withoutSession } from '../../domain/sessions.ts';
import { ConflictError, UnauthorizedError } from '../../lib/errors.ts';
import { seal, unseal } from '../../lib/secrets.ts';
import {
  exchangeAuthorizationCode,
  revokeRefreshToken,
  signInWithPassword,
  type Tokens,
  verifyAccessToken,
} from '../../lib/identity.ts';
import { assertCodesNotLocked, codeUse, refuseWrongCode } from './second-factor.ts';
import { newSessionId, readSessionToken, sessionToken } from './session-token.ts';
import { assertNotLocked, countFailures } from './throttle.ts';

/** What a contended sign-in is told (codes of the message registry). */
const SIGN_IN_MESSAGES = {
  sessionsBusy: 'error.auth.sessionsBusy',
} as const satisfies Record<string, ApiCode>;

/** A signed-in staff member: their tokens and the new session's cookie value. */
export interface SignedIn {
  user: User;
  tokens: Tokens;
  sessionToken: string;
}

/** The active directory entry behind freshly issued tokens, if there is one. */
async function activeRecordOf(tokens: Tokens | undefined): Promise<StaffRecord | undefined> {
  const verified = tokens ? await verifyAccessToken(tokens.accessToken) : undefined;
  const record = verified?.ok ? await getStaffRecord(verified.userId) : undefined;
  return record?.user.isActive ? record : undefined;
}

/**
 * Opens a session for the user, with the sign-in's audit entry in the same write (and, for a sign-in with a second
 * factor, the writes that use up its code and its challenge).
 */
async function openSession(
  userId: string,
  clientAddress: string | null,
  now: Date,
  how: { action: AuditAction; alongWith?: readonly GuardedItem[] } = { action: 'sign_in' },
): Promise<{ user: User; sessionToken: string }> {
  const sessionId = newSessionId();
  const user = await withRetries(
    { maxAttempts: 5, baseMs: 10, capMs: 100, exhausted: () => new ConflictError(SIGN_IN_MESSAGES.sessionsBusy) },
    async () => {
      const record = await getStaffRecord(userId);
      if (!record?.user.isActive) throw new UnauthorizedError('error.auth.invalidCredentials');
      await recordAudit({ action: how.action, actor: auditUser(record.user), clientAddress, at: now }, [
        sessionsWrite(userId, withNewSession(record.sessions, sessionId, now), record.sessionsVersion),
        ...(how.alongWith ?? []),
      ]);
      return record.user;
    },
  );
  return { user, sessionToken: await sessionToken(userId, sessionId) };
}

const subjectsOf = (email: string, clientAddress: string): ThrottleSubject[] => [
  { scope: 'account', value: email },
  { scope: 'address', value: clientAddress },
];

/** Counts a failure on the account and the address, locks whichever passed its threshold, and audits it. */
async function recordFailure(email: string, subjects: ThrottleSubject[], clientAddress: string, now: Date) {
  await countFailures(subjects, now);
  const knownId = await findUserIdByEmail(email);
  const known = knownId ? (await getStaffRecord(knownId))?.user : undefined;
  await recordAudit({
    action: 'sign_in_failed',
    actor: known ? auditUser(known) : { type: 'anonymous', id: email, name: email },
    clientAddress,
    at: now,
  });
}

/** A right password of a user with two-factor sign-in on: the challenge cookie's value, to be answered with a code. */
export interface MfaPending {
  challengeToken: string;
}

/**
 * signIn: tokens and a new session for an active staff member's e-mail and password, or, when the user has two-factor
 * sign-in on, a challenge that completeMfaSignIn turns into them. A valid Cognito login for someone the directory does
 * not know, or has deactivated, gets the same answer as a wrong password; the tokens it produced are revoked. Locked
 * accounts and addresses are refused with 429 before Cognito is asked.
 */
export async function signIn(
  email: string,
  password: string,
  context: { clientAddress: string; now?: Date },
): Promise<SignedIn | MfaPending> {
  const now = context.now ?? new Date();
  const subjects = subjectsOf(email, context.clientAddress);
  await assertNotLocked(subjects, now);
  const tokens = await signInWithPassword(email, password);
  const record = await activeRecordOf(tokens);
  if (!tokens || !record) {
    if (tokens?.refreshToken) await revokeRefreshToken(tokens.refreshToken);
    await recordFailure(email, subjects, context.clientAddress, now);
    throw new UnauthorizedError('error.auth.invalidCredentials');
  }
  await forgetFailures(subjects[0]!);
  if (record.mfaEnabled) return { challengeToken: await openChallenge(record.user.id, tokens, now) };
  return { tokens, ...(await openSession(record.user.id, context.clientAddress, now)) };
}

/**
 * A challenge for a sign-in that passed its password: the tokens it earned, sealed, in an item that lives five minutes
 * under the hash of the cookie's value (the cookie alone is no session: nothing accepts it but completeMfaSignIn).
 */
async function openChallenge(userId: string, tokens: Tokens, now: Date): Promise<string> {
  const token = newChallengeToken();
  await putMfaChallenge(
    challengeHash(token),
    { userId, sealedTokens: await seal('mfa-challenge', JSON.stringify(tokens)) },
    new Date(now.getTime() + MFA_CHALLENGE_SECONDS * 1000),
  );
  return token;
}

/**
 * completeMfaSignIn: the second step of a sign-in with two-factor sign-in on. A right code (TOTP or recovery) of the
 * challenge's user opens the session, using up the code and the challenge in the same transaction, so that neither
 * works twice; a wrong one is counted per user and address (429 past the threshold) and audited. An unknown or
 * expired challenge is a 401.
 */
export async function completeMfaSignIn(
  challengeToken: string | undefined,
  code: string,
  context: { clientAddress: string; now?: Date },
): Promise<SignedIn> {
  const now = context.now ?? new Date();
  const expired = () => new UnauthorizedError('error.mfa.challengeExpired');
  const hash = challengeToken ? challengeHash(challengeToken) : undefined;
  const challenge = hash ? await getMfaChallenge(hash, now) : undefined;
  const sealedTokens = challenge ? await unseal('mfa-challenge', challenge.sealedTokens) : undefined;
  if (!hash || !challenge || !sealedTokens) throw expired();
  const { userId } = challenge;
  await assertCodesNotLocked(userId, context.clientAddress, now);
  const [record, mfa] = await Promise.all([getStaffRecord(userId), getUserMfa(userId)]);
  if (!record?.user.isActive) throw new UnauthorizedError('error.auth.invalidCredentials');
  const invalid = () => new UnauthorizedError('error.mfa.invalidCode');
  const use = await codeUse(userId, mfa, code, now, invalid);
  if (!use) return refuseWrongCode(record.user, context.clientAddress, now, (c) => new UnauthorizedError(c));
  const opened = await openSession(userId, context.clientAddress, now, {
    action: use.kind === 'totp' ? 'sign_in_totp' : 'sign_in_recovery_code',
    alongWith: [use.write, mfaChallengeConsume(hash, now, expired)],
  });
  await forgetFailures({ scope: 'mfa', value: userId });
  return { tokens: JSON.parse(sealedTokens.toString('utf8')) as Tokens, ...opened };
}

/** signInWithCode: organization sign-in, the hosted UI's authorization code (with its PKCE verifier) for tokens. */
export async function signInWithCode(
  code: string,
  verifier: string,
  redirectUri: string,
  context: { clientAddress: string; now?: Date },
): Promise<SignedIn> {
  const tokens = await exchangeAuthorizationCode(code, verifier, redirectUri);
  if (!tokens) throw new UnauthorizedError('error.auth.signInFailed');
  const record = await activeRecordOf(tokens);
  if (!record) throw new UnauthorizedError('error.auth.invalidCredentials');
  const now = context.now ?? new Date();
  return { tokens, ...(await openSession(record.user.id, context.clientAddress, now)) };
}

/**
 * signOut: the session ends in the directory at once (its cookies, even replayed, are refused from then on) and its
 * refresh token is revoked; the caller clears the cookies regardless.
 */
export async function signOut(
  cookies: { refreshToken?: string; session?: string },
  context: { clientAddress: string; now?: Date },
): Promise<void> {
  const claimed = await readSessionToken(cookies.session);
  if (claimed) {
    await withRetries(
      { maxAttempts: 5, baseMs: 10, capMs: 100, exhausted: () => new ConflictError(SIGN_IN_MESSAGES.sessionsBusy) },
      async () => {
        const record = await getStaffRecord(claimed.userId);
        if (!record || !Object.hasOwn(record.sessions, claimed.sessionId)) return;
        const after: SessionList = withoutSession(record.sessions, claimed.sessionId);
        await recordAudit(
          { action: 'sign_out', actor: auditUser(record.user), clientAddress: context.clientAddress, at: context.now },
          [sessionsWrite(record.user.id, after, record.sessionsVersion)],
        );
      },
    );
  }
  if (cookies.refreshToken) await revokeRefreshToken(cookies.refreshToken);
}
