/**
 * The files of a reply e-mail (docs/decisions/094-attachments.md, "Files in e-mail"), worked out when the e-mail is
 * sent, from each file as it is then: a file removed or found infected since the reply was written is left out
 * altogether. While a file is not yet scanned (`pending`, where GuardDuty scans), the e-mail waits for the verdict, up
 * to SCAN_WAIT_MS after the reply (the attempt fails and the sender retries it in its place, so no later e-mail of the
 * ticket overtakes it); a file still pending after that is listed behind a download link, which serves it once it is
 * clean. The rest are carried in the message when together they are at most
 * MAX_CARRIED_BYTES, else each is listed behind a download link `<public base>/f/<token>`, signed for the ticket
 * and the file and valid FILE_LINK_DAYS. The job carries ids only: the bytes are read from the bucket here.
 */
import { getAttachment } from '../../data/tickets/attachments.ts';
import { DeliveryFailure } from '../../outbound/sender.ts';
import { objectKeys, readObject } from '../../lib/attachment-store.ts';
import { mailConfig } from '../../lib/config.ts';
import type { MailAttachment } from '../../lib/mail.ts';
import type { ReplyFile } from '../../mail/templates/render.ts';
import { FILE_LINK_DAYS, fileToken } from './tokens.ts';

/** Files a message carries together at most (10 MB): larger replies link them instead. */
export const MAX_CARRIED_BYTES = 10 * 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a reply's e-mail waits for its files' malware scans (GuardDuty takes seconds to a few minutes). */
export const SCAN_WAIT_MS = 10 * 60 * 1000;

export interface ReplyFiles {
  /** Every file the e-mail names, carried or linked, in the reply's order. */
  list: ReplyFile[];
  /** The bytes of the files it carries. */
  attachments: MailAttachment[];
}

/** Whether a file may be served now: scanned clean, or where nothing scans. */
const servable = (scanStatus: string) => scanStatus === 'clean' || scanStatus === 'not_scanned';

/**
 * replyFiles: what the reply e-mail of `attachmentIds` carries and links. `startedAt` (the job's) fixes the links'
 * expiry, so that every attempt at the same e-mail writes the same links.
 */
export async function replyFiles(
  ticketId: number,
  attachmentIds: readonly string[],
  startedAt: string,
  now = new Date(),
): Promise<ReplyFiles> {
  const records = (await Promise.all(attachmentIds.map((id) => getAttachment(ticketId, id)))).flatMap((record) =>
    record && record.state === 'available' && record.scanStatus !== 'infected' ? [record] : [],
  );
  const scanning = records.filter((record) => record.scanStatus === 'pending').length;
  if (scanning && now.getTime() - Date.parse(startedAt) < SCAN_WAIT_MS) {
    throw new DeliveryFailure(`Waiting for the malware scan of ${scanning} file(s) before sending`);
  }
  const ready = records.filter((record) => servable(record.scanStatus));
  const carry = ready.reduce((sum, record) => sum + record.size, 0) <= MAX_CARRIED_BYTES;
  const expiresAt = new Date(Date.parse(startedAt) + FILE_LINK_DAYS * DAY_MS);
  const linkOf = async (attachmentId: string) =>
    `${mailConfig().publicBaseUrl}/f/${await fileToken({ ticketId, attachmentId, expiresAt })}`;

  const list: ReplyFile[] = [];
  const attachments: MailAttachment[] = [];
  for (const record of records) {
    const named = { filename: record.filename, size: record.size };
    if (carry && servable(record.scanStatus)) {
      const bytes = await readObject(objectKeys.stored(ticketId, record.id));
      // Its bytes went after the item was read (removed this very moment): neither carried nor linked.
      if (!bytes) continue;
      attachments.push({ filename: record.filename, contentType: record.contentType, content: bytes });
      list.push(named);
    } else {
      list.push({ ...named, url: await linkOf(record.id) });
    }
  }
  return { list, attachments };
}
