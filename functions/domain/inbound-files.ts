/**
 * The files of a customer's e-mail (docs/decisions/094-attachments.md, "E-mail attachments"): each judged by the same
 * rules as an upload (functions/domain/attachments.ts: at most 25 MB, an allowed type sniffed from the bytes that
 * agrees with the declared one, the name sanitised), at most 10 kept a message. A refused file is still listed on the
 * message with its reason, so that the agent knows it existed. Pure: the inbound use case stores what is kept.
 */
import { createHash } from 'node:crypto';
import { ATTACHMENT_LIMITS, type AttachmentRefusal } from '#shared/schemas/attachment.ts';
import { judgeContent, normaliseType, sanitiseFilename } from './attachments.ts';

/**
 * At most this many files of one e-mail are listed (kept or refused); a message with more says so in the log only.
 * The message item stays small, whatever a sender attaches.
 */
export const MAX_LISTED_MAIL_FILES = 50;

/** A file as the mail parser hands it over. */
export interface MailFile {
  filename?: string;
  contentType: string;
  bytes: Buffer;
}

/** A file judged: kept (its sniffed type and hash) or refused (the declared type, no bytes kept). */
export type JudgedMailFile =
  | { kept: true; filename: string; contentType: string; size: number; sha256: string; bytes: Buffer }
  | { kept: false; filename: string; contentType: string; size: number; reason: AttachmentRefusal; detail: string };

/**
 * judgeMailFiles: each file of an e-mail, in the order it came: refused when it is empty, too large, not of an allowed
 * type, or its bytes contradict the declared type; an acceptable file after the tenth kept one is refused as
 * `too_many`. Files past MAX_LISTED_MAIL_FILES are not listed at all.
 */
export async function judgeMailFiles(files: readonly MailFile[]): Promise<JudgedMailFile[]> {
  const judged: JudgedMailFile[] = [];
  let kept = 0;
  for (const file of files.slice(0, MAX_LISTED_MAIL_FILES)) {
    const filename = sanitiseFilename(file.filename);
    const declared = normaliseType(file.contentType) || 'application/octet-stream';
    const size = file.bytes.length;
    const verdict = await judgeContent({ filename, contentType: declared, size }, file.bytes);
    if (!verdict.ok) {
      judged.push({
        kept: false,
        filename,
        contentType: declared,
        size,
        reason: verdict.reason,
        detail: verdict.detail,
      });
    } else if (kept >= ATTACHMENT_LIMITS.perMessage) {
      // The detail names the limit, as a too large file's names its size.
      const detail = String(ATTACHMENT_LIMITS.perMessage);
      judged.push({ kept: false, filename, contentType: declared, size, reason: 'too_many', detail });
    } else {
      kept++;
      const sha256 = createHash('sha256').update(file.bytes).digest('hex');
      judged.push({ kept: true, filename, contentType: verdict.contentType, size, sha256, bytes: file.bytes });
    }
  }
  return judged;
}

/** The refused files a customer is told about by e-mail: those over the size limit (docs/product.md, "Attachments"). */
export const tooLargeFiles = <F extends { state: string; refusedReason: AttachmentRefusal | null }>(
  files: readonly F[],
) => files.filter((file) => file.state === 'refused' && file.refusedReason === 'too_large');
