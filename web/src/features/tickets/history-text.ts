/**
 * A ticket's history (`GET /api/tickets/{id}/history`) as sentences in the reader's language: what happened, and each
 * field's change as "Label: before → after", values written as the rest of the screen writes them.
 */
import { PRIORITIES, TICKET_STATUSES, type Priority, type TicketStatus } from '#shared/constants.ts';
import type { MessageKey } from '#shared/i18n/messages.ts';
import { parseRedactionNote, REDACTION_CHANGE_FIELD, type RedactionKind } from '#shared/redaction.ts';
import type { Actor, ChangeValue, FieldChange, HistoryAction, MailNote } from '#shared/schemas/ticket.ts';
import { formatDateTime, formatList, formatMinutes } from '../../i18n/format.ts';
import type { Language } from '../../i18n/languages.ts';
import type { Translate } from '../../i18n/react.tsx';
import { priorityLabel, spacedOrNA, statusLabel } from '../../lib/ticket-display.ts';

/** How a history line's dates and durations are written: the reader's language and time zone. */
export interface HistoryFormat {
  t: Translate;
  language: Language;
  timeZone: string;
}

/** The help desk's own actors, named in the reader's language; anyone else by the name the server recorded. */
const SYSTEM_ACTORS: Record<string, MessageKey> = {
  'overdue-job': 'history.actor.overdueJob',
  mail: 'history.actor.mail',
  'malware-scan': 'history.actor.malwareScan',
};

function actorName(actor: Pick<Actor, 'type' | 'id' | 'name'>, t: Translate): string {
  const own = actor.type === 'system' ? SYSTEM_ACTORS[actor.id] : undefined;
  return own ? t(own) : actor.name;
}

/** The e-mail an entry is about: 'E-mail sent to ann@x: the acknowledgement', 'E-mail received from ann@x: a reply'. */
export function mailNoteText(note: MailNote, t: Translate): string {
  const what = t(`history.mail.${note.kind}`);
  return note.direction === 'sent'
    ? t('history.mail.sentTo', { address: note.address, what })
    : t('history.mail.receivedFrom', { address: note.address, what });
}

/** "Maria Santos assigned the ticket". */
export function historyHeadline(
  actor: Pick<Actor, 'type' | 'id' | 'name'>,
  action: HistoryAction,
  t: Translate,
): string {
  return t(`history.action.${action}`, { actor: actorName(actor, t) });
}

const FIELD_LABELS: Record<string, MessageKey> = {
  subject: 'history.field.subject',
  description: 'history.field.description',
  priority: 'history.field.priority',
  status: 'history.field.status',
  category: 'history.field.category',
  macro: 'history.field.macro',
  mergedInto: 'history.field.mergedInto',
  mergedFrom: 'history.field.mergedFrom',
  // A link to an incident or out of one, and what an incident passed on to its ticket (docs/product.md §2
  // "Incidents").
  parent: 'history.field.parent',
  incident: 'history.field.incident',
  deadline: 'history.field.deadline',
  firstResponseDueAt: 'history.field.firstResponseDueAt',
  waitingOnCustomer: 'history.field.waitingOnCustomer',
  resolutionWarning: 'history.field.resolutionWarning',
  firstResponseWarning: 'history.field.firstResponseWarning',
  isFirstResponseOverdue: 'history.field.isFirstResponseOverdue',
  assignedTo: 'history.field.assignedTo',
  isOverdue: 'history.field.isOverdue',
  responseTime: 'history.field.responseTime',
  rating: 'history.field.rating',
  comment: 'history.field.comment',
  ratingComment: 'history.field.ratingComment',
  attachment: 'history.field.attachment',
  reason: 'history.field.reason',
};

const isStatus = (value: unknown): value is TicketStatus => (TICKET_STATUSES as readonly unknown[]).includes(value);
const isPriority = (value: unknown): value is Priority => (PRIORITIES as readonly unknown[]).includes(value);

function valueText(field: string, value: ChangeValue, { t, language, timeZone }: HistoryFormat): string {
  if (value !== null && typeof value === 'object') return value.name;
  if (field === 'assignedTo') return t('common.unassigned');
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
  if (field === 'status' && isStatus(value)) return statusLabel(value, t);
  if (field === 'priority' && isPriority(value)) return priorityLabel(value, t);
  if (field === 'category') return spacedOrNA(String(value), t);
  if (field === 'deadline' || field === 'firstResponseDueAt') return formatDateTime(String(value), language, timeZone);
  if (field === 'responseTime' && typeof value === 'number') return formatMinutes(value, language);
  return String(value);
}

/** What the server redacted from a field: 'Description: redacted card number and seed phrase'. */
function redactionText(field: string, kinds: readonly RedactionKind[], { t, language }: HistoryFormat): string {
  const key = FIELD_LABELS[field];
  const what = formatList(
    kinds.map((kind) => t(`redaction.kind.${kind}`)),
    language,
  );
  return t('history.redacted', { field: key ? t(key) : field, kinds: what });
}

/** One change as a line; a description is long prose, so its line says only that it changed. */
export function changeText(change: FieldChange, format: HistoryFormat): string {
  const { t } = format;
  if (change.field === REDACTION_CHANGE_FIELD) {
    const note = parseRedactionNote(change.to);
    if (note) return redactionText(note.field, note.kinds, format);
  }
  const key = FIELD_LABELS[change.field];
  const field = key ? t(key) : change.field;
  if (change.field === 'description') return t('history.edited', { field });
  const to = valueText(change.field, change.to, format);
  if (change.from === null && change.field !== 'assignedTo') return t('history.set', { field, to });
  return t('history.changed', { field, from: valueText(change.field, change.from, format), to });
}
