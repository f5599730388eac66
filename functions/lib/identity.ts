/**
 * The identity adapter: everything the app asks of Cognito goes through here, in both runtimes.
 * Cognito (or cognito-local) proves who a caller is; the table decides their role and whether they are active.
 */
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  AuthFlowType,
  ChangePasswordCommand,
  InitiateAuthCommand,
  MessageActionType,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { JwtExpiredError } from 'aws-jwt-verify/error';
import { cognitoClient } from './cognito-client.ts';
import { config } from './config.ts';
import { TooManyRequestsError, ValidationError } from './errors.ts';
import { logger } from './logger.ts';

export interface Tokens {
  accessToken: string;
  /** Absent on refresh: Cognito keeps the refresh token it was given. */
  refreshToken?: string;
  expiresInSeconds: number;
}

/**
 * Seconds until a token expires, from its own `exp` claim: cognito-local omits `ExpiresIn`, and the claim is the
 * truth either way. Used only for cookie lifetimes; the verifier checks `exp` properly.
 */
function secondsUntilExpiry(token: string): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: number;
    };
    if (typeof payload.exp === 'number') return Math.max(0, payload.exp - Math.floor(Date.now() / 1000));
  } catch {
    // fall through to the default
  }
  return 3600;
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
    return {
      accessToken: r.AccessToken,
      refreshToken: r.RefreshToken,
      expiresInSeconds: secondsUntilExpiry(r.AccessToken),
    };
  } catch (error) {
    logger.info('Password sign-in refused', { reason: (error as Error).name });
    return undefined;
  }
}

/**
 * Exchanges a refresh token for a new access token; `undefined` when the refresh token is no longer good.
 *
 * Every HTTP function can refresh a session, and this is the only Cognito call most of them make, so it is made
 * without the SDK: InitiateAuth is an unsigned call (the app client's id is its only credential), one JSON POST in
 * Cognito's wire format, which cognito-local speaks too. Functions that do not sign in or administer users then carry
 * no Cognito client (docs/decisions/100-function-bundles.md).
 */
export async function refreshAccessToken(refreshToken: string): Promise<Tokens | undefined> {
  const { region, cognito } = config();
  try {
    const response = await fetch(cognito.endpoint ?? `https://cognito-idp.${region}.amazonaws.com/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: cognito.clientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    });
    const answer = (await response.json()) as { AuthenticationResult?: { AccessToken?: string }; __type?: string };
    const accessToken = response.ok ? answer.AuthenticationResult?.AccessToken : undefined;
    if (!accessToken) {
      // The error's type as the SDK would name it: `NotAuthorizedException`, without its namespace.
      const reason = String(answer.__type ?? response.status).replace(/^.*#/, '');
      logger.info('Token refresh refused', { reason });
      return undefined;
    }
    return { accessToken, expiresInSeconds: secondsUntilExpiry(accessToken) };
  } catch (error) {
    logger.info('Token refresh refused', { reason: (error as Error).name });
    return undefined;
  }
}

/**
 * Organization sign-in: the hosted UI's authorization code and its PKCE verifier, exchanged at the token endpoint;
 * `undefined` when the hosted UI refuses them.
 */
export async function exchangeAuthorizationCode(
  code: string,
  codeVerifier: string,
  redirectUri: string,
): Promise<Tokens | undefined> {
  const { hostedUiDomain, clientId } = config().cognito;
  const response = await fetch(`${hostedUiDomain}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      code_verifier: codeVerifier,
      redirect_uri: redirectUri,
    }),
  });
  if (!response.ok) return undefined;
  const tokens = (await response.json()) as { access_token: string; refresh_token: string; expires_in: number };
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresInSeconds: tokens.expires_in };
}

/** Revokes a refresh token (sign-out); failures are logged, since the cookies are cleared regardless. */
export async function revokeRefreshToken(refreshToken: string): Promise<void> {
  try {
    await cognitoClient().send(new RevokeTokenCommand({ ClientId: config().cognito.clientId, Token: refreshToken }));
  } catch (error) {
    logger.warn('Refresh token revocation failed', { reason: (error as Error).name });
  }
}

/*
 * Staff administration. Users are addressed by their `sub` (the directory id): with e-mail as the sign-in
 * alias, Cognito accepts it as the username of a native user, and cognito-local looks users up by it too.
 */

const errorName = (error: unknown): string => (error as { name?: string } | undefined)?.name ?? '';

/** Cognito throttles password attempts; the caller is told to wait rather than shown a 500. */
function throttled(error: unknown): TooManyRequestsError | undefined {
  const name = errorName(error);
  return name === 'LimitExceededException' ||
    name === 'TooManyRequestsException' ||
    name === 'TooManyFailedAttemptsException'
    ? new TooManyRequestsError('error.auth.tooManyAttempts', 60)
    : undefined;
}

