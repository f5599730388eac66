import { describe, expect, it } from 'vitest';
import {
  type ClockState,
  deadlineFor,
  firstResponseClockEntry,
  isPastDeadline,
  minutesBetween,
  resolutionClockEntry,
  slaDueTimes,
} from './deadlines.ts';

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

const clocks = (overrides: Partial<ClockState> = {}): ClockState => ({
  status: 'open',
  deadline: '2025-03-01T10:00:00.000Z',
  isOverdue: false,
  waitingOnCustomer: false,
  resolutionWarnAt: '2025-03-01T09:36:00.000Z',
  resolutionWarned: false,
  firstResponseAt: null,
  firstResponseDueAt: '2025-03-01T08:15:00.000Z',
  firstResponseWarnAt: '2025-03-01T08:12:00.000Z',
  firstResponseWarned: false,
  isFirstResponseOverdue: false,
  ...overrides,
});

describe('resolutionClockEntry', () => {
  it.each([
    ['before its warning', {}, { partition: 'warn', at: '2025-03-01T09:36:00.000Z' }],
    ['warned', { resolutionWarned: true }, { partition: 'due', at: '2025-03-01T10:00:00.000Z' }],
    [
      'without targets (an old ticket)',
      { resolutionWarnAt: null },
      { partition: 'due', at: '2025-03-01T10:00:00.000Z' },
    ],
    ['overdue', { isOverdue: true }, { partition: 'overdue', at: '2025-03-01T10:00:00.000Z' }],
    [
      'overdue and waiting',
      { isOverdue: true, waitingOnCustomer: true },
      { partition: 'overdue', at: '2025-03-01T10:00:00.000Z' },
    ],
    ['waiting on the customer', { waitingOnCustomer: true }, undefined],
    ['resolved', { status: 'resolved' }, undefined],
    ['closed and overdue', { status: 'closed', isOverdue: true }, undefined],
  ] as const)('puts a ticket %s where it belongs', (_label, overrides, expected) => {
    expect(resolutionClockEntry(clocks(overrides))).toEqual(expected);
  });
});

describe('firstResponseClockEntry', () => {
  it.each([
    ['before its warning', {}, { partition: 'warn', at: '2025-03-01T08:12:00.000Z' }],
    ['warned', { firstResponseWarned: true }, { partition: 'due', at: '2025-03-01T08:15:00.000Z' }],
    ['overdue', { isFirstResponseOverdue: true }, { partition: 'overdue', at: '2025-03-01T08:15:00.000Z' }],
    ['answered', { firstResponseAt: '2025-03-01T08:05:00.000Z' }, undefined],
    ['without the clock (an old ticket)', { firstResponseDueAt: null, firstResponseWarnAt: null }, undefined],
    ['resolved', { status: 'resolved' }, undefined],
  ] as const)('puts a ticket %s where it belongs', (_label, overrides, expected) => {
    expect(firstResponseClockEntry(clocks(overrides))).toEqual(expected);
  });
});

describe('slaDueTimes', () => {
  it('puts the warnings at 80 % of each target and adds the time paused to the resolution clock only', () => {
    const sla = { firstResponseMinutes: 15, resolutionMinutes: 120, calendar: null };
    expect(slaDueTimes('2025-03-01T08:00:00.000Z', sla, 5 * 60_000)).toEqual({
      firstResponseDueAt: '2025-03-01T08:15:00.000Z',
      firstResponseWarnAt: '2025-03-01T08:12:00.000Z',
      deadline: '2025-03-01T10:05:00.000Z',
      resolutionWarnAt: '2025-03-01T09:41:00.000Z',
    });
  });
});

describe('minutesBetween', () => {
  it('rounds to the nearest whole minute', () => {
    expect(minutesBetween('2025-03-01T08:00:00.000Z', '2025-03-01T08:02:29.000Z')).toBe(2);
    expect(minutesBetween('2025-03-01T08:00:00.000Z', '2025-03-01T08:02:31.000Z')).toBe(3);
  });
});
