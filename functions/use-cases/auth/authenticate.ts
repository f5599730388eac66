/**
 * Who is calling: a signed-in staff member (a session's tokens) or an upstream system (an API key). The staff
 * directory in the table is read on every request, so a role change or a deactivation applies to the very next
 * request rather than at token expiry. Used by the HTTP adapter (functions/http/handler.ts) and the WebSocket authorizer.
 */
import type { User } from '#shared/schemas/user.ts';
import { findActiveApiKey, recordApiKeyUse } from '../../data/api-keys.ts';
import { countApiKeyCall } from '../../data/rate-limit.ts';
import { getStaffRecord } from '../../data/users.ts';
import { type ApiKeyIdentity, rateWindow } from '../../domain/api-keys.ts';
import { config } from '../../lib/config.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { isLiveSession } from '../../domain/sessions.ts';
import { refreshAccessToken, type Tokens, verifyAccessToken } from '../../lib/identity.ts';
import { readSessionToken } from './session-token.ts';
import { mustEnrolInMfa } from './two-factor.ts';

/** The tokens a request carries (in cookies, for the browser). */
export interface SessionTokens {
  accessToken?: string;
  refreshToken?: string;
  /** The `hd_session` cookie: which of the user's sessions these tokens belong to. */
  session?: string;
}

export interface StaffSession {
  user: User;
  /** The session the request belongs to. */
  sessionId: string;
  /** New tokens when the access token had to be refreshed on this request; the caller hands them back. */
  refreshed?: Tokens;
  /**
   * The desk requires a second factor of this user and they have not turned it on: they may reach only the enrolment
   * routes (docs/decisions/083-staff-two-factor.md).
   */
  mfaEnrolmentRequired: boolean;
}

/**
 * The signed-in, active staff member behind these tokens, in a session that has not ended (signed out, ended by a
 * password change, a password reset, a demotion or a deactivation); refreshes an expired access token on the way.
 */
export async function authenticateStaff(session: SessionTokens, now = new Date()): Promise<StaffSession> {
  const claimed = await readSessionToken(session.session);
  if (!claimed) throw new UnauthorizedError();
  let userId: string | undefined;
  let refreshed: Tokens | undefined;
  if (session.accessToken) {
    const result = await verifyAccessToken(session.accessToken);
    if (result.ok) userId = result.userId;
  }
  if (!userId && session.refreshToken) {
    const tokens = await refreshAccessToken(session.refreshToken);
    const result = tokens ? await verifyAccessToken(tokens.accessToken) : undefined;
    if (tokens && result?.ok) {
      userId = result.userId;
      refreshed = tokens;
    }
  }
  if (!userId || userId !== claimed.userId) throw new UnauthorizedError();

  const record = await getStaffRecord(userId);
  if (!record?.user.isActive || !isLiveSession(record.sessions, claimed.sessionId, now)) throw new UnauthorizedError();
  return {
    user: record.user,
    sessionId: claimed.sessionId,
    mfaEnrolmentRequired: await mustEnrolInMfa(record),
    ...(refreshed ? { refreshed } : {}),
  };
}

/**
 * A currently valid access token of the session, for calls Cognito makes with the user's own token (changing the
 * password). When the stored one expired, authentication has just refreshed it, but only into the response.
 */
export async function liveAccessToken(session: SessionTokens): Promise<string> {
  if (session.accessToken && (await verifyAccessToken(session.accessToken)).ok) return session.accessToken;
  const tokens = session.refreshToken ? await refreshAccessToken(session.refreshToken) : undefined;
  if (!tokens) throw new UnauthorizedError();
  return tokens.accessToken;
}

/**
 * The active API key behind a bearer token, admitted under its rate limit (429 once the window is full); unknown
 * and revoked keys are one 401.
 */
export async function authenticateApiKey(secret: string, now = new Date()): Promise<ApiKeyIdentity> {
  const apiKey = await findActiveApiKey(secret);
  if (!apiKey) throw new UnauthorizedError('error.apiKey.invalid');
  const { apiKeyRateLimitPerMinute, apiKeyRateWindowSeconds } = config();
  const window = rateWindow(now, apiKeyRateWindowSeconds);
  const { calls } = await countApiKeyCall(apiKey.id, window, apiKeyRateLimitPerMinute);
  // Only the first call of a window stamps lastUsedAt: one extra write per key per window, not one per request.
  if (calls === 1) await recordApiKeyUse(apiKey.id, now);
  return apiKey;
}
