import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BusinessCalendar } from '#shared/schemas/sla.ts';
import { addBusinessTime, businessTimeBetween } from './business-hours.ts';

const HOUR = 3_600_000;
const nineToFive = { open: '09:00', close: '17:00' };
const weekdays = (timeZone: string, holidays: string[] = []): BusinessCalendar => ({
  timeZone,
  weeklyHours: {
    mon: nineToFive,
    tue: nineToFive,
    wed: nineToFive,
    thu: nineToFive,
    fri: nineToFive,
    sat: null,
    sun: null,
  },
  holidays,
});
const allDay = { open: '00:00', close: '24:00' };
const everyHour = (timeZone: string): BusinessCalendar => ({
  timeZone,
  weeklyHours: { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay },
  holidays: [],
});

describe('addBusinessTime', () => {
  it('carries a Friday-evening ticket over the weekend to Monday morning (New York)', () => {
    // Friday 2025-03-07 18:00 EST is 23:00Z; an hour of business time ends Monday 10:00 EDT (the clocks went forward).
    const due = addBusinessTime(new Date('2025-03-07T23:00:00Z'), HOUR, weekdays('America/New_York'));
    expect(due.toISOString()).toBe('2025-03-10T14:00:00.000Z');
  });

  it('skips holidays', () => {
    const calendar = weekdays('Europe/Berlin', ['2025-12-25', '2025-12-26']);
    // Wednesday 24 Dec 16:00 CET; one hour left that day, then Thursday and Friday are holidays.
    const due = addBusinessTime(new Date('2025-12-24T15:00:00Z'), 2 * HOUR, calendar);
    expect(due.toISOString()).toBe('2025-12-29T09:00:00.000Z');
  });

  it('counts the short and the long day of a change of clocks as they are', () => {
    const berlin = everyHour('Europe/Berlin');
    expect(businessTimeBetween(new Date('2025-03-29T23:00:00Z'), new Date('2025-03-30T22:00:00Z'), berlin)).toBe(
      23 * HOUR,
    );
    expect(businessTimeBetween(new Date('2025-10-25T22:00:00Z'), new Date('2025-10-26T23:00:00Z'), berlin)).toBe(
      25 * HOUR,
    );
  });

  it('is plain time on a calendar open around the clock', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2024-01-01'), max: new Date('2027-01-01'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 30 * 24 * 60 }),
        (from, minutes) => {
          expect(addBusinessTime(from, minutes * 60_000, everyHour('UTC')).getTime()).toBe(
            from.getTime() + minutes * 60_000,
          );
        },
      ),
      { numRuns: 50 },
    );
  });
});

const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Sao_Paulo'];

describe('business time, property-tested across time zones and changes of clocks', () => {
  const instant = fc.date({ min: new Date('2024-01-01'), max: new Date('2027-01-01'), noInvalidDate: true });
  const zone = fc.constantFrom(...ZONES);
  const amount = fc.integer({ min: 1, max: 5 * 24 * 60 }).map((m) => m * 60_000);

  it('counts back exactly the business time it added', () => {
    fc.assert(
      fc.property(instant, zone, amount, (from, timeZone, ms) => {
        const calendar = weekdays(timeZone, ['2025-12-25', '2026-01-01']);
        const due = addBusinessTime(from, ms, calendar);
        expect(due.getTime()).toBeGreaterThan(from.getTime());
        expect(businessTimeBetween(from, due, calendar)).toBe(ms);
      }),
      { numRuns: 150 },
    );
  });

  it('never goes back as the amount grows, and adds in steps', () => {
    fc.assert(
      fc.property(instant, zone, amount, amount, (from, timeZone, a, b) => {
        const calendar = weekdays(timeZone);
        const once = addBusinessTime(from, a + b, calendar);
        expect(addBusinessTime(from, a, calendar).getTime()).toBeLessThanOrEqual(once.getTime());
        expect(businessTimeBetween(from, once, calendar)).toBe(
          businessTimeBetween(from, addBusinessTime(from, a, calendar), calendar) + b,
        );
      }),
      { numRuns: 100 },
    );
  });

  it('adds up over a split interval', () => {
    fc.assert(
      fc.property(
        instant,
        zone,
        fc.integer({ min: 0, max: 20 * 24 }),
        fc.integer({ min: 0, max: 20 * 24 }),
        (from, timeZone, h1, h2) => {
          const calendar = weekdays(timeZone);
          const mid = new Date(from.getTime() + h1 * HOUR);
          const to = new Date(mid.getTime() + h2 * HOUR);
          expect(businessTimeBetween(from, mid, calendar) + businessTimeBetween(mid, to, calendar)).toBe(
            businessTimeBetween(from, to, calendar),
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});
