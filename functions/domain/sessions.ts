/**
 * Sessions that end when they should (docs/decisions/070-sessions-that-end.md). Each sign-in opens a session: a
 * random id, kept in the user's directory item (the item every request already reads) and in the `hd_session`
 * cookie. A request is accepted only while its session is in that list, so removing an entry ends that session at
 * once, in both runtimes, whatever the identity provider does with the tokens. No AWS here.
 */
import { ROLES, type Role } from '#shared/constants.ts';

/** Sessions a user may hold at once; a sign-in past this ends the oldest. */
export const MAX_SESSIONS_PER_USER = 10;
/** A session lasts as long as its refresh token can (Cognito's default, 30 days). */
export const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;

/** Session id → when the session was opened (ISO). */
export type SessionList = Readonly<Record<string, string>>;

/** Whether `sessionId` is one of the user's sessions and has not outlived its refresh token. */
export function isLiveSession(sessions: SessionList, sessionId: string, now: Date): boolean {
  const openedAt = Object.hasOwn(sessions, sessionId) ? sessions[sessionId] : undefined;
  return !!openedAt && Date.parse(openedAt) + SESSION_LIFETIME_MS > now.getTime();
}

/** The list after a sign-in opens `sessionId`: expired sessions dropped, and the oldest beyond the bound. */
export function withNewSession(sessions: SessionList, sessionId: string, now: Date): SessionList {
  const live = Object.entries(sessions)
    .filter(([id]) => isLiveSession(sessions, id, now))
    .sort(([, a], [, b]) => b.localeCompare(a))
    .slice(0, MAX_SESSIONS_PER_USER - 1);
  return Object.fromEntries([[sessionId, now.toISOString()], ...live]);
}

/** The list after one session ends (sign-out). */
export function withoutSession(sessions: SessionList, sessionId: string): SessionList {
  return Object.fromEntries(Object.entries(sessions).filter(([id]) => id !== sessionId));
}

/** The list after a password change by the user: only the session that changed it goes on. */
export function onlySession(sessions: SessionList, sessionId: string | undefined): SessionList {
  return sessionId && Object.hasOwn(sessions, sessionId) ? { [sessionId]: sessions[sessionId]! } : {};
}

/** What of a user's directory item decides whether their sessions go on. */
export interface SessionHolder {
  readonly isActive: boolean;
  readonly sessions: SessionList;
}

/**
 * Whether a WebSocket opened in session `sessionId` may still hear anything: its user is active and the session is
 * live. A socket recorded without a session (opened before sockets carried theirs) counts as ended, as does one of a
 * user the directory no longer holds.
 */
export function isLiveConnection(holder: SessionHolder | undefined, sessionId: string | undefined, now: Date): boolean {
  return !!holder?.isActive && !!sessionId && isLiveSession(holder.sessions, sessionId, now);
}

/**
 * Whether a change of a user's directory item ended any of their sessions: an entry left the list (sign-out, a
 * password change, an admin's reset, demotion or deactivation, the oldest pushed out by a sign-in), the user was
 * deactivated, or the item is gone. Then their sockets of ended sessions are closed.
 */
export function endsSessions(before: SessionHolder | undefined, after: SessionHolder | undefined): boolean {
  if (!before) return false;
  if (!after || (before.isActive && !after.isActive)) return true;
  return Object.keys(before.sessions).some((id) => !Object.hasOwn(after.sessions, id));
}

/** Higher is more powerful: admin over manager over agent. */
const rank = (role: Role): number => ROLES.length - ROLES.indexOf(role);

/** Whether a role change takes power away, and so ends every session of the user. */
export const isDemotion = (from: Role, to: Role): boolean => rank(to) < rank(from);
