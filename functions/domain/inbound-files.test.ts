import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { exe, html, pdf, png, zip } from '../../tests/files.ts';
import { judgeMailFiles, MAX_LISTED_MAIL_FILES, tooLargeFiles } from './inbound-files.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('judgeMailFiles', () => {
  it('keeps allowed files with their sniffed type, size, hash and sanitised name', async () => {
    const shot = png(8, 8, 3);
    const [image, statement] = await judgeMailFiles([
      { filename: '../../shot.png', contentType: 'image/png', bytes: shot },
      { filename: 'statement.pdf', contentType: 'application/octet-stream', bytes: pdf(3_000) },
    ]);
    expect(image).toMatchObject({
      kept: true,
      filename: 'shot.png',
      contentType: 'image/png',
      size: shot.length,
      sha256: sha256(shot),
    });
    expect(statement).toMatchObject({ kept: true, contentType: 'application/pdf', size: 3_000 });
  });

  it('names an unnamed part (an inline image) "file" and still judges its bytes', async () => {
    const [inline] = await judgeMailFiles([{ contentType: 'image/png', bytes: png() }]);
    expect(inline).toMatchObject({ kept: true, filename: 'file', contentType: 'image/png' });
  });

  it('refuses executables, pages, a ZIP named as a PNG, empty files and bytes that contradict the declared type, with the reason', async () => {
    const judged = await judgeMailFiles([
      { filename: 'invoice.exe', contentType: 'application/octet-stream', bytes: exe() },
      { filename: 'page.html', contentType: 'text/html', bytes: html() },
      { filename: 'photo.png', contentType: 'image/png', bytes: zip() },
      { filename: 'empty.txt', contentType: 'text/plain', bytes: Buffer.alloc(0) },
      { filename: 'scan.png', contentType: 'image/png', bytes: pdf() },
    ]);
    expect(judged.map((file) => [file.filename, file.kept ? 'kept' : file.reason])).toEqual([
      ['invoice.exe', 'type_not_allowed'],
      ['page.html', 'type_not_allowed'],
      ['photo.png', 'type_not_allowed'],
      ['empty.txt', 'empty'],
      ['scan.png', 'type_mismatch'],
    ]);
    expect(judged.every((file) => !('bytes' in file))).toBe(true);
    expect(judged[2]).toMatchObject({ contentType: 'image/png', size: zip().length });
  });

  it('refuses a file over 25 MB as too large without reading its type', async () => {
    const [big] = await judgeMailFiles([
      { filename: 'scan.pdf', contentType: 'application/pdf', bytes: Buffer.alloc(25 * 1024 * 1024 + 1) },
    ]);
    expect(big).toMatchObject({ kept: false, reason: 'too_large', size: 25 * 1024 * 1024 + 1 });
  });

  it('keeps ten files and refuses the eleventh and later as too many; refused files do not count', async () => {
    const files = [
      { filename: 'virus.exe', contentType: 'application/octet-stream', bytes: exe() },
      ...Array.from({ length: 12 }, (_, i) => ({
        filename: `shot-${i}.png`,
        contentType: 'image/png',
        bytes: png(2, 2, i),
      })),
    ];
    const judged = await judgeMailFiles(files);
    expect(judged.filter((file) => file.kept).map((file) => file.filename)).toEqual(
      Array.from({ length: 10 }, (_, i) => `shot-${i}.png`),
    );
    expect(judged.slice(11).map((file) => [file.filename, !file.kept && file.reason])).toEqual([
      ['shot-10.png', 'too_many'],
      ['shot-11.png', 'too_many'],
    ]);
  });

  it(`lists at most ${MAX_LISTED_MAIL_FILES} files of one e-mail`, async () => {
    const files = Array.from({ length: MAX_LISTED_MAIL_FILES + 5 }, (_, i) => ({
      filename: `note-${i}.txt`,
      contentType: 'text/plain',
      bytes: Buffer.from(`note ${i}`),
    }));
    expect(await judgeMailFiles(files)).toHaveLength(MAX_LISTED_MAIL_FILES);
  });
});

describe('tooLargeFiles', () => {
  it('picks the files refused as too large, and nothing else', () => {
    const files = [
      { state: 'available', refusedReason: null },
      { state: 'refused', refusedReason: 'type_not_allowed' as const },
      { state: 'refused', refusedReason: 'too_large' as const },
    ];
    expect(tooLargeFiles(files)).toEqual([files[2]]);
  });
});