/**
 * Creates a sign-in identity with a permanent password and no invitation message (the admin hands the password
 * over); returns its `sub`, or `undefined` when Cognito already has a user with this e-mail. If the password
 * cannot be set, the half-made identity is deleted again.
 */
export async function createCognitoUser(email: string, password: string): Promise<string | undefined> {
  const { userPoolId } = config().cognito;
  let sub: string | undefined;
  try {
    const { User } = await cognitoClient().send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: MessageActionType.SUPPRESS,
        UserAttributes: [
          { Name: 'email', Value: email },
          // Admins type the address in themselves; there is no self-service flow that would need it verified.
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    sub = User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  } catch (error) {
    if (errorName(error) === 'UsernameExistsException' || errorName(error) === 'AliasExistsException') return undefined;
    throw error;
  }
  if (!sub) throw new Error('Cognito created a user without a sub');
  try {
    await setPassword(sub, password);
  } catch (error) {
    await deleteCognitoUser(sub);
    throw error;
  }
  return sub;
}

/** Sets a user's password as permanent (no change forced at next sign-in). */
export async function setPassword(userId: string, password: string): Promise<void> {
  try {
    await cognitoClient().send(
      new AdminSetUserPasswordCommand({
        UserPoolId: config().cognito.userPoolId,
        Username: userId,
        Password: password,
        Permanent: true,
      }),
    );
  } catch (error) {
    // The schemas enforce the pool's policy; this covers a pool whose policy was tightened outside the app.
    if (errorName(error) === 'InvalidPasswordException') {
      throw new ValidationError('error.auth.passwordPolicy', { password: 'error.auth.passwordPolicy' });
    }
    throw error;
  }
}

/** Deletes a sign-in identity; used to undo a creation whose directory entry could not be written. */
export async function deleteCognitoUser(userId: string): Promise<void> {
  try {
    await cognitoClient().send(
      new AdminDeleteUserCommand({ UserPoolId: config().cognito.userPoolId, Username: userId }),
    );
  } catch (error) {
    // Logged rather than thrown: the caller is already failing with the error that made it undo.
    logger.error('Could not delete the Cognito user of a failed creation', { userId, reason: errorName(error) });
  }
}

/**
 * Disables sign-in for a user. The directory's inactive flag is what refuses the user (cognito-local does not
 * enforce Enabled); this makes Cognito refuse them as well wherever it does.
 */
export async function disableUser(userId: string): Promise<void> {
  try {
    await cognitoClient().send(
      new AdminDisableUserCommand({ UserPoolId: config().cognito.userPoolId, Username: userId }),
    );
  } catch (error) {
    // A directory entry with no native Cognito user (for instance one that signs in through the organisation's
    // identity provider) has nothing to disable here; the directory already refuses it.
    if (errorName(error) !== 'UserNotFoundException') throw error;
    logger.warn('No Cognito user to disable', { userId });
  }
}

/**
 * Revokes every refresh token of a user (AdminUserGlobalSignOut). cognito-local does not implement the call; there
 * the gap is accepted because every request, refresh and sign-in already checks the directory, which refuses an
 * inactive user (docs/decisions/010-global-sign-out-gap.md).
 */
export async function signOutEverywhere(userId: string): Promise<void> {
  try {
    await cognitoClient().send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: config().cognito.userPoolId, Username: userId }),
    );
  } catch (error) {
    const name = errorName(error);
    if (name === 'Unsupported') {
      logger.info('Global sign-out is not supported by this identity provider; the directory check refuses the user', {
        userId,
      });
      return;
    }
    if (name === 'UserNotFoundException') return;
    throw error;
  }
}

/**
 * Changes the caller's own password with their access token. A wrong current password is reported by AWS as
 * NotAuthorizedException and by cognito-local as InvalidPasswordException (which AWS reserves for a new password
 * that breaks the pool policy, a case the schema already excludes); both are `'wrongCurrentPassword'`.
 */
export async function changeOwnPassword(
  accessToken: string,
  currentPassword: string,
  newPassword: string,
): Promise<'changed' | 'wrongCurrentPassword'> {
  try {
    await cognitoClient().send(
      new ChangePasswordCommand({
        AccessToken: accessToken,
        PreviousPassword: currentPassword,
        ProposedPassword: newPassword,
      }),
    );
    return 'changed';
  } catch (error) {
    const name = errorName(error);
    if (name === 'NotAuthorizedException' || name === 'InvalidPasswordException') return 'wrongCurrentPassword';
    throw throttled(error) ?? error;
  }
}
