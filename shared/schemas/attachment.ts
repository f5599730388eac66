/**
 * Attachments (docs/product.md §5 and docs/decisions/094-attachments.md): the upload request, the answer with its
 * presigned form, and a file as a message lists it.
 */
import * as z from 'zod';
import { issueText } from '../i18n/messages.ts';
import { identifier, text } from './text.ts';

/** At most 25 MB a file and 10 files a message; a sanitised name has at most 200 characters. */
export const ATTACHMENT_LIMITS = {
  maxBytes: 25 * 1024 * 1024,
  perMessage: 10,
  filenameMax: 200,
  /** A file name as sent may be longer: it is cut to `filenameMax` when sanitised. */
  filenameInputMax: 1_000,
  contentTypeMax: 255,
  removalReasonMax: 500,
} as const;

/** `pending` until GuardDuty tags the object (AWS), `not_scanned` where nothing scans (the embedded runtime). */
export const SCAN_STATUSES = ['pending', 'clean', 'infected', 'not_scanned'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];

/** Why a file was refused; the API's error codes and a refused file on a message say the same. */
export const ATTACHMENT_REFUSALS = ['too_large', 'too_many', 'empty', 'type_not_allowed', 'type_mismatch'] as const;
export type AttachmentRefusal = (typeof ATTACHMENT_REFUSALS)[number];

/** `available` (its bytes can be downloaded once scanned clean or where nothing scans), `refused`, `removed`. */
export const ATTACHMENT_STATES = ['available', 'refused', 'removed'] as const;

/** The limit in MB, as texts state it. */
export const ATTACHMENT_MAX_MB = ATTACHMENT_LIMITS.maxBytes / (1024 * 1024);
const SIZE_ISSUE = issueText('validation.attachment.size', { max: ATTACHMENT_MAX_MB });

/** `POST /api/tickets/{id}/attachments`: what the browser (or upstream system) is about to upload. */
export const createUploadSchema = z.object({
  filename: text({
    label: 'field.filename',
    max: ATTACHMENT_LIMITS.filenameInputMax,
    required: issueText('validation.input.required', { field: 'field.filename' }),
  }),
  contentType: text({
    label: 'field.contentType',
    max: ATTACHMENT_LIMITS.contentTypeMax,
    required: issueText('validation.input.required', { field: 'field.contentType' }),
  }),
  size: z.number({ error: SIZE_ISSUE }).int(SIZE_ISSUE).min(1, SIZE_ISSUE).max(ATTACHMENT_LIMITS.maxBytes, SIZE_ISSUE),
});
export type CreateUploadInput = z.infer<typeof createUploadSchema>;

/** The answer: the attachment's id, and a presigned POST form (`url` and `fields`, then the file as `file`). */
export const uploadAnswerSchema = z.object({
  attachmentId: z.string(),
  upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
});
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;

/** `attachmentIds` of a comment or a relayed message: at most 10, none twice. */
export const attachmentIdsField = z
  .array(identifier('field.attachmentIds'), {
    error: issueText('validation.input.required', { field: 'field.attachmentIds' }),
  })
  .max(ATTACHMENT_LIMITS.perMessage, issueText('validation.attachment.tooMany', { max: ATTACHMENT_LIMITS.perMessage }))
  .refine((ids) => new Set(ids).size === ids.length, issueText('validation.attachment.repeated'))
  .optional();

/** `GET`/`DELETE /api/tickets/{id}/attachments/{attachmentId}`. */
export const attachmentParamsSchema = z.object({
  attachmentId: identifier('field.attachmentId'),
});

/**
 * `GET /api/tickets/{id}/attachments/{attachmentId}?preview=true`: an image shown as a thumbnail in the thread. It is
 * not recorded in the history (a thread with images would record one entry per image per view); a download is.
 */
export const downloadQuerySchema = z.object({
  preview: z.enum(['true', 'false'], { error: issueText('validation.boolean', { field: 'preview' }) }).optional(),
});

/** `DELETE /api/tickets/{id}/attachments/{attachmentId}` (admins): why the file goes. */
export const removeAttachmentSchema = z.object({
  reason: text({
    label: 'field.reason',
    max: ATTACHMENT_LIMITS.removalReasonMax,
    required: issueText('validation.input.required', { field: 'field.reason' }),
  }),
});

/** A file of a message, as the thread lists it (the bytes come from the download route). */
export const attachmentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  /** Sniffed from the bytes; for a refused file, what the sender declared. */
  contentType: z.string(),
  size: z.number().int(),
  /** SHA-256 of the bytes, hex; null for a refused or removed file. */
  sha256: z.string().nullable(),
  scanStatus: z.enum(SCAN_STATUSES),
  state: z.enum(ATTACHMENT_STATES),
  /** Why the file was refused (state `refused`). */
  refusedReason: z.enum(ATTACHMENT_REFUSALS).nullable(),
  /** Who removed it, when and why (state `removed`). */
  removed: z.object({ byName: z.string(), at: z.string(), reason: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/**
 * What a browser's file picker offers and the composer accepts before asking the server (which judges every file
 * again, by its bytes: functions/domain/attachments.ts): the allowed types, and their usual name endings for the
 * files a browser gives no type (HEIC, some CSV and Office files).
 */
export const ATTACHMENT_ACCEPT = {
  types: [
    'image/png',
    'image/jpeg',
    'image/gif',
    'image/webp',
    'image/heic',
    'image/heif',
    'application/pdf',
    'text/plain',
    'text/csv',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/msword',
    'application/vnd.ms-excel',
    'application/vnd.ms-powerpoint',
    'application/vnd.oasis.opendocument.text',
    'application/vnd.oasis.opendocument.spreadsheet',
    'application/vnd.oasis.opendocument.presentation',
    'application/rtf',
    'text/rtf',
  ],
  // biome-ignore format: one list, read as a whole
  extensions: [
    'png', 'jpg', 'jpeg', 'gif', 'webp', 'heic', 'heif', 'pdf', 'txt', 'log', 'csv', 'docx', 'xlsx', 'pptx', 'doc',
    'xls', 'ppt', 'odt', 'ods', 'odp', 'rtf',
  ],
} as const;
