/**
 * Who is calling: a signed-in staff member (session cookies) or an upstream system (API key). The staff
 * directory in the table is read on every request, so a role change or a deactivation applies to the very next
 * request rather than at token expiry.
 */
import type { User } from '#shared/schemas/user.ts';
import { findActiveApiKey, recordApiKeyUse, type ApiKeyIdentity } from '../data/api-keys.ts';
import { countApiKeyCall } from '../data/rate-limit.ts';
import { getUser } from '../data/users.ts';
import { rateWindow } from '../domain/api-keys.ts';
import { config } from './config.ts';
import { COOKIE, sessionCookies, type CookieOptions } from './cookies.ts';
import { UnauthorizedError } from './errors.ts';
import { refreshAccessToken, verifyAccessToken } from './identity.ts';

export type Caller = { kind: 'staff'; user: User } | { kind: 'apiKey'; apiKey: ApiKeyIdentity } | { kind: 'anonymous' };

export interface StaffSession {
  user: User;
  /** New session cookies when the access token had to be refreshed on this request. */
  setCookies: string[];
}

/** The signed-in, active staff member behind these cookies; refreshes an expired access token on the way. */
export async function authenticateStaff(
  cookies: Record<string, string>,
  cookieOptions: CookieOptions,
): Promise<StaffSession> {
  const setCookies: string[] = [];
  let userId: string | undefined;

  const access = cookies[COOKIE.access];
  if (access) {
    const result = await verifyAccessToken(access);
    if (result.ok) userId = result.userId;
  }
  const refresh = cookies[COOKIE.refresh];
  if (!userId && refresh) {
    const tokens = await refreshAccessToken(refresh);
    const result = tokens ? await verifyAccessToken(tokens.accessToken) : undefined;
    if (tokens && result?.ok) {
      userId = result.userId;
      setCookies.push(...sessionCookies(tokens, cookieOptions));
    }
  }
  if (!userId) throw new UnauthorizedError();

  const user = await getUser(userId);
  if (!user?.isActive) throw new UnauthorizedError();
  return { user, setCookies };
}

/**
 * The active API key behind a bearer token, admitted under its rate limit (429 once the window is full); unknown
 * and revoked keys are one 401.
 */
export async function authenticateApiKey(secret: string, now = new Date()): Promise<ApiKeyIdentity> {
  const apiKey = await findActiveApiKey(secret);
  if (!apiKey) throw new UnauthorizedError('Invalid or revoked API key');
  const { apiKeyRateLimitPerMinute, apiKeyRateWindowSeconds } = config();
  const window = rateWindow(now, apiKeyRateWindowSeconds);
  const { calls } = await countApiKeyCall(apiKey.id, window, apiKeyRateLimitPerMinute);
  // Only the first call of a window stamps lastUsedAt: one extra write per key per window, not one per request.
  if (calls === 1) await recordApiKeyUse(apiKey.id, now);
  return apiKey;
}

export const bearerToken = (authorization: string | undefined): string | undefined => {
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
};
