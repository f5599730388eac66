import { describe, expect, it } from 'vitest';
import {
  isDemotion,
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
