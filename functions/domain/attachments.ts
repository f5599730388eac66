/**
 * Rules for attachments (docs/decisions/094-attachments.md): how big, how many, which names and which types. The type
 * of a file is what its bytes are, sniffed with `file-type`, never what the sender declared; a file whose bytes
 * contradict its declared type is refused. Pure: the use cases (functions/use-cases/tickets/attachments.ts) read the
 * bytes and apply these rules.
 */
import { fileTypeFromBuffer } from 'file-type';
import { ATTACHMENT_ACCEPT, ATTACHMENT_LIMITS, type AttachmentRefusal } from '#shared/schemas/attachment.ts';

/** At most this many bytes a file. */
export const MAX_ATTACHMENT_BYTES = ATTACHMENT_LIMITS.maxBytes;
/** A sanitised file name has at most this many characters. */
export const FILENAME_MAX = ATTACHMENT_LIMITS.filenameMax;
/** How many leading bytes the sniffing needs (file-type reads at most this far for the types allowed here). */
const SNIFF_BYTES = 64 * 1024;

/** The old binary Office formats are one container (Compound File Binary) that `file-type` names only as such. */
const COMPOUND_FILE = 'application/x-cfb';
const LEGACY_OFFICE = ['application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint'] as const;

/** Names a sender may use for an allowed type: normalised before comparing with the sniffed one. */
const ALIASES: Readonly<Record<string, string>> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
  'application/csv': 'text/csv',
  'text/comma-separated-values': 'text/csv',
  'text/x-csv': 'text/csv',
  'text/rtf': 'application/rtf',
};

/**
 * Every type a file may have: images, PDF, plain text, CSV and the common office documents. The one list is
 * `ATTACHMENT_ACCEPT.types` (shared/schemas/attachment.ts), which the composer offers too; aliases stand for their type.
 */
export const ALLOWED_TYPES: ReadonlySet<string> = new Set(ATTACHMENT_ACCEPT.types.map((type) => ALIASES[type] ?? type));

/** Declared types that say nothing about the bytes: the sniffed type decides alone. */
const UNSAID = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown']);

/** File name endings that run as programs or pages wherever they are opened: refused whatever the bytes are. */
// biome-ignore format: one list, read as a whole
const DANGEROUS_EXTENSIONS = new Set([
  'exe', 'com', 'bat', 'cmd', 'scr', 'pif', 'msi', 'msp', 'dll', 'cpl', 'jar', 'js', 'mjs', 'jse', 'vbs', 'vbe', 'wsf',
  'wsh', 'ps1', 'psm1', 'sh', 'app', 'apk', 'html', 'htm', 'xhtml', 'shtml', 'svg', 'svgz', 'hta', 'lnk', 'reg',
  'iso', 'img', 'dmg', 'zip', 'rar', '7z', 'gz', 'tgz', 'bz2', 'xz', 'tar', 'cab', 'php', 'py', 'pl', 'rb',
]);

/** A declared content type without parameters, lower-case, under its usual name. */
export function normaliseType(declared: string | undefined): string {
  const bare = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  return ALIASES[bare] ?? bare;
}

/**
 * sanitiseFilename: the last path segment only, without control or format characters (bidirectional overrides
 * included) or the characters file systems refuse, spaces collapsed, at most FILENAME_MAX characters with the
 * extension kept; `file` when nothing is left.
 */
