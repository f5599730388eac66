/**
 * A ticket's history (`GET /api/tickets/{id}/history`) as sentences: what happened, and each field's change as
 * "Label: before → after", values written as the rest of the screen writes them.
 */
import { PRIORITIES, TICKET_STATUSES, type Priority, type TicketStatus } from '#shared/constants.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { ChangeValue, FieldChange, HistoryAction, MailNote } from '#shared/schemas/ticket.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { priorityLabel, spacedOrNA, statusLabel } from '../../lib/ticket-display.ts';

const ACTION_TEXTS: Record<HistoryAction, string> = {
  created: 'created the ticket',
  updated: 'updated the ticket',
  assigned: 'assigned the ticket',
  commented: 'commented',
  overdue: 'marked the ticket overdue',
  emailed: 'sent an e-mail',
};

const MAIL_KIND_TEXTS: Record<MailNote['kind'], string> = {
  acknowledgement: 'the acknowledgement',
  reply: 'a reply',
  resolution: 'the resolution notice with the rating link',
  notification: 'a notification',
  new_ticket: 'the message that opened the ticket',
};

/** The e-mail an entry is about: 'E-mail sent to ann@x: the acknowledgement', 'E-mail received from ann@x: a reply'. */
export function mailNoteText(note: MailNote): string {
  const way = note.direction === 'sent' ? 'E-mail sent to' : 'E-mail received from';
  return `${way} ${note.address}: ${MAIL_KIND_TEXTS[note.kind]}`;
}

/** "Maria Santos assigned the ticket". */
export function historyHeadline(actorName: string, action: HistoryAction): string {
  return `${actorName} ${ACTION_TEXTS[action]}`;
}

const FIELD_LABELS: Record<string, string> = {
  subject: 'Subject',
  description: 'Description',
  priority: 'Priority',
  status: 'Status',
  category: 'Category',
  deadline: 'Deadline',
  assignedTo: 'Assignee',
  isOverdue: 'Overdue',
  responseTime: 'First response',
};

const isStatus = (value: unknown): value is TicketStatus => (TICKET_STATUSES as readonly unknown[]).includes(value);
const isPriority = (value: unknown): value is Priority => (PRIORITIES as readonly unknown[]).includes(value);

function valueText(field: string, value: ChangeValue, timeZone: string): string {
  if (value !== null && typeof value === 'object') return value.name;
  if (field === 'assignedTo') return MESSAGES.unassigned;
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'status' && isStatus(value)) return statusLabel(value);
  if (field === 'priority' && isPriority(value)) return priorityLabel(value);
  if (field === 'category') return spacedOrNA(String(value));
  if (field === 'deadline') return formatDateTime(String(value), timeZone);
  if (field === 'responseTime') return `${value} min`;
  return String(value);
}

/** One change as a line; a description is long prose, so its line says only that it changed. */
export function changeText(change: FieldChange, timeZone: string): string {
  const label = FIELD_LABELS[change.field] ?? change.field;
  if (change.field === 'description') return `${label} edited`;
  if (change.from === null && change.field !== 'assignedTo')
    return `${label}: ${valueText(change.field, change.to, timeZone)}`;
  return `${label}: ${valueText(change.field, change.from, timeZone)} → ${valueText(change.field, change.to, timeZone)}`;
}
