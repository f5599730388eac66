/**
 * The session cookies. Tokens live only in HttpOnly cookies; JavaScript in the page never sees them. Beside them a
 * readable hint without a secret (shared/signed-in-hint.ts) says that a session exists.
 */
import { SIGNED_IN_HINT_COOKIE } from '#shared/signed-in-hint.ts';

export const COOKIE = {
  access: 'hd_access',
  refresh: 'hd_refresh',
  /** Which of the user's sessions this browser holds (docs/decisions/070-sessions-that-end.md). */
  session: 'hd_session',
  signedInHint: SIGNED_IN_HINT_COOKIE,
  /** A sign-in waiting for its second factor (docs/decisions/083-staff-two-factor.md); no session of itself. */
  mfaChallenge: 'hd_mfa',
} as const;

const REFRESH_MAX_AGE_SECONDS = 30 * 24 * 3600;

export interface CookieOptions {
  secure: boolean;
}

function serialize(
  name: string,
  value: string,
  maxAgeSeconds: number,
  path: string,
  { secure }: CookieOptions,
  httpOnly = true,
): string {
  const parts = [
    `${name}=${value}`,
    `Path=${path}`,
    `Max-Age=${maxAgeSeconds}`,
    ...(httpOnly ? ['HttpOnly'] : []),
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/**
 * The access token is sent to `/api` and `/ws` alike; the refresh token only to `/api`, where it is used. The hint
 * lives as long as the refresh token, the longest the session can.
 */
export function sessionCookies(
  tokens: { accessToken: string; refreshToken?: string; expiresInSeconds: number },
  options: CookieOptions,
  /** A new session's token, set at sign-in (Path=/, so the WebSocket upgrade carries it too). */
  sessionToken?: string,
): string[] {
  const cookies = [serialize(COOKIE.access, tokens.accessToken, tokens.expiresInSeconds, '/', options)];
  if (sessionToken) cookies.push(serialize(COOKIE.session, sessionToken, REFRESH_MAX_AGE_SECONDS, '/', options));
  if (tokens.refreshToken) {
    cookies.push(serialize(COOKIE.refresh, tokens.refreshToken, REFRESH_MAX_AGE_SECONDS, '/api', options));
    cookies.push(serialize(COOKIE.signedInHint, '1', REFRESH_MAX_AGE_SECONDS, '/', options, false));
  }
  return cookies;
}

/**
 * The challenge cookie of a sign-in waiting for its code: sent only to `/api/auth` and only from the site's own pages
 * (SameSite=Strict), for `maxAgeSeconds` (0 removes it).
 */
export function mfaChallengeCookie(value: string, maxAgeSeconds: number, { secure }: CookieOptions): string {
  return [
    `${COOKIE.mfaChallenge}=${value}`,
    'Path=/api/auth',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** Cookies that remove the session's cookies and the hint. */
export function clearedSessionCookies(options: CookieOptions): string[] {
  return [
    serialize(COOKIE.access, '', 0, '/', options),
    serialize(COOKIE.session, '', 0, '/', options),
    serialize(COOKIE.refresh, '', 0, '/api', options),
    serialize(COOKIE.signedInHint, '', 0, '/', options, false),
  ];
}

/**
 * Reads cookies from an API Gateway v2 event (`cookies` array) or from a raw `Cookie` header (the WebSocket
 * `$connect` request carries only the header).
 */
export function parseCookies(cookieList: readonly string[] | undefined, cookieHeader?: string): Record<string, string> {
  const pairs = [...(cookieList ?? []), ...(cookieHeader ? cookieHeader.split(';') : [])];
  const out: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    if (name && !(name in out)) out[name] = pair.slice(eq + 1).trim();
  }
  return out;
}
