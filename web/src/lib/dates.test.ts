import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates.ts';

const INSTANT = '2025-01-06T23:30:00.000Z';

describe('formatDateTime', () => {
  it.each([
    ['UTC', 'Jan 6, 2025, 11:30 PM'],
    ['America/New_York', 'Jan 6, 2025, 6:30 PM'],
    // Crosses midnight: the same instant is already the next day in Tokyo and Kolkata.
    ['Asia/Tokyo', 'Jan 7, 2025, 8:30 AM'],
    ['Asia/Kolkata', 'Jan 7, 2025, 5:00 AM'],
  ])('shows the instant in %s as %j', (timeZone, expected) => {
    // Intl may separate the time from AM/PM with a narrow no-break space; compare what a reader sees.
    expect(formatDateTime(INSTANT, timeZone).replace(/\s/g, ' ')).toBe(expected);
  });

  it('gives an empty string for a value that is not a date', () => {
    expect(formatDateTime('soon', 'UTC')).toBe('');
  });
});

describe('formatDate', () => {
  it.each([
    ['UTC', 'Jan 6, 2025'],
    ['Pacific/Auckland', 'Jan 7, 2025'],
  ])('shows the day in %s as %j', (timeZone, expected) => {
    expect(formatDate(INSTANT, timeZone)).toBe(expected);
  });
});
