/**
 * Business-time arithmetic on a business calendar (docs/decisions/005-sla-clocks.md): the opening hours of each
 * weekday, in the calendar's IANA time zone, less its holidays. Local wall times become instants through Intl, so a
 * day on which the clocks change is as long as it really is: an opening that falls in a skipped hour opens when the
 * hour that exists after it begins, and a repeated hour counts twice. Pure; no AWS, no clock.
 */
import { type BusinessCalendar, minutesOfDay, WEEKDAYS } from '#shared/schemas/sla.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** How far a computation walks: far enough for any target (a year of minutes on one open hour a week). */
const MAX_DAYS = 366 * 60 * 24 + 14;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall clock in `timeZone` at instant `ms`, as if it were UTC (ms since the epoch). */
function wallClock(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** The zone's offset from UTC at instant `ms`, in ms (whole seconds: sub-second parts are not formatted). */
const offsetAt = (ms: number, timeZone: string): number => wallClock(ms, timeZone) - Math.floor(ms / 1000) * 1000;

/**
 * The instant at which the wall clock of `timeZone` reads `wall` (ms, as if UTC). A wall time skipped by a change to
 * summer time is read with the offset before the change, which lands after the gap; a repeated one is its first
 * occurrence.
 */
function instantOf(wall: number, timeZone: string): number {
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  if (first === second) return first;
  // Between two offsets: the earlier instant that reads `wall`, else (a skipped time) the later guess.
  const earlier = Math.min(first, second);
  return wallClock(earlier, timeZone) === wall ? earlier : Math.max(first, second);
}

/** A local date as days since the epoch (UTC midnight of that date). */
const localDay = (ms: number, timeZone: string): number => Math.floor(wallClock(ms, timeZone) / DAY_MS) * DAY_MS;

/** The opening interval [open, close) of a local date as instants, or undefined when the desk is closed that day. */
function openingOf(day: number, calendar: BusinessCalendar, holidays: ReadonlySet<string>) {
  const date = new Date(day);
  if (holidays.has(date.toISOString().slice(0, 10))) return undefined;
  const hours = calendar.weeklyHours[WEEKDAYS[(date.getUTCDay() + 6) % 7]!];
  if (!hours) return undefined;
  const open = instantOf(day + minutesOfDay(hours.open) * MINUTE_MS, calendar.timeZone);
  const close = instantOf(day + minutesOfDay(hours.close) * MINUTE_MS, calendar.timeZone);
  return close > open ? { open, close } : undefined;
}

/** The opening intervals from the local date of `fromMs` on, in order. */
function* openings(fromMs: number, calendar: BusinessCalendar) {
  const holidays = new Set(calendar.holidays);
  const first = localDay(fromMs, calendar.timeZone);
  for (let i = 0; i < MAX_DAYS; i++) {
    const interval = openingOf(first + i * DAY_MS, calendar, holidays);
    if (interval) yield interval;
  }
}

/**
 * addBusinessTime: the instant at which `ms` of business time will have passed since `from`. Zero is `from` itself;
 * otherwise the result always lies within opening hours (a target that ends exactly at closing time ends then).
 */
export function addBusinessTime(from: Date, ms: number, calendar: BusinessCalendar): Date {
  if (ms <= 0) return from;
  let remaining = ms;
  for (const { open, close } of openings(from.getTime(), calendar)) {
    const start = Math.max(open, from.getTime());
    if (start >= close) continue;
    if (remaining <= close - start) return new Date(start + remaining);
    remaining -= close - start;
  }
  throw new RangeError('The business calendar has no opening hours within reach');
}

/** businessTimeBetween: the business time, in ms, from `from` to `to` (zero when `to` is not later). */
export function businessTimeBetween(from: Date, to: Date, calendar: BusinessCalendar): number {
  let total = 0;
  for (const { open, close } of openings(from.getTime(), calendar)) {
    if (open >= to.getTime()) break;
    const start = Math.max(open, from.getTime());
    const end = Math.min(close, to.getTime());
    if (end > start) total += end - start;
  }
  return total;
}
