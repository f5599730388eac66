/**
 * Applying the sign-in throttle (functions/domain/sign-in-throttle.ts, docs/decisions/071-sign-in-throttling.md) to
 * the subjects of an attempt: a password's account and address, or a two-factor code's user and address.
 */
import { countFailure, getThrottleStates, lockUntil, type ThrottleSubject } from '../../data/sign-in-throttle.ts';
import { lockSecondsAfter, secondsLocked, THROTTLE_POLICIES } from '../../domain/sign-in-throttle.ts';
import { TooManyRequestsError } from '../../lib/errors.ts';

/** Refuses (429) while any subject is locked, before the password or code is looked at. */
export async function assertNotLocked(subjects: readonly ThrottleSubject[], now: Date): Promise<void> {
  const states = await getThrottleStates(subjects, now);
  const wait = Math.max(...states.map((state) => secondsLocked(state, now)));
  if (wait > 0) throw new TooManyRequestsError('error.auth.signInThrottled', wait);
}

/** Counts a failure on every subject and locks whichever passed its threshold. */
export async function countFailures(subjects: readonly ThrottleSubject[], now: Date): Promise<void> {
  await Promise.all(
    subjects.map(async (subject) => {
      const failures = await countFailure(subject, now);
      const lock = lockSecondsAfter(failures, THROTTLE_POLICIES[subject.scope]);
      if (lock > 0) await lockUntil(subject, new Date(now.getTime() + lock * 1000));
    }),
  );
}
