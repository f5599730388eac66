import { describe, expect, it } from 'vitest';
import { deadlineFor, deadlinePartition, isPastDeadline, minutesBetween } from './deadlines.ts';

describe('deadlineFor', () => {
  it.each([
    ['critical', '2025-03-01T10:00:00.000Z'],
    ['high', '2025-03-01T16:00:00.000Z'],
    ['medium', '2025-03-02T08:00:00.000Z'],
    ['low', '2025-03-04T08:00:00.000Z'],
  ] as const)('gives a %s ticket created at 08:00 the deadline %s', (priority, expected) => {
    expect(deadlineFor('2025-03-01T08:00:00.000Z', priority)).toBe(expected);
  });
});

describe('isPastDeadline', () => {
  it.each([
    ['a minute before', '2025-03-01T09:59:00.000Z', false],
    ['at the deadline', '2025-03-01T10:00:00.000Z', true],
    ['a minute after', '2025-03-01T10:01:00.000Z', true],
  ])('is %s → %s', (_label, now, expected) => {
    expect(isPastDeadline('2025-03-01T10:00:00.000Z', new Date(now))).toBe(expected);
  });
});

describe('deadlinePartition', () => {
  it.each([
    ['open', false, 'due'],
    ['in_progress', false, 'due'],
    ['open', true, 'overdue'],
    ['in_progress', true, 'overdue'],
    ['resolved', false, undefined],
    ['closed', true, undefined],
  ] as const)('puts a %s ticket (overdue %s) under %s', (status, isOverdue, expected) => {
    expect(deadlinePartition({ status, isOverdue })).toBe(expected);
  });
});

describe('minutesBetween', () => {
  it('rounds to the nearest whole minute', () => {
    expect(minutesBetween('2025-03-01T08:00:00.000Z', '2025-03-01T08:02:29.000Z')).toBe(2);
    expect(minutesBetween('2025-03-01T08:00:00.000Z', '2025-03-01T08:02:31.000Z')).toBe(3);
  });
});
