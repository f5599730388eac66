/**
 * Attachments (docs/decisions/094-attachments.md, docs/data-model.md F1-F6): asking for an upload form, verifying
 * uploads before a message takes them, downloading, and an admin's removal. The bytes are judged by
 * functions/domain/attachments.ts; they live in the attachments bucket (functions/lib/attachment-store.ts).
 */
import { requireVisibleTicket } from './common.ts';
import { createHash, randomUUID } from 'node:crypto';
import type { Attachment, CreateUploadInput, UploadAnswer } from '#shared/schemas/attachment.ts';
import { ATTACHMENT_MAX_MB, createUploadSchema } from '#shared/schemas/attachment.ts';
import type { Comment } from '#shared/schemas/ticket.ts';
import { recordAudit } from '../../data/audit.ts';
import {
  type AttachmentRecord,
  attachmentRemoval,
  attachToMessage,
  getAttachment,
  listAttachments,
  putUpload,
  recordHistory,
} from '../../data/tickets/attachments.ts';
import { historyPut } from '../../data/tickets/writes.ts';
import type { GuardedItem } from '../../data/transactions.ts';
import { judgeContent, judgeDeclared, sanitiseFilename, type Verdict } from '../../domain/attachments.ts';
import { auditActorOf, clientAddressOf } from '../../domain/audit.ts';
import { actorOf, type Caller } from '../../domain/caller.ts';
import { ATTACHMENT_ACCESS, assertAccess, TICKET_ACCESS } from '../../domain/permissions.ts';
import {
  copyObject,
  deleteObject,
  objectKeys,
  presignDownload,
  presignUpload,
  readObject,
} from '../../lib/attachment-store.ts';
import { attachmentsConfig } from '../../lib/config.ts';
import { ConflictError, ForbiddenError, NotFoundError, parseInput, ValidationError } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { noteDownload } from '../insider-risk/access-watch.ts';
import type { Approved } from '../approvals/hold.ts';

/** The image types the thread shows as thumbnails (every browser draws them; HEIC is not among them). */
const PREVIEW_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** An upload not attached within a day is forgotten (the item's TTL; the bucket's lifecycle rule deletes its bytes). */
const UPLOAD_TTL_SECONDS = 24 * 60 * 60;

/** Who a caller is as an uploader; only staff and API keys upload. */
const uploaderOf = (caller: Caller) => actorOf(caller as Exclude<Caller, { kind: 'anonymous' }>);

/** A refused file as an API error: which file, and why. */
function refusalError(filename: string, verdict: Exclude<Verdict, { ok: true }>): ValidationError {
  switch (verdict.reason) {
    case 'too_large':
      return new ValidationError({ code: 'error.attachment.tooLarge', params: { filename, max: ATTACHMENT_MAX_MB } });
    case 'empty':
      return new ValidationError({ code: 'error.attachment.empty', params: { filename } });
    case 'type_mismatch':
      return new ValidationError({ code: 'error.attachment.typeMismatch', params: { filename, type: verdict.detail } });
    default:
      return new ValidationError({
        code: 'error.attachment.typeNotAllowed',
        params: { filename, type: verdict.detail },
      });
  }
}

/**
 * requestUpload: a staff member who may comment, or a key with `tickets:reply`, announces a file for this ticket; the
 * answer is its id and a presigned POST for exactly that size and type. Names are sanitised, the declared type and
 * size judged now; the bytes are judged when a message takes the file.
 */
export async function requestUpload(
  caller: Caller,
  ticketId: number,
  input: CreateUploadInput,
  now = new Date(),
): Promise<UploadAnswer> {
  assertAccess(caller, ATTACHMENT_ACCESS.upload);
  const { filename: rawName, contentType, size } = parseInput(createUploadSchema, input);
  const filename = sanitiseFilename(rawName);
  const verdict = judgeDeclared({ filename, contentType, size });
  if (!verdict.ok) throw refusalError(filename, verdict);
  await requireVisibleTicket(caller, ticketId);
  const id = randomUUID();
  await putUpload({
    id,
    ticketId,
    filename,
    contentType: verdict.contentType || 'application/octet-stream',
    size,
    scanStatus: attachmentsConfig().malwareScanning ? 'pending' : 'not_scanned',
    state: 'uploading',
    uploader: uploaderOf(caller),
    createdAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + UPLOAD_TTL_SECONDS,
  });
  const upload = await presignUpload(
    objectKeys.upload(ticketId, id),
    size,
    verdict.contentType || 'application/octet-stream',
  );
  return { attachmentId: id, upload };
}

