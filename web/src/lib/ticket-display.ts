/** How ticket fields read on screen (docs/product.md §2 Ticket detail). */
import {
  TICKET_STATUS_LABELS,
  PRIORITY_LABELS,
  type Priority,
  type TicketStatus,
  type TicketType,
} from '#shared/constants.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { TicketAssignee } from '#shared/schemas/ticket.ts';

/** `fiat_deposit` → `fiat deposit`; empty → 'N/A'. */
export function spacedOrNA(value: string | null | undefined): string {
  const spaced = value?.replaceAll('_', ' ').trim();
  return spaced || MESSAGES.notAvailable;
}

/** `in_progress` → `In Progress`. */
export const statusLabel = (status: TicketStatus): string => TICKET_STATUS_LABELS[status];

export const priorityLabel = (priority: Priority): string => PRIORITY_LABELS[priority];

/** `direct` → `DIRECT`. */
export const typeLabel = (type: TicketType): string => type.toUpperCase();

/** The assignee's first and last name, or 'Unassigned'. */
export function assigneeName(assignee: Pick<TicketAssignee, 'firstName' | 'lastName'> | null | undefined): string {
  const name = [assignee?.firstName, assignee?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || MESSAGES.unassigned;
}

/** Chakra palettes of the status badges. */
export const STATUS_PALETTES: Record<TicketStatus, string> = {
  open: 'blue',
  in_progress: 'purple',
  resolved: 'green',
  closed: 'gray',
};

/** Chakra palettes of the type badges: one per channel a ticket arrives by. */
export const TYPE_PALETTES: Record<TicketType, string> = {
  api: 'cyan',
  direct: 'purple',
  email: 'teal',
};

/** Chakra palettes of the priority badges: the dot colours of docs/product.md §9. */
export const PRIORITY_PALETTES: Record<Priority, string> = {
  critical: 'red',
  high: 'orange',
  medium: 'yellow',
  low: 'green',
};

/** A category choice of a ticket form. */
export interface CategoryOption {
  value: string;
  label: string;
}

/**
 * The categories a ticket form offers: the active ones (docs/product.md §4), plus the ticket's own when it is no longer
 * active, so that editing other fields never silently re-files the ticket. Until the list has loaded (`undefined`),
 * just the ticket's own.
 */
export function categoryOptions(
  active: readonly { name: string; displayName: string }[] | undefined,
  current?: string,
): CategoryOption[] {
  if (!active) return current ? [{ value: current, label: spacedOrNA(current) }] : [];
  const options = active.map((category) => ({ value: category.name, label: category.displayName }));
  if (current && !options.some((option) => option.value === current)) {
    options.unshift({ value: current, label: `${spacedOrNA(current)} (inactive)` });
  }
  return options;
}
