/**
 * The `hd_session` cookie's value: `<userId>.<sessionId>.<MAC>`, the MAC under the `session` key
 * (functions/lib/secrets.ts) binding the session to its user. It holds no secret of its own: a session is good only
 * while its id is in the user's directory item (functions/domain/sessions.ts).
 */
import { randomBytes } from 'node:crypto';
import { mac, verifyMac } from '../../lib/secrets.ts';

const macOf = (userId: string, sessionId: string) => mac('session', `${userId}:${sessionId}`, 16);

/** A fresh session id: 128 random bits. */
export const newSessionId = (): string => randomBytes(16).toString('base64url');

/** The cookie value of a user's session. */
export async function sessionToken(userId: string, sessionId: string): Promise<string> {
  return `${userId}.${sessionId}.${await macOf(userId, sessionId)}`;
}

/** The user and session a cookie value names, if its MAC holds. */
export async function readSessionToken(
  token: string | undefined,
): Promise<{ userId: string; sessionId: string } | undefined> {
  const [userId, sessionId, tag, ...rest] = (token ?? '').split('.');
  if (!userId || !sessionId || !tag || rest.length || token!.length > 256) return undefined;
  return (await verifyMac('session', `${userId}:${sessionId}`, tag)) ? { userId, sessionId } : undefined;
}