/** What a message's transaction needs for its uploads, and what to do with the bytes either way. */
export interface PreparedAttachments {
  summaries: Attachment[];
  /** The items' Updates, for the message's transaction (each refuses the whole message if its upload moved). */
  guards(messageId: string): GuardedItem[];
  /** After the message committed: the uploads go (their copies under the ticket stay). */
  committed(): Promise<void>;
  /** The message did not commit: the copies go (the uploads stay, for another try). */
  abandoned(): Promise<void>;
}

/** The file as the thread lists it. */
export const toAttachment = (record: AttachmentRecord): Attachment => ({
  id: record.id,
  filename: record.filename,
  contentType: record.contentType,
  size: record.size,
  sha256: record.state === 'available' ? (record.sha256 ?? null) : null,
  scanStatus: record.scanStatus,
  state: record.state === 'uploading' ? 'available' : record.state,
  refusedReason: record.refusedReason ?? null,
  removed: record.removed
    ? { byName: record.removed.byName, at: record.removed.at, reason: record.removed.reason }
    : null,
  createdAt: record.createdAt,
});

/**
 * prepareAttachments: before a message commits, each named upload must exist for this ticket, be the caller's and
 * wait for a message; its bytes must be there, of the announced size, and of an allowed type that agrees with the
 * declared one. Anything else refuses the whole message (400) and nothing is written. The verified bytes are copied
 * under the ticket; the message's transaction then takes each upload on condition it still waits and is the caller's.
 */
export async function prepareAttachments(
  caller: Caller,
  ticketId: number,
  ids: readonly string[],
): Promise<PreparedAttachments> {
  const uploader = uploaderOf(caller);
  const unknown = (attachmentId: string) => () =>
    new ValidationError({ code: 'error.attachment.unknown', params: { attachmentId } });
  const verified = await Promise.all(
    ids.map(async (id) => {
      const record = await getAttachment(ticketId, id);
      if (record?.state !== 'uploading' || record.uploader.id !== uploader.id) throw unknown(id)();
      const bytes = await readObject(objectKeys.upload(ticketId, id));
      if (!bytes)
        throw new ValidationError({ code: 'error.attachment.notUploaded', params: { filename: record.filename } });
      if (bytes.length !== record.size)
        throw new ValidationError({ code: 'error.attachment.sizeDiffers', params: { filename: record.filename } });
      const verdict = await judgeContent(
        { filename: record.filename, contentType: record.contentType, size: bytes.length },
        bytes,
      );
      if (!verdict.ok) throw refusalError(record.filename, verdict);
      return { record, contentType: verdict.contentType, sha256: createHash('sha256').update(bytes).digest('hex') };
    }),
  );
  await Promise.all(
    verified.map(({ record, contentType }) =>
      copyObject(objectKeys.upload(ticketId, record.id), objectKeys.stored(ticketId, record.id), contentType),
    ),
  );
  const quietly = (work: Promise<unknown>[]) =>
    Promise.allSettled(work).then((results) => {
      for (const r of results)
        if (r.status === 'rejected') logger.warn('An attachment object was not deleted', { error: r.reason as Error });
    });
  return {
    summaries: verified.map(({ record, contentType, sha256 }) =>
      toAttachment({ ...record, contentType, sha256, state: 'available' }),
    ),
    guards: (messageId) =>
      verified.map(({ record, contentType, sha256 }) =>
        attachToMessage(record, { contentType, sha256 }, messageId, uploader.id, unknown(record.id)),
      ),
    committed: () => quietly(verified.map(({ record }) => deleteObject(objectKeys.upload(ticketId, record.id)))),
    abandoned: () => quietly(verified.map(({ record }) => deleteObject(objectKeys.stored(ticketId, record.id)))),
  };
}

/** Runs a message's write with its prepared files: their copies go again if it does not commit. */
export async function withAttachments<T>(
  prepared: PreparedAttachments | undefined,
  write: () => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await write();
  } catch (error) {
    await prepared?.abandoned();
    throw error;
  }
  await prepared?.committed();
  return result;
}

