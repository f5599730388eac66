/**
 * The deadline countdown of docs/product.md §4 as pure rules: what a ticket's deadline badge says, how it looks and how
 * urgent it is, given the deadline and the current time. DeadlineBadge renders it; tests pin every boundary.
 *
 * The boundaries docs/product.md §4 states, as decided here:
 * - times are counted in whole minutes, rounded down (59 s left is '0m left');
 * - a ticket is overdue once now is past the deadline; at the deadline itself it has '0m left';
 * - overdue by a full day or more reads '{d}d {h}h overdue' (exactly 24 h: '1d 0h overdue');
 * - 'left' texts switch to days only above 24 h, as the variant does (exactly 24 h: '24h 0m left').
 */
import { UNRESOLVED_STATUSES, type TicketStatus } from '#shared/constants.ts';
import { formatDuration } from '../i18n/format.ts';
import type { Language } from '../i18n/languages.ts';
import type { Translate } from '../i18n/react.tsx';

/** The badge looks of docs/product.md §4 (shadcn names); DeadlineBadge maps them onto Chakra. */
export type DeadlineVariant = 'default' | 'secondary' | 'destructive' | 'outline';

/** How urgent the deadline is (docs/product.md §4 severity scales). */
export type DeadlineSeverity = 'low' | 'medium' | 'high' | 'critical';

/** The parts of a badge's duration: days and hours, or hours and minutes, or minutes alone. */
export type DeadlineDuration =
  | { days: number; hours: number }
  | { hours: number; minutes: number }
  | { minutes: number };

export interface DeadlineStatus {
  /** What the badge says, before it is put into words: no deadline, or a duration left or overdue. */
  text: { key: 'deadline.none' } | { key: 'deadline.left' | 'deadline.overdue'; duration: DeadlineDuration };
  variant: DeadlineVariant;
  /** Null when there is no deadline to be urgent about. */
  severity: DeadlineSeverity | null;
  overdue: boolean;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Splits a duration into whole days, hours and minutes. */
function partsOf(ms: number) {
  const totalMinutes = Math.floor(ms / MINUTE_MS);
  return {
    days: Math.floor(totalMinutes / (24 * 60)),
    hours: Math.floor((totalMinutes % (24 * 60)) / 60),
    /** Hours including whole days, for the texts that never show days. */
    totalHours: Math.floor(totalMinutes / 60),
    minutes: totalMinutes % 60,
  };
}

function overdueStatus(overdueMs: number): DeadlineStatus {
  const { days, hours, totalHours, minutes } = partsOf(overdueMs);
  const duration: DeadlineDuration =
    days > 0 ? { days, hours } : totalHours > 0 ? { hours: totalHours, minutes } : { minutes };
  const severity: DeadlineSeverity =
    overdueMs > 48 * HOUR_MS ? 'critical' : overdueMs > 8 * HOUR_MS ? 'high' : 'medium';
  return { text: { key: 'deadline.overdue', duration }, variant: 'destructive', severity, overdue: true };
}

function remainingStatus(leftMs: number): DeadlineStatus {
  const { days, hours, totalHours, minutes } = partsOf(leftMs);
  const left = (duration: DeadlineDuration) => ({ key: 'deadline.left', duration }) as const;
  const hoursAndMinutes = left({ hours: totalHours, minutes });
  if (leftMs < 2 * HOUR_MS) {
    return {
      text: totalHours > 0 ? hoursAndMinutes : left({ minutes }),
      variant: 'destructive',
      severity: 'high',
      overdue: false,
    };
  }
  if (leftMs < 8 * HOUR_MS) return { text: hoursAndMinutes, variant: 'outline', severity: 'medium', overdue: false };
  if (leftMs > 24 * HOUR_MS)
    return { text: left({ days, hours }), variant: 'secondary', severity: 'low', overdue: false };
  return { text: hoursAndMinutes, variant: 'default', severity: 'medium', overdue: false };
}

/**
 * The badge's words in the reader's language: '2h 30m left', '1d 4h overdue', 'No deadline' in English (the units
 * from Intl, the sentence from the catalog).
 */
export function deadlineText({ text }: Pick<DeadlineStatus, 'text'>, t: Translate, language: Language): string {
  if (text.key === 'deadline.none') return t(text.key);
  const { days, hours, minutes } = text.duration as { days?: number; hours?: number; minutes?: number };
  return t(text.key, { duration: formatDuration({ day: days, hour: hours, minute: minutes }, language) });
}

/** The badge for a deadline at `now` (docs/product.md §4); no deadline, or an unreadable one, reads 'No deadline'. */
export function deadlineStatus(deadline: string | Date | null | undefined, now: Date): DeadlineStatus {
  const due = deadline ? new Date(deadline).getTime() : Number.NaN;
  if (Number.isNaN(due))
    return { text: { key: 'deadline.none' }, variant: 'secondary', severity: null, overdue: false };
  const diff = due - now.getTime();
  return diff < 0 ? overdueStatus(-diff) : remainingStatus(diff);
}

/** The deadline that still counts: resolved and closed tickets are off the clock, so they have none. */
export function liveDeadline(ticket: { status: TicketStatus; deadline: string | null }): string | null {
  return UNRESOLVED_STATUSES.includes(ticket.status) ? ticket.deadline : null;
}
