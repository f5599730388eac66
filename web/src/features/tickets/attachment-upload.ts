/**
 * A composer's files (docs/decisions/094-attachments.md): checked here against the limits first, then announced to
 * the API (`POST /api/tickets/{id}/attachments`, which judges the name, type and size and answers a presigned form),
 * then posted straight to the attachments bucket, another origin, with XMLHttpRequest for its upload progress
 * (fetch reports none). The server judges every file again, by its bytes, when the message takes it.
 */
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_LIMITS,
  ATTACHMENT_MAX_MB,
  type UploadAnswer,
} from '#shared/schemas/attachment.ts';
import type { MessageKey, MessageParams } from '#shared/i18n/messages.ts';
import { api } from '../../lib/api.ts';

/** A reason in the reader's language, as a catalog key and its arguments. */
export interface Reason {
  key: MessageKey;
  params?: MessageParams;
}

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

const ACCEPTED_TYPES: ReadonlySet<string> = new Set(ATTACHMENT_ACCEPT.types);
const ACCEPTED_EXTENSIONS: ReadonlySet<string> = new Set(ATTACHMENT_ACCEPT.extensions);

/** The file picker's `accept`: the allowed types and their name endings. */
export const PICKER_ACCEPT = [...ATTACHMENT_ACCEPT.types, ...ATTACHMENT_ACCEPT.extensions.map((e) => `.${e}`)].join(
  ',',
);

/**
 * The type announced for a file: the browser's when it is an allowed one, `text/csv` for a `.csv` whatever the
 * browser says (Windows calls it an Excel file), and `application/octet-stream` (the server then goes by the bytes
 * alone) when the browser gives none or another.
 */
export function declaredType(file: { name: string; type: string }): string {
  if (extensionOf(file.name) === 'csv') return 'text/csv';
  const type = file.type.split(';')[0]!.trim().toLowerCase();
  return ACCEPTED_TYPES.has(type) ? type : 'application/octet-stream';
}

/**
 * Why a file cannot be attached before anything is sent (undefined when it may be): empty, over 25 MB, or neither of
 * an allowed type nor named like one. `alreadyAttached` counts the files the message has (or is uploading) already.
 */
export function checkFile(
  file: { name: string; type: string; size: number },
  alreadyAttached: number,
): Reason | undefined {
  const filename = file.name;
  if (alreadyAttached >= ATTACHMENT_LIMITS.perMessage)
    return { key: 'validation.attachment.tooMany', params: { max: ATTACHMENT_LIMITS.perMessage } };
  if (file.size <= 0) return { key: 'error.attachment.empty', params: { filename } };
  if (file.size > ATTACHMENT_LIMITS.maxBytes)
    return { key: 'error.attachment.tooLarge', params: { filename, max: ATTACHMENT_MAX_MB } };
  const type = file.type.split(';')[0]!.trim().toLowerCase();
  if (!ACCEPTED_TYPES.has(type) && !ACCEPTED_EXTENSIONS.has(extensionOf(filename)))
    return { key: 'error.attachment.typeNotAllowed', params: { filename, type: type || `.${extensionOf(filename)}` } };
  return undefined;
}

/** A pasted image (a screenshot) under a name that says so: `screenshot-2026-11-27-07-45-12.png`. */
export function screenshotName(type: string, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace('T', '-').replaceAll(':', '-');
  const extension = type === 'image/jpeg' ? 'jpg' : (type.split('/')[1] ?? 'png').replace(/[^a-z0-9]/g, '') || 'png';
  return `screenshot-${stamp}.${extension}`;
}

/** The bucket refused the form or could not be reached: the reason, for the file's error state. */
export class StorageError extends Error {
  override readonly name = 'StorageError';

  constructor(
    /** The HTTP status, 0 when the request did not complete. */
    readonly status: number,
    /** S3's error code (`EntityTooLarge`, `AccessDenied`…) when it gave one. */
    readonly code: string | undefined,
  ) {
    super(code ? `${status}: ${code}` : `Upload failed (${status})`);
  }
}

/** `POST /api/tickets/{id}/attachments`: the file's id and the form to post its bytes with. */
export const announceFile = (ticketId: number, file: File): Promise<UploadAnswer> =>
  api.post<UploadAnswer>(`/api/tickets/${ticketId}/attachments`, {
    filename: file.name,
    contentType: declaredType(file),
    size: file.size,
  });

/**
 * Posts `file` with the presigned form's fields to the bucket; `onProgress` hears the share sent (0 to 1). Rejects
 * with a StorageError (the status and S3's code) or an AbortError when `signal` aborts.
 */
export function postToStorage(
  upload: UploadAnswer['upload'],
  file: File,
  onProgress: (sent: number) => void,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    // S3 reads every field before the file: the file goes last.
    form.append('file', file);
    const request = new XMLHttpRequest();
    request.open('POST', upload.url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else {
        const code = /<Code>([^<]*)<\/Code>/.exec(request.responseText ?? '')?.[1];
        reject(new StorageError(request.status, code));
      }
    };
    request.onerror = () => reject(new StorageError(0, undefined));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (signal.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    signal.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/** A file size in the reader's language: `512 byte`, `12 kB`, `3.4 MB` (English; units as Intl names them). */
export function fileSize(bytes: number, locale: string): string {
  const [value, unit] =
    bytes < 1024
      ? [bytes, 'byte']
      : bytes < 1024 * 1024
        ? [bytes / 1024, 'kilobyte']
        : [bytes / (1024 * 1024), 'megabyte'];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 && unit !== 'byte' ? 1 : 0,
  }).format(value);
}
