/**
 * Staff sign-in and sign-out. Cognito proves the credentials; the staff directory decides who may sign in.
 */
import type { User } from '#shared/schemas/user.ts';
import { getUser } from '../../data/users.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import {
  exchangeAuthorizationCode,
  revokeRefreshToken,
  signInWithPassword,
  type Tokens,
  verifyAccessToken,
} from '../../lib/identity.ts';

/** The active directory entry behind freshly issued tokens, if there is one. */
async function activeUserOf(tokens: Tokens | undefined): Promise<User | undefined> {
  const verified = tokens ? await verifyAccessToken(tokens.accessToken) : undefined;
  const user = verified?.ok ? await getUser(verified.userId) : undefined;
  return user?.isActive ? user : undefined;
}

/**
 * signIn: tokens for an active staff member's e-mail and password. A valid Cognito login for someone the directory
 * does not know, or has deactivated, gets the same answer as a wrong password; the tokens it produced are revoked.
 */
export async function signIn(email: string, password: string): Promise<{ user: User; tokens: Tokens }> {
  const tokens = await signInWithPassword(email, password);
  const user = await activeUserOf(tokens);
  if (!tokens || !user) {
    if (tokens?.refreshToken) await revokeRefreshToken(tokens.refreshToken);
    throw new UnauthorizedError('error.auth.invalidCredentials');
  }
  return { user, tokens };
}

/** signInWithCode: organization sign-in, the hosted UI's authorization code (with its PKCE verifier) for tokens. */
export async function signInWithCode(
  code: string,
  verifier: string,
  redirectUri: string,
): Promise<{ user: User; tokens: Tokens }> {
  const tokens = await exchangeAuthorizationCode(code, verifier, redirectUri);
  if (!tokens) throw new UnauthorizedError('error.auth.signInFailed');
  const user = await activeUserOf(tokens);
  if (!user) throw new UnauthorizedError('error.auth.invalidCredentials');
  return { user, tokens };
}

/** signOut: the session's refresh token stops working (its cookies are cleared by the caller regardless). */
export async function signOut(refreshToken: string | undefined): Promise<void> {
  if (refreshToken) await revokeRefreshToken(refreshToken);
}
