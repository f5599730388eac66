import { describe, expect, it } from 'vitest';
import { exe, html, pdf, png, zip } from '../../tests/files.ts';
import {
  FILENAME_MAX,
  judgeContent,
  judgeDeclared,
  MAX_ATTACHMENT_BYTES,
  normaliseType,
  sanitiseFilename,
} from './attachments.ts';

const file = (filename: string, contentType: string | undefined, bytes: Buffer) => ({
  filename,
  contentType,
  size: bytes.length,
});
const judge = (filename: string, contentType: string | undefined, bytes: Buffer) =>
  judgeContent(file(filename, contentType, bytes), bytes);

describe('sanitiseFilename', () => {
  it('keeps only the last path segment', () => {
    expect(sanitiseFilename('../../etc/passwd')).toBe('passwd');
    expect(sanitiseFilename('C:\\Users\\me\\statement.pdf')).toBe('statement.pdf');
  });

  it('drops control and bidirectional-override characters and leading dots', () => {
    expect(sanitiseFilename('inv\u0000oice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitiseFilename('.hidden')).toBe('hidden');
    expect(sanitiseFilename('a\tb\n c.png')).toBe('a b c.png');
  });

  it('replaces characters file systems refuse', () => {
    expect(sanitiseFilename('what?<now>.txt')).toBe('what__now_.txt');
  });

  it('cuts a long name to the limit and keeps its extension', () => {
    const name = sanitiseFilename(`${'a'.repeat(300)}.pdf`);
    expect([...name]).toHaveLength(FILENAME_MAX);
    expect(name.endsWith('.pdf')).toBe(true);
  });

  it('names a file with nothing usable "file"', () => {
    expect(sanitiseFilename('')).toBe('file');
    expect(sanitiseFilename('///')).toBe('file');
    expect(sanitiseFilename(undefined)).toBe('file');
  });
});

describe('normaliseType', () => {
  it('drops parameters and case, and maps common aliases', () => {
    expect(normaliseType('Image/JPG')).toBe('image/jpeg');
    expect(normaliseType('text/plain; charset=utf-8')).toBe('text/plain');
    expect(normaliseType('application/csv')).toBe('text/csv');
  });
});

describe('judgeDeclared', () => {
  it('refuses an empty file and one over 25 MB', () => {
    expect(judgeDeclared({ filename: 'a.pdf', contentType: 'application/pdf', size: 0 })).toMatchObject({
      ok: false,
      reason: 'empty',
    });
    expect(
      judgeDeclared({ filename: 'a.pdf', contentType: 'application/pdf', size: MAX_ATTACHMENT_BYTES + 1 }),
    ).toMatchObject({ ok: false, reason: 'too_large' });
    expect(
      judgeDeclared({ filename: 'a.pdf', contentType: 'application/pdf', size: MAX_ATTACHMENT_BYTES }),
    ).toMatchObject({ ok: true });
  });

  it('refuses types that are not allowed and names that run as programs or pages', () => {
    for (const [filename, contentType] of [
      ['page.html', 'text/html'],
      ['logo.svg', 'image/svg+xml'],
      ['archive.zip', 'application/zip'],
      ['setup.exe', 'application/octet-stream'],
      ['run.js', 'text/plain'],
    ] as const) {
      expect(judgeDeclared({ filename, contentType, size: 10 }), filename).toMatchObject({
        ok: false,
        reason: 'type_not_allowed',
      });
    }
  });
});

describe('judgeContent', () => {
  it('takes the type from the bytes: PNG, PDF', async () => {
    expect(await judge('shot.png', 'image/png', png())).toEqual({ ok: true, contentType: 'image/png' });
    expect(await judge('statement.pdf', 'application/pdf', pdf())).toEqual({
      ok: true,
      contentType: 'application/pdf',
    });
    expect(await judge('shot', 'application/octet-stream', png())).toEqual({ ok: true, contentType: 'image/png' });
  });

  it('refuses bytes that contradict the declared type', async () => {
    expect(await judge('statement.pdf', 'image/png', pdf())).toMatchObject({ ok: false, reason: 'type_mismatch' });
    expect(await judge('notes.txt', 'image/png', Buffer.from('plain words'))).toMatchObject({
      ok: false,
      reason: 'type_mismatch',
    });
  });

  it('refuses a ZIP named and declared as a PNG, an executable and an HTML page', async () => {
    expect(await judge('photo.png', 'image/png', zip())).toMatchObject({
      ok: false,
      reason: 'type_not_allowed',
      detail: 'application/zip',
    });
    expect(await judge('invoice.pdf', 'application/pdf', exe())).toMatchObject({
      ok: false,
      reason: 'type_not_allowed',
    });
    expect(await judge('notes.txt', 'text/plain', html())).toMatchObject({ ok: false, reason: 'type_not_allowed' });
  });

  it('takes text as plain text, or CSV when declared or named so', async () => {
    const text = Buffer.from('date,amount\n2026-11-26,0.5\n');
    expect(await judge('notes.txt', 'text/plain', text)).toEqual({ ok: true, contentType: 'text/plain' });
    expect(await judge('rows.csv', 'text/csv', text)).toEqual({ ok: true, contentType: 'text/csv' });
    expect(await judge('rows.csv', undefined, text)).toEqual({ ok: true, contentType: 'text/csv' });
  });

  it('refuses unknown binary bytes', async () => {
    expect(await judge('data.txt', 'text/plain', Buffer.from([0, 1, 2, 3, 255, 254]))).toMatchObject({
      ok: false,
      reason: 'type_not_allowed',
    });
  });
});
