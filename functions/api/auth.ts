/**
 * Staff sign-in and sign-out. Tokens travel only in HttpOnly cookies; the staff directory decides who may sign in
 * (functions/use-cases/auth/sign-in.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import * as z from 'zod';
import { ROLES } from '#shared/constants.ts';
import { issueText } from '#shared/i18n/messages.ts';
import { opaqueToken } from '#shared/schemas/text.ts';
import { mfaCodeSchema } from '#shared/schemas/mfa.ts';
import { loginSchema } from '#shared/schemas/user.ts';
import { MFA_CHALLENGE_SECONDS } from '../domain/mfa.ts';
import { config } from '../lib/config.ts';
import {
  clearedSessionCookies,
  COOKIE,
  mfaChallengeCookie,
  sessionCookies,
  type CookieOptions,
} from '../http/cookies.ts';
import { NotFoundError, UnauthorizedError } from '../lib/errors.ts';
import { defineRoute } from '../http/handler.ts';
import { groupHandler } from './group-handler.ts';
import { completeMfaSignIn, signIn, signInWithCode, signOut } from '../use-cases/auth/sign-in.ts';

const PKCE_COOKIE = 'hd_pkce';

const siteOrigin = (headers: Record<string, string | undefined>) =>
  `${headers['x-forwarded-proto'] ?? 'https'}://${headers['x-forwarded-host'] ?? headers.host}`;

const shortLivedCookie = (name: string, value: string, maxAge: number, { secure }: CookieOptions) =>
  `${name}=${value}; Path=/api/auth; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

const base64url = (buf: Buffer) => buf.toString('base64url');

export const handler = groupHandler('auth', {
  'POST /api/auth/agent-login': defineRoute({
    access: 'public',
    body: loginSchema,
    async handle({ body, cookieOptions, clientAddress }) {
      const result = await signIn(body.email, body.password, { clientAddress });
      // Two-factor sign-in on: a challenge cookie instead of the session, which POST /api/auth/mfa gives for a code.
      if ('challengeToken' in result) {
        return {
          body: { mfaRequired: true },
          cookies: [mfaChallengeCookie(result.challengeToken, MFA_CHALLENGE_SECONDS, cookieOptions)],
        };
      }
      return { body: result.user, cookies: sessionCookies(result.tokens, cookieOptions, result.sessionToken) };
    },
  }),

  'POST /api/auth/mfa': defineRoute({
    access: 'public',
    body: mfaCodeSchema,
    async handle({ body, cookies, cookieOptions, clientAddress }) {
      const { user, tokens, sessionToken } = await completeMfaSignIn(cookies[COOKIE.mfaChallenge], body.code, {
        clientAddress,
      });
      return {
        body: user,
        cookies: [...sessionCookies(tokens, cookieOptions, sessionToken), mfaChallengeCookie('', 0, cookieOptions)],
      };
    },
  }),

  'GET /api/auth/user': defineRoute({
    access: { roles: ROLES },
    duringMfaEnrolment: true,
    async handle({ caller }) {
      return { body: caller.kind === 'staff' ? caller.user : undefined };
    },
  }),

  'GET /api/logout': defineRoute({
    access: 'public',
    async handle({ cookies, cookieOptions, headers, clientAddress }) {
      // Another site's link or form must not sign anyone out: the browser says where a navigation came from. The
      // app is shown as it is, signed in or not, and nothing is cleared (docs/decisions/070-sessions-that-end.md).
      if (headers['sec-fetch-site'] === 'cross-site') return { redirect: '/' };
      await signOut({ refreshToken: cookies[COOKIE.refresh], session: cookies[COOKIE.session] }, { clientAddress });
      const { hostedUiDomain, clientId } = config().cognito;
      const home = `${siteOrigin(headers)}/`;
      const redirect = hostedUiDomain
        ? `${hostedUiDomain}/logout?client_id=${encodeURIComponent(clientId)}&logout_uri=${encodeURIComponent(home)}`
        : '/';
      return { redirect, cookies: clearedSessionCookies(cookieOptions) };
    },
  }),

  'GET /api/login': defineRoute({
    access: 'public',
    async handle({ headers, cookieOptions }) {
      const { hostedUiDomain, clientId } = config().cognito;
      // Without a hosted UI (the embedded runtime) organization sign-in is the role chooser.
      if (!hostedUiDomain) return { redirect: '/login-selection' };
      const verifier = base64url(randomBytes(32));
      const challenge = base64url(createHash('sha256').update(verifier).digest());
      const state = base64url(randomBytes(16));
      const params = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: `${siteOrigin(headers)}/api/auth/callback`,
        scope: 'openid email profile',
        code_challenge_method: 'S256',
        code_challenge: challenge,
        state,
      });
      return {
        redirect: `${hostedUiDomain}/oauth2/authorize?${params}`,
        cookies: [shortLivedCookie(PKCE_COOKIE, `${state}.${verifier}`, 600, cookieOptions)],
      };
    },
  }),

  'GET /api/auth/callback': defineRoute({
    access: 'public',
    query: z.object({
      code: opaqueToken(issueText('validation.signIn.codeMalformed'), 2_048),
      state: opaqueToken(issueText('validation.signIn.stateMalformed'), 256),
    }),
    async handle({ query, cookies, headers, cookieOptions, clientAddress }) {
      if (!config().cognito.hostedUiDomain) throw new NotFoundError('error.auth.organizationNotConfigured');
      const [state, verifier] = (cookies[PKCE_COOKIE] ?? '').split('.');
      if (!state || !verifier || state !== query.state) throw new UnauthorizedError('error.auth.signInExpired');
      const { tokens, sessionToken } = await signInWithCode(
        query.code,
        verifier,
        `${siteOrigin(headers)}/api/auth/callback`,
        { clientAddress },
      );
      return {
        redirect: '/',
        cookies: [
          ...sessionCookies(tokens, cookieOptions, sessionToken),
          shortLivedCookie(PKCE_COOKIE, '', 0, cookieOptions),
        ],
      };
    },
  }),
});
