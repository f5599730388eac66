/**
 * Deadlines (docs/product.md §9): created + SLA hours of the priority, recomputed from creation when the priority changes.
 * Unresolved tickets sit in the byDeadline index as due until they are marked overdue, then as overdue.
 */
import { SLA_HOURS, UNRESOLVED_STATUSES, type Priority, type TicketStatus } from '#shared/constants.ts';

const HOUR_MS = 3_600_000;

/** The deadline of a ticket created at `createdAt` with `priority`, as an ISO timestamp. */
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

export type DeadlinePartition = 'due' | 'overdue';

/** Where a ticket sits in the byDeadline index; resolved and closed tickets are not in it. */
export function deadlinePartition(ticket: { status: TicketStatus; isOverdue: boolean }): DeadlinePartition | undefined {
  if (!isUnresolved(ticket.status)) return undefined;
  return ticket.isOverdue ? 'overdue' : 'due';
}

/** Whole minutes between two ISO timestamps, rounded to the nearest minute. */
export function minutesBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 60_000);
}
