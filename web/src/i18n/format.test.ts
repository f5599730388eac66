import { describe, expect, it } from 'vitest';
import {
  formatChange,
  formatDate,
  formatDateTime,
  formatDay,
  formatDuration,
  formatNumber,
  formatPercent,
  formatResponseTime,
} from './format.ts';
import type { Language } from './languages.ts';

const INSTANT = '2025-01-06T23:30:00.000Z';

/** Intl may separate parts with a narrow or no-break space; compare what a reader sees. */
const seen = (text: string | null) => text?.replace(/\s/g, ' ');

describe('formatDateTime', () => {
  it.each([
    ['UTC', 'Jan 6, 2025, 11:30 PM'],
    ['America/New_York', 'Jan 6, 2025, 6:30 PM'],
    // Crosses midnight: the same instant is already the next day in Tokyo and Kolkata.
    ['Asia/Tokyo', 'Jan 7, 2025, 8:30 AM'],
    ['Asia/Kolkata', 'Jan 7, 2025, 5:00 AM'],
  ])('shows the instant in %s as %j in English', (timeZone, expected) => {
    expect(seen(formatDateTime(INSTANT, 'en', timeZone))).toBe(expected);
  });

  it.each<[Language, string]>([
    ['es', '6 ene 2025, 23:30'],
    ['fr', '6 janv. 2025, 23:30'],
    ['de', '06.01.2025, 23:30'],
    ['zh', '2025年1月6日 23:30'],
    ['ja', '2025/01/06 23:30'],
  ])('shows it in %s as %j, in the time zone of the Settings', (language, expected) => {
    expect(seen(formatDateTime(INSTANT, language, 'UTC'))).toBe(expected);
  });

  it('gives an empty string for a value that is not a date', () => {
    expect(formatDateTime('soon', 'en', 'UTC')).toBe('');
  });
});

describe('formatDate', () => {
  it.each([
    ['UTC', 'Jan 6, 2025'],
    ['Pacific/Auckland', 'Jan 7, 2025'],
  ])('shows the day in %s as %j', (timeZone, expected) => {
    expect(formatDate(INSTANT, 'en', timeZone)).toBe(expected);
  });
});

describe('formatDay (the volume chart)', () => {
  it('labels a day by its UTC calendar date, whatever the viewer’s zone', () => {
    expect(formatDay('2025-03-07', 'en')).toBe('Mar 7');
    expect(formatDay('2025-12-31', 'en')).toBe('Dec 31');
    expect(formatDay('2025-03-07', 'ja')).toBe('3月7日');
    expect(formatDay('2025-03-07', 'de')).toBe('7. März');
  });

  it('shows a value that is not a day as it is, instead of throwing', () => {
    expect(formatDay('auto', 'en')).toBe('auto');
  });
});

describe('formatNumber', () => {
  it.each<[Language, string]>([
    ['en', '12,345'],
    ['de', '12.345'],
    ['fr', '12 345'],
  ])('groups thousands in %s: %j', (language, expected) => {
    expect(seen(formatNumber(12_345, language))).toBe(expected);
  });
});

describe('formatResponseTime', () => {
  it.each([
    [0, '0m'],
    [1, '1m'],
    [59, '59m'],
    [59.4, '59m'],
    // Rounded to whole minutes before choosing the unit: never '60m'.
    [59.6, '1.0h'],
    [60, '1.0h'],
    [90, '1.5h'],
    [144, '2.4h'],
    [1500, '25.0h'],
    [null, null],
    [undefined, null],
  ])('shows %s minutes as %s in English (null: nothing measured)', (minutes, expected) => {
    expect(formatResponseTime(minutes, 'en')).toBe(expected);
  });

  it.each<[Language, number, string]>([
    ['de', 144, '2,4h'],
    ['zh', 45, '45分钟'],
    ['fr', 45, '45min'],
  ])('in %s shows %s minutes as %j', (language, minutes, expected) => {
    expect(seen(formatResponseTime(minutes, language))).toBe(expected);
  });
});

describe('formatPercent', () => {
  it.each([
    [0, '0.0%'],
    [33.333, '33.3%'],
    [87.25, '87.3%'],
    [99.96, '100.0%'],
    [100, '100.0%'],
  ])('shows %s as %s', (value, expected) => {
    expect(formatPercent(value, 'en')).toBe(expected);
  });

  it('writes the decimal and the sign as the language does', () => {
    expect(seen(formatPercent(87.5, 'fr'))).toBe('87,5 %');
    expect(seen(formatPercent(87.5, 'de'))).toBe('87,5 %');
    expect(formatPercent(87.5, 'ja')).toBe('87.5%');
  });
});

describe('formatChange', () => {
  it.each([
    [12.5, '+12.5%'],
    [-3, '-3.0%'],
    [0, '0.0%'],
    [0.04, '0.0%'],
    [-0.04, '0.0%'],
    [0.05, '+0.1%'],
  ])('shows a change of %s as %s', (value, expected) => {
    expect(formatChange(value, 'en')).toBe(expected);
  });

  it('keeps the sign in other languages', () => {
    expect(seen(formatChange(-3, 'es'))).toBe('-3,0 %');
  });
});

describe('formatDuration', () => {
  it.each<[Language, Parameters<typeof formatDuration>[0], string]>([
    ['en', { hour: 2, minute: 30 }, '2h 30m'],
    ['en', { day: 3, hour: 5 }, '3d 5h'],
    ['en', { minute: 0 }, '0m'],
    ['zh', { hour: 2, minute: 30 }, '2小时30分钟'],
    ['ja', { day: 1, hour: 4 }, '1d4h'],
    ['de', { day: 1, hour: 2, minute: 30 }, '1 T 2h 30 Min.'],
    ['fr', { hour: 2, minute: 30 }, '2h 30min'],
  ])('in %s writes %o as %j', (language, parts, expected) => {
    expect(seen(formatDuration(parts, language))).toBe(expected);
  });
});
