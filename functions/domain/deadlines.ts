/**
 * The SLA clocks (docs/product.md §9, docs/decisions/005-sla-clocks.md). A ticket keeps the targets of its priority
 * as the SLA policy set them when it was created (`TicketSla`), and two clocks run from its creation: the first
 * response (until the first public staff response) and the resolution (until resolved or closed), each on the 24/7
 * clock or on the business calendar. The resolution clock stops while the ticket waits on the customer; the time
 * paused (business time where the calendar applies) is added to its due times when it runs again.
 *
 * Unresolved tickets sit in the sparse byDeadline index (resolution) and byFirstResponse index (first response),
 * under WARN until the 80 % warning, then DUE until the overdue job marks the breach, then OVERDUE.
 */
import { SLA_HOURS, UNRESOLVED_STATUSES, type Priority, type TicketStatus } from '#shared/constants.ts';
import type { BusinessCalendar, SlaPolicy } from '#shared/schemas/sla.ts';
import { addBusinessTime, businessTimeBetween } from './business-hours.ts';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** The share of a target after which the assignee is warned. */
export const SLA_WARNING_SHARE = 0.8;

/** The targets a ticket runs on: its priority's, as the policy stood when it was created. */
export interface TicketSla {
  firstResponseMinutes: number;
  resolutionMinutes: number;
  /** The business calendar, or null for the 24/7 clock. */
  calendar: BusinessCalendar | null;
}

/** The targets of `priority` under `policy`. */
export function ticketSlaFor(policy: SlaPolicy, priority: Priority): TicketSla {
  const targets = policy.targets[priority];
  return {
    firstResponseMinutes: targets.firstResponseMinutes,
    resolutionMinutes: targets.resolutionMinutes,
    calendar: targets.clock === 'business' ? policy.businessCalendar : null,
  };
}

/** `from` plus `ms` of clock time: plain time on the 24/7 clock, business time on a calendar. */
export function addClockTime(from: string, ms: number, calendar: BusinessCalendar | null): string {
  const start = new Date(from);
  return (calendar ? addBusinessTime(start, ms, calendar) : new Date(start.getTime() + ms)).toISOString();
}

/** The clock time from `from` to `to`, in ms. */
export function clockTimeBetween(from: string, to: string, calendar: BusinessCalendar | null): number {
  return calendar
    ? businessTimeBetween(new Date(from), new Date(to), calendar)
    : Math.max(0, Date.parse(to) - Date.parse(from));
}

export interface SlaDueTimes {
  firstResponseDueAt: string;
  firstResponseWarnAt: string;
  deadline: string;
  resolutionWarnAt: string;
}

/**
 * When each target falls due, and when its warning does, for a ticket created at `createdAt` whose resolution clock
 * has been paused for `pausedMs` of clock time so far.
 */
export function slaDueTimes(createdAt: string, sla: TicketSla, pausedMs: number): SlaDueTimes {
  const at = (minutes: number, extra = 0) => addClockTime(createdAt, minutes * MINUTE_MS + extra, sla.calendar);
  return {
    firstResponseDueAt: at(sla.firstResponseMinutes),
    firstResponseWarnAt: at(sla.firstResponseMinutes * SLA_WARNING_SHARE),
    deadline: at(sla.resolutionMinutes, pausedMs),
    resolutionWarnAt: at(sla.resolutionMinutes * SLA_WARNING_SHARE, pausedMs),
  };
}

/** The deadline of a ticket created before SLA policies (no targets of its own): created + SLA hours. */
export function deadlineFor(createdAt: string, priority: Priority): string {
  return new Date(Date.parse(createdAt) + SLA_HOURS[priority] * HOUR_MS).toISOString();
}

/** True once `now` has reached the deadline. */
export function isPastDeadline(deadline: string, now: Date): boolean {
  return Date.parse(deadline) <= now.getTime();
}

/** Whether a status keeps the ticket on the clock. */
export function isUnresolved(status: TicketStatus): boolean {
  return UNRESOLVED_STATUSES.includes(status);
}

/** Where a clock stands: before its warning, warned, breached. */
export type ClockPartition = 'warn' | 'due' | 'overdue';

/** A ticket's place in one clock's sparse index: the partition and the time it is ordered (and read) by. */
export interface ClockEntry {
  partition: ClockPartition;
  at: string;
}

/** The fields of a ticket its clocks read. */
export interface ClockState {
  status: TicketStatus;
  deadline: string;
  isOverdue: boolean;
  waitingOnCustomer: boolean;
  resolutionWarnAt: string | null;
  resolutionWarned: boolean;
  firstResponseAt: string | null;
  firstResponseDueAt: string | null;
  firstResponseWarnAt: string | null;
  firstResponseWarned: boolean;
  isFirstResponseOverdue: boolean;
}

/**
 * The resolution clock's index entry: none once resolved or closed, nor while the clock is paused (an overdue ticket
 * stays listed as overdue); WARN at its warning time until warned (tickets from before SLA policies have none),
 * DUE at the deadline until marked, then OVERDUE.
 */
export function resolutionClockEntry(t: ClockState): ClockEntry | undefined {
  if (!isUnresolved(t.status)) return undefined;
  if (t.isOverdue) return { partition: 'overdue', at: t.deadline };
  if (t.waitingOnCustomer) return undefined;
  if (t.resolutionWarnAt && !t.resolutionWarned) return { partition: 'warn', at: t.resolutionWarnAt };
  return { partition: 'due', at: t.deadline };
}

/** The first-response clock's index entry: only while unresolved and unanswered, on a ticket that has the clock. */
export function firstResponseClockEntry(t: ClockState): ClockEntry | undefined {
  if (!isUnresolved(t.status) || t.firstResponseAt || !t.firstResponseDueAt) return undefined;
  if (t.isFirstResponseOverdue) return { partition: 'overdue', at: t.firstResponseDueAt };
  if (t.firstResponseWarnAt && !t.firstResponseWarned) return { partition: 'warn', at: t.firstResponseWarnAt };
  return { partition: 'due', at: t.firstResponseDueAt };
}

/** Whole minutes between two ISO timestamps, rounded to the nearest minute. */
export function minutesBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 60_000);
}
