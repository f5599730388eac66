/**
 * The audit log as CSV (RFC 4180): a header row, one row per entry, every field quoted, quotes doubled, CRLF between
 * rows. The export must be safe to open in a spreadsheet, which may not read it as RFC 4180 says: Excel in German,
 * French, Spanish and other locales splits on `;`, and an import dialog may split on a tab or a pipe without regard
 * to quotes. So a formula start (=, +, -, @, tab, CR) is defused with an apostrophe (OWASP's CSV-injection advice)
 * wherever a cell could begin: at the field's start and after any of those separators, line breaks included (leading
 * spaces and quotes skipped). Opening the export then never executes what an attacker typed into, say, a failed
 * sign-in's e-mail address, while ordinary text reads as it was (only quoted).
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

/**
 * Where a spreadsheet may start a new cell inside a field. Not the space: splitting on spaces is a deliberate choice
 * in an import dialog, and defusing after every space would mangle ordinary text ("from - to").
 */
const SEPARATORS = new Set([',', ';', '\t', '|', '\r', '\n']);
/** What makes a spreadsheet read a cell as a formula when the cell starts with it. */
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r']);

/** The text with an apostrophe before every formula start that could begin a cell. */
function defused(text: string): string {
  let out = '';
  let cellStart = true;
  for (const char of text) {
    if (cellStart && FORMULA_STARTS.has(char)) out += "'";
    out += char;
    if (SEPARATORS.has(char)) cellStart = true;
    else if (char !== ' ' && char !== '"') cellStart = false;
  }
  return out;
}

function cell(value: string | null): string {
  return `"${defused(value ?? '').replaceAll('"', '""')}"`;
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
