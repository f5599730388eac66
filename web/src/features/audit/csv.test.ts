import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#shared/schemas/audit.ts';
import { t } from '../../i18n/i18n.ts';
import { AUDIT_CSV_COLUMNS, auditCsv, auditCsvFileName } from './csv.ts';

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 'e1',
  at: '2026-11-24T09:00:00.000Z',
  action: 'user_role_changed',
  actor: { type: 'user', id: 'u1', name: 'Ada Admin <ada@demo.local>' },
  target: { type: 'user', id: 'u2', name: 'bob@demo.local' },
  details: 'role: agent → manager',
  clientAddress: '203.0.113.7',
  ...overrides,
});

/** Splits RFC 4180 text back into rows of fields (quotes, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

describe('auditCsv', () => {
  it('writes a header and one row per entry, fields in column order, CRLF line ends', () => {
    const text = auditCsv([entry()], t);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual([
      AUDIT_CSV_COLUMNS.map((key) => t(key)),
      [
        '2026-11-24T09:00:00.000Z',
        'Changed role',
        'Ada Admin <ada@demo.local>',
        'user',
        'u1',
        'bob@demo.local',
        'user',
        'u2',
        'role: agent → manager',
        '203.0.113.7',
      ],
    ]);
  });

  it('quotes commas, quotes and line breaks so every value comes back whole', () => {
    const tricky = 'a, "quoted"\nsecond line';
    const rows = parseCsv(auditCsv([entry({ details: tricky, target: null, clientAddress: null })], t));
    expect(rows[1]![8]).toBe(tricky);
    expect(rows[1]![5]).toBe('');
    expect(rows[1]![9]).toBe('');
    expect(auditCsv([entry({ details: tricky })], t)).toContain('"a, ""quoted""\nsecond line"');
  });

  it('defuses values a spreadsheet would run as formulas', () => {
    const evil = '=HYPERLINK("http://evil.example","x")';
    const rows = parseCsv(
      auditCsv([entry({ action: 'sign_in_failed', actor: { type: 'anonymous', id: evil, name: evil } })], t),
    );
    expect(rows[1]![2]).toBe(`'${evil}`);
    expect(rows[1]![4]).toBe(`'${evil}`);
    expect(parseCsv(auditCsv([entry({ details: '-1+1' })], t))[1]![8]).toBe("'-1+1");
  });

  it('names the file after its filters and the day', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(auditCsvFileName({}, now)).toBe('audit-log_2026-11-24.csv');
    expect(auditCsvFileName({ action: 'sign_in', from: '2026-11-01', to: '2026-11-24' }, now)).toBe(
      'audit-log_sign_in_from-2026-11-01_to-2026-11-24_2026-11-24.csv',
    );
  });
});
