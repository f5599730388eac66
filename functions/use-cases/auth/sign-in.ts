/**
 * Staff sign-in and sign-out. Cognito proves the credentials; the staff directory decides who may sign in; each
 * sign-in opens a session in the directory (functions/domain/sessions.ts) and sign-out ends it. Failed sign-ins are
 * counted and throttled per account and per client address (functions/domain/sign-in-throttle.ts), and every
 * attempt is in the audit log.
 */
import type { ApiCode } from '#shared/i18n/messages.ts';
import type { User } from '#shared/schemas/user.ts';
import { recordAudit } from '../../data/audit.ts';
import {
  countFailure,
  forgetFailures,
  getThrottleStates,
  lockUntil,
  type ThrottleSubject,
} from '../../data/sign-in-throttle.ts';
import { withRetries } from '../../data/transactions.ts';
import { findUserIdByEmail, getStaffRecord, type StaffRecord, sessionsWrite } from '../../data/users.ts';
import { auditUser } from '../../domain/audit.ts';
import { type SessionList, withNewSession, withoutSession } from '../../domain/sessions.ts';
import { lockSecondsAfter, secondsLocked, THROTTLE_POLICIES } from '../../domain/sign-in-throttle.ts';
import { ConflictError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors.ts';
import {
  exchangeAuthorizationCode,
  revokeRefreshToken,
  signInWithPassword,
  type Tokens,
  verifyAccessToken,
} from '../../lib/identity.ts';
import { newSessionId, readSessionToken, sessionToken } from './session-token.ts';

/** What a throttled or contended sign-in is told (codes of the message registry). */
export const SIGN_IN_MESSAGES = {
  tooManyAttempts: 'error.auth.signInThrottled',
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

/** Opens a session for the user, with the sign-in's audit entry in the same write. */
async function openSession(userId: string, clientAddress: string | null, now: Date): Promise<SignedIn['sessionToken']> {
  const sessionId = newSessionId();
  await withRetries(
    { maxAttempts: 5, baseMs: 10, capMs: 100, exhausted: () => new ConflictError(SIGN_IN_MESSAGES.sessionsBusy) },
    async () => {
      const record = await getStaffRecord(userId);
      if (!record?.user.isActive) throw new UnauthorizedError('error.auth.invalidCredentials');
      await recordAudit({ action: 'sign_in', actor: auditUser(record.user), clientAddress, at: now }, [
        sessionsWrite(userId, withNewSession(record.sessions, sessionId, now), record.sessionsVersion),
      ]);
    },
  );
  return sessionToken(userId, sessionId);
}

const subjectsOf = (email: string, clientAddress: string): ThrottleSubject[] => [
  { scope: 'account', value: email },
  { scope: 'address', value: clientAddress },
];

/** Refuses (429) while the account or the address is locked, before the password is looked at. */
async function assertNotLocked(subjects: ThrottleSubject[], now: Date): Promise<void> {
  const states = await getThrottleStates(subjects, now);
  const wait = Math.max(...states.map((state) => secondsLocked(state, now)));
  if (wait > 0) throw new TooManyRequestsError(SIGN_IN_MESSAGES.tooManyAttempts, wait);
}

/** Counts a failure on the account and the address, locks whichever passed its threshold, and audits it. */
async function recordFailure(email: string, subjects: ThrottleSubject[], clientAddress: string, now: Date) {
  await Promise.all(
    subjects.map(async (subject) => {
      const failures = await countFailure(subject, now);
      const lock = lockSecondsAfter(failures, THROTTLE_POLICIES[subject.scope]);
      if (lock > 0) await lockUntil(subject, new Date(now.getTime() + lock * 1000));
    }),
  );
  const knownId = await findUserIdByEmail(email);
  const known = knownId ? (await getStaffRecord(knownId))?.user : undefined;
  await recordAudit({
    action: 'sign_in_failed',
    actor: known ? auditUser(known) : { type: 'anonymous', id: email, name: email },
    clientAddress,
    at: now,
  });
}

/**
 * signIn: tokens and a new session for an active staff member's e-mail and password. A valid Cognito login for
 * someone the directory does not know, or has deactivated, gets the same answer as a wrong password; the tokens it
 * produced are revoked. Locked accounts and addresses are refused with 429 before Cognito is asked.
 */
export async function signIn(
  email: string,
  password: string,
  context: { clientAddress: string; now?: Date },
): Promise<SignedIn> {
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
  return { user: record.user, tokens, sessionToken: await openSession(record.user.id, context.clientAddress, now) };
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
  return { user: record.user, tokens, sessionToken: await openSession(record.user.id, context.clientAddress, now) };
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
