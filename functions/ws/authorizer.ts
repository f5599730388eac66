/**
 * `$connect` authorizer: the browser's session cookie decides. An inactive or unknown user is denied, like any
 * HTTP request, and so is one the desk keeps to two-factor enrolment. The socket cannot set cookies, so an expired access token is denied too; the page's next API call
 * refreshes it and the client reconnects. The session the cookie names goes to `$connect` in the context, so that the
 * socket is recorded under it.
 */
import type { APIGatewayRequestAuthorizerEvent, APIGatewayAuthorizerResult } from 'aws-lambda';
import { COOKIE, parseCookies } from '../http/cookies.ts';
import { logger } from '../lib/logger.ts';
import { isSameOrigin } from '../http/origin.ts';
import { authenticateStaff } from '../use-cases/auth/authenticate.ts';

const policy = (principalId: string, effect: 'Allow' | 'Deny', resource: string, context?: Record<string, string>) => ({
  principalId,
  policyDocument: {
    Version: '2012-10-17',
    Statement: [{ Action: 'execute-api:Invoke', Effect: effect, Resource: resource }],
  },
  ...(context ? { context } : {}),
});

export async function handler(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  const headers = Object.fromEntries(Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const cookies = parseCookies(undefined, headers.cookie);
  // Browsers send cookies with cross-site WebSocket upgrades too: only our own pages may open one.
  if (!isSameOrigin(headers)) {
    logger.info('WebSocket connection refused', { reason: 'cross-site origin' });
    return policy('anonymous', 'Deny', event.methodArn);
  }
  try {
    // Refresh needs a Set-Cookie the socket cannot carry, so only a live access token is accepted here.
    const { user, sessionId, mfaEnrolmentRequired } = await authenticateStaff({
      accessToken: cookies[COOKIE.access],
      session: cookies[COOKIE.session],
    });
    // Someone kept to two-factor enrolment gets no live updates either (docs/decisions/083-staff-two-factor.md).
    if (mfaEnrolmentRequired) {
      logger.info('WebSocket connection refused', { reason: 'two-factor enrolment required' });
      return policy('anonymous', 'Deny', event.methodArn);
    }
    // The socket belongs to this session and ends with it (docs/decisions/070-sessions-that-end.md).
    return policy(user.id, 'Allow', event.methodArn, { userId: user.id, role: user.role, sessionId });
  } catch (error) {
    logger.info('WebSocket connection refused', { reason: (error as Error).message });
    return policy('anonymous', 'Deny', event.methodArn);
  }
}
