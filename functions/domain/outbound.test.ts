import { describe, expect, it } from 'vitest';
import {
  backoffCeilingMs,
  jobId,
  jobSchema,
  jobsForChange,
  nextStepAfterFailure,
  queueDelaySeconds,
  retryDelayMs,
  type RetryPolicy,
  type StreamChange,
} from './outbound.ts';

const policy: RetryPolicy = { baseMs: 1_000, capMs: 60_000, maxAttempts: 8, maxAgeMs: 24 * 60 * 60_000 };

describe('backoff', () => {
  it.each([
    // attempt that failed → the longest wait before the next one
    [1, 1_000],
    [2, 2_000],
    [3, 4_000],
    [6, 32_000],
    [7, 60_000], // 64 s, capped
    [20, 60_000],
    [2_000, 60_000], // 2^1999 overflows to Infinity; the cap still holds
  ])('waits at most base·2^(n−1), capped: after attempt %i up to %i ms', (attempt, ceiling) => {
    expect(backoffCeilingMs(policy, attempt)).toBe(ceiling);
  });

  it.each([
    // random draw → wait after attempt 3 (ceiling 4 s)
    [0, 0],
    [0.25, 1_000],
    [0.5, 2_000],
    [0.999_999, 3_999],
  ])('draws the wait uniformly below the ceiling (full jitter): draw %f → %i ms', (draw, wait) => {
    expect(retryDelayMs(policy, 3, () => draw)).toBe(wait);
  });

  it('never waits longer than the ceiling, whatever the draw', () => {
    for (let attempt = 1; attempt <= 12; attempt++) {
      for (let i = 0; i < 50; i++) {
        const wait = retryDelayMs(policy, attempt);
        expect(wait).toBeGreaterThanOrEqual(0);
        expect(wait).toBeLessThan(backoffCeilingMs(policy, attempt));
      }
    }
  });
});

describe('after a failed attempt', () => {
  const startedAt = '2025-06-02T10:00:00.000Z';
  const at = (iso: string) => new Date(iso);

  it('queues the next attempt after the drawn wait', () => {
    const step = nextStepAfterFailure(policy, { attempt: 3, startedAt }, at('2025-06-02T10:01:00.000Z'), {
      random: () => 0.5,
    });
    expect(step).toEqual({
      action: 'retry',
      attempt: 4,
      delayMs: 2_000,
      notBefore: at('2025-06-02T10:01:02.000Z'),
    });
  });

  it.each([
    ['the last allowed attempt failed', { attempt: 8 }, '2025-06-02T10:05:00.000Z', {}, 'attempts'],
    ['an attempt beyond the limit failed', { attempt: 9 }, '2025-06-02T10:05:00.000Z', {}, 'attempts'],
    ['the next attempt would start after the age limit', { attempt: 2 }, '2025-06-03T09:59:59.000Z', {}, 'age'],
    ['the failure is permanent', { attempt: 1 }, '2025-06-02T10:00:01.000Z', { permanent: true }, 'permanent'],
  ])('parks the job when %s', (_, job, now, options, reason) => {
    const step = nextStepAfterFailure(policy, { ...job, startedAt }, at(now), { ...options, random: () => 0.999 });
    expect(step).toEqual({ action: 'park', reason });
  });

  it('still retries when the next attempt starts just within the age limit', () => {
    const step = nextStepAfterFailure(policy, { attempt: 1, startedAt }, at('2025-06-03T09:59:59.000Z'), {
      random: () => 0.999,
    });
    expect(step).toMatchObject({ action: 'retry', attempt: 2, notBefore: at('2025-06-03T09:59:59.999Z') });
  });
});

describe('queue delay', () => {
  const now = new Date('2025-06-02T10:00:00.000Z');
  const later = (ms: number) => new Date(now.getTime() + ms);

  it.each([
    ['no time given', undefined, 0],
    ['a time already past', later(-5_000), 0],
    ['a time now', later(0), 0],
    ['a time 1 ms ahead (rounded up to a whole second)', later(1), 1],
    ['a time 2.5 s ahead', later(2_500), 3],
    ['a time 15 minutes ahead', later(900_000), 900],
    ['a time a day ahead (the queue holds 15 minutes at most)', later(86_400_000), 900],
  ])('holds a message for %s back %i s', (_, notBefore, seconds) => {
    expect(queueDelaySeconds(notBefore, now)).toBe(seconds);
  });
});

describe('job ids', () => {
  it('are the same for the same kind, stream record and recipient', () => {
    expect(jobId('webhook', 'event-1', 'hook-a')).toBe(jobId('webhook', 'event-1', 'hook-a'));
  });

  it.each([
    ['another record', ['webhook', 'event-2', 'hook-a']],
    ['another recipient', ['webhook', 'event-1', 'hook-b']],
    ['another kind', ['mail', 'event-1', 'hook-a']],
    // Plain concatenation would make these two the same text.
    ['a boundary moved between record and recipient', ['webhook', 'event-1h', 'ook-a']],
  ])('differ for %s', (_, [kind, eventId, recipient]) => {
    expect(jobId(kind!, eventId!, recipient!)).not.toBe(jobId('webhook', 'event-1', 'hook-a'));
  });

  it('are 32 lower-case hex digits, as the job schema requires', () => {
    expect(jobId('mail', 'e', 'customer@example.com')).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('jobs for a change', () => {
  const change: StreamChange = {
    eventId: 'f1d5c2e0b0a94c4c8c6f3a8f1e0d9c7b',
    eventName: 'MODIFY',
    pk: 'TICKET#0000000042',
    sk: 'TICKET',
    item: { kind: 'ticket', ticketId: 42 },
    after: { id: 42 },
    at: '2025-06-02T10:00:00.000Z',
  };

  it('makes a first attempt of round 0 per recipient, starting at the change', () => {
    const jobs = jobsForChange('webhook', change, [
      { recipient: 'hook-a', payload: { to: 'a' } },
      { recipient: 'hook-b', payload: { to: 'b' } },
    ]);
    expect(jobs).toEqual([
      {
        id: jobId('webhook', change.eventId, 'hook-a'),
        kind: 'webhook',
        attempt: 1,
        round: 0,
        startedAt: change.at,
        payload: { to: 'a' },
      },
      {
        id: jobId('webhook', change.eventId, 'hook-b'),
        kind: 'webhook',
        attempt: 1,
        round: 0,
        startedAt: change.at,
        payload: { to: 'b' },
      },
    ]);
    for (const job of jobs) expect(jobSchema.safeParse(job).success).toBe(true);
  });

  it('keeps one job per recipient when a planner names a recipient twice', () => {
    const jobs = jobsForChange('mail', change, [
      { recipient: 'x@example.com', payload: 1 },
      { recipient: 'x@example.com', payload: 2 },
    ]);
    expect(jobs.map((job) => job.payload)).toEqual([1]);
  });
});
