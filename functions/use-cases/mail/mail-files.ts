/**
 * The files of a customer's e-mail (docs/decisions/094-attachments.md): judged by the upload rules
 * (functions/domain/inbound-files.ts), the kept ones written under the ticket before the message commits, each with
 * its attachment item in the message's transaction; the refused ones listed on the message only, with their reason.
 * If the message does not commit (a delivery of an e-mail already recorded, a failure), the bytes written go again.
 */
import { randomUUID } from 'node:crypto';
import type { Attachment } from '#shared/schemas/attachment.ts';
import { type AttachmentRecord, mailAttachmentPut } from '../../data/tickets/attachments.ts';
import { customerActor } from '../../domain/caller.ts';
import { judgeMailFiles, MAX_LISTED_MAIL_FILES, type MailFile } from '../../domain/inbound-files.ts';
import { deleteObject, objectKeys, putObject } from '../../lib/attachment-store.ts';
import { attachmentsConfig } from '../../lib/config.ts';
import { logger } from '../../lib/logger.ts';
import { type PreparedAttachments, toAttachment } from '../tickets/attachments.ts';

/**
 * storeMailFiles: the files of an e-mail from `customerEmail` for ticket `ticketId`, judged; the kept ones' bytes in
 * the bucket under the ticket. The answer goes to addCustomerMessage (or a new ticket) and withAttachments, as an
 * upload's does.
 */
export async function storeMailFiles(
  ticketId: number,
  customerEmail: string,
  files: readonly MailFile[],
  now: Date,
): Promise<PreparedAttachments> {
  if (files.length > MAX_LISTED_MAIL_FILES) {
    logger.warn('An e-mail carried more files than are listed', { ticketId, files: files.length });
  }
  const judged = await judgeMailFiles(files);
  const uploader = customerActor(customerEmail);
  const scanStatus = attachmentsConfig().malwareScanning ? 'pending' : 'not_scanned';
  const createdAt = now.toISOString();
  const records: (AttachmentRecord & { bytes?: Buffer })[] = judged.map((file) =>
    file.kept
      ? {
          id: randomUUID(),
          ticketId,
          filename: file.filename,
          contentType: file.contentType,
          size: file.size,
          sha256: file.sha256,
          scanStatus,
          state: 'available',
          uploader,
          createdAt,
          bytes: file.bytes,
        }
      : {
          id: randomUUID(),
          ticketId,
          filename: file.filename,
          contentType: file.contentType,
          size: file.size,
          scanStatus: 'not_scanned',
          state: 'refused',
          refusedReason: file.reason,
          uploader,
          createdAt,
        },
  );
  const kept = records.filter((record) => record.state === 'available');
  const written: string[] = [];
  const abandoned = () =>
    Promise.allSettled(written.map((key) => deleteObject(key))).then((results) => {
      for (const r of results)
        if (r.status === 'rejected') logger.warn('An attachment object was not deleted', { error: r.reason as Error });
    });
  try {
    await Promise.all(
      kept.map(async ({ id, bytes, contentType }) => {
        const key = objectKeys.stored(ticketId, id);
        await putObject(key, bytes!, contentType);
        written.push(key);
      }),
    );
  } catch (error) {
    await abandoned();
    throw error;
  }
  const summaries: Attachment[] = records.map(({ bytes: _bytes, ...record }) => toAttachment(record));
  return {
    summaries,
    // Refused files have no bytes and no item: the message lists them (docs/data-model.md, Attachment).
    guards: (messageId) => kept.map(({ bytes: _bytes, ...record }) => mailAttachmentPut({ ...record, messageId })),
    committed: async () => undefined,
    abandoned,
  };
}
