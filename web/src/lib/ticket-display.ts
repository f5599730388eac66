/** How ticket fields read on screen (docs/product.md §2 Ticket detail). */
import type { Priority, TicketStatus, TicketType } from '#shared/constants.ts';
import type { TicketAssignee } from '#shared/schemas/ticket.ts';
import type { Translate } from '../i18n/react.tsx';

/** `fiat_deposit` → `fiat deposit`; empty → 'N/A'. */
export function spacedOrNA(value: string | null | undefined, t: Translate): string {
  const spaced = value?.replaceAll('_', ' ').trim();
  return spaced || t('common.notAvailable');
}

/** `in_progress` → 'In Progress' (English). */
export const statusLabel = (status: TicketStatus, t: Translate): string => t(`status.${status}`);

/** `high` → 'High' (English). */
export const priorityLabel = (priority: Priority, t: Translate): string => t(`priority.${priority}`);

/** `direct` → 'DIRECT' (English). */
export const typeLabel = (type: TicketType, t: Translate): string => t(`ticketType.${type}`);

/** The assignee's first and last name, or 'Unassigned'. */
export function assigneeName(
  assignee: Pick<TicketAssignee, 'firstName' | 'lastName'> | null | undefined,
  t: Translate,
): string {
  const name = [assignee?.firstName, assignee?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || t('common.unassigned');
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
  t: Translate,
  current?: string,
): CategoryOption[] {
  if (!active) return current ? [{ value: current, label: spacedOrNA(current, t) }] : [];
  const options = active.map((category) => ({ value: category.name, label: category.displayName }));
  if (current && !options.some((option) => option.value === current)) {
    options.unshift({ value: current, label: t('ticket.inactiveCategory', { name: spacedOrNA(current, t) }) });
  }
  return options;
}
