import { describe, expect, it } from 'vitest';
import { activateLanguage, t } from '../i18n/i18n.ts';
import type { Language } from '../i18n/languages.ts';
import { deadlineStatus, deadlineText, liveDeadline } from './deadline.ts';

const NOW = new Date('2025-03-10T12:00:00.000Z');
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The deadline `offset` ms from NOW: positive is still ahead, negative has passed. */
const at = (offset: number) => new Date(NOW.getTime() + offset).toISOString();

/** The badge as an English reader sees it: its words, look and urgency. */
function badge(deadline: string | Date | null | undefined) {
  const { text, ...look } = deadlineStatus(deadline, NOW);
  return { text: deadlineText({ text }, t, 'en'), ...look };
}

describe('deadlineStatus: no deadline', () => {
  it.each([null, undefined, '', 'not a date'])('reads "No deadline" (secondary, no severity) for %j', (deadline) => {
    expect(badge(deadline)).toEqual({
      text: 'No deadline',
      variant: 'secondary',
      severity: null,
      overdue: false,
    });
  });
});

describe('deadlineStatus: time left (docs/product.md §4)', () => {
  it.each([
    // under 2 h: destructive, high; minutes only under 1 h
    ['exactly at the deadline', 0, '0m left', 'destructive', 'high'],
    ['59 s before', 59 * SECOND, '0m left', 'destructive', 'high'],
    ['59 min before', 59 * MINUTE, '59m left', 'destructive', 'high'],
    ['1 h before', HOUR, '1h 0m left', 'destructive', 'high'],
    ['1 h 59 min 59 s before', 2 * HOUR - SECOND, '1h 59m left', 'destructive', 'high'],
    // 2 h to under 8 h: outline, medium
    ['2 h before', 2 * HOUR, '2h 0m left', 'outline', 'medium'],
    ['7 h 59 min before', 8 * HOUR - MINUTE, '7h 59m left', 'outline', 'medium'],
    // 8 h to 24 h: default, medium
    ['8 h before', 8 * HOUR, '8h 0m left', 'default', 'medium'],
    ['23 h 59 min before', DAY - MINUTE, '23h 59m left', 'default', 'medium'],
    ['24 h before', DAY, '24h 0m left', 'default', 'medium'],
    // over 24 h: secondary, low, days and hours
    ['24 h and 1 ms before', DAY + 1, '1d 0h left', 'secondary', 'low'],
    ['25 h 30 min before', DAY + HOUR + 30 * MINUTE, '1d 1h left', 'secondary', 'low'],
    ['72 h before (a new low-priority ticket)', 3 * DAY, '3d 0h left', 'secondary', 'low'],
  ])('%s reads %j (%s, %s)', (_when, offset, text, variant, severity) => {
    expect(badge(at(offset))).toEqual({ text, variant, severity, overdue: false });
  });
});

describe('deadlineStatus: overdue (docs/product.md §4)', () => {
  it.each([
    ['1 ms after', 1, '0m overdue', 'medium'],
    ['59 min after', 59 * MINUTE, '59m overdue', 'medium'],
    ['1 h after', HOUR, '1h 0m overdue', 'medium'],
    ['8 h after', 8 * HOUR, '8h 0m overdue', 'medium'],
    ['8 h 1 min after', 8 * HOUR + MINUTE, '8h 1m overdue', 'high'],
    ['23 h 59 min after', DAY - MINUTE, '23h 59m overdue', 'high'],
    ['24 h after', DAY, '1d 0h overdue', 'high'],
    ['48 h after', 2 * DAY, '2d 0h overdue', 'high'],
    ['48 h 1 min after', 2 * DAY + MINUTE, '2d 0h overdue', 'critical'],
    ['3 d 5 h 10 min after', 3 * DAY + 5 * HOUR + 10 * MINUTE, '3d 5h overdue', 'critical'],
  ])('%s reads %j (destructive, %s)', (_when, pastBy, text, severity) => {
    expect(badge(at(-pastBy))).toEqual({ text, variant: 'destructive', severity, overdue: true });
  });

  it('accepts a Date as well as an ISO string', () => {
    expect(badge(new Date(NOW.getTime() - HOUR)).text).toBe('1h 0m overdue');
  });
});

describe('deadlineText in the other languages', () => {
  it.each<[Language, number, string]>([
    ['ja', 2 * HOUR + 30 * MINUTE, '残り2h30m'],
    ['ja', -(3 * DAY + 5 * HOUR), '3d5h超過'],
    ['de', 45 * MINUTE, 'noch 45 Min.'],
    ['zh', -(HOUR + 5 * MINUTE), '逾期1小时5分钟'],
    ['fr', 3 * DAY, 'reste 3j 0h'],
    ['es', -20 * MINUTE, '20min de retraso'],
  ])('in %s, %s ms from the deadline reads %j', async (language, offset, expected) => {
    await activateLanguage(language);
    expect(deadlineText(deadlineStatus(at(offset), NOW), t, language)).toBe(expected);
  });
});

describe('liveDeadline', () => {
  it.each([
    ['open', '2025-03-10T14:00:00.000Z'],
    ['in_progress', '2025-03-10T14:00:00.000Z'],
    ['resolved', null],
    ['closed', null],
  ] as const)('gives a %s ticket the deadline %j', (status, expected) => {
    expect(liveDeadline({ status, deadline: '2025-03-10T14:00:00.000Z' })).toBe(expected);
  });
});
