import { describe, expect, it } from 'vitest';
import { checkFile, declaredType, fileSize, screenshotName } from './attachment-upload.ts';

/** The composer's checks before a file is announced, and the words it shows for a file. */

describe('the type a file is announced with', () => {
  it("is the browser's when allowed, text/csv for any .csv, and octet-stream (the bytes decide) otherwise", () => {
    expect(declaredType({ name: 'shot.png', type: 'image/png' })).toBe('image/png');
    expect(declaredType({ name: 'export.csv', type: 'application/vnd.ms-excel' })).toBe('text/csv');
    expect(declaredType({ name: 'IMG_0042.HEIC', type: '' })).toBe('application/octet-stream');
    expect(declaredType({ name: 'notes.txt', type: 'text/plain;charset=utf-8' })).toBe('text/plain');
  });
});

describe('the checks before an upload', () => {
  const file = (name: string, type: string, size = 100) => ({ name, type, size });

  it('passes an allowed type, or an allowed name ending the browser gave no type', () => {
    expect(checkFile(file('a.pdf', 'application/pdf'), 0)).toBeUndefined();
    expect(checkFile(file('IMG_0042.heic', ''), 9)).toBeUndefined();
  });

  it('refuses an empty file, one over 25 MB, an eleventh, and a page or a program', () => {
    expect(checkFile(file('a.png', 'image/png', 0), 0)).toEqual({
      key: 'error.attachment.empty',
      params: { filename: 'a.png' },
    });
    expect(checkFile(file('a.png', 'image/png', 25 * 1024 * 1024 + 1), 0)?.key).toBe('error.attachment.tooLarge');
    expect(checkFile(file('a.png', 'image/png', 25 * 1024 * 1024), 0)).toBeUndefined();
    expect(checkFile(file('a.png', 'image/png'), 10)).toEqual({
      key: 'validation.attachment.tooMany',
      params: { max: 10 },
    });
    expect(checkFile(file('login.html', 'text/html'), 0)).toEqual({
      key: 'error.attachment.typeNotAllowed',
      params: { filename: 'login.html', type: 'text/html' },
    });
    expect(checkFile(file('setup.exe', ''), 0)?.params).toEqual({ filename: 'setup.exe', type: '.exe' });
  });
});

describe('words for a file', () => {
  it('names a pasted screenshot after the UTC time it was pasted', () => {
    const at = new Date('2026-11-27T07:45:12.345Z');
    expect(screenshotName('image/png', at)).toBe('screenshot-2026-11-27-07-45-12.png');
    expect(screenshotName('image/jpeg', at)).toBe('screenshot-2026-11-27-07-45-12.jpg');
  });

  it("gives sizes in the reader's language", () => {
    expect(fileSize(512, 'en-US')).toBe('512 byte');
    expect(fileSize(12_345, 'en-US')).toBe('12 kB');
    expect(fileSize(2_400_000, 'en-US')).toBe('2.3 MB');
    expect(fileSize(2_400_000, 'de-DE')).toBe('2,3 MB');
  });
});
