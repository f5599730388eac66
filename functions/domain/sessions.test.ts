import { describe, expect, it } from 'vitest';
import {
  endsSessions,
  isDemotion,
  isLiveConnection,
  isLiveSession,
  MAX_SESSIONS_PER_USER,
  onlySession,
  SESSION_LIFETIME_MS,
  withNewSession,
  withoutSession,
} from './sessions.ts';

const now = new Date('2026-11-24T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('session lists', () => {
  it('a new session is live; an unknown one, or one past its lifetime, is not', () => {
    const sessions = withNewSession({ old: ago(SESSION_LIFETIME_MS + 1) }, 's1', now);
    expect(isLiveSession(sessions, 's1', now)).toBe(true);
    expect(isLiveSession(sessions, 'nope', now)).toBe(false);
    expect(Object.keys(sessions)).toEqual(['s1']);
    expect(isLiveSession({ toString: ago(0) } as never, 'constructor', now)).toBe(false);
  });

  it('keeps at most MAX_SESSIONS_PER_USER, ending the oldest', () => {
    let sessions = {};
    for (let i = 0; i < MAX_SESSIONS_PER_USER + 3; i++) {
      sessions = withNewSession(sessions, `s${i}`, new Date(now.getTime() + i * 1000));
    }
    expect(Object.keys(sessions)).toHaveLength(MAX_SESSIONS_PER_USER);
    expect(sessions).not.toHaveProperty('s0');
    expect(sessions).toHaveProperty(`s${MAX_SESSIONS_PER_USER + 2}`);
  });

  it('sign-out removes one session; a password change keeps only the current one', () => {
    const sessions = { a: ago(10), b: ago(5) };
    expect(withoutSession(sessions, 'a')).toEqual({ b: sessions.b });
    expect(onlySession(sessions, 'b')).toEqual({ b: sessions.b });
    expect(onlySession(sessions, undefined)).toEqual({});
    expect(onlySession(sessions, 'gone')).toEqual({});
  });

  it('a demotion is a move to a lower role', () => {
    expect(isDemotion('admin', 'manager')).toBe(true);
    expect(isDemotion('manager', 'agent')).toBe(true);
    expect(isDemotion('agent', 'admin')).toBe(false);
    expect(isDemotion('manager', 'manager')).toBe(false);
  });
});

describe('sockets and their sessions', () => {
  const holder = { isActive: true, sessions: { a: ago(10), b: ago(5) } };

  it('a socket may hear while its session is live and its user active, and not after', () => {
    expect(isLiveConnection(holder, 'a', now)).toBe(true);
    expect(isLiveConnection({ ...holder, sessions: withoutSession(holder.sessions, 'a') }, 'a', now)).toBe(false);
    expect(isLiveConnection({ ...holder, isActive: false }, 'a', now)).toBe(false);
    expect(isLiveConnection({ isActive: true, sessions: { a: ago(SESSION_LIFETIME_MS + 1) } }, 'a', now)).toBe(false);
    expect(isLiveConnection(undefined, 'a', now)).toBe(false);
  });

  it('a socket recorded without a session counts as ended', () => {
    expect(isLiveConnection(holder, undefined, now)).toBe(false);
    expect(isLiveConnection(holder, '', now)).toBe(false);
  });

  it('a change ends sessions when an entry leaves the list, the user is deactivated or the item is gone', () => {
    expect(endsSessions(holder, { ...holder, sessions: withoutSession(holder.sessions, 'a') })).toBe(true);
    expect(endsSessions(holder, { ...holder, sessions: onlySession(holder.sessions, 'b') })).toBe(true);
    expect(endsSessions(holder, { isActive: false, sessions: holder.sessions })).toBe(true);
    expect(endsSessions(holder, undefined)).toBe(true);
    // A sign-in past the bound pushes the oldest out.
    const full = Object.fromEntries(Array.from({ length: MAX_SESSIONS_PER_USER }, (_, i) => [`s${i}`, ago(1000 - i)]));
    expect(
      endsSessions({ isActive: true, sessions: full }, { isActive: true, sessions: withNewSession(full, 'new', now) }),
    ).toBe(true);
  });

  it('a change that only adds a session, or touches nothing of them, ends none', () => {
    expect(endsSessions(holder, { ...holder, sessions: withNewSession(holder.sessions, 'c', now) })).toBe(false);
    expect(endsSessions(holder, holder)).toBe(false);
    expect(endsSessions({ isActive: false, sessions: {} }, { isActive: true, sessions: {} })).toBe(false);
    expect(endsSessions(undefined, holder)).toBe(false);
  });
});