export function sanitiseFilename(name: string | undefined): string {
  const lastSegment = (name ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .replace(/[\t\n\r\v\f]/g, ' ')
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .trim();
  if (!cleaned) return 'file';
  const chars = [...cleaned];
  if (chars.length <= FILENAME_MAX) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? [...cleaned.slice(dot)] : [];
  if (extension.length > 20) return chars.slice(0, FILENAME_MAX).join('');
  return chars.slice(0, FILENAME_MAX - extension.length).join('') + extension.join('');
}

/** The extension of a file name, lower-case, without the dot ('' for none). */
const extensionOf = (filename: string): string => {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
};

/** What a file was found to be, or why it is refused. */
export type Verdict = { ok: true; contentType: string } | { ok: false; reason: AttachmentRefusal; detail: string };

const refused = (reason: AttachmentRefusal, detail: string): Verdict => ({ ok: false, reason, detail });

/** Before any byte is read: what the sender says about a file (the upload request, a mail part's headers). */
export function judgeDeclared(file: { filename: string; contentType?: string; size: number }): Verdict {
  if (file.size <= 0) return refused('empty', 'empty');
  if (file.size > MAX_ATTACHMENT_BYTES) return refused('too_large', String(file.size));
  const extension = extensionOf(file.filename);
  if (DANGEROUS_EXTENSIONS.has(extension)) return refused('type_not_allowed', `.${extension}`);
  const declared = normaliseType(file.contentType);
  if (!UNSAID.has(declared) && !ALLOWED_TYPES.has(declared)) return refused('type_not_allowed', declared);
  return { ok: true, contentType: declared };
}

/** Bytes that are text: valid UTF-8 without control characters other than tab, line breaks and form feed. */
function isText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // The sample may end inside a character: only that last one may be cut.
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, Math.max(0, bytes.length - 3)));
    } catch {
      return false;
    }
  }
  return !/[^\P{Cc}\t\n\r\f]/u.test(text);
}

/** Text a browser would run or render as a page: markup and scripts are never plain text here. */
function isMarkup(bytes: Uint8Array): boolean {
  const start = new TextDecoder()
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return (
    /^(<!doctype|<html|<head|<body|<script|<svg|<\?xml|<iframe|<object|<embed|<meta|<!--)/.test(start) ||
    /<script[\s>]|<svg[\s>]|<html[\s>]/.test(new TextDecoder().decode(bytes.subarray(0, SNIFF_BYTES)).toLowerCase())
  );
}

/**
 * judgeContent: what the bytes are (`head`: the first SNIFF_BYTES of the file, or all of it), against what was
 * declared. The type of an allowed file is the sniffed one; text (which has no signature) is plain text, or CSV when
 * declared or named so; a legacy Office file keeps its declared type (its container says only "Office").
 */
export async function judgeContent(
  file: { filename: string; contentType?: string; size: number },
  head: Uint8Array,
): Promise<Verdict> {
  const first = judgeDeclared(file);
  if (!first.ok) return first;
  const declared = first.contentType;
  const sniffed = (await fileTypeFromBuffer(head))?.mime as string | undefined;
  if (sniffed === COMPOUND_FILE) {
    if ((LEGACY_OFFICE as readonly string[]).includes(declared)) return { ok: true, contentType: declared };
    return refused(UNSAID.has(declared) ? 'type_not_allowed' : 'type_mismatch', COMPOUND_FILE);
  }
  if (sniffed) {
    const normalised = normaliseType(sniffed);
    if (!ALLOWED_TYPES.has(normalised)) return refused('type_not_allowed', normalised);
    const same = normalised === declared || (isHeif(normalised) && isHeif(declared));
    if (!UNSAID.has(declared) && !same) return refused('type_mismatch', `${declared} ≠ ${normalised}`);
    return { ok: true, contentType: normalised };
  }
  if (!isText(head)) return refused('type_not_allowed', 'application/octet-stream');
  if (isMarkup(head)) return refused('type_not_allowed', 'text/html');
  if (declared === 'text/csv' || (UNSAID.has(declared) && extensionOf(file.filename) === 'csv'))
    return { ok: true, contentType: 'text/csv' };
  if (declared === 'text/plain' || UNSAID.has(declared)) return { ok: true, contentType: 'text/plain' };
  return refused('type_mismatch', `${declared} ≠ text/plain`);
}

const isHeif = (type: string) => type === 'image/heic' || type === 'image/heif';
