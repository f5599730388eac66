import fc from 'fast-check';
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

  it('quotes every field, a plain one included, and leaves its text as it was', () => {
    const [header, row] = auditCsv([entry()], t).split('\r\n');
    for (const line of [header!, row!]) expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
    expect(row).toContain(',"Ada Admin <ada@demo.local>",');
    expect(row).toContain(',"bob@demo.local",');
    expect(row).toContain(',"role: agent → manager",');
  });

  it("quotes and defuses a formula after a semicolon, for spreadsheets that split on ';'", () => {
    const text = auditCsv([entry({ details: "x;=cmd|' /C calc'!A0;y" })], t);
    expect(text).toContain(`,"x;'=cmd|' /C calc'!A0;y",`);
    expect(parseCsv(text)[1]![8]).toBe("x;'=cmd|' /C calc'!A0;y");
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t'=1"],
    ['\r=1', "'\r'=1"],
    ['  =1', "  '=1"],
    ['a,=1', "a,'=1"],
    ['a;=1', "a;'=1"],
    ['a; -1', "a; '-1"],
    ['a\t=1', "a\t'=1"],
    ['a|@SUM(A1)', "a|'@SUM(A1)"],
    ['a\n+1', "a\n'+1"],
    ['a\r\n=1', "a\r\n'=1"],
    ['a;"=1"', `a;"'=1"`],
    ['a;;=1', "a;;'=1"],
    ["a;'=1", "a;'=1"],
    ['Ada Admin <ada@demo.local>', 'Ada Admin <ada@demo.local>'],
    ['role: agent → manager', 'role: agent → manager'],
    ['from - to, a+b, x=y', 'from - to, a+b, x=y'],
    ['2001:db8::1', '2001:db8::1'],
    ['', ''],
  ])('writes %j as %j', (value, written) => {
    expect(parseCsv(auditCsv([entry({ details: value })], t))[1]![8]).toBe(written);
  });

  it('leaves no cell starting with a formula, whichever separator a reader splits on and whatever the field holds', () => {
    const alphabet = fc.constantFrom(',', ';', '\t', '|', '\r', '\n', '=', '+', '-', '@', '"', "'", ' ', 'a', '1', '(');
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 24 }), (value) => {
        const text = auditCsv([entry({ details: value })], t);
        // A reader that splits on one separator, ignoring the quotes.
        for (const separator of [',', ';', '\t', '|']) {
          for (const piece of text.split(/\r\n|\r|\n/).flatMap((line) => line.split(separator))) {
            expect(piece.replace(/^[ "]*/, ''), JSON.stringify(value)).not.toMatch(/^[=+\-@\t\r]/);
          }
        }
        // An RFC 4180 reader gets the text back, apostrophes added before formula starts only.
        const field = parseCsv(text)[1]![8]!;
        expect(field.replaceAll("'", '')).toBe(value.replaceAll("'", ''));
      }),
      { seed: 20261124, numRuns: 1_000 },
    );
  });

  it('names the file after its filters and the day', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(auditCsvFileName({}, now)).toBe('audit-log_2026-11-24.csv');
    expect(auditCsvFileName({ action: 'sign_in', from: '2026-11-01', to: '2026-11-24' }, now)).toBe(
      'audit-log_sign_in_from-2026-11-01_to-2026-11-24_2026-11-24.csv',
    );
  });
});
