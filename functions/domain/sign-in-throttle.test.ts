import { describe, expect, it } from 'vitest';
import { FAILURE_MEMORY_SECONDS, lockSecondsAfter, secondsLocked, THROTTLE_POLICIES } from './sign-in-throttle.ts';

describe('sign-in throttling', () => {
  const account = THROTTLE_POLICIES.account;

  it('does not lock below the threshold, then doubles from 30 s to a 15-minute ceiling', () => {
    const locks = Array.from({ length: 12 }, (_, i) => lockSecondsAfter(i + 1, account));
    expect(locks).toEqual([0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900, 900]);
    expect(lockSecondsAfter(10_000, account)).toBe(900);
  });

  it('gives a shared address more room than an account', () => {
    expect(lockSecondsAfter(29, THROTTLE_POLICIES.address)).toBe(0);
    expect(lockSecondsAfter(30, THROTTLE_POLICIES.address)).toBe(30);
  });

  it('remembers failures longer than the longest lock, so the delay can grow', () => {
    expect(FAILURE_MEMORY_SECONDS).toBeGreaterThan(account.maxLockSeconds);
  });

  it('counts the seconds left on a lock, rounded up, and none once it ended', () => {
    const now = new Date('2026-11-24T12:00:00.000Z');
    expect(secondsLocked({ failures: 5, lockedUntil: '2026-11-24T12:00:29.200Z' }, now)).toBe(30);
    expect(secondsLocked({ failures: 5, lockedUntil: '2026-11-24T11:59:59.000Z' }, now)).toBe(0);
    expect(secondsLocked({ failures: 3 }, now)).toBe(0);
    expect(secondsLocked(undefined, now)).toBe(0);
  });
});
