/**
 * The identity adapter: everything the app asks of Cognito goes through here, in both runtimes.
 * Cognito (or cognito-local) proves who a caller is; the table decides their role and whether they are active.
 */
import {
  AuthFlowType,
  InitiateAuthCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { JwtExpiredError } from 'aws-jwt-verify/error';
import { cognitoClient } from './clients.ts';
import { config } from './config.ts';
import { logger } from './logger.ts';

export interface Tokens {
  accessToken: string;
  /** Absent on refresh: Cognito keeps the refresh token it was given. */
  refreshToken?: string;
  expiresInSeconds: number;
}

type AccessVerifier = ReturnType<typeof createVerifier>;
let verifier: AccessVerifier | undefined;

function createVerifier() {
  const { userPoolId, clientId, jwks } = config().cognito;
  const v = CognitoJwtVerifier.create({ userPoolId, clientId, tokenUse: 'access' });
  // Handing the keys over up front means no JWKS fetch: the emulator serves them over plain http, which the
  // verifier (rightly) refuses to fetch.
  if (jwks) v.cacheJwks(jwks as Parameters<typeof v.cacheJwks>[0]);
  return v;
}

export type VerifyResult = { ok: true; userId: string } | { ok: false; expired: boolean };

/** Verifies an access token's signature, issuer, audience and expiry; returns the Cognito subject. */
export async function verifyAccessToken(token: string): Promise<VerifyResult> {
  verifier ??= createVerifier();
  try {
    const payload = await verifier.verify(token);
    return { ok: true, userId: payload.sub };
  } catch (error) {
    return { ok: false, expired: error instanceof JwtExpiredError };
  }
}

/**
 * Password sign-in. Every credential failure (unknown user, wrong password, disabled user) is one `undefined`,
 * so callers answer all of them with the same 401 and reveal nothing about which accounts exist.
 */
export async function signInWithPassword(email: string, password: string): Promise<Tokens | undefined> {
  try {
    const { AuthenticationResult: r } = await cognitoClient().send(
      new InitiateAuthCommand({
        AuthFlow: AuthFlowType.USER_PASSWORD_AUTH,
        ClientId: config().cognito.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    if (!r?.AccessToken || !r.RefreshToken) return undefined;
    return { accessToken: r.AccessToken, refreshToken: r.RefreshToken, expiresInSeconds: r.ExpiresIn ?? 3600 };
  } catch (error) {
    logger.info('Password sign-in refused', { reason: (error as Error).name });
    return undefined;
  }
}

/** Exchanges a refresh token for a new access token; `undefined` when the refresh token is no longer good. */
export async function refreshAccessToken(refreshToken: string): Promise<Tokens | undefined> {
  try {
    const { AuthenticationResult: r } = await cognitoClient().send(
      new InitiateAuthCommand({
        AuthFlow: AuthFlowType.REFRESH_TOKEN_AUTH,
        ClientId: config().cognito.clientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
    if (!r?.AccessToken) return undefined;
    return { accessToken: r.AccessToken, expiresInSeconds: r.ExpiresIn ?? 3600 };
  } catch (error) {
    logger.info('Token refresh refused', { reason: (error as Error).name });
    return undefined;
  }
}

/** Revokes a refresh token (sign-out); failures are logged, since the cookies are cleared regardless. */
export async function revokeRefreshToken(refreshToken: string): Promise<void> {
  try {
    await cognitoClient().send(new RevokeTokenCommand({ ClientId: config().cognito.clientId, Token: refreshToken }));
  } catch (error) {
    logger.warn('Refresh token revocation failed', { reason: (error as Error).name });
  }
}