/** The thread's messages with each file's state now (scanned, removed), over what the message recorded. */
export async function withCurrentAttachments<M extends { attachments: Comment['attachments'] }>(
  ticketId: number,
  messages: M[],
): Promise<M[]> {
  if (!messages.some((m) => m.attachments.length)) return messages;
  const now = new Map((await listAttachments(ticketId)).map((record) => [record.id, toAttachment(record)]));
  return messages.map((m) => ({ ...m, attachments: m.attachments.map((a) => now.get(a.id) ?? a) }));
}

/**
 * downloadAttachment: a link that serves one file of this ticket for 60 seconds as a download with its sniffed type;
 * a file of another ticket (or none) is a 404. A file not yet scanned clean where something scans is a 409, an
 * infected one a 403, never served. Each download is recorded in the ticket's history (who, which file); a preview
 * (an image the thread shows as a thumbnail) is not, and is only for the image types every browser draws.
 */
export async function downloadAttachment(
  caller: Caller,
  ticketId: number,
  attachmentId: string,
  { preview = false }: { preview?: boolean } = {},
  now = new Date(),
): Promise<string> {
  assertAccess(caller, TICKET_ACCESS.read);
  // A file of a restricted case is a 404 like the case itself (docs/product.md §6 "Compliance").
  const [record] = await Promise.all([getAttachment(ticketId, attachmentId), requireVisibleTicket(caller, ticketId)]);
  if (!record || record.state === 'uploading' || record.state === 'refused')
    throw new NotFoundError('error.attachment.notFound');
  if (record.state === 'removed') throw new NotFoundError('error.attachment.removed');
  if (record.scanStatus === 'infected') throw new ForbiddenError('error.attachment.infected');
  if (record.scanStatus === 'pending') throw new ConflictError('error.attachment.scanPending');
  if (preview) {
    if (!PREVIEW_TYPES.has(record.contentType)) throw new ValidationError({ code: 'error.attachment.noPreview' });
  } else {
    // The history entry and the hourly count are independent writes, made side by side. Counted per person and hour;
    // a preview is not a download (docs/decisions/097-insider-risk-alerts.md).
    await Promise.all([
      recordHistory(ticketId, {
        at: now.toISOString(),
        actor: uploaderOf(caller),
        action: 'downloaded',
        changes: [{ field: 'attachment', from: null, to: record.filename }],
      }),
      noteDownload(caller, now),
    ]);
  }
  return presignDownload(objectKeys.stored(ticketId, record.id), record.filename, record.contentType);
}

/**
 * removeAttachment: an admin removes a file (a photo of a whole card, say) with a reason. The item says who removed
 * it, when and why; the history and the audit log record it in the same transaction; then the bytes go.
 */
export async function removeAttachment(
  caller: Caller,
  ticketId: number,
  attachmentId: string,
  reason: string,
  now = new Date(),
  approved?: Approved,
): Promise<Attachment> {
  assertAccess(caller, ATTACHMENT_ACCESS.remove);
  const [record] = await Promise.all([getAttachment(ticketId, attachmentId), requireVisibleTicket(caller, ticketId)]);
  if (!record || record.state === 'uploading' || record.state === 'refused')
    throw new NotFoundError('error.attachment.notFound');
  if (record.state === 'removed') throw new NotFoundError('error.attachment.removed');
  const actor = uploaderOf(caller);
  const removed = { byId: actor.id, byName: actor.name, at: now.toISOString(), reason };
  await recordAudit(
    {
      action: 'attachment_removed',
      actor: auditActorOf(caller),
      target: { type: 'attachment', id: `${ticketId}/${record.id}`, name: record.filename },
      details: reason,
      clientAddress: clientAddressOf(caller),
      at: now,
      ...(approved ? { approvedBy: approved.approvedBy } : {}),
    },
    [
      ...(approved ? [approved.decision()] : []),
      attachmentRemoval(record, removed, () => new NotFoundError('error.attachment.removed')),
      historyPut(ticketId, {
        at: now.toISOString(),
        actor,
        action: 'attachmentRemoved',
        changes: [
          { field: 'attachment', from: record.filename, to: null },
          { field: 'reason', from: null, to: reason },
        ],
      }),
    ],
  );
  await deleteObject(objectKeys.stored(ticketId, record.id));
  return toAttachment({ ...record, state: 'removed', removed });
}
