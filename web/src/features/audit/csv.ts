/**
 * The audit log as CSV (RFC 4180): a header row, one row per entry, every field quoted when it holds a comma, a
 * quote, a line break or leading/trailing space, quotes doubled, CRLF between rows. A field that a spreadsheet would
 * run as a formula (starting with =, +, -, @, tab or CR) is prefixed with an apostrophe, so that opening the export
 * never executes what an attacker typed into, say, a failed sign-in's e-mail address.
 */
import type { MessageKey } from '#shared/i18n/messages.ts';
import type { AuditEntry } from '#shared/schemas/audit.ts';
import type { Translate } from '../../i18n/react.tsx';
import { AUDIT_ACTION_LABELS } from './audit-labels.ts';

/** The header row, in the reader's language (the values stay as stored: times in UTC, types and ids as the API has them). */
export const AUDIT_CSV_COLUMNS = [
  'audit.csv.time',
  'audit.column.action',
  'audit.column.actor',
  'audit.csv.actorType',
  'audit.csv.actorId',
  'audit.column.target',
  'audit.csv.targetType',
  'audit.csv.targetId',
  'audit.column.details',
  'audit.column.clientAddress',
] as const satisfies readonly MessageKey[];

function cell(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV text of these entries, in the order given. */
export function auditCsv(entries: readonly AuditEntry[], t: Translate): string {
  const rows = entries.map((e) =>
    [
      e.at,
      AUDIT_ACTION_LABELS[e.action] ? t(AUDIT_ACTION_LABELS[e.action]) : e.action,
      e.actor.name,
      e.actor.type,
      e.actor.id,
      e.target?.name ?? null,
      e.target?.type ?? null,
      e.target?.id ?? null,
      e.details,
      e.clientAddress,
    ].map(cell),
  );
  return `${[AUDIT_CSV_COLUMNS.map((key) => cell(t(key))), ...rows].map((row) => row.join(',')).join('\r\n')}\r\n`;
}

/** The export's file name: the filters it was made with, so that two exports are told apart. */
export function auditCsvFileName(filters: { action?: string; from?: string; to?: string }, now: Date): string {
  const parts = ['audit-log', filters.action, filters.from && `from-${filters.from}`, filters.to && `to-${filters.to}`];
  return `${[...parts.filter(Boolean), now.toISOString().slice(0, 10)].join('_')}.csv`;
}
