/**
 * The SLA policy (docs/product.md §9, docs/decisions/005-sla-clocks.md): per priority a first-response target and a
 * resolution target in minutes, each run on the 24/7 clock or on the desk's business calendar (a time zone, weekly
 * opening hours and holidays). `GET /api/sla-policy` answers with it, `PUT` replaces it whole (admins only); a change
 * applies to tickets created afterwards.
 */
import * as z from 'zod';
import { PRIORITIES, type Priority } from '../constants.ts';
import { issueText } from '../i18n/messages.ts';

/** Bounds of a target: one minute to one year. */
export const SLA_TARGET_MINUTES = { min: 1, max: 525_600 } as const;
/** Most holidays a calendar lists. */
export const SLA_HOLIDAYS_MAX = 100;
/** The calendar's weekdays, Monday first (ISO order). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** The clocks a target can run on. */
export const SLA_CLOCKS = ['24x7', 'business'] as const;

const SLA_ISSUES = {
  minutes: issueText('validation.sla.minutes', SLA_TARGET_MINUTES),
  clock: issueText('validation.sla.clock', { values: SLA_CLOCKS.join(', ') }),
  timeZone: issueText('validation.sla.timeZone'),
  hours: issueText('validation.sla.hours'),
  holiday: issueText('validation.sla.holiday'),
  holidays: issueText('validation.sla.holidays', { max: SLA_HOLIDAYS_MAX }),
  noOpenDay: issueText('validation.sla.noOpenDay'),
  policy: issueText('validation.sla.policy'),
} as const;

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

const minutes = z
  .number({ error: SLA_ISSUES.minutes })
  .int(SLA_ISSUES.minutes)
  .min(SLA_TARGET_MINUTES.min, SLA_ISSUES.minutes)
  .max(SLA_TARGET_MINUTES.max, SLA_ISSUES.minutes);

/** One priority's targets and the clock they run on. */
const slaTargetsSchema = z.object(
  {
    firstResponseMinutes: minutes,
    resolutionMinutes: minutes,
    clock: z.enum(SLA_CLOCKS, { error: SLA_ISSUES.clock }),
  },
  { error: SLA_ISSUES.policy },
);

/** `HH:MM`, 00:00 to 24:00. */
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const time = z.string({ error: SLA_ISSUES.hours }).regex(TIME, SLA_ISSUES.hours);

/** Minutes after midnight of an `HH:MM` time. */
export const minutesOfDay = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** One day's opening hours, or null when the desk is closed all day. */
const openingHours = z
  .object({ open: time, close: time }, { error: SLA_ISSUES.hours })
  .refine((h) => minutesOfDay(h.open) < minutesOfDay(h.close), SLA_ISSUES.hours)
  .nullable();

const ISO_DATE = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;

/** The desk's business calendar: opening hours per weekday in its time zone, and the dates it is closed. */
export const businessCalendarSchema = z
  .object(
    {
      timeZone: z.string({ error: SLA_ISSUES.timeZone }).max(64, SLA_ISSUES.timeZone).refine(isTimeZone, {
        message: SLA_ISSUES.timeZone,
      }),
      weeklyHours: z.object(
        Object.fromEntries(WEEKDAYS.map((day) => [day, openingHours])) as Record<Weekday, typeof openingHours>,
        { error: SLA_ISSUES.hours },
      ),
      /** Local dates (`YYYY-MM-DD`) the desk is closed all day. */
      holidays: z
        .array(z.string({ error: SLA_ISSUES.holiday }).regex(ISO_DATE, SLA_ISSUES.holiday), {
          error: SLA_ISSUES.holiday,
        })
        .max(SLA_HOLIDAYS_MAX, SLA_ISSUES.holidays)
        .transform((days) => [...new Set(days)].sort()),
    },
    { error: SLA_ISSUES.policy },
  )
  .refine((c) => WEEKDAYS.some((day) => c.weeklyHours[day] !== null), {
    message: SLA_ISSUES.noOpenDay,
    path: ['weeklyHours'],
  });
export type BusinessCalendar = z.infer<typeof businessCalendarSchema>;

/** `GET`/`PUT /api/sla-policy`. */
export const slaPolicySchema = z.object(
  {
    targets: z.object(
      Object.fromEntries(PRIORITIES.map((p) => [p, slaTargetsSchema])) as Record<Priority, typeof slaTargetsSchema>,
      { error: SLA_ISSUES.policy },
    ),
    businessCalendar: businessCalendarSchema,
  },
  { error: SLA_ISSUES.policy },
);
export type SlaPolicy = z.infer<typeof slaPolicySchema>;

const nineToFive = { open: '09:00', close: '17:00' };

/** The policy before an admin first saves one: every target on the 24/7 clock. */
export const DEFAULT_SLA_POLICY: SlaPolicy = {
  targets: {
    critical: { firstResponseMinutes: 15, resolutionMinutes: 120, clock: '24x7' },
    high: { firstResponseMinutes: 60, resolutionMinutes: 480, clock: '24x7' },
    medium: { firstResponseMinutes: 240, resolutionMinutes: 1_440, clock: '24x7' },
    low: { firstResponseMinutes: 480, resolutionMinutes: 4_320, clock: '24x7' },
  },
  businessCalendar: {
    timeZone: 'UTC',
    weeklyHours: {
      mon: nineToFive,
      tue: nineToFive,
      wed: nineToFive,
      thu: nineToFive,
      fri: nineToFive,
      sat: null,
      sun: null,
    },
    holidays: [],
  },
};
