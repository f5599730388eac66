/**
 * Sign-in throttling (docs/decisions/071-sign-in-throttling.md): failed sign-ins are counted per account (the e-mail
 * typed) and per client address. Past a threshold each further failure locks that account or address for a time
 * that doubles with every failure, up to a ceiling, so that guessing is slow while nobody can lock a person out for
 * long. While locked, every attempt is refused with 429 before the password is even checked (the right one too).
 * No AWS here: functions/data/sign-in-throttle.ts keeps the counters, functions/use-cases/auth/sign-in.ts applies them.
 */

export type ThrottleScope = 'account' | 'address' | 'mfa';

export interface ThrottlePolicy {
  /** Failures allowed before the first lock. */
  threshold: number;
  /** The first lock, in seconds; each further failure doubles it. */
  baseLockSeconds: number;
  /** The longest lock, in seconds. */
  maxLockSeconds: number;
}

/**
 * The numbers. An account: 5 failures, then 30 s, 1, 2, 4, 8 min, then 15 min at most per further failure. An address
 * (an office behind one NAT signs in from one address): 30 failures before the same growth. Wrong two-factor codes
 * (`mfa`, per user) as an account's passwords, on a counter of their own that a right password does not clear
 * (docs/decisions/083-staff-two-factor.md).
 */
export const THROTTLE_POLICIES: Readonly<Record<ThrottleScope, ThrottlePolicy>> = {
  account: { threshold: 5, baseLockSeconds: 30, maxLockSeconds: 15 * 60 },
  address: { threshold: 30, baseLockSeconds: 30, maxLockSeconds: 15 * 60 },
  mfa: { threshold: 5, baseLockSeconds: 30, maxLockSeconds: 15 * 60 },
};

/** Failures are forgotten this long after the last one (the counter's TTL). */
export const FAILURE_MEMORY_SECONDS = 60 * 60;

/** How long the `failures`-th failure locks (0 below the threshold). */
export function lockSecondsAfter(failures: number, policy: ThrottlePolicy): number {
  if (failures < policy.threshold) return 0;
  const doublings = Math.min(failures - policy.threshold, 30);
  return Math.min(policy.maxLockSeconds, policy.baseLockSeconds * 2 ** doublings);
}

/** A counter as stored: failures so far and, once locked, until when. */
export interface ThrottleState {
  failures: number;
  lockedUntil?: string;
}

/** Seconds left on the lock (rounded up), or 0 when not locked. */
export function secondsLocked(state: ThrottleState | undefined, now: Date): number {
  const until = state?.lockedUntil ? Date.parse(state.lockedUntil) : Number.NaN;
  return Number.isFinite(until) && until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}
