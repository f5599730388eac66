/**
 * The download link of a file in a reply e-mail (`/f/<token>`, docs/decisions/094-attachments.md, "Files in
 * e-mail"): the token is the credential, signed for one file of one ticket and valid 7 days. A good link answers a
 * 302 to a presigned GET of the bucket that lives 60 s, as a download with the sniffed type (the bytes come from the
 * bucket's origin, never the app's), and the download is recorded in the ticket's history. Anything else is a page
 * in the customer's language with the status that says why: 404 for a link that is not ours (or names nothing), 410
 * for an expired link or a file removed or found infected, 409 for one not yet scanned clean.
 */
import { DEFAULT_CUSTOMER_LANGUAGE, type Language } from '#shared/constants.ts';
import { getAttachment, recordHistory } from '../../data/tickets/attachments.ts';
import { getTicket } from '../../data/tickets/item.ts';
import { customerActor } from '../../domain/caller.ts';
import { customerLanguageOf } from '../../domain/inbound-mail.ts';
import { objectKeys, presignDownload } from '../../lib/attachment-store.ts';
import { readFileToken } from './tokens.ts';

export type FileLinkProblem = 'invalid' | 'expired' | 'removed' | 'infected' | 'pending';

export type FileLinkAnswer =
  | { kind: 'download'; url: string }
  | { kind: 'problem'; status: 404 | 409 | 410; language: Language; problem: FileLinkProblem };

const STATUS = { invalid: 404, expired: 410, removed: 410, infected: 410, pending: 409 } as const;

/** openFileLink: the file a link serves, or why it cannot. Without a valid token the page is in the browser's language. */
export async function openFileLink(
  token: string,
  acceptLanguage: string | undefined,
  now = new Date(),
): Promise<FileLinkAnswer> {
  const problem = (kind: FileLinkProblem, language: Language): FileLinkAnswer => ({
    kind: 'problem',
    status: STATUS[kind],
    language,
    problem: kind,
  });
  const fallback = acceptLanguage ? customerLanguageOf(acceptLanguage) : DEFAULT_CUSTOMER_LANGUAGE;
  const reading = await readFileToken(token, now);
  if (reading.status === 'invalid') return problem('invalid', fallback);
  const { ticketId, attachmentId } = reading.link;
  const ticket = await getTicket(ticketId);
  if (!ticket) return problem('invalid', fallback);
  const language = ticket.customerLanguage;
  if (reading.status === 'expired') return problem('expired', language);
  const record = await getAttachment(ticketId, attachmentId);
  if (!record || record.state === 'uploading' || record.state === 'refused') return problem('invalid', language);
  if (record.state === 'removed') return problem('removed', language);
  if (record.scanStatus === 'infected') return problem('infected', language);
  if (record.scanStatus === 'pending') return problem('pending', language);
  await recordHistory(ticketId, {
    at: now.toISOString(),
    actor: customerActor(ticket.customerEmail),
    action: 'downloaded',
    changes: [{ field: 'attachment', from: null, to: record.filename }],
  });
  return {
    kind: 'download',
    url: await presignDownload(objectKeys.stored(ticketId, record.id), record.filename, record.contentType),
  };
}
